/// One category as `category list` shows it: its name and how many items it holds.
public struct CategorySummary: Equatable, Sendable {
  public var name: String
  public var itemCount: Int

  public init(name: String, itemCount: Int) {
    self.name = name
    self.itemCount = itemCount
  }
}

extension Groceries {
  /// Returns every category in walk order, Uncategorized last, with the number of items in each.
  public func categorySummaries() -> [CategorySummary] {
    var counts: [String: Int] = [:]
    for item in items { counts[item.category, default: 0] += 1 }
    return walkOrder().map { CategorySummary(name: $0, itemCount: counts[$0] ?? 0) }
  }
}
