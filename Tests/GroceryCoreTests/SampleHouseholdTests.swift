import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// `init --sample` writes the sample household as it grew: its last weeks' purchases made on real trips, so that
/// `stats`, `trip --list` and the walk-order suggestion have something to show, and the household it ends with is
/// the sample itself.
@Suite struct SampleHouseholdTests {
  let folder = TemporaryDirectory()

  var store: HouseholdStore {
    HouseholdStore(
      path: folder.file("household"), folder: folder.file("household"), stateFolder: folder.file("state"),
      defaultMachineName: "sample")
  }

  /// What a test compares of an item: everything the list, the staples and the history show.
  struct Seen: Equatable {
    var name: String
    var category: String
    var quantity: Int
    var note: String?
    var locations: [String]
    var isStaple: Bool
    var isOnList: Bool
    var unavailableOn: Day?
    var purchases: [String]

    init(_ item: Item) {
      (name, category, quantity, note, locations) = (
        item.name, item.category, item.quantity, item.note, item.locations
      )
      (isStaple, isOnList, unavailableOn) = (item.isStaple, item.isOnList, item.unavailableOn)
      purchases = item.purchases.map { "\($0.date) x\($0.quantity)" }.sorted()
    }
  }

  @Test func theHouseholdWrittenIsTheSample() throws {
    _ = try store.createSample(today: Fixed.today, now: Fixed.now)
    let sample = SampleHousehold.make(today: Fixed.today, now: Fixed.now)
    let read = try store.loadHistory()
    #expect(read.items.map(Seen.init) == sample.items.map(Seen.init))
    #expect(read.categories.map(\.name) == sample.categories.map(\.name))
    #expect(read.locations.map(\.name) == sample.locations.map(\.name))
    #expect(read.locations.map(\.categoryOrder) == sample.locations.map(\.categoryOrder))
    #expect(read.items.filter(\.isOnList).count > 10)
  }

  /// Each purchase of the last weeks before today is on a trip at the store its item is kept at (else the corner
  /// shop), checked off in that store's walk order, one moment each; every trip is stopped.
  @Test func theLastWeeksPurchasesAreTripsInWalkOrder() throws {
    _ = try store.createSample(today: Fixed.today, now: Fixed.now)
    let sample = SampleHousehold.make(today: Fixed.today, now: Fixed.now)
    let trips = try store.trips(now: Fixed.now)
    let first = Fixed.today.adding(days: -SampleHousehold.tripDays)
    let bought = sample.items.flatMap { item in
      item.purchases.filter { $0.date >= first && $0.date < Fixed.today }.map { _ in item.name }
    }
    #expect(trips.count >= 10)
    #expect(trips.flatMap { $0.purchases.map(\.name) }.sorted() == bought.sorted())
    #expect(Set(trips.compactMap(\.store)) == ["Corner Market", "Costco", "Farmers Market"])
    for trip in trips {
      #expect(trip.ending == .stopped && trip.end! > trip.purchases.last!.at, "\(trip)")
      let order = sample.walkOrder(at: trip.store)
      let ranks = trip.purchases.map { order.firstIndex(of: $0.category!)! }
      #expect(ranks == ranks.sorted(), "\(trip.purchases.map(\.name)) at \(trip.store!)")
      #expect(Set(trip.purchases.map(\.at)).count == trip.purchases.count)
      for purchase in trip.purchases {
        let item = try #require(sample.items.first { $0.name == purchase.name })
        #expect(trip.store == item.locations.first ?? "Corner Market")
        #expect(Day(purchase.at, utcOffset: LocalTime.utcOffset(at: purchase.at) ?? 0) < Fixed.today)
      }
    }
    // Each change does what its summary says: this morning's, newest first.
    let summaries = try store.undoList().prefix(4).map(\.summary)
    #expect(summaries.prefix(2) == ["edit Avocados", "purchase Bananas, Milk"], "\(summaries)")
    #expect(summaries[2].hasPrefix("add ") && summaries[3].hasPrefix("restock "), "\(summaries)")
  }

  /// A sample that fails half written (here a trip at a store it does not have; in life a full disk) is taken back
  /// whole: no household folder, no identity, no cache, as before it began.
  @Test func aSampleThatFailsHalfWrittenIsTakenBack() throws {
    var history = SampleHousehold.history(today: Fixed.today, now: Fixed.now)
    history.trips[3].store = "Nowhere"
    #expect(throws: GroceryError.self) {
      try store.createSample(history, today: Fixed.today, now: Fixed.now)
    }
    #expect(!FileManager.default.fileExists(atPath: folder.file("household")))
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.file("state"))
    #expect(left == ["lock"], "only the lock, which another grocery may be waiting on")
    _ = try store.createSample(today: Fixed.today, now: Fixed.now)
    #expect(try store.loadHistory().items.count == 61)
  }
}
