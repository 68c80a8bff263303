import GroceryCore

/// `grocery location list`: the locations, with how many items are bought only there.
struct LocationListCommand: Command, Runnable {
  static let name = "list"
  static let abstract = "List the locations."

  init() {}

  init(_ parsed: ParsedArguments) {}

  func run(_ context: Context) throws {
    let groceries = try context.store.load()
    if groceries.locations.isEmpty {
      context.write("No locations yet; add one with 'grocery location add NAME'.\n")
      return
    }
    for location in groceries.locations {
      let count = groceries.items.filter { $0.locations.contains(location.name) }.count
      var line = location.name + "  (\(count) item\(count == 1 ? "" : "s") only here"
      line += location.categoryOrder.isEmpty ? ")" : "; own aisle order)"
      context.write(line + "\n")
    }
  }
}
