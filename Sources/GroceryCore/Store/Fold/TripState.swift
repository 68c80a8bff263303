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

  /// The machine that made the trip, the only one that changes it: the one whose change set its start first.
  var machine: UInt64 = 0
  var store = Register<UUID?>(nil)
  var start = Register<Int64>(0)
  var end = Register<Int64?>(nil)
  var idle = Register(false)
  var alive = Register(false)
  var purchases: [Bought] = []

  /// Whether a change has said when the trip started; a trip known only from later changes is not.
  var isKnown: Bool { start.stamp != .zero }

  /// Applies a change by the machine of `stamp`, unless another machine made the trip.
  ///
  /// The first change to set the start, by stamp, makes the trip its machine's: an earlier one read later
  /// starts the trip over as that machine's, so the fold is the same whatever order the logs are read in.
  /// Changes from any other machine, and changes before the start is known, say nothing.
  mutating func apply(_ f: TripFields, at stamp: Stamp) {
    if let value = f.start, !isKnown || stamp < start.stamp {
      if isKnown && stamp.machineNumber != machine { self = TripState() }
      machine = stamp.machineNumber
      start = Register(value, stamp)
    }
    guard isKnown, stamp.machineNumber == machine else { return }
    store.merge(f.store, at: stamp)
    end.merge(f.end, at: stamp)
    idle.merge(f.idle, at: stamp)
    alive.merge(f.alive ?? true, at: stamp)
  }

  /// When the trip ended, or is taken to have ended, as of `now` (milliseconds); nil while it is under way.
  ///
  /// A trip left open with no purchase for `TripRecord.idleLimit` is over: it ended at its last purchase, or
  /// at its start when nothing was bought on it. So is one whose maker's clock is now before its last purchase: a
  /// clock set back further than `HouseholdState.holdLimit`, which was wrong while the trip was under way.
  /// `clockBack` says which of the two it was, for what `trip` shows: only the first is written as `idle`, and the
  /// second as an end at its last purchase, where it was said as two hours without one (found by two trials).
  func end(asOf now: Int64) -> (at: Int64, idle: Bool, clockBack: Bool)? {
    // An end before the start, which only a line written by hand or a wrong clock says, is taken as the start:
    // no trip ends before it starts (found by a trial: `11:00-00:00`).
    if let end = end.value { return (max(end, start.value), idle.value, false) }
    let last = purchases.last?.at ?? start.value
    if now < last { return (last, true, true) }
    if now - last > Int64(TripRecord.idleLimit * 1000) { return (last, true, false) }
    return nil
  }
}
