#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The fields a location change sets.
struct LocationFields: Equatable, Sendable {
  var name: String?
  /// Category ids walked first at the store.
  var order: [UUID]?
  var alive: Bool?
  var created: Int64?
}
