import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// The trip table of `stats`: read from the cache's kept trips and settled totals, the same as from every trip.
@Suite struct TripStatsTests {
  let folder = TemporaryDirectory()
  /// 06:00 UTC on the fixed day, so that every trip of the day is on that day.
  let base = Fixed.now - 6 * 3600
  let ann: HouseholdStore
  let bob: HouseholdStore

  init() {
    ann = TripStatsTests.machine("ann", in: folder)
    bob = TripStatsTests.machine("bob", in: folder)
  }

  static func machine(_ name: String, in folder: TemporaryDirectory) -> HouseholdStore {
    HouseholdStore(
      path: folder.file("household"), folder: folder.file("household"),
      stateFolder: folder.file("state-" + name),
      defaultMachineName: name)
  }

  func at(_ minutes: Double) -> Date { base + minutes * 60 }

  func buy(_ names: [String], _ store: HouseholdStore, at minutes: Double) throws {
    try store.update(summary: { _ in "purchase" }, now: at(minutes)) {
      _ = try $0.purchase(names, on: Fixed.today, today: Fixed.today, now: at(minutes))
    }
  }

  /// Two machines' trips, more than the kept few each, at three stores and anywhere: one store renamed after trips
  /// there, a trip closed by the inactivity rule, a stop undone, trips that bought nothing and trips under way.
  func shop() throws {
    try ann.update(summary: { _ in "set up" }, now: at(-60)) {
      for name in ["Costco", "Aldi", "Lidl"] { _ = try $0.addLocation(name) }
      _ = try $0.add(
        ["Milk", "Bananas", "Bread", "Batteries"], changes: ItemChanges(), today: Fixed.today, now: at(-60),
        newID: UUID.init)
    }
    _ = try ann.startTrip(at: "costco", now: at(0))
    try buy(["milk"], ann, at: 5)
    _ = try bob.startTrip(at: "costco", now: at(10))
    try buy(["bananas"], ann, at: 12.4)
    try buy(["batteries"], bob, at: 15)
    _ = try ann.stopTrip(now: at(30))
    _ = try bob.stopTrip(now: at(40))
    _ = try ann.startTrip(at: "aldi", now: at(60))
    try buy(["bread"], ann, at: 70)
    _ = try ann.stopTrip(now: at(95.5))
    _ = try ann.startTrip(at: nil, now: at(120))
    try buy(["milk"], ann, at: 125)
    _ = try bob.startTrip(at: "lidl", now: at(130))
    try buy(["milk"], bob, at: 140)
    _ = try bob.stopTrip(now: at(150))
    _ = try bob.startTrip(at: "aldi", now: at(300))
    try buy(["bread", "bananas"], bob, at: 310)
    _ = try bob.stopTrip(now: at(330))
    // More than two hours after its last purchase: the trip anywhere ended at 125.
    _ = try ann.startTrip(at: "aldi", now: at(400))
    _ = try ann.stopTrip(now: at(410))
    _ = try ann.startTrip(at: "costco", now: at(420))
    try buy(["bananas", "milk"], ann, at: 430)
    _ = try ann.stopTrip(now: at(450))
    #expect(try ann.undo(now: at(451)).summary == "stop the trip at Costco")
    try buy(["bread"], ann, at: 455)
    _ = try bob.startTrip(at: nil, now: at(460))
    try buy(["milk"], bob, at: 470)
    _ = try bob.stopTrip(now: at(480) + 0.001)
    _ = try ann.startTrip(at: "lidl", now: at(500))
    try buy(["milk"], ann, at: 510)
    _ = try ann.stopTrip(now: at(520))
    try ann.update(summary: { _ in "rename" }, now: at(530)) {
      _ = try $0.renameLocation("aldi", to: "Aldi Nord")
    }
    _ = try ann.startTrip(at: "aldi nord", now: at(600))
    try buy(["bananas"], ann, at: 610)
    _ = try ann.stopTrip(now: at(640))
    _ = try bob.startTrip(at: "costco", now: at(650))
    try buy(["bread"], bob, at: 660)
    _ = try bob.stopTrip(now: at(690))
    _ = try ann.startTrip(at: "costco", now: at(700))
    try buy(["milk"], ann, at: 705)
    _ = try bob.startTrip(at: "aldi nord", now: at(710))
  }

  /// The table `shop()` leaves at minute 720, worked out by hand: the trips under way and those that bought
  /// nothing left out, and the trip anywhere of 20 minutes and a millisecond.
  var expected: [StoreTripStats] {
    [
      StoreTripStats(store: "Costco", trips: 4, averageDuration: 45 * 60, itemsPerMinute: 7.0 / 180),
      StoreTripStats(store: "Aldi Nord", trips: 3, averageDuration: 6330.0 / 3, itemsPerMinute: 4 / 105.5),
      StoreTripStats(store: "Lidl", trips: 2, averageDuration: 20 * 60, itemsPerMinute: 2.0 / 40),
      StoreTripStats(store: nil, trips: 2, averageDuration: 750.0005, itemsPerMinute: 2 / (1500.001 / 60)),
    ]
  }

  func state(_ store: HouseholdStore) throws -> HouseholdState {
    try store.read(.all, machine: try store.identity().id).state
  }

  @Test func theTripTableFromTheCacheIsTheOneEveryTripGives() throws {
    try shop()
    for store in [ann, bob] {
      #expect(try store.tripStats(now: at(720)) == expected)
      #expect(StoreTripStats.byStore(try store.trips(now: at(720))) == expected)
      #expect(try store.loadRecent() == store.load(), "stats' read of named items gives the everyday view")
    }
    // Each machine's trips beyond the kept few were pruned into the settled totals.
    let settled = try state(ann).trips.settled
    #expect(settled.values.map(\.trips).sorted() == [1, 1, 2, 3])
    #expect(try state(ann).trips.trips.count == 2 * TripBook.kept)
  }

