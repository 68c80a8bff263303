/// One category as `category list` shows it: its name, how many items it holds, and its colour.
public struct CategorySummary: Equatable, Sendable {
  public var name: String
  public var itemCount: Int
  public var color: NamedColor?

  public init(name: String, itemCount: Int, color: NamedColor? = nil) {
    self.name = name
    self.itemCount = itemCount
    self.color = color
  }
}

extension Groceries {
  /// Returns every category in walk order, Uncategorized last, with the number of items in each and its colour.
  public func categorySummaries() -> [CategorySummary] {
    var counts: [String: Int] = [:]
    countCategories(into: &counts)
    return categorySummaries(counts: counts)
  }

  /// Adds each item to the count of its category, by name: for counting a household a part at a time.
  func countCategories(into counts: inout [String: Int]) {
    for item in items { counts[item.category, default: 0] += 1 }
  }

  /// Every category in walk order with the items counted by name in `counts`, and its colour.
  func categorySummaries(counts: [String: Int]) -> [CategorySummary] {
    var colors: [String: NamedColor] = [:]
    for category in categories { colors[category.name] = category.color }
    return walkOrder().map { CategorySummary(name: $0, itemCount: counts[$0] ?? 0, color: colors[$0]) }
  }
}
