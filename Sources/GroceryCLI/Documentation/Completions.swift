import GroceryCore

/// Generates shell completion scripts from the command table.
enum Completions {
  static func script(for shell: Shell) -> String {
    switch shell {
    case .bash: return bash()
    case .zsh: return zsh()
    case .fish: return fish()
    }
  }

  /// Every command path with its spec: `add`, `category add`, ...
  static var paths: [(path: String, spec: any Command.Type)] {
    CommandTable.commands.flatMap { spec in
      [(spec.name, spec)] + spec.subcommands.map { ("\(spec.name) \($0.name)", $0) }
    }
  }

  static func options(_ spec: any Command.Type) -> [any OptionDeclaration] {
    spec.options + GlobalOptions.options
  }

  static func flags(_ option: any OptionDeclaration) -> [String] {
    ["--" + option.long] + (option.short.map { ["-\($0)"] } ?? [])
  }

  /// The spellings of an option as the parser takes them after a command, asked of the parser itself: its long
  /// form, each start of it that names it alone among the command's options (`--cat`, `--form`), and its letter
  /// (found by a trial: `--cat` was taken for no option, and an item offered after it).
  static func spellings(_ option: any OptionDeclaration, among all: [any OptionDeclaration]) -> [String] {
    let starts = (1...option.long.count).reversed().map { String(option.long.prefix($0)) }.filter {
      (try? ArgumentParser.resolveOption($0, among: all, path: []))?.long == option.long
    }
    return starts.map { "--" + $0 } + (option.short.map { ["-\($0)"] } ?? [])
  }

  /// The fixed words a completion offers, or nil when it offers names from the store or files.
  static func words(for completion: ArgumentCompletion) -> [CompletionWord]? {
    switch completion {
    case .names, .namedCategories, .itemsOnList, .files, .folders: return nil
    case .words(let words): return words
    case .commands: return CommandTable.commands.map { CompletionWord($0.name, help: $0.abstract) }
    }
  }

  // MARK: bash and zsh share one skeleton

  /// The first step for each word before the one completed, in bash and zsh: after `--` every word is a name,
  /// an argument of the command, even one that starts with a dash (`positional` says the `--` was seen).
  static let positionalCheck = """
    if [[ -n "$positional" ]]; then
          [[ -n "$command_path" ]] && arguments=$((arguments + 1))
          continue
        elif [[ "$word" == -- ]]; then
          positional=-
          continue
        fi
    """

  static func offer(_ completion: ArgumentCompletion?, _ actions: CompletionActions) -> String {
    guard let completion else { return actions.nothing }
    switch completion {
    case .names(let kind): return actions.names(NamesCommand.word(for: kind))
    case .namedCategories: return actions.names(namedCategories)
    case .itemsOnList: return actions.itemsOnList
    case .files: return actions.files
    case .folders: return actions.folders
    case .words, .commands: return actions.words(words(for: completion) ?? [])
    }
  }

  /// The arguments of `grocery names` for the categories that can be renamed, coloured or removed.
  static let namedCategories = "categories --\(NamesCommand.exceptUncategorized.long)"

  /// The spellings of an option, each with its help.
  static func flagWords(_ option: any OptionDeclaration) -> [CompletionWord] {
    flags(option).map { CompletionWord($0, help: option.help) }
  }

  /// The names of commands, each with its abstract.
  static func commandWords(_ commands: [any Command.Type]) -> [CompletionWord] {
    commands.flatMap { command in command.allNames.map { CompletionWord($0, help: command.abstract) } }
  }

  /// The spellings of the options that take a value.
  static func valueFlags(_ options: [any OptionDeclaration]) -> [String] {
    options.filter { !$0.isFlag }.flatMap(flags)
  }

  /// Each command that has commands under it (the empty path for grocery itself), with every name of those
  /// commands, an alias as its own entry, and the path each name leads to.
  static var commandNames: [(parent: String, names: [(name: String, path: String)])] {
    let top: [(path: String, spec: any Command.Type)] = CommandTable.commands.map { ($0.name, $0) }
    var parents = [(parent: "", commands: top)]
    for spec in CommandTable.commands where !spec.subcommands.isEmpty {
      parents.append((spec.name, spec.subcommands.map { ("\(spec.name) \($0.name)", $0) }))
    }
    return parents.map { parent, commands in
      (parent, commands.flatMap { path, spec in spec.allNames.map { (name: $0, path: path) } })
    }
  }