  @Test func aTripUnderWayCountsOnceItEnds() throws {
    try shop()
    _ = try ann.stopTrip(now: at(715))
    var table = expected
    table[0] = StoreTripStats(store: "Costco", trips: 5, averageDuration: 39 * 60, itemsPerMinute: 8.0 / 195)
    #expect(try ann.tripStats(now: at(720)) == table)
    #expect(StoreTripStats.byStore(try ann.trips(now: at(720))) == table)
  }

  @Test func theCacheReadBackGivesTheTotalsAndTableARebuildGives() throws {
    try shop()
    let (cached, folded) = try ann.cachedAndFolded()
    #expect(!cached.state.trips.settled.isEmpty)
    #expect(cached.state.trips == folded.state.trips)
    unlink(ann.cachePath)
    #expect(try ann.tripStats(now: at(720)) == expected)
  }

  /// Lidl's two trips (one pruned into the settled totals, one kept) stay its own once it is removed, and a store
  /// added later under its name starts with none of them.
  @Test func aRemovedStoresTripsAreNotThoseOfAStoreAddedUnderItsName() throws {
    try shop()
    try ann.update(summary: { _ in "replace Lidl" }, now: at(712)) {
      _ = try $0.removeLocation("lidl", now: at(712))
      _ = try $0.addLocation("Lidl")
    }
    _ = try bob.startTrip(at: "lidl", now: at(713))
    try buy(["milk", "bread"], bob, at: 714)
    _ = try bob.stopTrip(now: at(716))
    var table = expected
    table.append(StoreTripStats(store: "Lidl", trips: 1, averageDuration: 3 * 60, itemsPerMinute: 2.0 / 3))
    table[2].removed = true
    for store in [ann, bob] {
      #expect(try store.tripStats(now: at(720)) == table)
      #expect(StoreTripStats.byStore(try store.trips(now: at(720))) == table)
    }
    let stats = TripRenderer.stats(table)
    #expect(stats.contains("\nLidl (removed)      2   20 min        0.1\n"), "\(stats)")
    #expect(stats.contains("\nLidl                1    3 min        0.7\n"), "\(stats)")
    let list = TripRenderer.list(try ann.trips(now: at(720)), now: at(720))
    #expect(list.contains("Lidl (store removed; by"), "\(list)")
  }

  /// Stores are told apart by name, as the list shows them: two a sync brought under one name (one came back by
  /// an undo while the other was renamed to it) are one row, as are two removed stores of one name; a removed
  /// store is a row apart from the one there now under its name, which comes first, in the same order every time.
  @Test func storesAreRowsByNameAndRemovedStoresApart() {
    func totals(_ store: String, removed: Bool, minutes: Int64) -> TripTotals {
      TripTotals(store: store, removed: removed, trips: 1, milliseconds: minutes * 60_000, items: 2)
    }
    let all = [
      totals("Market", removed: true, minutes: 10), totals("market", removed: false, minutes: 30),
      totals("Market", removed: true, minutes: 20), totals("Market", removed: false, minutes: 50),
    ]
    for order in [all, all.reversed()] {
      let rows = StoreTripStats.byStore(totals: order)
      #expect(rows.map(\.removed) == [false, true])
      #expect(rows.map(\.trips) == [2, 2])
      #expect(rows.map(\.averageDuration) == [2400, 900])
    }
  }

  @Test func aCacheOfAnOlderLayoutWithoutSettledTotalsIsRebuilt() throws {
    try shop()
    _ = try ann.tripStats(now: at(720))
    let cache = try Database(path: ann.cachePath, create: false)
    try cache.execute("DELETE FROM settled; PRAGMA user_version = 0")
    #expect(try ann.tripStats(now: at(720)) == expected)
  }

  func changes(_ store: HouseholdStore, machine: String) throws -> [Change] {
    var all: [Change] = []
    _ = try ChangeLog.read(
      store.logsFolder + "/" + machine + ".jsonl", machine: machine,
      from: ChangeLog.Position(offset: 0, lines: 0, last: .zero), shownAs: "log"
    ) { change, _, _ in all.append(change) }
    return all
  }

  @Test func theSettledTotalsAreTheSameWhicheverOrderTheLogsAreFoldedIn() throws {
    try shop()
    let annsChanges = try changes(ann, machine: try ann.identity().id)
    let bobsChanges = try changes(ann, machine: try bob.identity().id)
    func everyday(_ changes: [Change]) -> HouseholdState {
      var state = HouseholdState.initial
      for change in changes { state.apply(change) }
      return state
    }
    let annFirst = everyday(annsChanges + bobsChanges)
    let bobFirst = everyday(bobsChanges + annsChanges)
    let byTime = everyday((annsChanges + bobsChanges).sorted { $0.stamp < $1.stamp })
    var whole = HouseholdState.initial
    whole.keepsAllTrips = true
    for change in bobsChanges + annsChanges { whole.apply(change) }
    whole.trips.pruneAll()
    #expect(!annFirst.needsRebuild && !bobFirst.needsRebuild && !byTime.needsRebuild)
    #expect(annFirst.trips.settled.count == 4)
    #expect(annFirst.trips == bobFirst.trips)
    #expect(annFirst.trips == byTime.trips)
    #expect(annFirst.trips == whole.trips)
  }
}
