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
    name.merge(f.name.map { Optional($0) }, at: stamp)
    order.merge(f.order, at: stamp)
    alive.merge(f.alive ?? true, at: stamp)
    if let createdAt = f.created, created.stamp == .zero || stamp < created.stamp {
      created = Register(createdAt, stamp)
    }
  }
}
