#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A thing the household buys, whether or not it is on the list right now.
public struct Item: Equatable, Sendable {
  public var id: UUID
  public var name: String
  /// How many to buy, within `Limits.quantity`.
  public var quantity: Int
  public var note: String?
  /// The name of the item's category.
  public var category: String
  /// The names of the locations the item is bought at; empty means anywhere.
  public var locations: [String]
  public var isStaple: Bool
  public var isOnList: Bool
  /// The day the item was marked unavailable; it counts only on that day.
  public var unavailableOn: Day?
  /// A staple is left out of restock until this day.
  public var skipUntil: Day?
  /// The purchases, oldest first: every one when the whole history is loaded; in the everyday view only those of
  /// the most recent days (`PurchaseWindow.days`), with the rest counted in `earlierPurchases`.
  public var purchases: [Purchase]
  /// Purchases older than those in `purchases`, counted but not loaded.
  public var earlierPurchases: Int = 0
  public var created: Date
  public var updated: Date

  public init(
    id: UUID, name: String, quantity: Int = 1, note: String? = nil, category: String = Category.uncategorized,
    locations: [String] = [], isStaple: Bool = false, isOnList: Bool = false, now: Date
  ) {
    self.id = id
    self.name = name
    self.quantity = quantity
    self.note = note
    self.category = category
    self.locations = locations
    self.isStaple = isStaple
    self.isOnList = isOnList
    self.purchases = []
    self.created = now
    self.updated = now
  }

  /// The day of the most recent purchase.
  public var lastPurchased: Day? { purchases.last?.date }

  /// How many times the item was bought.
  public var timesBought: Int { purchases.count + earlierPurchases }

  /// Returns true when the item is marked unavailable on the given day.
  public func isUnavailable(on today: Day) -> Bool { unavailableOn == today }

  /// Returns true when the item is bought at the location, or anywhere.
  public func isSold(at location: String?) -> Bool {
    guard let location else { return true }
    return locations.isEmpty || locations.contains { Names.key($0) == Names.key(location) }
  }

  /// Records a purchase, keeping the history in date order.
  mutating func record(_ purchase: Purchase) {
    let index = purchases.lastIndex { $0.date <= purchase.date }.map { $0 + 1 } ?? 0
    purchases.insert(purchase, at: index)
  }
}
