import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// Category colours: kept in the log as version-3 lines, folded, undone and kept in the cache.
@Suite struct CategoryColorTests {
  let folder = TemporaryDirectory()

  func machine(_ name: String) -> HouseholdStore {
    HouseholdStore(
      path: folder.file("household"), folder: folder.file("household"),
      stateFolder: folder.file("state-" + name),
      defaultMachineName: name)
  }

  func color(_ store: HouseholdStore, _ name: String, _ color: NamedColor?, at now: Date) throws {
    _ = try store.update(summary: { _ in "color " + name }, now: now) { try $0.setCategoryColor(name, color) }
  }

  func colors(_ store: HouseholdStore) throws -> [String: NamedColor] {
    var result: [String: NamedColor] = [:]
    for category in try store.load().categories { result[category.name] = category.color }
    return result
  }

  func logLines(_ store: HouseholdStore) throws -> [String] {
    let machine = try store.identity().id
    return try String(contentsOfFile: store.logsFolder + "/" + machine + ".jsonl", encoding: .utf8)
      .split(separator: "\n").map(String.init)
  }

  @Test func namedColorsHaveTheStandardSGRCodes() {
    #expect(
      NamedColor.allCases.map(\.rawValue) == [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white", "bright-black", "bright-red",
        "bright-green", "bright-yellow", "bright-blue", "bright-magenta", "bright-cyan", "bright-white",
      ])
    #expect(NamedColor.allCases.map(\.sgrCode) == Array(30...37) + Array(90...97))
    #expect(NamedColor(name: "Bright-Red") == .brightRed)
    #expect(NamedColor(name: "purple") == nil)
  }

  @Test func aColourIsSetAndClearedAndOnlyItsLinesSayVersion3() throws {
    let alice = machine("alice")
    try alice.update(summary: { _ in "add" }, now: Fixed.now) {
      _ = try $0.add(
        ["Milk"], changes: ItemChanges(category: "Dairy"), today: Fixed.today, now: Fixed.now,
        newID: UUID.init)
    }
    try color(alice, "dairy", .brightBlue, at: Fixed.now + 1)
    #expect(try colors(alice) == ["Dairy & Fridge": .brightBlue])
    try color(alice, "Dairy & Fridge", nil, at: Fixed.now + 2)
    #expect(try colors(alice) == [:])
    let lines = try logLines(alice)
    #expect(lines.map { $0.prefix(6) } == ["{\"v\":2", "{\"v\":3", "{\"v\":3"])
    #expect(lines[1].contains("\"set\":{\"color\":\"bright-blue\"},\"was\":{\"color\":null}"))
    #expect(lines[2].contains("\"set\":{\"color\":null},\"was\":{\"color\":\"bright-blue\"}"))
  }

  @Test func theColourSetLastWinsWhicheverMachineSetIt() throws {
    let alice = machine("alice")
    let bob = machine("bob")
    try color(alice, "produce", .green, at: Fixed.now)
    try color(bob, "produce", .yellow, at: Fixed.now + 1)
    try color(alice, "deli", .red, at: Fixed.now + 2)
    #expect(try colors(alice) == ["Produce": .yellow, "Deli & Meat": .red])
    #expect(try colors(bob) == colors(alice))
  }

  @Test func undoPutsTheOldColourBackUnlessAnotherMachineSetItSince() throws {
    let alice = machine("alice")
    let bob = machine("bob")
    try color(alice, "produce", .green, at: Fixed.now)
    try color(alice, "produce", .cyan, at: Fixed.now + 1)
    #expect(try alice.undo(now: Fixed.now + 2).summary == "color produce")
    #expect(try colors(alice) == ["Produce": .green])
    try color(bob, "produce", .magenta, at: Fixed.now + 3)
    _ = try alice.undo(now: Fixed.now + 4)
    #expect(try colors(alice) == ["Produce": .magenta])
  }

  @Test func uncategorizedTakesNoColour() throws {
    var groceries = Groceries()
    #expect(throws: GroceryError.uncategorizedColored) {
      try groceries.setCategoryColor("uncategorized", .red)
    }
    #expect(throws: GroceryError.self) { try groceries.setCategoryColor("nothing", .red) }
  }

  @Test func theCacheKeepsColoursAsAFoldOfTheLogsGivesThem() throws {
    let alice = machine("alice")
    try color(alice, "produce", .brightWhite, at: Fixed.now)
    try color(alice, "dairy", .black, at: Fixed.now + 1)
    try color(alice, "dairy", nil, at: Fixed.now + 2)
    let id = try alice.identity().id
    #expect(id == (try alice.identity().id))
    let (cached, folded) = try alice.cachedAndFolded()
    #expect(cached.state == folded.state)
    #expect(cached.view.groceries.categories.first?.color == .brightWhite)
  }

  @Test func aCacheOfAnotherLayoutIsRebuiltNotRefused() throws {
    let alice = machine("alice")
    try color(alice, "produce", .red, at: Fixed.now)
    try alice.spoilCache()
    #expect(try colors(alice) == ["Produce": .red])
  }

  @Test func aVersion2LogWrittenByAnOlderGroceryStillReads() throws {
    let said = Said()
    let alice = machine("alice").warning(into: said)
    try alice.update(summary: { _ in "add" }, now: Fixed.now) { _ in }
    try FileManager.default.createDirectory(atPath: alice.logsFolder, withIntermediateDirectories: true)
    try ("{\"format\":\"grocery-household\",\"version\":2,\"id\":\"00000000-0000-4000-8000-000000000009\"}\n")
      .write(toFile: alice.markerPath, atomically: false, encoding: .utf8)
    let line =
      "{\"v\":2,\"id\":\"c1\",\"at\":\"2026-11-21T09:00:00.000Z\",\"seq\":0,\"machine\":\"00000000000000aa\","
      + "\"summary\":\"add milk\",\"ops\":[{\"op\":\"item\",\"id\":\"00000000-0000-4000-8000-000000000001\","
      + "\"set\":{\"name\":\"Milk\",\"onList\":true,\"created\":\"2026-11-21T09:00:00.000Z\"}},"
      + "{\"op\":\"buy\",\"item\":\"00000000-0000-4000-8000-000000000001\",\"day\":\"2026-11-21\",\"quantity\":1}]}\n"
    try line.write(toFile: alice.logsFolder + "/00000000000000aa.jsonl", atomically: false, encoding: .utf8)
    let milk = try #require(try alice.load().items.first)
    #expect(milk.name == "Milk" && milk.timesBought == 1)
    let newer = line.replacingOccurrences(of: "{\"v\":2", with: "{\"v\":5")
    try newer.write(toFile: alice.logsFolder + "/00000000000000aa.jsonl", atomically: false, encoding: .utf8)
    unlink(alice.cachePath)
    // A line from a newer grocery is left out, and said, until this one is upgraded.
    #expect(try alice.load().items.isEmpty)
    #expect(
      said.lines == [
        "'\(alice.logsFolder)/00000000000000aa.jsonl' holds changes from a newer grocery, the first on line 1 (log "
          + "version 5; this grocery reads up to 4); they are not shown until this machine's grocery is upgraded"
      ])
  }

  @Test func aNewHouseholdsMarkerStillNamesVersion2() throws {
    let alice = machine("alice")
    try color(alice, "produce", .red, at: Fixed.now)
    let marker = try String(contentsOfFile: alice.markerPath, encoding: .utf8)
    #expect(marker.hasPrefix("{\"format\":\"grocery-household\",\"version\":2,"))
  }
}
