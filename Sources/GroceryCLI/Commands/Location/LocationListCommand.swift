import GroceryCore

/// `grocery location list`: the locations, with how many items are bought only there.
struct LocationListCommand: Command, Runnable {
  static let name = "list"
  static let aliases = ["ls"]
  static let habits = ["show", "view"]
  static let abstract = "List the locations."

  init() {}

  init(_ parsed: ParsedArguments) {}

  func run(_ context: Context) throws {
    context.write(LocationListRenderer.text(try context.store.locationSummaries()))
  }
}
