import GroceryCore

/// `grocery location`: the group of location commands; named alone, it lists the locations.
struct LocationCommand: Command, Runnable {
  static let name = "location"
  static let abstract = "List, add, rename or remove the stores you shop at."
  static let subcommands: [any Command.Type] = [
    LocationListCommand.self, LocationAddCommand.self, LocationRenameCommand.self, LocationRemoveCommand.self,
  ]

  init(_ parsed: ParsedArguments) {}

  func run(_ context: Context) throws { try LocationListCommand().run(context) }
}
