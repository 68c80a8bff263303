#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The fields an item change sets; nil leaves a field alone, and `.some(nil)` clears an optional one.
struct ItemFields: Equatable, Sendable {
  var name: String?
  var quantity: Int?
  var note: String??
  /// The category's id; `.some(nil)` is Uncategorized.
  var category: UUID??
  var locations: [UUID]?
  var staple: Bool?
  var onList: Bool?
  var unavailableOn: Day??
  var skipUntil: Day??
  /// False when the item is removed; any other change brings a removed item back.
  var alive: Bool?
  /// When the item was first added, in milliseconds since 1970.
  var created: Int64?

  var isEmpty: Bool { self == ItemFields() }
}
