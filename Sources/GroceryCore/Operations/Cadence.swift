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
    var days: [Day] = []
    for purchase in item.purchases where days.last != purchase.date { days.append(purchase.date) }
    days = Array(days.suffix(Cadence.days))
    let gaps = zip(days, days.dropFirst()).map { $0.days(to: $1) }.sorted()
    if gaps.isEmpty {
      learned = nil
    } else if gaps.count % 2 == 1 {
      learned = gaps[gaps.count / 2]
    } else {
      learned = (gaps[gaps.count / 2 - 1] + gaps[gaps.count / 2] + 1) / 2
    }
    interval = max(1, learned ?? fallback)
    lastPurchased = days.last
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
