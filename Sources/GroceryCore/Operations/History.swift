#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One purchase in the log, with the item it was of.
public struct HistoryEntry: Equatable, Sendable {
  public var date: Day
  public var name: String
  public var quantity: Int
  public var category: String
  /// Who bought it, when the household has more than one machine.
  public var by: String?
}

/// What `stats` shows for one item.
public struct ItemStats: Equatable, Sendable {
  public var name: String
  public var timesBought: Int
  /// The learned interval in days, when there are purchases on at least two days.
  public var interval: Int?
  public var lastBought: Day?
  /// Purchases per week, oldest week first, the last week ending today.
  public var weekly: [Int]

  /// Returns the items most bought first, then by name as `Names.ordered` orders names, with each name's sort
  /// bytes made once: taking two names' keys and walking them on every comparison cost a tenth of `stats`.
  static func sorted(_ items: [ItemStats]) -> [ItemStats] {
    Names.order(
      ofKeys: items.map { Names.key($0.name) },
      first: { i, j in
        items[i].timesBought == items[j].timesBought ? nil : items[i].timesBought > items[j].timesBought
      },
      tie: { i, j in items[i].name < items[j].name }
    )
    .map { items[$0] }
  }
}

extension Groceries {
  /// Returns the purchase log, newest first, for the named items (all when none) since a day.
  public func history(_ names: [String], since: Day?) throws -> [HistoryEntry] {
    let named = names.isEmpty ? Array(items.indices) : try itemIndices(named: names)
    // The items in name order first (each key made once), so that their entries need only be put newest day
    // first, which keeps that order within a day: a history of years compares tens of thousands of entries.
    let chosen = Names.order(
      ofKeys: named.map { Names.key(items[$0].name) },
      tie: { i, j in items[named[i]].name < items[named[j]].name }
    ).map { named[$0] }
    var entries: [HistoryEntry] = []
    for index in chosen {
      let item = items[index]
      for purchase in item.purchases where since.map({ purchase.date >= $0 }) ?? true {
        entries.append(
          HistoryEntry(
            date: purchase.date, name: item.name, quantity: purchase.quantity, category: item.category,
            by: purchase.by))
      }
    }
    return entries.sorted { $0.date > $1.date }
  }

  /// Returns per-item statistics for the named items (all bought ones when none), most bought first.
  public func stats(_ names: [String], today: Day, weeks: Int = 12) throws -> [ItemStats] {
    let chosen =
      names.isEmpty ? items.indices.filter { !items[$0].purchases.isEmpty } : try itemIndices(named: names)
    return ItemStats.sorted(
      chosen.map { index in
        let item = items[index]
        return ItemStats(
          name: item.name, days: item.purchases.map(\.date), earlier: item.earlierPurchases, today: today,
          weeks: weeks)
      })
  }
}

extension ItemStats {
  /// The figures of an item bought once on each of these days (oldest first, a day again for each purchase that
  /// day), with `earlier` purchases before them counted but not kept.
  init(name: String, days: [Day], earlier: Int, today: Day, weeks: Int = 12) {
    var weekly = [Int](repeating: 0, count: weeks)
    for day in days {
      // A day after today (a clock ahead of this one: another time zone, a fast clock) is in no week that ends
      // today; counted in the total all the same.
      let distance = day.days(to: today)
      if distance >= 0 && distance / 7 < weeks { weekly[weeks - 1 - distance / 7] += 1 }
    }
    // The interval as `list --staples` gives it: without a day too far ahead to count (a clock running fast).
    self.init(
      name: name, timesBought: days.count + earlier,
      interval: Cadence.learned(days.prefix(Cadence.counted(days, today: today))),
      lastBought: days.last, weekly: weekly)
  }
}
