import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// The text of `trip`, `trip --list` and the trip lines of `stats`, at fixed times in a fixed zone.
@Suite struct TripRendererTests {
  let start = Fixed.now
  let minute: TimeInterval = 60
  /// One hour ahead of UTC, so that noon UTC shows as 13:00.
  let zone: (Date) -> Int = { _ in 3600 }

  func purchase(_ name: String, _ category: String, quantity: Int = 1, after minutes: Double) -> TripPurchase
  {
    TripPurchase(item: UUID(), name: name, category: category, quantity: quantity, at: start + minutes * 60)
  }

  func trip(
    at store: String?, from offset: Double = 0, minutes: Double?, ending: TripEnding = .stopped,
    _ purchases: [TripPurchase] = [], by: String? = nil
  ) -> TripRecord {
    TripRecord(
      id: UUID(), machine: "00000000000000aa", by: by, store: store, start: start + offset * 60,
      end: minutes.map { start + (offset + $0) * 60 }, ending: ending, purchases: purchases)
  }

  var shopping: [TripPurchase] {
    [
      purchase("Bananas", "Produce", after: 4), purchase("Milk", "Dairy & Fridge", quantity: 2, after: 12),
      purchase("Batteries", "Uncategorized", after: 12),
    ]
  }

  @Test func aTripUnderWayShowsItsTimeSoFarAndWhatWasBought() {
    #expect(
      TripRenderer.status(
        trip(at: "Costco", minutes: nil, ending: .open, shopping), now: start + 25 * minute, utcOffset: zone)
          == """
          Trip at Costco, started 13:00, 25 min so far
            13:04  Bananas
            13:12  Milk x2
            13:12  Batteries

          3 items bought so far

          """)
  }

  /// This machine's clock set back since the last purchase (NTP): the trip has taken at least until then.
  @Test func aTripUnderWayWithTheClockSetBackHasTakenAtLeastUntilItsLastPurchase() {
    let status = TripRenderer.status(
      trip(at: "Costco", minutes: nil, ending: .open, shopping), now: start + 5 * minute, utcOffset: zone)
    #expect(status.hasPrefix("Trip at Costco, started 13:00, 12 min so far\n"), "\(status)")
  }

  @Test func aTripAcrossMidnightKeepsItsNamesInOneColumn() {
    // Starts 13:00 local; 11 h and 12 h later the clock is past midnight, and those times carry no day.
    let late = [
      purchase("Tea", "Snacks", after: 10 * 60), purchase("Eggs", "Dairy & Fridge", after: 11 * 60 + 30),
    ]
    #expect(
      TripRenderer.status(
        trip(at: nil, minutes: nil, ending: .open, late), now: start + (11 * 60 + 40) * minute,
        utcOffset: zone)
          == """
          Trip anywhere, started 2026-11-21 13:00, 11 h 40 min so far
            2026-11-21 23:00  Tea
            2026-11-22 00:30  Eggs

          2 items bought so far

          """)
  }

  @Test func aTripJustStartedHasNothingBoughtYet() {
    #expect(
      TripRenderer.status(trip(at: nil, minutes: nil, ending: .open), now: start, utcOffset: zone) == """
        Trip anywhere, started 13:00, 0 min so far

        Nothing bought yet.

        """)
  }

  /// This machine's own trip: who made it goes without saying, where a household of several machines said it.
  @Test func aStoppedTripShowsWhenItRanAndHowLong() {
    #expect(
      TripRenderer.status(
        trip(at: "Costco", minutes: 75, shopping, by: "alice"), now: start + 80 * minute, utcOffset: zone)
          == """
          Trip at Costco, 13:00 to 14:15 (1 h 15 min)
            13:04  Bananas
            13:12  Milk x2
            13:12  Batteries

          3 items bought

          """)
  }

  @Test func aTripClosedByTheInactivityRuleSaysSoAndWhy() {
    let idle = trip(at: "Costco", minutes: 12, ending: .idle, Array(shopping.prefix(2)))
    #expect(
      TripRenderer.status(idle, now: start + 5 * 3600, utcOffset: zone) == """
        Trip at Costco, 13:00 to 13:12 (12 min): closed after 2 h without a purchase, at
          its last purchase
          13:04  Bananas
          13:12  Milk x2

        2 items bought

        """)
    #expect(
      TripRenderer.status(trip(at: nil, minutes: 0, ending: .idle), now: start + 26 * 3600, utcOffset: zone)
        == """
        Trip anywhere, 2026-11-21 13:00 to 2026-11-21 13:00 (0 min): closed after 2 h
          without a purchase, at its start

        Nothing bought.

        """)
  }

  @Test func startingATripSaysWhichOneItEndedFirst() {
    let fresh = trip(at: nil, from: 40, minutes: nil, ending: .open)
    #expect(
      TripRenderer.started(TripStart(trip: fresh, ended: nil), now: start + 40 * minute, utcOffset: zone)
        == "Started a trip anywhere at 13:40.\n")
    let ended = trip(at: "Costco", minutes: 40, shopping)
    #expect(
      TripRenderer.started(TripStart(trip: fresh, ended: ended), now: start + 40 * minute, utcOffset: zone)
        == """
        Ended the trip at Costco started 13:00: 40 min, 3 items bought.
        Started a trip anywhere at 13:40.

        """)
    let idle = trip(at: "Costco", minutes: 12, ending: .idle, shopping)
    #expect(
      TripRenderer.started(TripStart(trip: fresh, ended: idle), now: start + 40 * minute, utcOffset: zone)
        == """
        Ended the trip at Costco started 13:00: 12 min, 3 items bought (closed after 2 h
          without a purchase).
        Started a trip anywhere at 13:40.

        """)
  }

  @Test func startingATripAtAStoreWithALongNameFitsEightyColumns() {
    let long = String(repeating: "Grocer ", count: 11) + "Outlet"
    let fresh = trip(at: long, from: 40, minutes: nil, ending: .open)
    #expect(
      TripRenderer.started(TripStart(trip: fresh, ended: nil), now: start + 40 * minute, utcOffset: zone)
        == """
        Started a trip at Grocer Grocer Grocer Grocer Grocer Grocer Grocer Grocer Grocer
          Grocer Grocer Outlet at 13:40.

        """)
  }

  @Test func noTripSaysSo() {
    #expect(TripRenderer.status(nil, now: start) == "No trip under way.\n")
    #expect(TripRenderer.list([], now: start) == "No trips yet.\n")
  }

  @Test func theListShowsEveryTripNewestFirstInColumnsWrappingThePlaceIn80Columns() {
    let trips = [
      trip(at: "Costco", minutes: 75, shopping),
      trip(
        at: nil, from: 24 * 60, minutes: 9, ending: .idle,
        [purchase("Milk", "Dairy & Fridge", after: 24 * 60 + 9)]),
      trip(at: "Corner shop", from: 48 * 60, minutes: nil, ending: .open, by: "bob"),
    ]
    #expect(
      TripRenderer.list(trips, now: start + 49 * 3600, utcOffset: zone) == """
        2026-11-23 13:00-             open  0 items  Corner shop (by bob)
        2026-11-22 13:00-13:09       9 min   1 item  anywhere (closed after 2 h without
                                                     a purchase)
        2026-11-21 13:00-14:15  1 h 15 min  3 items  Costco

        """)
  }

  @Test func aTripThatEndedOnALaterDayShowsItsEndAsATimeAndHowManyDaysLater() {
    // 13:00 local plus 11 h 20 min is 00:20 the next day; plus 35 h, 00:00 two days later.
    let trips = [
      trip(at: "Costco", minutes: 11 * 60 + 20, [purchase("Tea", "Snacks", after: 11 * 60 + 20)]),
      trip(at: nil, from: 3 * 24 * 60, minutes: 35 * 60, [purchase("Eggs", "Dairy & Fridge", after: 1)]),
      trip(at: "Corner shop", from: 6 * 24 * 60, minutes: 9),
    ]
    #expect(
      TripRenderer.list(trips, now: start + 7 * 24 * 3600, utcOffset: zone) == """
        2026-11-27 13:00-13:09          9 min  0 items  Corner shop
        2026-11-24 13:00-00:00+2         35 h   1 item  anywhere
        2026-11-21 13:00-00:20+1  11 h 20 min   1 item  Costco

        """)
  }

  /// Milk and the batteries were checked off at one moment: they are one group.
  @Test func checkOffsAtAStoreAreTheCategoriesOfItsTripsInOrder() {
    let trips = [
      trip(at: "Costco", minutes: 30, shopping), trip(at: nil, minutes: 10, shopping),
      trip(at: "costco", minutes: nil, ending: .open, Array(shopping.prefix(1))),
      trip(at: "Corner shop", minutes: 5),
    ]
    #expect(
      TripRecord.checkOffs(trips, at: "COSTCO") == [
        [["Produce"], ["Dairy & Fridge", "Uncategorized"]], [["Produce"]],
      ])
  }

  @Test func durationsAreInWholeMinutesAndHours() {
    #expect(
      [0, 59, 60, 600, 3599, 3600, 3660, 7200, 8400].map { TripRenderer.duration($0) } == [
        "0 min", "0 min", "1 min", "10 min", "59 min", "1 h", "1 h 01 min", "2 h", "2 h 20 min",
      ])
  }

  @Test func statsAverageEachStoresFinishedTripsThatBoughtSomething() {
    let trips = [
      trip(at: "Costco", minutes: 30, shopping),
      trip(at: "costco", minutes: 50, Array(shopping.prefix(1))),
      trip(at: nil, minutes: 10, [purchase("Milk", "Dairy & Fridge", after: 10)]),
      trip(at: "Costco", minutes: nil, ending: .open, shopping),
      trip(at: "Corner shop", minutes: 20),
    ]
    let rows = StoreTripStats.byStore(trips)
    #expect(
      rows == [
        StoreTripStats(store: "costco", trips: 2, averageDuration: 40 * minute, itemsPerMinute: 0.05),
        StoreTripStats(store: nil, trips: 1, averageDuration: 10 * minute, itemsPerMinute: 0.1),
      ])
    #expect(
      TripRenderer.stats(rows) == """
        STORE     TRIPS  AVERAGE  ITEMS/MIN
        costco        2   40 min        0.1
        anywhere      1   10 min        0.1

        """)
    #expect(TripRenderer.stats([]) == "No finished trips yet.\n")
    // The average is rounded to the minute, as the rate is: 26 min 40 s is 27 min, 26 min 29 s is 26 min.
    let averages = [26 * minute + 40, 26 * minute + 29].map {
      TripRenderer.stats([StoreTripStats(store: "Aldi", trips: 3, averageDuration: $0, itemsPerMinute: 0.5)])
    }
    #expect(
      averages.map { $0.split(separator: "\n")[1] } == [
        "Aldi       3   27 min        0.5", "Aldi       3   26 min        0.5",
      ])
    // A slow trip's rate is under a tenth, not none.
    let slow = [
      StoreTripStats(store: "Aldi", trips: 1, averageDuration: 360 * minute, itemsPerMinute: 3 / 360)
    ]
    #expect(
      TripRenderer.stats(slow) == "STORE  TRIPS  AVERAGE  ITEMS/MIN\nAldi       1      6 h       <0.1\n",
      "\(TripRenderer.stats(slow))"
    )
  }

  @Test func statsCutAStoreNameTooLongFor80Columns() {
    let rows = [
      StoreTripStats(
        store: String(repeating: "M", count: 100), trips: 12, averageDuration: 75 * minute,
        itemsPerMinute: 0.5)
    ]
    #expect(
      TripRenderer.stats(rows) == """
        STORE\(String(repeating: " ", count: 45))  TRIPS     AVERAGE  ITEMS/MIN
        \(String(repeating: "M", count: 47))...     12  1 h 15 min        0.5

        """)
  }
}
