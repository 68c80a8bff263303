import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery reorder-categories`: sets, resets or shows the walk order.
struct ReorderCategoriesCommand: Command, Runnable {
  static let name = "reorder-categories"
  static let arguments = Arguments("[CATEGORY...]", maximum: nil, completes: .names(.category))
  static let abstract = "Set the order you walk the categories, or show it."
  static let discussion = """
    The named categories come first in the given order; the others keep their order after them; \
    Uncategorized is always last. With --at, sets LOCATION's own order. With no names, shows the order.
    """
  static let at = Option<String>(
    "at", value: "LOCATION", completes: .names(.location), help: "The order at LOCATION.")
  static let reset = Flag("reset", help: "Restore the default order (at LOCATION with --at).")
  static let options: [any OptionDeclaration] = [at, reset]
  static let examples = ["grocery reorder-categories dairy produce", "grocery reorder-categories --reset"]

  var names: [String]
  var location: String?
  var reset: Bool

  init(_ parsed: ParsedArguments) throws {
    names = parsed.positionals
    location = parsed[Self.at]
    reset = parsed[Self.reset]
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
