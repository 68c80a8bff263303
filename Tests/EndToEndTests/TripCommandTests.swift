import Foundation
import TestSupport
import Testing

/// Trips, category colours, `list --flat` and the learned walk order, through the real binary.
@Suite struct TripCommandTests {
  /// A household with a store and three items in three categories, made at 09:00 on 2026-11-21.
  static func household() throws -> Scenario {
    let scenario = Scenario(now: "2026-11-21T09:00:00Z")
    try scenario.given(
      ["location", "add", "Market"], ["add", "milk", "-c", "dairy"], ["add", "apples", "-c", "produce"],
      ["add", "bread", "-c", "bread"])
    return scenario
  }

  @Test func aTripRecordsWhereWhenAndWhatWasBoughtOnIt() throws {
    var scenario = try TripCommandTests.household()
    scenario.grocery.environment["GROCERY_NOW"] = "2026-11-21T10:00:00Z"
    try scenario.expect(["trip"], stdout: "No trip under way.\n")
    try scenario.expect(["trip", "--list"], stdout: "No trips yet.\n")
    try scenario.expect(["trip", "start", "--at", "market"], stdout: "Started a trip at Market at 10:00.\n")
    scenario.grocery.environment["GROCERY_NOW"] = "2026-11-21T10:04:00Z"
    try scenario.expect(["buy", "apples"], stdout: "bought: apples\n")
    scenario.grocery.environment["GROCERY_NOW"] = "2026-11-21T10:17:00Z"
    try scenario.expect(["buy", "milk"], stdout: "bought: milk\n")
    scenario.grocery.environment["GROCERY_NOW"] = "2026-11-21T10:20:00Z"
    try scenario.expect(
      ["trip"],
      stdout: """
        Trip at Market, started 10:00, 20 min so far
          10:04  apples
          10:17  milk

        2 items bought so far

        """)
    scenario.grocery.environment["GROCERY_NOW"] = "2026-11-21T10:25:00Z"
    try scenario.expect(
      ["trip", "stop"],
      stdout: """
        Trip at Market, 10:00 to 10:25 (25 min)
          10:04  apples
          10:17  milk

        2 items bought

        """)
    try scenario.expect(["trip"], stdout: "No trip under way.\n")
    scenario.grocery.environment["GROCERY_NOW"] = "2026-11-22T08:00:00Z"
    try scenario.expect(["trip", "--list"], stdout: "2026-11-21 10:00-10:25  25 min  2 items  Market\n")
    try scenario.expect(
      ["undo", "--list"],
      stdout: """
        1. stop the trip at Market  (2026-11-21 10:25)
        2. purchase milk  (2026-11-21 10:17)
        3. purchase apples  (2026-11-21 10:04)
        4. start a trip at Market  (2026-11-21 10:00)
        5. add bread  (2026-11-21 09:00)
        6. add apples  (2026-11-21 09:00)
        7. add milk  (2026-11-21 09:00)
        8. add location Market  (2026-11-21 09:00)

        """)
  }

