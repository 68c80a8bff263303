import GroceryCore

/// `grocery category`: the group of category commands; named alone, it lists the categories.
struct CategoryCommand: Command, Runnable {
  static let name = "category"
  static let abstract = "List, add, rename, colour or remove categories."
  static let subcommands: [any Command.Type] = [
    CategoryListCommand.self, CategoryAddCommand.self, CategoryRenameCommand.self, CategoryColorCommand.self,
    CategoryRemoveCommand.self,
  ]

  init(_ parsed: ParsedArguments) {}

  func run(_ context: Context) throws { try CategoryListCommand().run(context) }
}
