import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery category list`: the categories in walk order with their item counts.
struct CategoryListCommand: Command, Runnable {
  static let name = "list"
  static let aliases = ["ls"]
  static let habits = ["show", "view"]
  static let abstract = "List the categories in walk order with their item counts."

  init() {}

  init(_ parsed: ParsedArguments) {}

  func run(_ context: Context) throws {
    context.write(CategoryListRenderer.text(try context.store.categorySummaries()))
  }
}
