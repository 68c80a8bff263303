#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// What a location stores, declared in one place: the fields a change sets (`LocationFields`), the registers
// they fold into (`LocationState`), and the table that ties them to the log, the cache and `Location`. A new
// location field is a property in each of the two structs and its entry in `table`, here, and the property of
// `Location` it shows as.

/// The fields a location change sets.
struct LocationFields: Equatable, Sendable {
  var name: String?
  /// Category ids walked first at the store.
  var order: [UUID]?
  var alive: Bool?
  var created: Int64?
}

/// A location as every change so far has left it. It folds in `Fold/LocationState.swift`.
struct LocationState: Equatable, Sendable {
  var name = Register<String?>(nil)
  var order = Register<[UUID]>([])
  var alive = Register(false)
  var created = Register<Int64>(0)
}

extension LocationFields {
  /// Every location field, in the order a log line writes them.
  static let table: [Field<LocationFields, LocationState, Location>] = [
    .required(
      "name", Slot({ $0.name }, { $0.name = $1 }), Slot({ $0.name }, { $0.name = $1 }),
      check: LineRules.locationName, model: ModelLink(Slot({ $0.name }, { $0.name = $1 }))),
    .value(
      "order", Slot({ $0.order }, { $0.order = $1 }), Slot({ $0.order }, { $0.order = $1 }),
      model: ModelLink(
        get: { l, names in l.categoryOrder.compactMap { names.categoryID($0) } },
        put: { l, ids, names in l.categoryOrder = names.categoryNames(ids) }),
      export: ExportSpelling("categoryOrder") { JSONText.strings($0.categoryOrder) }),
    .alive(Slot({ $0.alive }, { $0.alive = $1 }), Slot({ $0.alive }, { $0.alive = $1 })),
    .created(Slot({ $0.created }, { $0.created = $1 }), Slot({ $0.created }, { $0.created = $1 })),
  ]
}
