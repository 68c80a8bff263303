import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery reorder-categories`: sets, resets or shows the walk order.
struct ReorderCategoriesCommand: Runnable {
  var names: [String]
  var location: String?
  var reset: Bool

  init(_ parsed: ParsedArguments) throws {
    names = parsed.positionals
    location = parsed.value("at")
    reset = parsed.flag("reset")
    if reset && !names.isEmpty { throw UsageError("give categories or --reset, not both", path: parsed.path) }
  }

  func run(_ context: Context) throws {
    let order: [String]
    if reset {
      order = try context.update({ _ in "reset category order" + (location.map { " at \($0)" } ?? "") }) {
        try $0.resetCategoryOrder(at: location)
      }
    } else if names.isEmpty {
      let groceries = try context.store.load()
      order = groceries.walkOrder(at: try location.map(groceries.locationName))
    } else {
      order = try context.update({ _ in "reorder categories" + (location.map { " at \($0)" } ?? "") }) {
        try $0.reorderCategories(names, at: location)
      }
    }
    context.write(NumberedLines.text(order))
  }
}
