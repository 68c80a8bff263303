import GroceryCore

/// The one declarative description of every command: parsing, help, completions and the man page use it.
enum CommandTable {
  static let formatOption = OptionSpec(
    "format", "f", value: "FORMAT", choices: ListFormat.allCases.map(\.rawValue),
    help: "Output format: text (default), markdown, json, csv or print.")

  static let commands: [CommandSpec] = [
    CommandSpec(
      name: "add", arguments: "NAME...", minArguments: 1, maxArguments: nil, completes: .names(.item),
      abstract: "Put items on the shopping list.",
      discussion: """
        A known item goes back on the list keeping its category, staple flag and history; options given \
        override them. A new item takes --category or Uncategorized. Names match exactly here (after folding \
        case and accents), so 'add Apple' creates Apple even when Apple juice exists. '-' reads one name a line \
        from standard input, skipping blank lines and # comments.
        """,
      options: [
        OptionSpec("quantity", "q", value: "N", help: "How many to buy, \(Limits.quantityText) (default 1)."),
        OptionSpec("category", "c", value: "CATEGORY", completes: .category, help: "The item's category."),
        OptionSpec("note", "n", value: "NOTE", help: "A note shown beside the item; empty clears it."),
        OptionSpec(
          "at", value: "LOCATION", completes: .location, repeatable: true,
          help: "A store the item is bought at (repeatable; none means anywhere)."),
        OptionSpec("staple", help: "Also mark the items as staples."),
      ],
      examples: ["grocery add milk eggs", "grocery add -q 2 -c produce bananas", "grocery add - < list.txt"],
      make: { try AddCommand($0) }),
    CommandSpec(
      name: "list", aliases: ["ls"], abstract: "Show the shopping list in store-walk order.",
      discussion: """
        By default shows the items on the list under category headings in walk order (the location's own order \
        with --at, and then only items bought there or anywhere), alphabetical within a heading, with a footer \
        counting what is to buy and what was bought today. Plain text fits 80 columns and has colour only on a \
        terminal when NO_COLOR is unset.
        """,
      options: [
        OptionSpec("all", help: "Show every item with its state."),
        OptionSpec("staples", help: "Show the staples with their interval, last purchase and next due day."),
        OptionSpec("purchased", help: "Show what was bought, today first, then earlier."),
        OptionSpec(
          "at", value: "LOCATION", completes: .location, help: "Walk LOCATION's aisles; only its items."),
        OptionSpec("category", "c", value: "CATEGORY", completes: .category, help: "Only items in CATEGORY."),
        formatOption,
        OptionSpec("title", value: "TEXT", help: "Put a heading line at the top."),
        OptionSpec("columns", value: "1|2", help: "Columns for --format print (default 2)."),
        OptionSpec("width", value: "N", help: "Width in characters for --format print (default 80)."),
      ],
      examples: [
        "grocery list", "grocery list --at costco", "grocery list --format json | jq '.items[].name'",
        "grocery list | mail -s Groceries me@example.com",
      ],
      make: { try ListCommand($0) }),
    CommandSpec(
      name: "purchase", aliases: ["buy"], arguments: "NAME...", minArguments: 0, maxArguments: nil,
      completes: .names(.item), abstract: "Check items off the list and record the purchase.",
      discussion: """
        Records the day and quantity of each purchase and takes the item off the list. Buying a known item that \
        was not on the list records it and says so. --all buys everything on the list (with --at, that store's \
        part of it), skipping items marked unavailable today.
        """,
      options: [
        OptionSpec("all", help: "Purchase everything on the list."),
        OptionSpec("at", value: "LOCATION", completes: .location, help: "With --all: only LOCATION's part."),
        OptionSpec("on", value: "DATE", help: "The day of the purchase: YYYY-MM-DD, today or yesterday."),
      ],
      examples: [
        "grocery purchase milk eggs", "grocery buy bread --on yesterday",
        "grocery purchase --all --at costco",
      ],
      make: { try PurchaseCommand($0) }),
    CommandSpec(
      name: "staple", arguments: "[NAME...]", maxArguments: nil, completes: .names(.item),
      abstract: "Mark items as staples, or list the staples.",
      discussion: """
        Staples are what the household always keeps in; 'restock' puts them back on the list. An unknown name \
        becomes a new staple that is not on the list. With no names, lists the staples.
        """,
      options: [
        OptionSpec("remove", help: "Unmark the items as staples."),
        OptionSpec("skip-until", value: "DATE", help: "Keep the staples out of restock until DATE."),
      ],
      examples: [
        "grocery staple milk eggs", "grocery staple coffee --skip-until 2026-12-01", "grocery staple",
      ],
      make: { try StapleCommand($0) }),
    CommandSpec(
      name: "restock", abstract: "Put staples that are not on the list back on it.",
      discussion: """
        The weekly job: safe to run twice (a second run adds nothing) and at the same time as a person using \
        grocery. With --due, only staples that are due: a staple's interval is the median gap between its \
        purchases, or --every DAYS until it has been bought twice.
        """,
      options: [
        OptionSpec("dry-run", help: "Show what would be added; change nothing."),
        OptionSpec("due", help: "Only staples that are due."),
        OptionSpec("within", value: "DAYS", help: "With --due: also staples due within DAYS."),
        OptionSpec(
          "every", value: "DAYS", help: "With --due: the interval for staples with little history (7)."),
      ],
      examples: ["grocery restock", "grocery restock --due --within 2", "grocery restock --dry-run"],
      make: { try RestockCommand($0) }),
    CommandSpec(
      name: "reorder-categories", arguments: "[CATEGORY...]", maxArguments: nil, completes: .names(.category),
      abstract: "Set the order you walk the categories, or show it.",
      discussion: """
        The named categories come first in the given order; the others keep their order after them; \
        Uncategorized is always last. With --at, sets LOCATION's own order. With no names, shows the order.
        """,
      options: [
        OptionSpec("at", value: "LOCATION", completes: .location, help: "The order at LOCATION."),
        OptionSpec("reset", help: "Restore the default order (at LOCATION with --at)."),
      ],
      examples: ["grocery reorder-categories dairy produce", "grocery reorder-categories --reset"],
      make: { try ReorderCategoriesCommand($0) }),
    CommandSpec(
      name: "remove", aliases: ["rm"], arguments: "NAME...", minArguments: 1, maxArguments: nil,
      completes: .names(.item),
      abstract: "Delete items and their purchase history.",
      examples: ["grocery remove 'birthday candles'"],
      make: { try RemoveCommand($0) }),
    CommandSpec(
      name: "edit", arguments: "NAME", minArguments: 1, maxArguments: 1, completes: .names(.item),
      abstract: "Change an item: name, quantity, category, note, stores.",
      options: [
        OptionSpec("rename", value: "NEW", help: "A new name."),
        OptionSpec("quantity", "q", value: "N", help: "How many to buy, \(Limits.quantityText)."),
        OptionSpec("category", "c", value: "CATEGORY", completes: .category, help: "A new category."),
        OptionSpec("note", "n", value: "NOTE", help: "A new note."),
        OptionSpec("clear-note", help: "Remove the note."),
        OptionSpec(
          "at", value: "LOCATION", completes: .location, repeatable: true,
          help: "The stores it is bought at (repeatable)."),
        OptionSpec("anywhere", help: "Bought at any store."),
        OptionSpec("available", help: "In stock after all."),
        OptionSpec("unavailable", help: "On the list but not in stock today; back to normal tomorrow."),
      ],
      examples: ["grocery edit milk -q 2 -n 'oat, barista'", "grocery edit avocados --unavailable"],
      make: { try EditCommand($0) }),
    CommandSpec(
      name: "category", abstract: "List, add, rename or remove categories.",
      subcommands: [
        CommandSpec(
          name: "list", abstract: "List the categories in walk order with their item counts.",
          make: { _ in CategoryCommand(action: .list) }),
        CommandSpec(
          name: "add", arguments: "NAME", minArguments: 1, maxArguments: 1,
          abstract: "Add a category before Uncategorized.",
          make: { CategoryCommand(action: .add($0.positionals[0])) }),
        CommandSpec(
          name: "rename", arguments: "OLD NEW", minArguments: 2, maxArguments: 2,
          completes: .names(.category),
          abstract: "Rename a category everywhere it is used.",
          make: { CategoryCommand(action: .rename($0.positionals[0], $0.positionals[1])) }),
        CommandSpec(
          name: "remove", aliases: ["rm"], arguments: "NAME", minArguments: 1, maxArguments: 1,
          completes: .names(.category),
          abstract: "Remove a category; its items move to Uncategorized.",
          options: [OptionSpec("force", help: "Allow removing a built-in category.")],
          make: { CategoryCommand(action: .remove($0.positionals[0], force: $0.flag("force"))) }),
      ],
      make: { _ in CategoryCommand(action: .list) }),
    CommandSpec(
      name: "location", abstract: "List, add, rename or remove the stores you shop at.",
      subcommands: [
        CommandSpec(
          name: "list", abstract: "List the locations.", make: { _ in LocationCommand(action: .list) }),
        CommandSpec(
          name: "add", arguments: "NAME", minArguments: 1, maxArguments: 1, abstract: "Add a location.",
          make: { LocationCommand(action: .add($0.positionals[0])) }),
        CommandSpec(
          name: "rename", arguments: "OLD NEW", minArguments: 2, maxArguments: 2,
          completes: .names(.location),
          abstract: "Rename a location everywhere it is used.",
          make: { LocationCommand(action: .rename($0.positionals[0], $0.positionals[1])) }),
        CommandSpec(
          name: "remove", aliases: ["rm"], arguments: "NAME", minArguments: 1, maxArguments: 1,
          completes: .names(.location),
          abstract: "Remove a location; its items become bought anywhere.",
          make: { LocationCommand(action: .remove($0.positionals[0])) }),
      ],
      make: { _ in LocationCommand(action: .list) }),
    CommandSpec(
      name: "sync", abstract: "Share the household through git.",
      discussion: """
        Commits this machine's changes, fetches the other machines', merges and pushes, trying again when \
        someone pushed in between, then says in one line per machine what came in. Each machine writes only \
        its own log, so merges never conflict. Run 'grocery sync setup URL' once on each machine first.
        """,
      subcommands: [
        CommandSpec(
          name: "setup", arguments: "URL", minArguments: 1, maxArguments: 1,
          abstract: "Share the household at a git remote, or join the household it holds.",
          discussion: """
            Makes the household's folder a git repository whose remote is URL (any git remote: a bare \
            repository on a NAS or a USB stick, a private repository on a forge). An empty remote receives this \
            household; a remote that holds one is joined, and this machine's changes are merged into it.
            """,
          options: [
            OptionSpec("name", value: "NAME", help: "This machine's name for people (default user@host).")
          ],
          examples: ["grocery sync setup git@example.com:us/groceries.git --name 'alice@kitchen'"],
          make: { SyncCommand(action: .setup(url: $0.positionals[0], name: $0.value("name"))) })
      ],
      examples: ["grocery sync", "grocery sync setup /mnt/nas/groceries.git"],
      make: { _ in SyncCommand(action: .sync) }),
    CommandSpec(
      name: "init", abstract: "Create the store.",
      discussion: "--sample fills it with a realistic household, so you can see a real list at once.",
      options: [OptionSpec("sample", help: "Fill the new store with a sample household.")],
      examples: ["grocery init", "grocery --store /tmp/demo.json init --sample"],
      make: { try InitCommand($0) }),
    CommandSpec(
      name: "undo", abstract: "Revert the most recent change.",
      discussion: "Steps back one change at a time, up to 50 changes.",
      options: [OptionSpec("list", help: "Show the changes that can be undone, newest first.")],
      examples: ["grocery undo", "grocery undo --list"],
      make: { try UndoCommand($0) }),
    CommandSpec(
      name: "history", arguments: "[NAME...]", maxArguments: nil, completes: .names(.item),
      abstract: "Show the purchase log, newest first.",
      options: [
        OptionSpec("since", value: "DATE", help: "Only purchases on or after DATE."),
        OptionSpec(
          "format", "f", value: "FORMAT", choices: HistoryCommand.Format.allCases.map(\.rawValue),
          help: "Output format: text (default), json or csv."),
      ],
      examples: ["grocery history milk --since 2026-09-01", "grocery history --format csv > purchases.csv"],
      make: { try HistoryCommand($0) }),
    CommandSpec(
      name: "stats", arguments: "[NAME...]", maxArguments: nil, completes: .names(.item),
      abstract: "Show how often items are bought, with purchases per week.",
      discussion: """
        Per item: times bought, typical interval, last purchase, and purchases in each of the last 12 weeks, \
        as a bar chart on a terminal and as digits otherwise (or with NO_COLOR).
        """,
      examples: ["grocery stats", "grocery stats milk eggs"],
      make: { try StatsCommand($0) }),
    CommandSpec(
      name: "names", arguments: "KIND", minArguments: 1, maxArguments: 1,
      completes: .words(NamesCommand.kinds),
      abstract: "Print item, category or location names, one a line.",
      discussion: "KIND is items, categories (in walk order) or locations. For scripts and shell completion.",
      examples: ["grocery names items | fzf"],
      make: { try NamesCommand($0) }),
    CommandSpec(
      name: "completions", arguments: "SHELL", minArguments: 1, maxArguments: 1,
      completes: .words(Completions.Shell.allCases.map(\.rawValue)),
      abstract: "Print a completion script for bash, zsh or fish.",
      discussion:
        "Completes commands, options, and the names of items, categories and locations in your store.",
      examples: [
        "grocery completions bash > ~/.local/share/bash-completion/completions/grocery",
        "grocery completions fish > ~/.config/fish/completions/grocery.fish",
      ],
      make: { try CompletionsCommand($0) }),
    CommandSpec(
      name: "help", arguments: "[COMMAND...]", maxArguments: 2, completes: .commands,
      abstract: "Show help for grocery or a command.",
      options: [OptionSpec("man", help: "Print the manual page (roff) instead.")],
      examples: ["grocery help add", "grocery help --man | man -l -"],
      make: { try HelpCommand($0) }),
  ]

  /// Returns the command specs along a path of canonical names, root first, stopping at an unknown name.
  static func specs(along path: [String]) -> [CommandSpec] {
    var result: [CommandSpec] = []
    var choices = commands
    for name in path {
      guard let spec = choices.first(where: { $0.name == name }) else { break }
      result.append(spec)
      choices = spec.subcommands
    }
    return result
  }
}
