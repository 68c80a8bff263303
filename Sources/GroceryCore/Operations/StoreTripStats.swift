#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How long trips to one store take on average, and how many items a minute are checked off there.
public struct StoreTripStats: Equatable, Sendable {
  /// The store's name; nil for trips not at any particular store.
  public var store: String?
  /// True when the store has been removed since: its trips are its own, not those of a store added later under
  /// its name.
  public var removed: Bool
  /// How many trips the figures are from.
  public var trips: Int
  /// The average time from start to end.
  public var averageDuration: TimeInterval
  /// Purchases per minute over all those trips; nil when they took no time at all.
  public var itemsPerMinute: Double?

  public init(
    store: String?, removed: Bool = false, trips: Int, averageDuration: TimeInterval, itemsPerMinute: Double?
  ) {
    self.store = store
    self.removed = removed
    self.trips = trips
    self.averageDuration = averageDuration
    self.itemsPerMinute = itemsPerMinute
  }

  /// Returns the figures for each store, most trips first, from the trips that have ended and bought something.
  ///
  /// A trip still under way has no length yet, and one that bought nothing says nothing about the store.
  public static func byStore(_ trips: [TripRecord]) -> [StoreTripStats] {
    byStore(totals: trips.compactMap(TripTotals.init))
  }

  /// Returns the figures for each store, most trips first, from totals ordered oldest first: a store is named as
  /// its most recent trip names it. Stores are told apart by name, as the list shows them (two a sync brought
  /// together under one name are one), and removed stores apart from those there now: a removed store and one
  /// added later under its name each have their own row, the one there now first.
  static func byStore(totals: [TripTotals]) -> [StoreTripStats] {
    struct Key: Hashable {
      var removed: Bool
      var name: String?
    }
    var groups: [Key: (totals: [TripTotals], latest: Int)] = [:]
    for (index, totals) in totals.enumerated() {
      let key = Key(removed: totals.removed, name: totals.store.map(Names.key))
      groups[key, default: ([], 0)].totals.append(totals)
      groups[key]!.latest = index
    }
    return groups.values.map { group -> (row: StoreTripStats, latest: Int) in
      let trips = group.totals.reduce(0) { $0 + $1.trips }
      let total = Double(group.totals.reduce(Int64(0)) { $0 + $1.milliseconds }) / 1000
      let items = group.totals.reduce(0) { $0 + $1.items }
      let row = StoreTripStats(
        store: group.totals.last!.store, removed: group.totals.last!.removed, trips: trips,
        averageDuration: total / Double(trips),
        itemsPerMinute: total > 0 ? Double(items) / (total / 60) : nil)
      return (row, group.latest)
    }
    .sorted { a, b in
      if a.row.trips != b.row.trips { return a.row.trips > b.row.trips }
      switch (a.row.store, b.row.store) {
      case (let x?, let y?) where Names.key(x) != Names.key(y): return Names.ordered(x, y)
      case (.some, .some):
        return a.row.removed != b.row.removed ? !a.row.removed : a.latest > b.latest
      case (nil, _): return false
      case (_, nil): return true
      }
    }
    .map(\.row)
  }
}
