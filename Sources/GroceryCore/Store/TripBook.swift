#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The trips folded from the logs: every trip when the whole log is read, and in the everyday state only each
/// machine's most recent few, so that keeping them costs the same however many trips a household has made.
struct TripBook: Equatable, Sendable {
  /// How many trips of each machine the everyday state keeps: the open one, and those an undo could reopen.
  static let kept = 3

  var trips: [UUID: TripState] = [:]

  /// Applies a trip operation; returns false when it changes a trip that is no longer kept, and the logs must be
  /// read again to know it.
  mutating func apply(_ id: UUID, _ fields: TripFields, at stamp: Stamp, pruning: Bool) -> Bool {
    var trip = trips[id] ?? TripState()
    trip.apply(fields, at: stamp)
    guard trip.alive.value else {
      trips[id] = nil
      return true
    }
    trips[id] = trip
    guard pruning else { return true }
    if !trip.isKnown {
      trips[id] = nil
      return false
    }
    prune(machine: trip.machine)
    return true
  }

  /// Adds a purchase made on a trip that is kept.
  mutating func add(_ tag: TripTag, change: String, item: UUID, quantity: Int, at stamp: Stamp) {
    trips[tag.trip]?.purchases.append(
      TripState.Bought(
        change: change, item: item, category: tag.category, quantity: quantity, at: stamp.milliseconds))
  }

  /// Takes back a purchase that an undone change made, from the trips of the machine that undid it.
  mutating func remove(change: String, item: UUID, machine: UInt64) {
    for (id, trip) in trips where trip.machine == machine {
      trips[id]?.purchases.removeAll { $0.change == change && $0.item == item }
    }
  }

  /// Keeps only the most recent trips of the machine.
  mutating func prune(machine: UInt64) {
    let mine = trips.filter { $0.value.machine == machine }
    guard mine.count > TripBook.kept else { return }
    for (id, _) in mine.sorted(by: { TripBook.later($0, than: $1) }).dropFirst(TripBook.kept) {
      trips[id] = nil
    }
  }

  /// Keeps only the most recent trips of every machine.
  mutating func pruneAll() {
    for machine in Set(trips.values.map(\.machine)) { prune(machine: machine) }
  }

  /// The machine's latest trip when no change has ended it yet (it may be over by the inactivity rule).
  func unfinished(of machine: UInt64) -> (id: UUID, trip: TripState)? {
    let latest = trips.filter { $0.value.machine == machine && $0.value.isKnown }
      .max { TripBook.later($1, than: $0) }
    guard let latest, latest.value.end.value == nil else { return nil }
    return (latest.key, latest.value)
  }

  /// The machine's trip under way at `now`: unfinished, and not over by the inactivity rule.
  func open(of machine: String, now: Date) -> (id: UUID, trip: TripState)? {
    guard let number = MachineID.number(machine), let latest = unfinished(of: number) else { return nil }
    return latest.trip.end(asOf: TripBook.milliseconds(now)) == nil ? latest : nil
  }

  /// A moment in milliseconds since 1970, as the log keeps times.
  static func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
  }

  /// Orders trips newest first: by start, then by id.
  static func later(_ a: (key: UUID, value: TripState), than b: (key: UUID, value: TripState)) -> Bool {
    if a.value.start.value != b.value.start.value { return a.value.start.value > b.value.start.value }
    return UUIDText.less(b.key, a.key)
  }
}
