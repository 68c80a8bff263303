#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How often a staple is bought, learned from its recent purchases.
public struct Cadence: Equatable, Sendable {
  /// How many of the most recent purchase days the interval is learned from, so that a changed habit is learned
  /// and the work stays the same however long the history grows.
  public static let days = 27

  /// The median gap in days between the most recent purchase days, when there are at least two.
  public let learned: Int?
  /// The interval used: the learned one, or the fallback.
  public let interval: Int
  /// The latest purchase counted.
  public let lastPurchased: Day?
  /// The latest purchase, when it is dated too far ahead of today to count.
  public let aheadOfToday: Day?

  /// How many days after today a purchase may be dated and count: a time zone whose midnight has passed dates one
  /// tomorrow, and no two are further apart than two days. One dated later was dated by a clock that was wrong (a
  /// phone set years ahead): counted, it would keep the staple from coming due until then, so it counts only once
  /// its day is near.
  public static let clockSlack = 2

  public init(_ item: Item, fallback: Int, today: Day) {
    let counted = Cadence.counted(item.purchases.lazy.map(\.date), today: today)
    let dates = item.purchases[..<counted].lazy.map(\.date)
    learned = Cadence.learned(dates)
    interval = max(1, learned ?? fallback)
    lastPurchased = dates.last
    aheadOfToday = counted < item.purchases.count ? item.purchases.last?.date : nil
  }

  /// How many of these purchase days (oldest first) count: those up to the last dated no more than `clockSlack`
  /// days after today. Read from the newest back, which is the end at once but for a day dated ahead.
  static func counted(_ days: some BidirectionalCollection<Day>, today: Day) -> Int {
    let limit = today.adding(days: clockSlack)
    var count = days.count
    for day in days.reversed() {
      if day <= limit { break }
      count -= 1
    }
    return count
  }

  /// The median gap between the most recent of these purchase days (oldest first, repeats allowed); nil with
  /// fewer than two days. The cache keeps it for each item, so that `restock --due` reads only the due ones.
  ///
  /// Reads back from the newest day and stops at the `days`-th different one: every list works this out for
  /// every item it shows, so it copies no more than that.
  static func learned(_ purchases: some BidirectionalCollection<Day>) -> Int? {
    var gaps: [Int] = []
    gaps.reserveCapacity(Cadence.days - 1)
    var later: Day?
    for day in purchases.reversed() where day != later {
      if let later {
        gaps.append(day.days(to: later))
        if gaps.count == Cadence.days - 1 { break }
      }
      later = day
    }
    if gaps.isEmpty { return nil }
    gaps.sort()
    if gaps.count % 2 == 1 { return gaps[gaps.count / 2] }
    return (gaps[gaps.count / 2 - 1] + gaps[gaps.count / 2] + 1) / 2
  }

  /// The day the staple is next due; a staple never bought is due at once. Never after the last day grocery
  /// keeps: an interval learned from a purchase a clock dated near the end of 9999 would run past it.
  public func nextDue(today: Day) -> Day {
    lastPurchased.map { min($0.adding(days: min(interval, $0.days(to: .last))), .last) } ?? today
  }

  /// Returns true when the staple is due today or within the given days.
  public func isDue(today: Day, within: Int) -> Bool {
    today.days(to: nextDue(today: today)) <= within
  }
}
