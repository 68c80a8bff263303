#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The trips to one store that the trip book no longer keeps and that count in `stats`, summed, so that the trip
/// table needs no more than the kept trips and these however many trips a household has made.
struct SettledTrips: Equatable, Sendable {
  var trips = 0
  /// Their lengths added up, in milliseconds.
  var milliseconds: Int64 = 0
  /// The purchases made on them.
  var items = 0
  /// The start stamp of the most recent of them, by the order `TripBook.later` gives trips.
  var latest = Stamp.zero
  /// That trip's id, which orders two trips started by one change.
  var latestTrip = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

  /// Adds a trip that ended after `milliseconds` with `items` purchases; adding is the same in any order.
  mutating func add(_ id: UUID, started stamp: Stamp, milliseconds: Int64, items: Int) {
    if trips == 0 || TripBook.later((stamp, id), than: (latest, latestTrip)) {
      latest = stamp
      latestTrip = id
    }
    trips += 1
    self.milliseconds += milliseconds
    self.items += items
  }
}
