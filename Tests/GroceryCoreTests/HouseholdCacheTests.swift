import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// The SQLite cache: what a command reads of it, the undo list by reference, and its layout from the field tables.
@Suite struct HouseholdCacheTests {
  let folder = TemporaryDirectory()

  func machine(_ name: String) -> HouseholdStore {
    HouseholdStore(
      path: folder.file("household"), folder: folder.file("household"),
      stateFolder: folder.file("state-" + name),
      defaultMachineName: name)
  }

  func add(_ names: [String], to store: HouseholdStore, at now: Date = Fixed.now) throws {
    try store.update(summary: { _ in "add" }, now: now) { groceries in
      _ = try groceries.add(names, changes: ItemChanges(), today: Fixed.today, now: now, newID: UUID.init)
    }
  }

  @Test func aNamedReadLoadsOnlyTheItemsTheNameCanMean() throws {
    let alice = machine("alice")
    try add(["Milk", "Milk chocolate", "Eggs", "Bread"], to: alice)
    let id = try alice.identity().id
    let scoped = try alice.read(.names(["milk"]), machine: id)
    #expect(scoped.cache != nil)
    #expect(scoped.view.groceries.items.map(\.name) == ["Milk"], "a name that is one reads only that item")
    let prefix = try alice.read(.names(["milk c"]), machine: id)
    #expect(
      prefix.view.groceries.items.map(\.name) == ["Milk chocolate"], "one that starts one name reads it")
    let ambiguous = try alice.read(.names(["mil"]), machine: id)
    #expect(
      ambiguous.view.groceries.items.isEmpty, "one that starts several reads none: the command reads all")
    #expect(try alice.read(.shopping(since: Fixed.today), machine: id).view.groceries.items.count == 4)
    #expect(try alice.read(.staples, machine: id).view.groceries.items.isEmpty)
  }

  @Test func aChangeOnTheItemsItNamesWritesWhatAChangeOnEveryItemWrites() throws {
    let alice = machine("alice")
    try add(["Milk", "Eggs"], to: alice)
    try alice.update(.names(["milk"]), summary: { _ in "buy" }, now: Fixed.now + 1) {
      _ = try $0.purchase(["milk"], on: Fixed.today, today: Fixed.today, now: Fixed.now + 1)
    }
    let (cached, folded) = try alice.cachedAndFolded()
    #expect(cached.state == folded.state)
    #expect(cached.view.groceries.items.map(\.isOnList) == [true, false])
    // A name the scope does not hold is looked for among every item, so its error suggests from all of them.
    #expect(throws: GroceryError.unknownName(kind: .item, name: "egs", suggestions: ["Eggs"])) {
      try alice.update(.names(["egs"]), summary: { _ in "buy" }, now: Fixed.now + 2) {
        _ = try $0.purchase(["egs"], on: Fixed.today, today: Fixed.today, now: Fixed.now + 2)
      }
    }
  }

  @Test func theUndoListNamesWhereEachChangeIsInTheLogAndUndoReadsItFromThere() throws {
    let alice = machine("alice")
    try add(["Milk"], to: alice)
    try add(["Eggs"], to: alice, at: Fixed.now + 1)
    let id = try alice.identity().id
    let log = try Data(contentsOf: URL(fileURLWithPath: alice.logsFolder + "/" + id + ".jsonl"))
    let lines = log.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
    let undo = try alice.read(.ids([]), machine: id).undo
    #expect(undo.map(\.offset) == [0, lines.first!.count + 1])
    #expect(undo.map(\.length) == lines.map { $0.count + 1 })
    #expect(try alice.undo(now: Fixed.now + 2).summary == "add")
    #expect(try alice.load().items.map(\.name) == ["Milk"])
  }

  @Test func theCacheHasAColumnForEveryFieldOfEveryTable() throws {
    let schema = HouseholdCache.schema
    for key in ItemFields.table.map(\.key) + CategoryFields.table.map(\.key) + TripFields.table.map(\.key) {
      #expect(schema.contains("\"\(key)\", \"\(key)_at\""), "\(key)")
    }
  }

  @Test func everyTripStaysInTheCacheForTheListThoughTheEverydayStateKeepsAFew() throws {
    let alice = machine("alice")
    try add(["Milk"], to: alice)
    for n in 0..<5 {
      let at = Fixed.now + Double(n) * 600
      _ = try alice.startTrip(at: nil, now: at)
      try alice.update(.names(["milk"]), summary: { _ in "buy" }, now: at + 60) {
        _ = try $0.purchase(["milk"], on: Fixed.today, today: Fixed.today, now: at + 60)
      }
    }
    let id = try alice.identity().id
    let reading = try alice.read(.ids([]), machine: id)
    #expect(reading.state.trips.trips.count == TripBook.kept)
    #expect(try reading.cache?.allTrips().count == 5)
    let cached = try alice.trips(now: Fixed.now + 3600)
    unlink(alice.cachePath)
    let fromLogs = try alice.foldAll(try alice.logFiles(), machine: id, keepingAllTrips: true)
    #expect(cached.count == 5 && cached.allSatisfy { $0.purchases.map(\.name) == ["Milk"] })
    #expect(cached.map(\.id) == fromLogs.state.trips.trips.sorted { TripBook.later($1, than: $0) }.map(\.key))
  }

  @Test func onlyTheMachineThatMadeAPurchaseTakesItBack() throws {
    let alice = machine("alice")
    try add(["Milk"], to: alice)
    try alice.update(.names(["milk"]), summary: { _ in "buy" }, now: Fixed.now + 1) {
      _ = try $0.purchase(["milk"], on: Fixed.today, today: Fixed.today, now: Fixed.now + 1)
    }
    let id = try alice.identity().id
    let log = try String(contentsOfFile: alice.logsFolder + "/" + id + ".jsonl", encoding: .utf8)
    let bought = try #require(log.split(separator: "\n").last)
    let change = try #require(bought.split(separator: "\"")[3...].first)
    let item = try #require(try alice.load().items.first).id
    let unbuy =
      "{\"v\":2,\"id\":\"b1\",\"at\":\"2026-11-21T13:00:00.000Z\",\"seq\":0,\"machine\":\"00000000000000b0\","
      + "\"summary\":\"undo\",\"ops\":[{\"op\":\"unbuy\",\"item\":\"\(UUIDText.format(item))\","
      + "\"change\":\"\(change)\",\"day\":\"\(Fixed.today)\",\"quantity\":1}]}\n"
    try unbuy.write(toFile: alice.logsFolder + "/00000000000000b0.jsonl", atomically: false, encoding: .utf8)
    #expect(try alice.loadHistory().items.first?.purchases.count == 1)
    #expect(try alice.load().items.first?.timesBought == 1)
    let (cached, folded) = try alice.cachedAndFolded()
    #expect(cached.state == folded.state)
    unlink(alice.cachePath)
    #expect(try alice.loadHistory().items.first?.purchases.count == 1, "the same from a fold of every log")
  }

  @Test func aFlippedValueInTheCacheMakesItBeRebuiltNotBelieved() throws {
    let alice = machine("alice")
    try add(["Milk"], to: alice)
    #expect(try alice.load().items.first?.quantity == 1)
    // A bit flipped on disk: the row says 7, which no log ever did; its checksum no longer matches.
    try Database(path: alice.cachePath, create: false).execute("UPDATE item SET \"quantity\" = 7")
    #expect(try alice.load().items.first?.quantity == 1)
    #expect(try alice.read(.all).cache != nil, "rebuilt, and used again")
    try Database(path: alice.cachePath, create: false).execute("UPDATE category SET \"name\" = 'Dairy!'")
    #expect(try alice.load().categories.map(\.name).contains("Dairy & Fridge"))
  }

  @Test func aRowIsCheckedInPlaceWithTheSumItWasWrittenWith() throws {
    let database = try Database(path: folder.file("sums.sqlite"), create: true)
    try database.execute("CREATE TABLE t(a, b, c, d, e, f, g)")
    let rows: [[SQLValue]] = [
      [
        .null, .integer(-7), .integer(Int64.max), .text(""), .text("Œufs 🥚 & crème"), .blob([]),
        .blob([0, 255, 7]),
      ],
      [.text("a"), .null, .integer(0), .blob([1]), .text("b"), .integer(1 << 40), .null],
    ]
    for row in rows {
      let insert = try database.statement("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?)")
      for (index, value) in row.enumerated() { insert.bind(value, at: Int32(index + 1)) }
      try insert.run()
    }
    let select = try database.statement("SELECT * FROM t ORDER BY rowid")
    var sums: [Int64] = []
    while try select.step() { sums.append(select.sum(ofColumns: 7)) }
    #expect(sums == rows.map(HouseholdCache.sum), "the in-place sum is the written one")
    #expect(Set(sums).count == 2)
  }
}
