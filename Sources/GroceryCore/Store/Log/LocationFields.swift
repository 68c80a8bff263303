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
    .required("name", \.name, \.name, check: LineRules.locationName, model: ModelLink(\.name)),
    .value(
      "order", \.order, \.order,
      model: ModelLink(
        get: { l, names in l.categoryOrder.compactMap { names.categoryID($0) } },
        put: { l, ids, names in l.categoryOrder = names.categoryNames(ids) })),
    .alive(\.alive, \.alive),
    .created(\.created, \.created),
  ]
}
