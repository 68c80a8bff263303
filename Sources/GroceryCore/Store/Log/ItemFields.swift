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
    .required(
      "name", Slot({ $0.name }, { $0.name = $1 }), Slot({ $0.name }, { $0.name = $1 }),
      check: LineRules.itemName, model: ModelLink(Slot({ $0.name }, { $0.name = $1 }))),
    .value(
      "quantity", Slot({ $0.quantity }, { $0.quantity = $1 }), Slot({ $0.quantity }, { $0.quantity = $1 }),
      check: Limits.quantityProblem,
      model: ModelLink(Slot({ $0.quantity }, { $0.quantity = $1 }))),
    .value(
      "note", Slot({ $0.note }, { $0.note = $1 }), Slot({ $0.note }, { $0.note = $1 }), check: LineRules.note,
      model: ModelLink(Slot({ $0.note }, { $0.note = $1 }))),
    .value(
      "category", Slot({ $0.category }, { $0.category = $1 }), Slot({ $0.category }, { $0.category = $1 }),
      model: ModelLink(
        get: { item, names in names.categoryID(item.category) },
        put: { item, id, names in item.category = names.categoryName(id) })),
    .value(
      "locations", Slot({ $0.locations }, { $0.locations = $1 }),
      Slot({ $0.locations }, { $0.locations = $1 }),
      model: ModelLink(
        get: { item, names in names.locationIDs(item.locations) },
        put: { item, ids, names in item.locations = names.locationNames(ids) })),
    .value(
      "staple", Slot({ $0.staple }, { $0.staple = $1 }), Slot({ $0.staple }, { $0.staple = $1 }),
      model: ModelLink(Slot({ $0.isStaple }, { $0.isStaple = $1 }))),
    .value(
      "onList", Slot({ $0.onList }, { $0.onList = $1 }), Slot({ $0.onList }, { $0.onList = $1 }),
      model: ModelLink(Slot({ $0.isOnList }, { $0.isOnList = $1 }))),
    .value(
      "unavailableOn", Slot({ $0.unavailableOn }, { $0.unavailableOn = $1 }),
      Slot({ $0.unavailableOn }, { $0.unavailableOn = $1 }),
      model: ModelLink(Slot({ $0.unavailableOn }, { $0.unavailableOn = $1 }))),
    .value(
      "skipUntil", Slot({ $0.skipUntil }, { $0.skipUntil = $1 }),
      Slot({ $0.skipUntil }, { $0.skipUntil = $1 }),
      model: ModelLink(Slot({ $0.skipUntil }, { $0.skipUntil = $1 }))),
    .alive(Slot({ $0.alive }, { $0.alive = $1 }), Slot({ $0.alive }, { $0.alive = $1 })),
    .created(Slot({ $0.created }, { $0.created = $1 }), Slot({ $0.created }, { $0.created = $1 })),
  ]
}
