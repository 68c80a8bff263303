#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The fields an item change sets; nil leaves a field alone, and `.some(nil)` clears an optional one.
///
/// A new item field is a property here, its entry in `table`, and the property of `Item` it shows as.
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

  /// Every item field, in the order a log line writes them.
  static let table: [Field<ItemFields, ItemState, Item>] = [
    .required("name", \.name, \.name, check: LineRules.itemName, model: ModelLink(\.name)),
    .value(
      "quantity", \.quantity, \.quantity, check: Limits.quantityProblem,
      model: ModelLink(\.quantity)),
    .value("note", \.note, \.note, check: LineRules.note, model: ModelLink(\.note)),
    .value(
      "category", \.category, \.category,
      model: ModelLink(
        get: { item, names in names.categoryID(item.category) },
        put: { item, id, names in item.category = names.categoryName(id) })),
    .value(
      "locations", \.locations, \.locations,
      model: ModelLink(
        get: { item, names in names.locationIDs(item.locations) },
        put: { item, ids, names in item.locations = names.locationNames(ids) })),
    .value(
      "staple", \.staple, \.staple, model: ModelLink(\.isStaple)),
    .value(
      "onList", \.onList, \.onList, model: ModelLink(\.isOnList)),
    .value(
      "unavailableOn", \.unavailableOn, \.unavailableOn,
      model: ModelLink(\.unavailableOn)),
    .value(
      "skipUntil", \.skipUntil, \.skipUntil,
      model: ModelLink(\.skipUntil)),
    .alive(\.alive, \.alive),
    .created(\.created, \.created),
  ]
}