  /// The bash or zsh function that reads a word as grocery reads a command's name: the whole name or an alias
  /// in any case, or the start of the names of one command only. It sets `command_path` to the path that word
  /// leads to from the one in its first argument, and fails for a word that names no command there. `lower` is
  /// the shell's expression for the word in lower case, which it takes in the C locale: command names are
  /// ASCII, and grocery matches them in ASCII, where a Turkish locale lowers I to a dotless i.
  static func commandFunction(lower: String) -> String {
    var out = """
      _grocery_command() {
        # After help the words name a command as they do after grocery, and its path goes after `help `.
        if [[ "$1" == help || "$1" == "help "* ]]; then
          local under="${1#help}"
          _grocery_command "${under# }" "$2" || return 1
          command_path="help $command_path"
          return 0
        fi
        # Set apart from the key: the shell expands each word of local before it sets any of them.
        local LC_ALL=C
        local key="\(lower)" pair name found="" ambiguous=""
        [[ -n "$key" ]] || return 1
        case "$1" in

      """
    for (parent, names) in commandNames {
      let pairs = names.map { "\"\($0.name):\($0.path)\"" }.joinedText(separator: " ")
      out += "    \"\(parent)\") set -- \(pairs) ;;\n"
    }
    return out + """
          *) return 1 ;;
        esac
        for pair in "$@"; do
          name="${pair%%:*}"
          if [[ "$name" == "$key" ]]; then
            command_path="${pair#*:}"
            return 0
          elif [[ "$name" == "$key"* ]]; then
            [[ -n "$found" && "$found" != "${pair#*:}" ]] && ambiguous=1
            found="${pair#*:}"
          fi
        done
        [[ -n "$found" && -z "$ambiguous" ]] || return 1
        command_path="$found"
      }

      """
  }

  /// The body both shells run: find the command path and count the arguments after it, then complete an
  /// option's value, an option, or an argument. `previous` is the shell's expression for the word before the one
  /// being completed; `currentIsOption` tests whether that word starts with a dash; `skipValue` steps over the
  /// value of the option at `i`.
  static func body(
    _ actions: CompletionActions, previous: String, currentIsOption: String, skipValue: String
  ) -> String {
    // --store is read before this, by the shell's own code.
    let globalValues = valueFlags(GlobalOptions.options.filter { $0.long != GlobalOptions.store.long })
    var out = "    case \"$command_path:$word\" in\n"
    let commandValues = paths.map { path, spec in
      (path, spec.options.filter { !$0.isFlag }.flatMap { spellings($0, among: options(spec)) })
    }
    for (path, flags) in [("*", globalValues)] + commandValues
    where !flags.isEmpty {
      let keys = flags.map { path == "*" ? "*\":\($0)\"" : "\"\(path):\($0)\"" }
      out += "      \(keys.joinedText(separator: "|"))) \(skipValue); continue ;;\n"
    }
    out += "      *:-*) continue ;;\n    esac\n    _grocery_command \"$command_path\" \"$word\" && continue\n"
    out += "    [[ -n \"$command_path\" ]] && arguments=$((arguments + 1))\n"
    // After `--` the word before is a name, never an option: no key starts with the dash put before it then.
    out += "  done\n  case \"$positional$command_path:\(previous)\" in\n"
    for (path, spec) in [("", nil)] + paths.map({ ($0.path, Optional($0.spec)) }) {
      for option in spec.map(options) ?? GlobalOptions.options where !option.isFlag {
        let spelt = spec.map { spellings(option, among: options($0)) } ?? flags(option)
        let key = spelt.map { "\"\(path):\($0)\"" }.joinedText(separator: "|")
        out += "    \(key)) \(offer(option.completion, actions)); return ;;\n"
      }
    }
    out += "  esac\n  if [[ -z \"$positional\" ]] && \(currentIsOption); then\n"
    out += "    case \"$command_path\" in\n"
    for (path, spec) in paths {
      out += "      \"\(path)\") \(actions.words(options(spec).flatMap(flagWords))) ;;\n"
    }
    out +=
      "      \"\(HelpCommand.name) \"*) \(actions.words(options(HelpCommand.self).flatMap(flagWords))) ;;\n"
    let globals =
      [
        CompletionWord("--help", help: "Show help."),
        CompletionWord("--" + GlobalOptions.version.long, help: GlobalOptions.version.help),
      ]
      + GlobalOptions.options.filter { $0.long != GlobalOptions.help.long }
      .map { CompletionWord("--" + $0.long, help: $0.help) }
    out += "      *) \(actions.words(globals)) ;;\n    esac\n    return\n  fi\n  case \"$command_path\" in\n"
    out += "    \"\") \(actions.words(commandWords(CommandTable.commands))) ;;\n"
    // `help category ` offers what `category ` does.
    for spec in CommandTable.commands where !spec.subcommands.isEmpty {
      out += "    \"\(HelpCommand.name) \(spec.name)\") \(actions.words(commandWords(spec.subcommands))) ;;\n"
    }
    for (path, spec) in paths {
      if !spec.subcommands.isEmpty {
        out += "    \"\(path)\") \(actions.words(commandWords(spec.subcommands))) ;;\n"
      } else if let later = spec.arguments.laterCompletion {
        let first = offer(spec.arguments.completion, actions)
        out +=
          "    \"\(path)\") if (( arguments == 0 )); then \(first); else \(offer(later, actions)); fi ;;\n"
      } else if spec.arguments.completion != nil {
        out += "    \"\(path)\") \(offer(spec.arguments.completion, actions)) ;;\n"
      }
    }
    return out + "  esac\n}\n"
  }

