#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One purchase of an item: the day it was bought and how many.
public struct Purchase: Codable, Equatable, Sendable {
  public var date: Day
  public var quantity: Int
  /// Who bought it: the name of the machine that recorded it, when the household has more than one.
  public var by: String?

  public init(date: Day, quantity: Int, by: String? = nil) {
    self.date = date
    self.quantity = quantity
    self.by = by
  }
}

/// A thing the household buys, whether or not it is on the list right now.
public struct Item: Codable, Equatable, Sendable {
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

  enum CodingKeys: String, CodingKey {
    case id, name, quantity, note, category, locations
    case isStaple = "staple"
    case isOnList = "onList"
    case unavailableOn, skipUntil, purchases, created, updated
  }

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

/// An aisle or section of a store, placed in the order you walk it.
public struct Category: Codable, Equatable, Sendable {
  /// A stable identity: renaming a category changes its name, not the items in it.
  public var id: UUID
  public var name: String
  /// The colour its heading and items take on a terminal; nil for none.
  public var color: NamedColor?

  public init(id: UUID = UUID(), name: String, color: NamedColor? = nil) {
    self.id = id
    self.name = name
    self.color = color
  }

  enum CodingKeys: String, CodingKey { case name }

  /// Reads a version-1 category, which had no id: the built-in names get their well-known ids.
  public init(from decoder: Decoder) throws {
    let name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
    self.init(id: Category.defaultID(name) ?? UUID(), name: name)
  }

  /// The fixed id of a built-in category, the same in every household, so two new households agree on them.
  public static func defaultID(_ name: String) -> UUID? {
    defaults.firstIndex(of: name).map { UUID(uuidString: "00000000-0000-4000-8000-00000000c00\($0 + 1)")! }
  }

  /// The built-in categories with their fixed ids.
  public static var builtIn: [Category] { defaults.map { Category(id: defaultID($0)!, name: $0) } }

  /// The category that always sorts last and receives the items of removed categories.
  public static let uncategorized = "Uncategorized"

  /// The built-in categories in their default walk order, Uncategorized excluded.
  public static let defaults = [
    "Produce", "Deli & Meat", "Dairy & Fridge", "Bread & Frozen", "Boxed & Canned", "Snacks, Drinks & Other",
  ]
}

/// A store the household shops at, with an optional aisle order of its own.
public struct Location: Codable, Equatable, Sendable {
  /// A stable identity: renaming a store changes its name, not the items bought there.
  public var id: UUID
  public var name: String
  /// Category names walked first at this store; the others follow in the general order.
  public var categoryOrder: [String]

  public init(id: UUID = UUID(), name: String, categoryOrder: [String] = []) {
    self.id = id
    self.name = name
    self.categoryOrder = categoryOrder
  }

  enum CodingKeys: String, CodingKey { case name, categoryOrder }

  /// Reads a version-1 location, which had no id.
  public init(from decoder: Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      name: try c.decode(String.self, forKey: .name),
      categoryOrder: try c.decode([String].self, forKey: .categoryOrder))
  }

  public func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(name, forKey: .name)
    try c.encode(categoryOrder, forKey: .categoryOrder)
  }
}

/// A purchase recorded by the change being made, which the store writes to the log.
public struct NewPurchase: Equatable, Sendable {
  public var item: UUID
  public var purchase: Purchase
  /// The trip it was made on, when this machine had one under way.
  public var trip: UUID?
}

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

  /// Sorts items by name, the stable order the store file keeps.
  mutating func sortItems() {
    items = items.map { (Names.key($0.name), $0) }
      .sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1.name < $1.1.name }
      .map(\.1)
  }
}
