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
  public let lastPurchased: Day?

  public init(_ item: Item, fallback: Int) {
    let days = item.purchases.map(\.date)
    learned = Cadence.learned(days)
    interval = max(1, learned ?? fallback)
    lastPurchased = days.last
  }

  /// The median gap between the most recent of these purchase days (oldest first, repeats allowed); nil with
  /// fewer than two days. The cache keeps it for each item, so that `restock --due` reads only the due ones.
  static func learned(_ purchases: [Day]) -> Int? {
    var days: [Day] = []
    for day in purchases where days.last != day { days.append(day) }
    days = Array(days.suffix(Cadence.days))
    let gaps = zip(days, days.dropFirst()).map { $0.days(to: $1) }.sorted()
    if gaps.isEmpty { return nil }
    if gaps.count % 2 == 1 { return gaps[gaps.count / 2] }
    return (gaps[gaps.count / 2 - 1] + gaps[gaps.count / 2] + 1) / 2
  }

  /// The day the staple is next due; a staple never bought is due at once.
  public func nextDue(today: Day) -> Day {
    lastPurchased.map { $0.adding(days: interval) } ?? today
  }

  /// Returns true when the staple is due today or within the given days.
  public func isDue(today: Day, within: Int) -> Bool {
    today.days(to: nextDue(today: today)) <= within
  }
}
