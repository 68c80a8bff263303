#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A location as every change so far has left it.
struct LocationState: Equatable, Sendable {
  var name = Register<String?>(nil)
  var order = Register<[UUID]>([])
  var alive = Register(false)
  var created = Register<Int64>(0)

  mutating func apply(_ f: LocationFields, at stamp: Stamp) {
    for field in LocationFields.table { field.apply(&self, f, stamp) }
  }
}
