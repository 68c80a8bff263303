import GroceryCore

/// `grocery category rename OLD NEW`: renames a category everywhere it is used.
struct CategoryRenameCommand: Command, Runnable {
  static let name = "rename"
  static let habits = ["mv", "move", "retitle"]
  static let arguments = Arguments("OLD NEW", minimum: 2, maximum: 2, completes: .namedCategories)
  static let abstract = "Rename a category everywhere it is used."

  var old: String
  var new: String

  init(_ parsed: ParsedArguments) throws {
    (old, new) = (parsed.positionals[0], parsed.positionals[1])
    try InputNames.refuseDash(new, what: "category name", path: parsed.path)
  }

  func run(_ context: Context) throws {
    let names = try context.update(
      in: .ids([]),
      { ChangeVerb.renameCategory.present + Summary.name($0.old) + " to " + Summary.name($0.new) }
    ) {
      try $0.renameCategory(old, to: new)
    }
    // A name given as it is already changes nothing, and is written nowhere: it is said so, as `edit` says it.
    context.say(
      names.old == names.new
        ? "unchanged: category \(names.new) (it is so already)"
        : "renamed category: \(names.old) -> \(names.new)")
  }
}
