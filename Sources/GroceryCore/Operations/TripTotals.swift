#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Trips to one store summed: how many, how long in all, and how many items were checked off on them.
struct TripTotals: Equatable, Sendable {
  /// The store's name; nil for trips not at any particular store.
  var store: String?
  /// True when the store has been removed since.
  var removed: Bool
  var trips: Int
  /// Their lengths added up, in milliseconds: whole numbers, so the sum is the same in any order.
  var milliseconds: Int64
  var items: Int

  init(store: String?, removed: Bool, trips: Int, milliseconds: Int64, items: Int) {
    self.store = store
    self.removed = removed
    self.trips = trips
    self.milliseconds = milliseconds
    self.items = items
  }

  /// Makes the figures of one trip; nil when it is under way or bought nothing, and so says nothing of the store.
  init?(_ trip: TripRecord) {
    guard let duration = trip.duration, !trip.purchases.isEmpty else { return nil }
    self.init(
      store: trip.store, removed: trip.storeRemoved, trips: 1,
      milliseconds: Int64((duration * 1000).rounded()),
      items: trip.purchases.count)
  }
}
