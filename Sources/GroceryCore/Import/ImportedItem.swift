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
  /// The category name; nil leaves an existing item's and puts a new one in Uncategorized.
  public var category: String?
  public var locations: [String]?
  /// True when the item is unavailable today (ShoppingList14, CSV).
  public var isUnavailable: Bool?
  public var created: Date?
  /// Every purchase, oldest first, from a grocery export.
  public var purchases: [Purchase]
  /// The line of the import the item came from.
  public var line: Int
  /// The line of the pasted-text heading the item is under, whose category it takes when the heading names one.
  public var headingLine: Int?
  /// The values the item holds as they are (quantity, note, staple, …): every field of `ItemFields.table` that
  /// the model holds as it is, so an import reads and applies each by the table.
  var fields = ItemFields()

  public var quantity: Int? {
    get { fields.quantity }
    set { fields.quantity = newValue }
  }
  public var isStaple: Bool? {
    get { fields.staple }
    set { fields.staple = newValue }
  }
  public var isOnList: Bool? {
    get { fields.onList }
    set { fields.onList = newValue }
  }
  /// The exact day the item was marked unavailable, from a grocery export; `.some(nil)` means available.
  public var unavailableOn: Day?? {
    get { fields.unavailableOn }
    set { fields.unavailableOn = newValue }
  }
  /// A new note; `.some(nil)` clears it.
  public var note: String?? {
    get { fields.note }
    set { fields.note = newValue }
  }
  public var skipUntil: Day?? {
    get { fields.skipUntil }
    set { fields.skipUntil = newValue }
  }

  public init(
    id: UUID? = nil, name: String, quantity: Int? = nil, category: String? = nil, locations: [String]? = nil,
    isStaple: Bool? = nil, isOnList: Bool? = nil, isUnavailable: Bool? = nil, unavailableOn: Day?? = nil,
    note: String?? = nil, skipUntil: Day?? = nil, created: Date? = nil, purchases: [Purchase] = [], line: Int
  ) {
    self.id = id
    self.name = name
    self.category = category
    self.locations = locations
    self.isUnavailable = isUnavailable
    self.created = created
    self.purchases = purchases
    self.line = line
    fields = ItemFields(
      quantity: quantity, note: note, staple: isStaple, onList: isOnList, unavailableOn: unavailableOn,
      skipUntil: skipUntil)
  }
}
