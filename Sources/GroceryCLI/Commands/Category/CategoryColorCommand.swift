import GroceryCore

/// `grocery category color NAME COLOR`: gives a category a colour, or takes it away with `--none`.
struct CategoryColorCommand: Command, Runnable {
  static let name = "color"
  static let aliases = ["colour"]
  static let arguments = Arguments(
    "NAME [COLOR]", minimum: 1, maximum: 2, completes: .namedCategories,
    then: .words(
      NamedColor.allCases.map { CompletionWord($0.rawValue) } + [
        CompletionWord("--" + none.long, help: none.help)
      ]))
  static let abstract = "Give a category a colour, or take it away with --none."
  static let discussion =
    "On a terminal, the category's heading and items in 'grocery list' are shown in its colour; pipes, "
    + "NO_COLOR and TERM=dumb get none. COLOR is one of the 16 terminal colours: "
    + NamedColor.allCases.map(\.rawValue).joinedText(separator: ", ") + ". Uncategorized takes no colour."
  static let none = Flag("none", help: "Take the category's colour away.")
  static let options: [any OptionDeclaration] = [none]
  static let examples = ["grocery category color produce green", "grocery category color dairy --none"]

  var name: String
  /// The colour to give; nil takes it away.
  var color: NamedColor?

  init(_ parsed: ParsedArguments) throws {
    name = parsed.positionals[0]
    let word = parsed.positionals.count > 1 ? parsed.positionals[1] : nil
    switch (word, parsed[Self.none]) {
    case (nil, false): throw UsageError("missing COLOR (or --none)", path: parsed.path)
    case (.some, true): throw UsageError("give COLOR or --none, not both", path: parsed.path)
    case (nil, true): color = nil
    case (let word?, false): color = try Self.color(word, path: parsed.path)
    }
  }

  /// Reads a colour name, refusing an unknown one with the names there are.
  static func color(_ word: String, path: [String]) throws -> NamedColor {
    if let color = NamedColor(name: word) { return color }
    throw UsageError(
      "unknown colour '\(Names.printable(word))'; expected "
        + ArgumentParser.either(NamedColor.allCases.map(\.rawValue)), path: path)
  }

  func run(_ context: Context) throws {
    let color = self.color
    let (found, changed) = try context.update(
      in: .ids([]),
      {
        ChangeVerb.colorCategory.present + Summary.name($0.name) + " " + (color?.rawValue ?? "none")
      }
    ) {
      groceries -> (name: String, changed: Bool) in
      let before = groceries.categories.map(\.color)
      let found = try groceries.setCategoryColor(name, color)
      return (found, groceries.categories.map(\.color) != before)
    }
    // Nothing was written when the colour was already so, and the wording must not suggest a change to undo.
    if changed {
      context.say("colour of \(found): " + (color?.rawValue ?? "none"))
    } else {
      context.say("\(found) already has " + (color.map { "colour \($0.rawValue)" } ?? "no colour"))
    }
  }
}
