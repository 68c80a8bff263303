import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery add NAME...`: puts items on the list.
struct AddCommand: Command, Runnable {
  static let name = "add"
  static let habits = ["new", "put", "need", "want", "append"]
  static let arguments = Arguments("NAME...", minimum: 1, maximum: nil, completes: .names(.item))
  static let abstract = "Put items on the shopping list."
  static let discussion = """
    A known item goes back on the list keeping its category, staple flag and history; options given \
    override them. Each name is said as 'added:', 'back on the list:', 'already on the list:' or, when it \
    was on the list and the options changed it, 'updated:'. A new item takes --category or Uncategorized. \
    Names match whole here (after folding case and accents, or as paper spells them, so a name typed from a \
    printed list finds its item), so 'add Apple' creates Apple even when Apple juice exists. '-' reads one \
    name a line from standard input, skipping blank lines and # comments. A quantity is -q: a name that is \
    only digits ('add 2 eggs') or a quantity ('add butter x2'), or that starts or ends with a comma ('add \
    milk, eggs'), is refused with the command meant (read from standard input, with its line and \
    'grocery import -', which reads such lists), unless the household has an item of that name.
    """
  static let quantity = Option<Int>(
    "quantity", "q", value: "N", help: "How many to buy, \(Limits.quantityText) (default 1).",
    parse: Values.quantity)
  static let category = Option<String>(
    "category", "c", value: "CATEGORY", completes: .names(.category), help: "The item's category.")
  static let note = Option<String?>(
    "note", "n", value: "NOTE", help: "A note shown beside the item; empty clears it.", parse: Values.note)
  static let at = Option<String>(
    "at", value: "LOCATION", completes: .names(.location), repeatable: true,
    help: "A store the item is bought at (repeatable; none means anywhere).")
  static let staple = Flag("staple", help: "Also mark the items as staples.")
  static let options: [any OptionDeclaration] = [quantity, category, note, at, staple]
  static let examples = [
    "grocery add milk eggs", "grocery add -q 2 -c produce bananas", "grocery add - < list.txt",
  ]

  var names: [String]
  var changes: ItemChanges
  var path: [String]

  init(_ parsed: ParsedArguments) throws {
    names = parsed.positionals
    path = parsed.path
    changes = ItemChanges(
      quantity: parsed[Self.quantity], category: parsed[Self.category], note: parsed[Self.note],
      locations: parsed.all(Self.at), isStaple: parsed[Self.staple] ? true : nil)
  }

  func run(_ context: Context) throws {
    // A name that looks like a quantity or a list is refused unless the household has an item of that name (one
    // an import or an older grocery made), which it puts back on the list.
    // Names read from standard input are checked too, each by its line.
    let input = self.names.contains("-") ? try InputNames.numbered(try context.console.readInput()) : []
    let names = InputNames.expand(self.names, input: input.map(\.name))
    let known = try Self.knownAmongLookalikes(names, context: context)
    try Self.refuseQuantityAsName(self.names, path: path, known: known)
    if let (line, name) = input.first(where: {
      NameShape.looksLikeQuantityOrList($0.name) && !known.contains(UnicodeText.trimmed($0.name))
    }) {
      // What standard input held, not the command line: said as a bad name is there, without a usage line.
      throw GroceryError.invalidValue(
        what: "item name on line \(line) of standard input", value: Names.printable(name),
        reason:
          "it \(NameShape.whatItLooksLike(name)); a list with quantities ('2 milk', 'milk x2') or commas"
          + " ('milk, eggs') on its lines is read by 'grocery import -'"
      )
    }
    if names.isEmpty { throw GroceryError.noNamesGiven(verb: "add") }
    let outcomes = try context.update(
      in: .names(names), { ChangeVerb.add.present + Summary.names($0.map(\.name)) }
    ) {
      try $0.add(names, changes: changes, today: context.today, now: context.now, newID: UUID.init)
    }
    for outcome in outcomes {
      switch outcome {
      case .added(let name): context.say("added: \(name)")
      case .returned(let name): context.say("back on the list: \(name)")
      case .alreadyOnList(let name): context.say("already on the list: \(name)")
      case .updated(let name): context.say("updated: \(name)")
      }
    }
  }
}

extension AddCommand {
  /// Refuses a name made only of digits, which is a quantity typed the way pasted lists write it (`add 2 eggs`);
  /// one made of a quantity as the list writes it after a name (`add butter x2`); and a name ending in a comma, a
  /// list typed the way it is written (`add milk, eggs`), where each name is its own word.
  static func refuseQuantityAsName(_ names: [String], path: [String], known: Set<String> = []) throws {
    /// A name, not a quantity, a times sign standing alone (`x 2`), `-` or a word that starts with a dash (an option
    /// typed after `--`, as `add -- milk 3 -c dairy` does): what the command meant names.
    func isName(_ name: String) -> Bool {
      NameShape.times(name) == nil && NameShape.digits(name) == nil && !name.hasPrefix("-")
        && !["x", "X", "×"].contains(name)
        && !NameShape.isList(name)
    }
    let trimmed = names.map { UnicodeText.trimmed($0) }
    if let name = trimmed.first(where: { NameShape.isList($0) && !known.contains($0) }) {
      let meant = trimmed.map {
        UnicodeText.trimmed(
          String($0.drop(while: NameShape.isComma).reversed().drop(while: NameShape.isComma).reversed()))
      }.filter { !$0.isEmpty }
      throw UsageError(
        "item name '\(Names.printable(name))' \(NameShape.whatItLooksLike(name)); did you mean"
          + " 'grocery add \(meant.isEmpty ? "NAME" : meant.map(shellWord).joined(separator: " "))'?",
        path: path)
    }
    for (index, name) in names.enumerated() where !known.contains(UnicodeText.trimmed(name)) {
      guard let number = NameShape.digits(name) ?? NameShape.times(name) else { continue }
      let what = NameShape.whatItLooksLike(name)
      // No command with such a quantity would run: what -q takes is said instead.
      guard let count = Int(number), Limits.quantity.contains(count) else {
        throw UsageError(
          "item name '\(UnicodeText.trimmed(name))' \(what); a quantity is -q, from \(Limits.quantityText)",
          path: path)
      }
      // The name it goes with: the next one for a number written first (`2 eggs`), else the one before it.
      let meant =
        NameShape.digits(name) != nil
        ? names.dropFirst(index + 1).first(where: isName) ?? names.prefix(index).last(where: isName)
        : names.prefix(index).last(where: isName) ?? names.dropFirst(index + 1).first(where: isName)
      throw UsageError(
        "item name '\(UnicodeText.trimmed(name))' \(what); did you mean"
          + " 'grocery add \(meant.map(shellWord) ?? "NAME") -q \(number)'?",
        path: path)
    }
  }

  /// Refuses, for a command that makes a new item of a name the household does not have (`staple`, `purchase
  /// --new`, `edit --rename`), a name that looks like a quantity or part of a list typed with commas, as `add`
  /// refuses it: it would make an item named `x2` or `milk,`, which `add butter x2` would then take for that item.
  /// A name the household has is that item.
  static func refuseQuantityOrListAsNewItem(
    _ names: [String], command: String,
    making: String = "would make an item of it; give names only (a quantity is 'grocery add NAME -q N')",
    context: Context, path: [String]
  )
    throws
  {
    let known = try knownAmongLookalikes(names, context: context)
    guard
      let name = names.map({ UnicodeText.trimmed($0) }).first(where: {
        NameShape.looksLikeQuantityOrList($0) && !known.contains($0)
      })
    else { return }
    throw UsageError(
      "item name '\(Names.printable(name))' \(NameShape.whatItLooksLike(name)), and '\(command)' \(making)",
      path: path)
  }

  /// The names, trimmed, that look like a quantity or part of a list and that the household has as items (one an
  /// import or an older grocery made): those are the items, not a slip. Only a household already made is read, so
  /// that a refused command migrates no version-1 store, and only when some name looks so.
  static func knownAmongLookalikes(_ names: [String], context: Context) throws -> Set<String> {
    let looksWrong = names.map { UnicodeText.trimmed($0) }.filter { NameShape.looksLikeQuantityOrList($0) }
    guard !looksWrong.isEmpty, try context.store.folderExists() else { return [] }
    let groceries = try context.store.load(.names(looksWrong))
    return Set(looksWrong.filter { groceries.exactItemIndex(named: $0) != nil })
  }

  /// Returns the text as one word for a shell, quoted when it must be.
  static func shellWord(_ text: String) -> String {
    let plain =
      !text.isEmpty
      && text.unicodeScalars.allSatisfy {
        $0.properties.isAlphabetic || $0.properties.numericType != nil
          || "-_.,+@%/:".unicodeScalars.contains($0)
      }
    return plain ? text : "'" + text.replacing("'", with: "'\\''") + "'"
  }
}

extension AddOutcome {
  var name: String {
    switch self {
    case .added(let name), .returned(let name), .alreadyOnList(let name), .updated(let name): return name
    }
  }
}
