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
  /// The trips pruned from the book that count in `stats`, summed by location (nil for anywhere).
  var settled: [UUID?: SettledTrips] = [:]
  /// The trips pruned since the book was loaded, for the cache to keep for `trip --list`.
  var pruned: [UUID: TripState] = [:]
  /// The machines a trip of was taken back (its start undone) while their kept trips were full: one the start
  /// pruned may be to keep again, which only a reading of every log can give back, as a rebuild keeps it. Whether
  /// one was ever pruned is the cache's to tell (`HouseholdCache.needsRebuild`).
  var freed: Set<UInt64> = []

  /// Two books are the same when they keep the same trips and totals; what each let go on the way is the cache's.
  static func == (a: TripBook, b: TripBook) -> Bool { a.trips == b.trips && a.settled == b.settled }

  /// Applies a trip operation; returns false when it changes a trip that is no longer kept, and the logs must be
  /// read again to know it.
  ///
  /// When every log is read, a trip's start comes before its other changes in its maker's log, so a change to
  /// a trip not known yet is another machine's, and says nothing.
  mutating func apply(_ id: UUID, _ fields: TripFields, at stamp: Stamp, pruning: Bool) -> Bool {
    var trip = trips[id] ?? TripState()
    trip.apply(fields, at: stamp)
    guard trip.isKnown else { return !pruning }
    guard trip.alive.value else {
      // A trip taken back (its start undone) frees a place among its machine's kept trips, which a trip it pruned
      // may have held: only a reading of every log knows that trip again, as a rebuild keeps it (found by a trial:
      // `check` found the cache's trips unlike the logs').
      if pruning && trips.values.count(where: { $0.machine == trip.machine }) >= TripBook.kept {
        freed.insert(trip.machine)
      }
      trips[id] = nil
      return true
    }
    trips[id] = trip
    if pruning { prune(machine: trip.machine) }
    return true
  }

  /// Adds a purchase made on a trip that is kept, by the machine that made the trip; another machine's says
  /// nothing.
  /// `time` is when its maker's clock says it was bought.
  mutating func add(_ tag: TripTag, change: String, item: UUID, quantity: Int, at stamp: Stamp, time: Int64) {
    guard trips[tag.trip]?.machine == stamp.machineNumber else { return }
    trips[tag.trip]?.purchases.append(
      TripState.Bought(change: change, item: item, category: tag.category, quantity: quantity, at: time))
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
    for (id, trip) in mine.sorted(by: { TripBook.later($0, than: $1) }).dropFirst(TripBook.kept) {
      trips[id] = nil
      pruned[id] = trip
      settle(id, trip)
    }
  }

  /// Adds a pruned trip to the settled totals when it counts in `stats`: it ended, and bought something.
  ///
  /// A pruned trip has its end written (the machine's next start writes it), and a later change to it makes the
  /// logs be read again, so what it adds is final. Were its end not written, it ended by the inactivity rule,
  /// which any time late enough gives.
  mutating func settle(_ id: UUID, _ trip: TripState) {
    guard trip.isKnown, !trip.purchases.isEmpty else { return }
    // An end before the start, which only a hand-written line or a wrong clock says, is the start, as `TripState.end`
    // takes it: no trip counts a negative time in a store's totals (found by a review).
    let end = max(trip.end.value ?? trip.purchases.last?.at ?? trip.start.value, trip.start.value)
    settled[trip.store.value, default: SettledTrips()].add(
      id, started: trip.start.stamp, milliseconds: end - trip.start.value, items: trip.purchases.count)
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

  /// The machine's trip under way at `now` (milliseconds): unfinished, and not over by the inactivity rule.
  func open(of machine: String, at now: Int64) -> (id: UUID, trip: TripState)? {
    guard let number = MachineID.number(machine), let latest = unfinished(of: number) else { return nil }
    return latest.trip.end(asOf: now) == nil ? latest : nil
  }

  /// Orders trips newest first: by the stamp of the change that started them (the log's clock, which never
  /// runs backwards, then the machine), then by id for two started by one change.
  static func later(_ a: (key: UUID, value: TripState), than b: (key: UUID, value: TripState)) -> Bool {
    later((a.value.start.stamp, a.key), than: (b.value.start.stamp, b.key))
  }

  /// Orders trips newest first by the stamp that started them and their id, as `later(_:than:)` does.
  static func later(_ a: (start: Stamp, id: UUID), than b: (start: Stamp, id: UUID)) -> Bool {
    if a.start != b.start { return a.start > b.start }
    return UUIDText.less(b.id, a.id)
  }
}