  /// A trip start undone once its machine has let a trip go leaves the cache as a rebuild makes it, the trip the
  /// start had let go counted again, where `check` found the trips unlike the logs' (found by a trial); one of a
  /// machine that never let a trip go folds on from the cache, with no reading of every log (found by a review).
  @Test(arguments: [2, 3])
  func anUndoneTripStartLeavesTheCacheAsARebuildWould(trips: Int) throws {
    var scenario = try TripCommandTests.household()
    for day in 22..<(22 + trips) {
      for (minute, command) in [(0, ["trip", "start"]), (6, ["buy", "milk"]), (10, ["trip", "stop"])] {
        scenario.grocery.environment["GROCERY_NOW"] =
          "2026-11-\(day)T10:\(String(format: "%02d", minute)):00Z"
        try scenario.given(command)
      }
    }
    let cache = try scenario.grocery.household().stateFolder + "/cache.sqlite"
    let before = try #require(
      try FileManager.default.attributesOfItem(atPath: cache)[.systemFileNumber] as? Int)
    scenario.grocery.environment["GROCERY_NOW"] = "2026-11-28T10:00:00Z"
    try scenario.given(["trip", "start"])
    try scenario.expect(["undo"], stdout: "undid: start a trip\n")
    try scenario.given(["list"])
    let after = try #require(
      try FileManager.default.attributesOfItem(atPath: cache)[.systemFileNumber] as? Int)
    // A rebuild writes a new file in the cache's place.
    #expect((after != before) == (trips == 3), "rebuilt only when a trip was let go")
    let check = try scenario.grocery.run(["check"])
    #expect(check.status == 0 && check.stdout.hasSuffix("\nall is well\n"), "\(check)")
    #expect(
      try scenario.grocery.run(["stats"]).stdout.contains("\nanywhere      \(trips)   10 min        0.1\n"))
  }

  @Test func startingATripEndsTheOneStillOpen() throws {
    var scenario = try TripCommandTests.household()
    scenario.grocery.environment["GROCERY_NOW"] = "2026-11-21T10:00:00Z"
    try scenario.given(["trip", "start"])
    scenario.grocery.environment["GROCERY_NOW"] = "2026-11-21T10:10:00Z"
    try scenario.given(["buy", "bread"])
    scenario.grocery.environment["GROCERY_NOW"] = "2026-11-21T10:30:00Z"
    try scenario.expect(["--quiet", "trip", "start", "--at", "Market"])
    try scenario.expect(["undo"], stdout: "undid: start a trip at Market\n")
    try scenario.expect(
      ["trip", "start", "--at", "Market"],
      stdout: """
        Ended the trip anywhere started 10:00: 30 min, 1 item bought.
        Started a trip at Market at 10:30.

        """)
    try scenario.expect(
      ["trip", "--list"],
      stdout: """
        2026-11-21 10:30-         open  0 items  Market
        2026-11-21 10:00-10:30  30 min   1 item  anywhere

        """)
  }

  @Test func stoppingWithNoTripUnderWayIsRefusedAndWritesNothing() throws {
    let scenario = try TripCommandTests.household()
    try scenario.expectRefused(
      ["trip", "stop"], stderr: "grocery: error: no trip under way; start one with 'grocery trip start'\n",
      status: 1)
    try scenario.expectRefused(
      ["trip", "start", "--at", "mall"], stderr: "grocery: error: no location named 'mall'\n", status: 1)
  }

  @Test func aTripForgottenForHoursEndedAtItsLastPurchase() throws {
    var scenario = try TripCommandTests.household()
    scenario.grocery.environment["GROCERY_NOW"] = "2026-11-21T10:00:00Z"
    try scenario.given(["trip", "start", "--at", "market"])
    scenario.grocery.environment["GROCERY_NOW"] = "2026-11-21T10:06:00Z"
    try scenario.given(["buy", "milk"])
    scenario.grocery.environment["GROCERY_NOW"] = "2026-11-21T13:06:00Z"
    let closed = """
      Trip at Market, 10:00 to 10:06 (6 min): closed after 2 h without a purchase, at
        its last purchase
        10:06  milk

      1 item bought

      """
    try scenario.expect(["trip"], stdout: closed)
    try scenario.expect(["trip", "stop"], stdout: closed)
    try scenario.expect(
      ["trip", "--list"],
      stdout: """
        2026-11-21 10:00-10:06  6 min  1 item  Market (closed after 2 h without a
                                               purchase)

        """)
  }

  @Test func aTripStartedWithTheClockBehindTheLastTripsIsWrittenShownAndBuysOnIt() throws {
    var scenario = try TripCommandTests.household()
    for hour in ["12", "13", "14"] {
      scenario.grocery.environment["GROCERY_NOW"] = "2026-11-21T\(hour):00:00Z"
      try scenario.given(["trip", "start"])
      scenario.grocery.environment["GROCERY_NOW"] = "2026-11-21T\(hour):30:00Z"
      try scenario.given(["trip", "stop"])
    }
    // Set back an hour and a half (NTP putting a fast clock right): held at the last trip's end.
    scenario.grocery.environment["GROCERY_NOW"] = "2026-11-21T13:00:00Z"
    try scenario.expect(["trip", "start"], stdout: "Started a trip anywhere at 14:30.\n")
    try scenario.expect(["buy", "milk"], stdout: "bought: milk\n")
    try scenario.expect(
      ["trip"],
      stdout: """
        Trip anywhere, started 14:30, 0 min so far
          14:30  milk

        1 item bought so far

        """)
  }

  @Test func aClockSetBackFurtherThanTheHoldStartsItsTimesAgainAndEndsTheTripItHadUnderWay() throws {
    var scenario = try TripCommandTests.household()
    scenario.grocery.environment["GROCERY_NOW"] = "2026-11-21T14:00:00Z"
    try scenario.given(["trip", "start"], ["buy", "milk"])
    // The clock was three hours fast, and is put right mid-trip: that trip is over at its last purchase, said as
    // the clock going back, not as two hours without a purchase (found by two trials), and the next one runs by
    // the clock as it is now.
    scenario.grocery.environment["GROCERY_NOW"] = "2026-11-21T11:05:00Z"
    try scenario.expect(
      ["trip"],
      stdout: """
        Trip anywhere, 14:00 to 14:00 (0 min): closed as the clock went back, at its
          last purchase
          14:00  milk

        1 item bought

        """)
    try scenario.expect(
      ["trip", "start"],
      stdout: """
        Ended the trip anywhere started 14:00: 0 min, 1 item bought.
        Started a trip anywhere at 11:05.

        """)
    try scenario.expect(["buy", "bread"], stdout: "bought: bread\n")
    try scenario.expect(
      ["trip"],
      stdout: """
        Trip anywhere, started 11:05, 0 min so far
          11:05  bread

        1 item bought so far

        """)
  }

  @Test func twoTripsStartedAtTheSameTimeLeaveTheSecondUnderWay() throws {
    var scenario = try TripCommandTests.household()
    scenario.grocery.environment["GROCERY_NOW"] = "2026-11-21T10:00:00Z"
    try scenario.given(["trip", "start"])
    try scenario.expect(
      ["trip", "start", "--at", "market"],
      stdout: """
        Ended the trip anywhere started 10:00: 0 min, 0 items bought.
        Started a trip at Market at 10:00.

        """)
    try scenario.expect(
      ["trip"], stdout: "Trip at Market, started 10:00, 0 min so far\n\nNothing bought yet.\n")
  }

  @Test func aTripStoppedWithTheClockBehindEndsAtItsLastPurchase() throws {
    var scenario = try TripCommandTests.household()
    scenario.grocery.environment["GROCERY_NOW"] = "2026-11-21T12:00:00Z"
    try scenario.given(["trip", "start"])
    scenario.grocery.environment["GROCERY_NOW"] = "2026-11-21T12:10:00Z"
    try scenario.given(["buy", "milk"])
    scenario.grocery.environment["GROCERY_NOW"] = "2026-11-21T11:30:00Z"
    try scenario.expect(
      ["trip", "stop"],
      stdout: """
        Trip anywhere, 12:00 to 12:10 (10 min)
          12:10  milk

        1 item bought

        """)
  }

  @Test func aBackdatedPurchaseIsNotListedOnTheTrip() throws {
    var scenario = try TripCommandTests.household()
    scenario.grocery.environment["GROCERY_NOW"] = "2026-11-21T10:00:00Z"
    try scenario.given(["trip", "start"], ["buy", "bread", "--on", "2026-11-01"], ["buy", "milk"])
    try scenario.expect(
      ["trip"],
      stdout: """
        Trip anywhere, started 10:00, 0 min so far
          10:00  milk

        1 item bought so far

        """)
  }

  @Test func aPurchaseMadeWithTheClockSetBackADayIsNotOnTheTrip() throws {
    var scenario = try TripCommandTests.household()
    scenario.grocery.environment["GROCERY_NOW"] = "2026-11-21T13:00:00Z"
    try scenario.given(["trip", "start"], ["buy", "milk"])
    scenario.grocery.environment["GROCERY_NOW"] = "2026-11-20T23:00:00Z"
    try scenario.given(["buy", "bread"])
    let trip = try scenario.grocery.run(["trip"])
    #expect(trip.stdout.contains("milk") && !trip.stdout.contains("bread"), "\(trip)")
  }

  @Test func aVersion2LineWithATripIsRefusedNamingItsLine() throws {
    let scenario = try TripCommandTests.household()
    let logs = scenario.grocery.store + "/logs"
    let log = logs + "/" + (try #require(try FileManager.default.contentsOfDirectory(atPath: logs).first))
    let handle = try #require(FileHandle(forWritingAtPath: log))
    handle.seekToEndOfFile()
    handle.write(
      Data(
        ("{\"v\":2,\"id\":\"x\",\"at\":\"2026-11-21T09:30:00.000Z\",\"seq\":0,\"machine\":"
          + "\"\(URL(fileURLWithPath: log).deletingPathExtension().lastPathComponent)\",\"summary\":\"s\","
          + "\"ops\":[{\"op\":\"trip\",\"id\":\"00000000-0000-4000-8000-000000000002\",\"set\":{}}]}\n").utf8)
    )
    handle.closeFile()
    let trip = try scenario.grocery.run(["trip"])
    #expect(trip.status == 0, "\(trip)")
    #expect(
      trip.stderr
        == "grocery: warning: '\(log)' line 5: ops[0].op: a trip needs a version-3 line; that change is left out"
        + " ('grocery check' lists every one)\n")
  }

  @Test func statsAddsTheAverageTripTimePerStoreAndItemsAMinute() throws {
    var scenario = try TripCommandTests.household()
    try scenario.expect(["stats"], stdout: "No purchases yet.\n")
    for (day, minutes) in [("21", "20"), ("22", "30")] {
      scenario.grocery.environment["GROCERY_NOW"] = "2026-11-\(day)T10:00:00Z"
      try scenario.given(["add", "milk", "apples"], ["trip", "start", "--at", "market"])
      scenario.grocery.environment["GROCERY_NOW"] = "2026-11-\(day)T10:05:00Z"
      try scenario.given(["buy", "milk", "apples"])
      scenario.grocery.environment["GROCERY_NOW"] = "2026-11-\(day)T10:\(minutes):00Z"
      try scenario.given(["trip", "stop"])
    }
    try scenario.expect(
      ["stats"],
      stdout: """
        ITEM                                BOUGHT  EVERY       LAST        WEEKS (12)
        apples                                   2  1 day       2026-11-22  000000000002
        milk                                     2  1 day       2026-11-22  000000000002

        WEEKS: purchases a week, oldest first; the last is this week, up to today.
        0 none  1-9 that many  + 10 or more

        STORE   TRIPS  AVERAGE  ITEMS/MIN
        Market      2   25 min        0.1

        """)
    let oneItem = try scenario.grocery.run(["stats", "milk"])
    #expect(oneItem.status == 0 && !oneItem.stdout.contains("STORE"))
  }

  @Test func aCategoryColourShowsOnATerminalOnly() throws {
    let scenario = try TripCommandTests.household()
    try scenario.expect(["category", "color", "produce", "green"], stdout: "colour of Produce: green\n")
    let plain = """
      Produce
        [ ] apples

      Dairy & Fridge
        [ ] milk

      Bread & Frozen
        [ ] bread

      3 items to buy, 0 bought today

      """
    try scenario.expect(["list"], stdout: plain)
    try scenario.expect(
      ["category", "list"],
      stdout: """
        1. Produce  (1 item; green)
        2. Deli & Meat  (0 items)
        3. Dairy & Fridge  (1 item)
        4. Bread & Frozen  (1 item)
        5. Boxed & Canned  (0 items)
        6. Snacks, Drinks & Other  (0 items)
        7. Uncategorized  (0 items)

        """)
    let coloured = scenario.grocery.storeBytes()
    try scenario.expect(
      ["category", "color", "produce", "green"], stdout: "Produce already has colour green\n")
    #expect(scenario.grocery.storeBytes() == coloured, "the same colour again writes nothing")
    try scenario.expect(["category", "color", "produce", "--none"], stdout: "colour of Produce: none\n")
    try scenario.expect(
      ["category", "color", "produce", "--none"], stdout: "Produce already has no colour\n")
    try scenario.expect(["undo"], stdout: "undid: color category Produce none\n")
    try scenario.expect(["list"], stdout: plain)
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1)"))
  func aColouredCategoryIsPaintedOnATerminalUnlessNoColorOrDumb() throws {
    let scenario = try TripCommandTests.household()
    try scenario.given(["category", "color", "produce", "green"], ["buy", "milk", "bread"])
    /// Runs `grocery list` on a pseudo-terminal, which ends lines with a carriage return too.
    func onTerminal(_ extra: [String: String]) throws -> String {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
      process.arguments = ["-qec", "'\(GroceryProcess.binary)' list", "/dev/null"]
      process.environment = scenario.grocery.environment.merging(extra) { $1 }
      let output = Pipe()
      process.standardOutput = output
      process.standardInput = FileHandle.nullDevice
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return String(decoding: data, as: UTF8.self)
    }
    let e = "\u{1B}["
    #expect(
      try onTerminal(["TERM": "xterm"])
        == "\(e)1;32mProduce\(e)0m\r\n\(e)32m  [ ] apples\(e)0m\r\n\r\n\(e)2m1 item to buy, 2 bought today\(e)0m\r\n"
    )
    let plain = "Produce\r\n  [ ] apples\r\n\r\n1 item to buy, 2 bought today\r\n"
    #expect(try onTerminal(["TERM": "xterm", "NO_COLOR": "1"]) == plain)
    #expect(try onTerminal(["TERM": "dumb"]) == plain)
  }

  @Test func anUnknownColourIsAUsageErrorListingTheColours() throws {
    let scenario = try TripCommandTests.household()
    try scenario.expectRefused(
      ["category", "color", "produce", "pink"],
      stderr: """
        grocery: error: unknown colour 'pink'; expected black, red, green, yellow, blue, magenta, cyan, white, \
        bright-black, bright-red, bright-green, bright-yellow, bright-blue, bright-magenta, bright-cyan or \
        bright-white
        usage: grocery category color [OPTIONS] NAME [COLOR] (see 'grocery category color --help')

        """, status: 64)
    try scenario.expectRefused(
      ["category", "color", "produce"],
      stderr: """
        grocery: error: missing COLOR (or --none)
        usage: grocery category color [OPTIONS] NAME [COLOR] (see 'grocery category color --help')

        """, status: 64)
    try scenario.expectRefused(
      ["category", "color", "uncategorized", "red"],
      stderr: "grocery: error: 'Uncategorized' holds what has no category and takes no colour\n", status: 1)
  }

  @Test func flatListHasNoHeadingsAndKeepsTheWalkOrder() throws {
    let scenario = try TripCommandTests.household()
    try scenario.given(["add", "bananas", "-c", "produce"])
    try scenario.expect(
      ["list", "--flat"],
      stdout: """
          [ ] apples
          [ ] bananas
          [ ] milk
          [ ] bread

        4 items to buy, 0 bought today

        """)
    try scenario.expect(
      ["list", "--flat", "--format", "markdown"],
      stdout: """
        - [ ] apples
        - [ ] bananas
        - [ ] milk
        - [ ] bread

        _4 items to buy, 0 bought today_

        """)
    try scenario.expectRefused(
      ["list", "--flat", "--format", "json"],
      stderr: """
        grocery: error: option '--flat' goes with '--format text' or '--format markdown'; the others have no \
        headings
        usage: grocery list [OPTIONS] (see 'grocery list --help')

        """, status: 64)
    try scenario.expectRefused(
      ["list", "--title", "Week 47", "--format", "csv"],
      stderr: """
        grocery: error: option '--title' goes with every format but '--format csv', whose first row is its \
        header
        usage: grocery list [OPTIONS] (see 'grocery list --help')

        """, status: 64)
  }

  /// Makes a trip at Market on the given day that checks the items off in the given order, a minute apart.
  static func shop(_ scenario: inout Scenario, day: Int, _ items: [String]) throws {
    let date = "2026-11-\(day)T10:"
    scenario.grocery.environment["GROCERY_NOW"] = date + "00:00Z"
    try scenario.given(["add"] + items, ["trip", "start", "--at", "market"])
    for (minute, item) in items.enumerated() {
      scenario.grocery.environment["GROCERY_NOW"] = date + "0\(minute + 1):00Z"
      try scenario.given(["buy", item])
    }
    scenario.grocery.environment["GROCERY_NOW"] = date + "09:00Z"
    try scenario.given(["trip", "stop"])
  }

  @Test func tooFewTripsToLearnFromAreRefusedAndWriteNothing() throws {
    var scenario = try TripCommandTests.household()
    try TripCommandTests.shop(&scenario, day: 22, ["milk", "apples", "bread"])
    let refusal =
      "grocery: error: too few trips at 'Market' to learn its walk order: 1 of the 3 needed"
      + " (trips that checked off items of two categories at two moments)\n"
    try scenario.expectRefused(
      ["reorder-categories", "--at", "market", "--suggest"], stderr: refusal, status: 1)
    try scenario.expectRefused(
      ["reorder-categories", "--at", "market", "--learn"], stderr: refusal, status: 1)
    try scenario.expectRefused(
      ["reorder-categories", "--learn"],
      stderr: """
        grocery: error: option '--learn' needs '--at'
        usage: grocery reorder-categories [OPTIONS] [CATEGORY...] (see 'grocery reorder-categories --help')

        """, status: 64)
    try scenario.expectRefused(
      ["reorder-categories", "--at", "market", "--suggest", "dairy"],
      stderr: """
        grocery: error: give categories or --suggest, not both
        usage: grocery reorder-categories [OPTIONS] [CATEGORY...] (see 'grocery reorder-categories --help')

        """, status: 64)
  }

  @Test func fourTripsTeachTheWalkOrderWhichLearnSetsAndUndoTakesBack() throws {
    var scenario = try TripCommandTests.household()
    try TripCommandTests.shop(&scenario, day: 22, ["milk", "apples", "bread"])
    try TripCommandTests.shop(&scenario, day: 23, ["milk", "apples", "bread"])
    try TripCommandTests.shop(&scenario, day: 24, ["milk", "bread", "apples"])
    try TripCommandTests.shop(&scenario, day: 25, ["milk", "apples", "bread"])
    try scenario.expect(
      ["reorder-categories", "--at", "market", "--suggest"],
      stdout: """
        Walk order at Market, from 4 trips:
          1. Dairy & Fridge            ahead of the next on 4 of 4 trips
          2. Produce                   ahead of the next on 3 of 4 trips
          3. Bread & Frozen
          then, not seen on these trips: 'Deli & Meat', 'Boxed & Canned', 'Snacks,
            Drinks & Other'

        """)
    let learned = """
      1. Dairy & Fridge
      2. Produce
      3. Bread & Frozen
      4. Deli & Meat
      5. Boxed & Canned
      6. Snacks, Drinks & Other
      7. Uncategorized

      """
    try scenario.expect(["reorder-categories", "--at", "market", "--learn"], stdout: learned)
    try scenario.expect(["reorder-categories", "--at", "market"], stdout: learned)
    // Learned again, the order is as it was: nothing is written, and undo still takes back the first.
    try scenario.expect(
      ["reorder-categories", "--at", "market", "--learn"], stdout: learned,
      stderr: "grocery: unchanged: the walk order at Market (it is so already)\n")
    try scenario.expect(["undo"], stdout: "undid: learn category order at Market\n")
    try scenario.expect(
      ["reorder-categories", "--at", "market"],
      stdout: """
        1. Produce
        2. Deli & Meat
        3. Dairy & Fridge
        4. Bread & Frozen
        5. Boxed & Canned
        6. Snacks, Drinks & Other
        7. Uncategorized

        """)
  }

  /// Trips belong to the store and categories they were at, not to their names: a category removed and added again
  /// is one no trip saw, and a store removed and added again has made no trip.
  @Test func aRemovedStoreOrCategoryTeachesNothingToOneAddedUnderItsName() throws {
    var scenario = try TripCommandTests.household()
    for day in 22...24 { try TripCommandTests.shop(&scenario, day: day, ["milk", "apples", "bread"]) }
    try scenario.given(
      ["category", "remove", "bread & frozen", "--force"], ["category", "add", "Bread & Frozen"],
      ["category", "add", "Bakery"], ["edit", "bread", "-c", "bakery"])
    try scenario.expect(
      ["reorder-categories", "--at", "market", "--suggest"],
      stdout: """
        Walk order at Market, from 3 trips:
          1. Dairy & Fridge            ahead of the next on 3 of 3 trips
          2. Produce
          then, not seen on these trips: 'Deli & Meat', 'Boxed & Canned', 'Snacks,
            Drinks & Other', 'Bread & Frozen', 'Bakery'

        """)
    try scenario.given(["location", "remove", "market"], ["location", "add", "Market"])
    try scenario.expectRefused(
      ["reorder-categories", "--at", "market", "--suggest"],
      stderr: "grocery: error: too few trips at 'Market' to learn its walk order: 0 of the 3 needed"
        + " (trips that checked off items of two categories at two moments)\n", status: 1)
    try scenario.expect(
      ["trip", "--list"],
      stdout: """
        2026-11-24 10:00-10:09  9 min  3 items  Market (store removed)
        2026-11-23 10:00-10:09  9 min  3 items  Market (store removed)
        2026-11-22 10:00-10:09  9 min  3 items  Market (store removed)

        """)
  }
}
