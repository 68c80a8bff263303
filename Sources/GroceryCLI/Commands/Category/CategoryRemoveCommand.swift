import GroceryCore

/// `grocery category remove NAME`: removes a category, moving its items to Uncategorized.
struct CategoryRemoveCommand: Command, Runnable {
  static let name = "remove"
  static let aliases = ["rm"]
  static let habits = ["del", "delete", "erase", "drop", "forget"]
  static let arguments = Arguments("NAME", minimum: 1, maximum: 1, completes: .namedCategories)
  static let abstract = "Remove a category; its items move to Uncategorized."
  static let discussion = "Takes the whole name (after folding case and accents), never a prefix."
  static let force = Flag("force", help: "Allow removing a built-in category.")
  static let options: [any OptionDeclaration] = [force]

  var name: String
  var force: Bool

  init(_ parsed: ParsedArguments) {
    name = parsed.positionals[0]
    force = parsed[Self.force]
  }

  func run(_ context: Context) throws {
    let result = try context.update(
      in: .inCategory(name), { ChangeVerb.removeCategory.present + Summary.name($0.name) }
    ) {
      try $0.removeCategory(name, force: force, now: context.now)
    }
    let moved =
      result.moved == 0
      ? "" : " (\(result.moved) item\(result.moved == 1 ? "" : "s") moved to \(Category.uncategorized))"
    context.say("removed category: \(result.name)\(moved)")
  }
}
