#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The fields a location change sets.
///
/// A new location field is a property here, its entry in `table`, and the property of `Location` it shows as.
struct LocationFields: Equatable, Sendable {
  var name: String?
  /// Category ids walked first at the store.
  var order: [UUID]?
  var alive: Bool?
  var created: Int64?

  /// Every location field, in the order a log line writes them.
  static let table: [Field<LocationFields, LocationState, Location>] = [
    .required(
      "name", Slot({ $0.name }, { $0.name = $1 }), Slot({ $0.name }, { $0.name = $1 }),
      check: LineRules.locationName, model: ModelLink(Slot({ $0.name }, { $0.name = $1 }))),
    .value(
      "order", Slot({ $0.order }, { $0.order = $1 }), Slot({ $0.order }, { $0.order = $1 }),
      model: ModelLink(
        get: { l, names in l.categoryOrder.compactMap { names.categoryID($0) } },
        put: { l, ids, names in l.categoryOrder = names.categoryNames(ids) })),
    .alive(Slot({ $0.alive }, { $0.alive = $1 }), Slot({ $0.alive }, { $0.alive = $1 })),
    .created(Slot({ $0.created }, { $0.created = $1 }), Slot({ $0.created }, { $0.created = $1 })),
  ]
}
