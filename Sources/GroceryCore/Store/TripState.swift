#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A trip as every change so far has left it, with the purchases made on it in the order they were made.
struct TripState: Equatable, Sendable {
  /// One purchase made on the trip.
  struct Bought: Equatable, Sendable {
    /// The change that recorded it, so that undoing that change takes it back.
    var change: String
    var item: UUID
    /// The item's category when it was bought; nil is Uncategorized.
    var category: UUID?
    var quantity: Int
    /// When it was bought: the time of the change, in milliseconds since 1970.
    var at: Int64
  }

  /// The machine that made the trip, the only one that changes it.
  var machine: UInt64 = 0
  var store = Register<UUID?>(nil)
  var start = Register<Int64>(0)
  var end = Register<Int64?>(nil)
  var idle = Register(false)
  var alive = Register(false)
  var purchases: [Bought] = []

  /// Whether a change has said when the trip started; a trip known only from later changes is not.
  var isKnown: Bool { start.stamp != .zero }

  mutating func apply(_ f: TripFields, at stamp: Stamp) {
    machine = stamp.machineNumber
    store.merge(f.store, at: stamp)
    start.merge(f.start, at: stamp)
    end.merge(f.end, at: stamp)
    idle.merge(f.idle, at: stamp)
    alive.merge(f.alive ?? true, at: stamp)
  }

  /// When the trip ended, or is taken to have ended, as of `now` (milliseconds); nil while it is under way.
  ///
  /// A trip left open with no purchase for `TripRecord.idleLimit` is over: it ended at its last purchase, or
  /// at its start when nothing was bought on it.
  func end(asOf now: Int64) -> (at: Int64, idle: Bool)? {
    if let end = end.value { return (end, idle.value) }
    let last = purchases.last?.at ?? start.value
    if now - last > Int64(TripRecord.idleLimit * 1000) { return (last, true) }
    return nil
  }
}
