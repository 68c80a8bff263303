import GroceryCore

/// `grocery category add NAME`: adds a category before Uncategorized.
struct CategoryAddCommand: Command, Runnable {
  static let name = "add"
  static let habits = ["new", "create", "make"]
  static let arguments = Arguments("NAME", minimum: 1, maximum: 1)
  static let abstract = "Add a category before Uncategorized."

  var name: String

  init(_ parsed: ParsedArguments) throws {
    name = parsed.positionals[0]
    try InputNames.refuseDash(name, what: "category name", path: parsed.path)
  }

  func run(_ context: Context) throws {
    let added = try context.update(in: .ids([]), { ChangeVerb.addCategory.present + Summary.name($0) }) {
      try $0.addCategory(name)
    }
    context.say("added category: \(added)")
  }
}
