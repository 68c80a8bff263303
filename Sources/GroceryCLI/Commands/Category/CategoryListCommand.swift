import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery category list`: the categories in walk order with their item counts.
struct CategoryListCommand: Command, Runnable {
  static let name = "list"
  static let abstract = "List the categories in walk order with their item counts."

  init() {}

  init(_ parsed: ParsedArguments) {}

  func run(_ context: Context) throws {
    let groceries = try context.store.load()
    var counts: [String: Int] = [:]
    for item in groceries.items { counts[item.category, default: 0] += 1 }
    let order = groceries.walkOrder()
    let lines = order.map { name in
      let count = counts[name] ?? 0
      return name + "  (\(count) item\(count == 1 ? "" : "s"))"
    }
    context.write(Numbered.lines(lines))
  }
}
