#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An item an import names; nil fields are ones the format does not carry, left as they are on an existing item.
public struct ImportedItem: Equatable, Sendable {
  /// The id from a grocery export, kept when the item is new and the id is free.
  public var id: UUID?
  public var name: String
  public var quantity: Int?
  /// The category name; nil leaves an existing item's and puts a new one in Uncategorized.
  public var category: String?
  public var locations: [String]?
  public var isStaple: Bool?
  public var isOnList: Bool?
  /// True when the item is unavailable today (ShoppingList14, CSV).
  public var isUnavailable: Bool?
  /// The exact day the item was marked unavailable, from a grocery export; `.some(nil)` means available.
  public var unavailableOn: Day??
  /// A new note; `.some(nil)` clears it.
  public var note: String??
  public var skipUntil: Day??
  public var created: Date?
  /// Every purchase, oldest first, from a grocery export.
  public var purchases: [Purchase]
  /// The line of the import the item came from.
  public var line: Int
  /// The line of the pasted-text heading the item is under, whose category it takes when the heading names one.
  public var headingLine: Int?

  public init(
    id: UUID? = nil, name: String, quantity: Int? = nil, category: String? = nil, locations: [String]? = nil,
    isStaple: Bool? = nil, isOnList: Bool? = nil, isUnavailable: Bool? = nil, unavailableOn: Day?? = nil,
    note: String?? = nil, skipUntil: Day?? = nil, created: Date? = nil, purchases: [Purchase] = [], line: Int
  ) {
    self.id = id
    self.name = name
    self.quantity = quantity
    self.category = category
    self.locations = locations
    self.isStaple = isStaple
    self.isOnList = isOnList
    self.isUnavailable = isUnavailable
    self.unavailableOn = unavailableOn
    self.note = note
    self.skipUntil = skipUntil
    self.created = created
    self.purchases = purchases
    self.line = line
  }
}
