#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reading the whole history a few days at a time, so that showing twenty years of it costs the memory of a few
/// weeks.
extension HouseholdStore {
  /// Hands `part` the purchase log since a day (all of it for nil), newest first, as `Groceries.history` gives
  /// it for every item, a run of days at a time. From the cache, each run is of whole days with at most about
  /// `partSize` purchases (a day with more is a run of its own), read with the items bought on them and every
  /// living row of their names, so that the parts written one after another are the whole log. Folded in memory
  /// (no cache), the whole log is one part. An empty log hands over no part.
  public func walkHistory(since: Day?, partSize: Int = 4096, part: ([HistoryEntry]) throws -> Void) throws {
    if let old = try migrateForReading() {
      let entries = try old.history([], since: since)
      if !entries.isEmpty { try part(entries) }
      return
    }
    try readInParts(part) { reading, part in
      guard let cache = reading.cache else {
        let view = HouseholdView(reading.state, history: reading.history ?? [:])
        let entries = try view.groceries.history([], since: since)
        if !entries.isEmpty { try part(entries) }
        return
      }
      // The categories and locations, the same for every part, made once.
      let frame = HouseholdView.Frame(reading.state)
      for days in try cache.purchaseDays(since: since, size: partSize) {
        var state = reading.state
        try cache.loadItems(.boughtDuring(days), into: &state)
        var history = try cache.purchases(during: days)
        // An item with no purchase on these days (another row of a name bought on them) has none here: without
        // an entry, its view would hold its recent purchases instead.
        for id in state.items.keys where history[id] == nil { history[id] = [] }
        let entries = try HouseholdView(state, history: history, frame: frame).groceries.history(
          [], since: nil)
        if !entries.isEmpty { try part(entries) }
      }
    }
  }
}
