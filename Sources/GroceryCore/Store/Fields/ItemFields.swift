#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// What an item stores, declared in one place: the fields a change sets (`ItemFields`), the registers they
// fold into (`ItemState`), and the table that ties each field's log key, register and model property
// together. A new item field is a property in each of the two structs and its entry in `table`, here, and the
// property of `Item` it shows as; the log codec, the fold, undo, the diff, the cache, the view, export and
// import all walk the table.

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

/// An item as every change so far has left it, field by field. Its methods are in `Fold/ItemState.swift`.
struct ItemState: Equatable, Sendable {
  var name = Register<String?>(nil)
  var quantity = Register(1)
  var note = Register<String?>(nil)
  var category = Register<UUID?>(nil)
  var locations = Register<[UUID]>([])
  var staple = Register(false)
  var onList = Register(false)
  var unavailableOn = Register<Day?>(nil)
  var skipUntil = Register<Day?>(nil)
  var alive = Register(false)
  var created = Register<Int64>(0)
  /// The newest stamp of any change to the item.
  var updated = Stamp.zero
  /// The newest change to the item by each machine, so that undo can tell whether another machine has touched it.
  var touched: [Stamp] = []
  /// Purchases of the most recent days, and how many older ones there are.
  var purchases = PurchaseWindow()
}

extension ItemFields {
  /// Every item field, in the order a log line writes them.
  static let table: [Field<ItemFields, ItemState, Item>] = [
    .required(
      "name", Slot({ $0.name }, { $0.name = $1 }), Slot({ $0.name }, { $0.name = $1 }),
      check: LineRules.itemName, model: ModelLink(Slot({ $0.name }, { $0.name = $1 }))),
    .value(
      "quantity", Slot({ $0.quantity }, { $0.quantity = $1 }), Slot({ $0.quantity }, { $0.quantity = $1 }),
      check: Limits.quantityProblem,
      model: ModelLink(Slot({ $0.quantity }, { $0.quantity = $1 })),
      imported: { node, file in try node.whole("quantity", in: Limits.quantity, file) }),
    .value(
      "note", Slot({ $0.note }, { $0.note = $1 }), Slot({ $0.note }, { $0.note = $1 }), check: LineRules.note,
      model: ModelLink(Slot({ $0.note }, { $0.note = $1 })),
      imported: { node, file in
        // A note is kept as `add -n` keeps it.
        guard let text = try String?.imported(node, key: "note", file: file) else { return nil }
        return try CSVImporter.note(text) { node.failure(file, $0) }
      }),
    .value(
      "category", Slot({ $0.category }, { $0.category = $1 }), Slot({ $0.category }, { $0.category = $1 }),
      model: ModelLink(
        get: { item, names in names.categoryID(item.category) },
        put: { item, id, names in item.category = names.categoryName(id) }),
      export: ExportSpelling("category") { JSONText.quote($0.category) }),
    .value(
      "locations", Slot({ $0.locations }, { $0.locations = $1 }),
      Slot({ $0.locations }, { $0.locations = $1 }),
      model: ModelLink(
        get: { item, names in names.locationIDs(item.locations) },
        put: { item, ids, names in item.locations = names.locationNames(ids) }),
      export: ExportSpelling("locations") { JSONText.strings($0.locations) }),
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
    .created(
      Slot({ $0.created }, { $0.created = $1 }), Slot({ $0.created }, { $0.created = $1 }),
      export: ExportSpelling("created") { JSONText.quote(Timestamp.format($0.created)) }),
  ]
}