  static func bash() -> String {
    let actions = CompletionActions(
      names: { "_grocery_names \($0)" },
      itemsOnList: "_grocery_names items --on-list; (( ${#COMPREPLY[@]} )) || _grocery_names items",
      words: { "_grocery_words \($0.map(\.word).joinedText(separator: " "))" },
      files: "compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$typed\")"
        + "; _grocery_paths",
      folders: "compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- \"$typed\")"
        + "; _grocery_paths",
      nothing: "COMPREPLY=()")
    return """
      # bash completion for grocery; generated by 'grocery completions bash'.
      # What is typed is taken without its quotes and backslashes ($typed), and names are matched by grocery
      # itself, as its commands match them: any case, any accents. Readline quotes what it inserts, but for
      # what _grocery_quote quotes itself.
      _grocery_names() {
        local name
        local -a store_option=()
        [[ -n "$store" ]] && store_option=(--store "$store")
        COMPREPLY=()
        # Readline puts a name in place of what follows the last word break typed (kept): the rest of it goes
        # in.
        while IFS= read -r name; do
          COMPREPLY+=("${name:kept}")
        done < <(grocery "${store_option[@]}" names "$@" --matching="$typed" 2>/dev/null)
        _grocery_quote
      }
      # Readline puts a path in place of what follows the last word break typed (kept): the rest of it goes
      # in, a folder with its slash, which readline adds to no part of a path.
      _grocery_paths() {
        local i
        (( kept )) || return 0
        for i in "${!COMPREPLY[@]}"; do
          if [[ -d "${COMPREPLY[i]}" ]]; then
            COMPREPLY[i]+=/
            compopt -o nospace 2>/dev/null
          fi
          COMPREPLY[i]="${COMPREPLY[i]:kept}"
        done
      }
      # Offers the words that start with what is typed, in any case, matched in ASCII (the C locale): the
      # commands, options and values are ASCII, and a Turkish locale takes I for the capital of a dotless i.
      _grocery_words() {
        local LC_ALL=C
        local word restore
        restore=$(shopt -p nocasematch)
        shopt -s nocasematch
        COMPREPLY=()
        for word in "$@"; do
          [[ "$word" == "$typed"* ]] && COMPREPLY+=("$word")
        done
        eval "$restore"
      }

      """ + bashQuote + bashUnquote + bashJoin + commandFunction(lower: "${2,,}") + """
        _grocery_store() {
          local unquoted unclosed
          _grocery_unquote "$1"
          store="$unquoted"
          if [[ "$1" == "~" || "$1" == "~/"* ]]; then store="$HOME${store:1}"; fi
        }
        _grocery() {
          local -a COMP_WORDS=("${COMP_WORDS[@]}")
          local COMP_CWORD="$COMP_CWORD" kept=0
          _grocery_join
          local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
          # readline splits --opt=value (and -o=value) at the equals sign: complete the value of the option before it.
          if [[ "$cur" == = && "$prev" == -?* ]]; then
            cur=""
          elif [[ "$prev" == = && "${COMP_WORDS[COMP_CWORD-2]}" == -?* ]]; then
            prev="${COMP_WORDS[COMP_CWORD-2]}"
          fi
          local unquoted unclosed typed open_quote
          _grocery_unquote "$cur"
          typed="$unquoted" open_quote="$unclosed"
          local i word command_path="" store="" arguments=0 positional=""
          for ((i = 1; i < COMP_CWORD; i++)); do
            word="${COMP_WORDS[i]}"
            \(positionalCheck)
            case "$word" in
              --store)
                # readline splits --store=PATH into three words at the equals sign.
                [[ "${COMP_WORDS[i+1]}" == = ]] && ((i++))
                ((++i < COMP_CWORD)) && _grocery_store "${COMP_WORDS[i]}"
                continue ;;
              --store=*) _grocery_store "${word#--store=}"; continue ;;
            esac

        """
        + body(
          actions, previous: "$prev", currentIsOption: "[[ \"$cur\" == -* ]]",
          skipValue: "[[ \"${COMP_WORDS[i+1]}\" == = ]] && ((i++)); ((i++))")
        + "complete -F _grocery grocery\n"
  }

