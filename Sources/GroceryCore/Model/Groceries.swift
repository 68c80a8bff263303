#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The whole household: categories in walk order, locations and items.
public struct Groceries: Equatable, Sendable {
  /// The categories in walk order; Uncategorized is implicit and always last.
  public var categories: [Category]
  public var locations: [Location]
  /// The items, kept sorted by name.
  public var items: [Item]
  /// The purchases the change under way recorded, in order; the store turns them into log entries.
  public var newPurchases: [NewPurchase] = []
  /// The trip this machine has under way, which purchases made now belong to; the store sets it.
  public var openTrip: UUID?

  public init(categories: [Category] = Category.builtIn, locations: [Location] = [], items: [Item] = []) {
    self.categories = categories
    self.locations = locations
    self.items = items
  }

  /// The category names in walk order, Uncategorized last; with a location, its own order first.
  public func walkOrder(at location: String? = nil) -> [String] {
    var general = categories.map(\.name)
    if let location, let place = locations.first(where: { Names.key($0.name) == Names.key(location) }) {
      let preferred = place.categoryOrder.filter { name in general.contains(name) }
      general = preferred + general.filter { !preferred.contains($0) }
    }
    return general + [Category.uncategorized]
  }

  /// Sorts items by name, naturally (`item 2` before `item 10`), the stable order the store file keeps.
  mutating func sortItems() {
    // Sorts positions, not items, so that no item is moved more than once; by each key's sort bytes, made once.
    let order = Names.order(
      ofKeys: items.map { Names.key($0.name) }, tie: { items[$0].name < items[$1].name })
    items = order.map { items[$0] }
  }
}
