#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One shopping trip: where, when, and what was bought on it in the order it was checked off.
public struct TripRecord: Equatable, Sendable {
  /// How long a trip may go without a purchase before it is taken to have ended at its last one.
  ///
  /// Nobody shops for two hours between two items; a trip left open that long was forgotten, and ending it at its
  /// last purchase (or its start, when nothing was bought) keeps the times true instead of days long.
  public static let idleLimit: TimeInterval = 2 * 3600

  public var id: UUID
  /// The id of the machine that made the trip.
  public var machine: String
  /// That machine's name for people, when the household has more than one machine.
  public var by: String?
  /// The name of the location shopped at, as it is called now; nil for anywhere.
  public var store: String?
  /// True when the location has been removed since: a store added later under its name is another store, with
  /// trips of its own.
  public var storeRemoved: Bool
  public var start: Date
  /// When it ended; nil while it is under way.
  public var end: Date?
  public var ending: TripEnding
  /// The purchases made on it, in the order they were made.
  public var purchases: [TripPurchase]

  public init(
    id: UUID, machine: String, by: String? = nil, store: String?, storeRemoved: Bool = false,
    start: Date, end: Date?, ending: TripEnding, purchases: [TripPurchase]
  ) {
    self.id = id
    self.machine = machine
    self.by = by
    self.store = store
    self.storeRemoved = storeRemoved
    self.start = start
    self.end = end
    self.ending = ending
    self.purchases = purchases
  }

  /// How long the trip took; nil while it is under way.
  public var duration: TimeInterval? { end.map { $0.timeIntervalSince(start) } }

  /// How long the trip has taken so far, or took. Under way, it has taken at least until its last purchase:
  /// a clock set back since (NTP) never makes it shorter.
  public func elapsed(now: Date) -> TimeInterval {
    (end ?? max(now, purchases.last?.at ?? start)).timeIntervalSince(start)
  }

  /// Where the trip was, as a heading says it: `at Costco`, `at Aldi (removed)` or `anywhere`.
  public var place: String {
    store.map { "at " + $0 + (storeRemoved ? " (removed)" : "") } ?? "anywhere"
  }

  /// The categories of the purchases of every trip at the store, in check-off order, those checked off at one
  /// moment together: what `WalkOrderLearning.suggest(checkOffs:present:)` learns from. A trip at a store removed
  /// since, which may have had its name, and a purchase in a category removed since, say nothing.
  public static func checkOffs(_ trips: [TripRecord], at store: String) -> [[[String]]] {
    trips.filter { !$0.storeRemoved && $0.store.map(Names.key) == Names.key(store) }.map { trip in
      var groups: [[String]] = []
      var moment: Date?
      for purchase in trip.purchases {
        guard let category = purchase.category else { continue }
        if purchase.at == moment {
          groups[groups.count - 1].append(category)
        } else {
          groups.append([category])
          moment = purchase.at
        }
      }
      return groups
    }
  }
}