  /// The bash function that quotes the names offered where readline would not.
  static let bashQuote = #"""
    # Readline quotes the names it inserts as file names (-o filenames), but where the word has no opening quote,
    # bash leaves a $ or ` in a name, or a ~ that starts it, unquoted, taking it for a variable, a command or a
    # home folder ('dollar $HOME' would go in as dollar\ $HOME), and marks a name that is also a folder here
    # with a / (found by a trial: grocery buy Mint/). When a name is one of those, every name is quoted here
    # instead, and readline inserts them as they are (-o noquote).
    _grocery_quote() {
      local name quoted i
      if [[ -z "$open_quote" ]]; then
        for name in "${COMPREPLY[@]}"; do
          if [[ "$name" == *[\$\`]* || "$name" == \~* || -d "$name" ]]; then
            for i in "${!COMPREPLY[@]}"; do
              printf -v quoted '%q' "${COMPREPLY[i]}"
              COMPREPLY[i]="$quoted"
            done
            compopt -o noquote 2>/dev/null
            return
          fi
        done
      fi
      compopt -o filenames 2>/dev/null
    }

    """#

  /// The bash function that joins back the words of a name readline split at `@`, `=` and `:`.
  static let bashJoin = #"""
    # Readline splits words at @, = and : (COMP_WORDBREAKS): 'a=b ratio' typed comes as a, = and b,
    # 'tea@home' as tea, @ and home. Where nothing parts them on the line, they are joined back here into one
    # word of COMP_WORDS, except an option's --opt=value, which is read split (the = alone, even where
    # readline keeps it with a break after it: --at=@x comes as --at, =@ and x). The other characters of
    # COMP_WORDBREAKS are the shell's own (; | & ( < >): a name holds them only quoted, and readline splits no
    # word there. kept is how many letters of the word being completed readline keeps, which each name offered
    # goes in after: up to the last break typed, but for an @ there, which readline replaces too (an @ may
    # start a host name).
    _grocery_join() {
      local line="$COMP_LINE" i word before unquoted unclosed cword=0 glue spaced replaced
      local -a joined=()
      [[ -n "$line" ]] || return
      for ((i = 0; i < ${#COMP_WORDS[@]}; i++)); do
        word="${COMP_WORDS[i]}" glue="" spaced=""
        [[ "$line" == [[:blank:]]* ]] && spaced=1
        line="${line#"${line%%[![:blank:]]*}"}"
        line="${line#"$word"}"
        if (( ${#joined[@]} > 1 )) && [[ -z "$spaced" ]]; then
          before="${joined[-1]}"
          if [[ "$before" == -?* && "$before" != -- && "$word" == =[@=:]* ]]; then
            joined+=(=)
            word="${word:1}"
          elif [[ "$before" != -* && ( "$word" == [@=:]* || "$before" == *[@=:] ) ]]; then
            [[ "$before" == [=:]* && "${joined[-2]}" == -* && "${joined[-2]}" != -- ]] || glue=1
          fi
        fi
        if [[ -n "$glue" ]]; then
          joined[-1]+="$word"
        else
          joined+=("$word")
        fi
        (( i == COMP_CWORD )) && cword=$(( ${#joined[@]} - 1 ))
      done
      # What readline replaces: the word after the last break, with the @ before it, if that is one.
      replaced="${COMP_WORDS[COMP_CWORD]}"
      if [[ "$replaced" != *[!@=:]* ]]; then
        [[ "$replaced" == *@ ]] && replaced=@ || replaced=""
      elif [[ "${joined[cword]}" == *"@$replaced" ]]; then
        replaced="@$replaced"
      fi
      word="${joined[cword]}"
      # The = of --opt= is no part of the value after it.
      if [[ "$word" == *"$replaced" && ! ( "$word" == = && "${joined[cword-1]}" == -?* ) ]]; then
        _grocery_unquote "${word%"$replaced"}"
        kept=${#unquoted}
      fi
      COMP_WORDS=("${joined[@]}") COMP_CWORD=$cword
    }

    """#

  /// The bash function that sets `unquoted` to a typed word as the shell would read it, its quotes and
  /// backslashes taken away (an unclosed quote as if closed), but never expands or runs anything in it, and
  /// `unclosed` to the quote left open at its end, if any.
  static let bashUnquote = #"""
    _grocery_unquote() {
      local word="$1" char next quote="" i
      unquoted=""
      for ((i = 0; i < ${#word}; i++)); do
        char="${word:i:1}" next="${word:i+1:1}"
        if [[ -n "$quote" && "$char" == "$quote" ]]; then
          quote=""
        elif [[ "$char" == '\' && ( -z "$quote" || "$quote$next" == \"[\\\"\$\`] ) ]]; then
          ((i++))
          unquoted+="${word:i:1}"
        elif [[ -z "$quote" && ( "$char" == "'" || "$char" == '"' ) ]]; then
          quote="$char"
        else
          unquoted+="$char"
        fi
      done
      unclosed="$quote"
    }

    """#

  static func zsh() -> String {
    let actions = CompletionActions(
      names: { "_grocery_names \($0)" },
      itemsOnList: "_grocery_names items --on-list || _grocery_names items",
      words: { words in
        "_grocery_words "
          + words.map { zshQuote($0.word) + " " + zshQuote($0.help ?? "") }.joinedText(separator: " ")
      }, files: "_files", folders: "_files -/", nothing: ":")
    return """
      #compdef grocery
      # zsh completion for grocery; generated by 'grocery completions zsh'.
      # Names are matched by grocery itself, as its commands match them (any case, any accents), so compadd takes
      # them as they are (-U) and shows them unescaped (-d).
      _grocery_names() {
        local -a grocery_names store_option
        local typed="${(Q)PREFIX}" common name
        # zsh keeps an opening quote left unclosed in compstate[quote], out of PREFIX; one still there is no part of
        # the name. Unquoted, a quote is the name's own ('Nduja typed \\'Nd or "'Nd), where it was taken off and
        # Nduja paste completed in its place (found by a trial).
        [[ -z "${compstate[quote]}" && "$PREFIX" == [\\"\\']* ]] && typed="${typed:1}"
        [[ -n "$store" ]] && store_option=(--store "$store")
        # Unquoted, (f) splits one name a line and drops the empty one of no output; compadd fails on none.
        grocery_names=(${(f)"$(grocery "${store_option[@]}" names "$@" --matching="$typed" 2>/dev/null)"})
        (( $#grocery_names )) || return 1
        # compadd takes them as they are (-U), and zsh puts in what they have in common, which is less than what was
        # typed when they differ from it in case or accents (cr: Cream cheese, crème fraîche), and would erase it:
        # then the first name goes in instead, and each Tab puts in the next (menu completion).
        # What is put in takes the place of the whole word, an --opt= before the name too (IPREFIX): it goes back in
        # before each name (-P), while the names shown stay bare.
        local option="$IPREFIX"
        IPREFIX=""
        compadd -U -P "$option" -d grocery_names -a grocery_names
        common="${grocery_names[1]}"
        for name in "${grocery_names[@]}"; do
          while [[ "$name" != "$common"* ]]; do common="${common%?}"; done
        done
        (( ${#common} < ${#typed} )) && compstate[insert]=menu
        return 0
      }
      # Offers fixed words in any case, each shown with its description: the arguments are word, description, ...
      # The matcher pairs ASCII letters alone, whatever the locale: with [:upper:] and [:lower:], a Turkish
      # one pairs I with a dotless i, and PRI matched no print.
      _grocery_words() {
        local -a grocery_words grocery_shown
        while (( $# > 1 )); do
          grocery_words+=("$1")
          grocery_shown+=("$1${2:+  -- $2}")
          shift 2
        done
        compadd -M 'm:{a-zA-Z}={A-Za-z}' -l -d grocery_shown -a grocery_words
      }
      \(commandFunction(lower: "${(L)2}"))# Sets store to the folder a typed word names: (Q) takes its quotes away but expands and runs nothing.
      _grocery_store() {
        store="${(Q)1}"
        if [[ "$1" == "~" || "$1" == "~/"* ]]; then store="$HOME${store:1}"; fi
      }
      _grocery() {
        # Not "path": in zsh that is tied to PATH, and grocery could no longer be found.
        local command_path="" word i store="" arguments=0 positional="" previous="${words[CURRENT-1]}"
        # --opt=value (and -o=value): complete the value of the option before the equals sign, which stays as it is.
        if [[ "$PREFIX" == -?*=* ]]; then
          previous="${PREFIX%%=*}"
          IPREFIX="$IPREFIX${PREFIX%%=*}="
          PREFIX="${PREFIX#*=}"
        fi
        for (( i = 2; i < CURRENT; i++ )); do
          word="${words[i]}"
          \(positionalCheck)
          case "$word" in
            --store) (( ++i < CURRENT )) && _grocery_store "${words[i]}"; continue ;;
            --store=*) _grocery_store "${word#--store=}"; continue ;;
          esac

      """
        + body(
          actions, previous: "$previous", currentIsOption: "[[ \"$PREFIX\" == -* ]]",
          skipValue: "((i++))")
        // Autoloaded from fpath, this file's body runs on the first Tab: complete at once, not only define.
        + "if [[ \"${zsh_eval_context[-1]}\" == loadautofunc ]]; then\n  _grocery \"$@\"\nelse\n"
        + "  compdef _grocery grocery\nfi\n"
  }

  /// Quotes a word for zsh: inside single quotes, each single quote closed, escaped and reopened.
  static func zshQuote(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
  }

  // MARK: fish

  static func fish() -> String {
    var out =
      "# fish completion for grocery; generated by 'grocery completions fish'.\ncomplete -c grocery -f\n"
        + """
        # The names of a kind from the store given with --store on the command line, or else from the usual one.
        function __grocery_names
            set -l tokens (commandline -opc)
            set -l store
            for i in (seq (count $tokens))
                switch $tokens[$i]
                    case --store
                        test $i -lt (count $tokens); and set store $tokens[(math $i + 1)]
                    case '--store=*'
                        set store (string replace -- --store= '' $tokens[$i])
                end
            end
            if set -q store[1]
                # The tokens come unquoted but unexpanded: a leading ~ is expanded here, nothing else ever is.
                set store --store (string replace -r -- '^~(?=/|$)' $HOME $store)
            end
            # grocery matches what is typed as its commands match names: any case, any accents.
            # What is typed, without an opening quote and with each backslash's character as it is; after --opt=
            # (fish keeps it in the token), only the value.
            set -l typed (commandline -ct | string replace -r -- '^--[^=]*=' '' | string replace -r -- '^[\\'"]' '' | string replace -r -a -- '\\\\\\\\(.)' '$1')
            # Each name says what it is: fish shows the option's own help beside a name that says nothing.
            set -l kind item
            switch $argv[1]
                case categories
                    set kind category
                case locations
                    set kind store
            end
            set -l option (commandline -ct | string match -r -- '^--[^=]*=')
            # A name that starts with - is read as options unless -- came before it, as the other shells offer it.
            set -l dashes false
            contains -- -- $tokens; and set dashes true
            for name in (grocery $store names $argv --matching="$typed" 2>/dev/null)
                if test $dashes = false; and string match -q -- '-*' $name
                    continue
                end
                # After --opt=, fish puts a name that starts with what is typed after it, and one that does not
                # (another case, other accents) in place of the whole word, which must then carry --opt= itself.
                set -l start (string sub -l (string length -- "$typed") -- $name)
                if test "$start" = "$typed"
                    printf '%s\\t%s\\n' $name $kind
                else
                    printf '%s%s\\t%s\\n' "$option" $name $kind
                end
            end
        end
        # The items on the list, or every item when none of those starts with what is typed as fish sifts it (in
        # any case, but with its accents: grocery's own match ignores them).
        function __grocery_items_on_list
            set -l typed (commandline -ct | string replace -r -- '^[\\'"]' '' | string lower)
            set -l names (__grocery_names items --on-list)
            for name in $names
                set -l start (string split -f1 -- \\t $name | string sub -l (string length -- "$typed") | string lower)
                if test "$start" = "$typed"
                    printf '%s\\n' $names
                    return
                end
            end
            __grocery_names items
        end
        # Succeeds when the word before the cursor is one of those in $argv: the start of an option that takes
        # a value, which grocery reads as the option (`--cat` as `--category`) and fish does not.
        function __grocery_previous
            set -l words (commandline -opc)
            contains -- $words[-1] $argv
        end
        # Succeeds when exactly `expected` arguments follow a command path `depth` words long; the options named
        # after those two numbers take a value, and the word after one of them is no argument.
        function __grocery_arguments_are --argument-names depth expected
            set -l count 0
            set -l value false
            for token in (commandline -opc)
                if $value
                    set value false
                else if contains -- $token $argv[3..-1]
                    set value true
                else if not string match -q -- '-*' $token
                    set count (math $count + 1)
                end
            end
            test (math $count - 1 - $depth) -eq $expected
        end

        """
    out += fishCommandFunctions()
    for option in GlobalOptions.options { out += fishOption(option, condition: nil) }
    // --version stands alone: `grocery edit milk --version` is refused, so it is offered only before a command.
    out +=
      "complete -c grocery -n '__grocery_path_is' -l \(GlobalOptions.version.long)"
      + " -d \(quote(GlobalOptions.version.help))\n"
    for spec in CommandTable.commands {
      for name in spec.allNames {
        out += "complete -c grocery -n '__grocery_path_is' -a \(name) -d \(quote(spec.abstract))\n"
      }
      for sub in spec.subcommands {
        out +=
          "complete -c grocery -n '__grocery_path_is \(spec.name)' -a \(sub.name) -d \(quote(sub.abstract))\n"
        out +=
          "complete -c grocery -n '__grocery_path_is \(HelpCommand.name) \(spec.name)' -a \(sub.name)"
          + " -d \(quote(sub.abstract))\n"
        out += fishCommand(sub, condition: "__grocery_path_is \(spec.name) \(sub.name)", depth: 2)
      }
      if spec.subcommands.isEmpty {
        out += fishCommand(spec, condition: "__grocery_path_is \(spec.name)", depth: 1)
      }
    }
    // After `help category`, help's own options still.
    for option in HelpCommand.options {
      out += fishOption(option, condition: "string match -q -- \"\(HelpCommand.name) *\" (__grocery_path)")
    }
    return out
  }

  /// The fish functions that find the command a line names as grocery reads it: each word the whole name or an
  /// alias of a command in any case, or the start of the names of one command only (`bu`, `PURCH`).
  static func fishCommandFunctions() -> String {
    var out = """
      # Prints the path the word in $argv[2] leads to from the one in $argv[1] (`category` and `ad` make
      # `category add`). Fails with 1 after a command that has none under it, with 2 for a word that names none.
      function __grocery_command --argument-names parent word
          # After help the words name a command as they do after grocery, and its path goes after `help `.
          if test "$parent" = help; or string match -q -- 'help *' $parent
              set -l found (__grocery_command (string replace -r -- '^help ?' '' $parent) $word); or return $status
              echo "help $found"
              return 0
          end
          # Command names are ASCII, and grocery matches them in ASCII: string lower follows the locale, and a
          # Turkish one lowers I to a dotless i. fish reads only an exported LC_ALL.
          set -lx LC_ALL C
          set -l key (string lower -- $word)
          set -l pairs
          switch $parent

      """
    for (parent, names) in commandNames {
      let pairs = names.map { "'\($0.name):\($0.path)'" }.joinedText(separator: " ")
      out += "        case \(parent.isEmpty ? "''" : parent)\n            set pairs \(pairs)\n"
    }
    let values = valueFlags(GlobalOptions.options).joinedText(separator: " ")
    return out + """
              case '*'
                  return 1
          end
          string match -qr -- '^[a-z0-9-]+$' $key; or return 2
          set -l found
          for pair in $pairs
              set -l parts (string split -m 1 : -- $pair)
              if test $parts[1] = $key
                  echo $parts[2]
                  return 0
              else if string match -q -- "$key*" $parts[1]; and not contains -- $parts[2] $found
                  set -a found $parts[2]
              end
          end
          test (count $found) -eq 1; or return 2
          echo $found
      end
      # Prints the path of commands the words before the cursor name: `category add`, nothing before a command,
      # or ? after a word that names none where a command was wanted.
      function __grocery_path
          # Worked out once for a line: fish asks it of nearly every completion it knows.
          set -l line (commandline -opc | string escape | string join ' ')
          if set -q __grocery_path_line; and test "$__grocery_path_line" = "$line"
              echo $__grocery_path_found
              return
          end
          set -g __grocery_path_line $line
          set -g __grocery_path_found (__grocery_path_of_line)
          echo $__grocery_path_found
      end
      function __grocery_path_of_line
          set -l path ''
          set -l value false
          set -l first true
          for token in (commandline -opc)
              if $first
                  set first false
              else if $value
                  set value false
              else if contains -- $token \(values)
                  set value true
              else if not string match -q -- '-*' $token
                  set -l next (__grocery_command "$path" $token)
                  switch $status
                      case 0
                          set path $next
                      case 1
                          break
                      case '*'
                          # A word no command is named after: nothing follows it.
                          echo '?'
                          return
                  end
              end
          end
          echo $path
      end
      # Succeeds when the words before the cursor name the command path in $argv (none: no command yet).
      function __grocery_path_is
          set -l path (__grocery_path)
          test "$path" = "$argv"
      end

      """
  }

  /// The completions of a command `depth` words deep: its options, then its arguments.
  static func fishCommand(_ spec: any Command.Type, condition: String, depth: Int) -> String {
    var out = spec.options.map { fishOption($0, condition: condition) }.joinedText(separator: "")
    // The value after a start of an option's name (`--cat`), which fish takes for an argument; arguments are
    // not offered there.
    var starts: [String] = []
    for option in options(spec) where !option.isFlag {
      let spelt = spellings(option, among: options(spec)).filter {
        $0.hasPrefix("--") && $0 != "--" + option.long
      }
      starts += spelt
      // One with nothing to offer (`--ren`) is left to fish, as its whole name is.
      guard !spelt.isEmpty, let completion = option.completion else { continue }
      let after = "\(condition); and __grocery_previous \(spelt.joined(separator: " "))"
      out += fishArguments(completion, condition: after, exclusive: true)
    }
    let condition =
      starts.isEmpty ? condition : "\(condition); and not __grocery_previous " + starts.joined(separator: " ")
    guard let later = spec.arguments.laterCompletion else {
      return out + fishArguments(spec.arguments.completion, condition: condition)
    }
    let first = (["__grocery_arguments_are", "\(depth)", "0"] + valueFlags(options(spec)) + starts).joined(
      separator: " ")
    out += fishArguments(spec.arguments.completion, condition: "\(condition); and \(first)")
    return out + fishArguments(later, condition: "\(condition); and not \(first)")
  }

  /// The completion of arguments where `condition` holds; `exclusive`, with no file offered beside them.
  static func fishArguments(_ completion: ArgumentCompletion?, condition: String, exclusive: Bool = false)
    -> String
  {
    switch completion {
    case nil: return ""
    case .files?: return "complete -c grocery -n '\(condition)' -F\n"
    case let completion?:
      return "complete -c grocery -n '\(condition)'\(exclusive ? " -x" : "") -a \(fishValues(completion))\n"
    }
  }

  static func fishOption(_ option: any OptionDeclaration, condition: String?) -> String {
    var line = "complete -c grocery" + (condition.map { " -n '\($0)'" } ?? "") + " -l \(option.long)"
    if let short = option.short { line += " -s \(short)" }
    if !option.isFlag {
      // A value from a set (formats, names) is never a file: -x; anything else may be.
      if case .files? = option.completion {
        line += " -r -F"
      } else if let completion = option.completion {
        line += " -x -a \(fishValues(completion))"
      } else {
        line += " -r"
      }
    }
    return line + " -d \(quote(option.help))\n"
  }

  /// The argument of fish's `-a`: a command that prints names, or the words, each with its own description.
  static func fishValues(_ completion: ArgumentCompletion) -> String {
    switch completion {
    case .names(let kind): return "'(__grocery_names \(NamesCommand.word(for: kind)))'"
    case .namedCategories: return "'(__grocery_names \(namedCategories))'"
    case .itemsOnList: return "'(__grocery_items_on_list)'"
    // Files are offered with -F rather than -a.
    case .files: return "'(__fish_complete_path (commandline -ct))'"
    case .folders: return "'(__fish_complete_directories (commandline -ct))'"
    case .words, .commands:
      let words = (words(for: completion) ?? []).map { word in
        word.word + (word.help.map { "\\t" + quote($0) } ?? "")
      }
      return quote(words.joinedText(separator: " "))
    }
  }

  static func quote(_ text: String) -> String {
    "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
  }
}
