# grocery: build, test, demo and install. Needs only the Swift toolchain.
SWIFT   ?= swift
PREFIX  ?= /usr/local
DESTDIR ?=
BINDIR   = $(DESTDIR)$(PREFIX)/bin
MANDIR   = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR  = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR   = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR  = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
RELEASE  = .build/release/grocery
DEMO     = .build/demo/grocery.json

.PHONY: all build test demo install uninstall clean

all: build

build:
	$(SWIFT) build -c release --product grocery

# Builds, then runs every test: unit, parser, store torture and end-to-end against the real binary.
test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel

# Shows a real list from a sample household kept under .build/, never the user's own store.
demo: build
	@rm -rf .build/demo
	@$(RELEASE) --store $(DEMO) --quiet init --sample
	@$(RELEASE) --store $(DEMO) list

install: build
	install -d $(BINDIR) $(MANDIR)
	install -m 0755 $(RELEASE) $(BINDIR)/grocery
	$(RELEASE) help --man > $(MANDIR)/grocery.1
	chmod 0644 $(MANDIR)/grocery.1

uninstall:
	rm -f $(BINDIR)/grocery $(MANDIR)/grocery.1

clean:
	$(SWIFT) package clean
	rm -rf .build/demo
