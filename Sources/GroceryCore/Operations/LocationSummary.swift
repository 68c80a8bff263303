/// One location as `location list` shows it: its name, its own items, and whether it has its own aisle order.
public struct LocationSummary: Equatable, Sendable {
  public var name: String
  /// How many items are bought only here (among other places they are also limited to).
  public var itemCount: Int
  public var hasOwnOrder: Bool

  public init(name: String, itemCount: Int, hasOwnOrder: Bool) {
    self.name = name
    self.itemCount = itemCount
    self.hasOwnOrder = hasOwnOrder
  }
}

extension Groceries {
  /// Returns every location in its order, with the items limited to it counted.
  public func locationSummaries() -> [LocationSummary] {
    var counts: [String: Int] = [:]
    countLocations(into: &counts)
    return locationSummaries(counts: counts)
  }

  /// Adds each item bought at one location only to that location's count (an item at two stores is bought only
  /// at neither, and removing one leaves it at the other): for counting a household a part at a time.
  func countLocations(into counts: inout [String: Int]) {
    for item in items {
      let places = Set(item.locations)
      if places.count == 1, let only = places.first { counts[only, default: 0] += 1 }
    }
  }

  /// Every location in its order with the items counted by name in `counts`.
  func locationSummaries(counts: [String: Int]) -> [LocationSummary] {
    locations.map {
      LocationSummary(name: $0.name, itemCount: counts[$0.name] ?? 0, hasOwnOrder: !$0.categoryOrder.isEmpty)
    }
  }
}
