import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// `grocery check` compares this machine's cache with the logs: damage the everyday commands cannot see (a row
/// gone, a flag set by hand, a bit flipped in an index) is named, and the cache rebuilt, so the list is whole again.
@Suite struct CacheCheckTests {
  let scenario = Scenario()

  func cachePath() throws -> String { try scenario.grocery.household().stateFolder + "/cache.sqlite" }

  func logBytes() throws -> [String: Data] {
    let logs = scenario.grocery.store + "/logs/"
    var bytes: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: logs) {
      bytes[name] = FileManager.default.contents(atPath: logs + name)
    }
    return bytes
  }

  /// Flips the one bit that makes the first entry of the cache's `item_on_list` index marked on the list say
  /// its item is off it (the serial type of its first column, 9 for the constant 1, made 8 for 0), in the file's
  /// bytes: the row itself, and every other index, still have it on the list. Returns false when no such entry
  /// is found in the index's first page.
  func flipAnOnListIndexEntry(_ path: String) throws -> Bool {
    let root: Int
    do {
      let database = try Database(path: path, create: false)
      let s = try database.statement("SELECT rootpage FROM sqlite_master WHERE name = 'item_on_list'")
      guard try s.step() else { return false }
      root = Int(s.integer(0))
    }
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
    let page = (root - 1) * pageSize
    // A leaf page of an index: its cells' offsets follow its 8-byte header, in key order.
    guard bytes[page] == 0x0A else { return false }
    let cells = Int(bytes[page + 3]) << 8 | Int(bytes[page + 4])
    for cell in 0..<cells {
      let offset = page + (Int(bytes[page + 8 + 2 * cell]) << 8 | Int(bytes[page + 9 + 2 * cell]))
      // The payload's size and the record header's, each one byte here, then the columns' serial types.
      if bytes[offset + 2] == 9 && bytes[offset + 3] == 9 {
        bytes[offset + 2] = 8
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return true
      }
    }
    return false
  }

  static let wholeList = "Uncategorized\n  [ ] bread\n  [ ] eggs\n\n2 items to buy, 1 bought today\n"

  enum Damage: String, CaseIterable, CustomTestStringConvertible {
    /// eggs taken off the list by hand, its index kept in step: its row's checksum no longer matches.
    case flag
    /// eggs' row deleted.
    case row
    /// A bit flipped in the index a list reads: bread off the list there alone.
    case index
    /// The index a list reads dropped, which every list then failed on.
    case droppedIndex
    /// How far the cache read each log, damaged.
    case positions
    /// Every purchase gone from the table `history` and `stats` read.
    case purchases
    /// The purchases moved three days back.
    case purchaseDays
    /// This machine's undo list emptied: `undo` found nothing to undo.
    case undo
    /// A line said left out that no log leaves out, said on every command.
    case refused
    /// The list's counts made far larger than any list, as a flipped high bit would: a list makes room for the
    /// rows a count says, and must not try to for these.
    case counts
    /// The record of the changes this machine's log lost, which says them on every command, made unreadable.
    case lost

    var testDescription: String { rawValue }

    /// What `check` says of the cache, after its path.
    var said: String {
      switch self {
      case .flag: return "was damaged (a row's checksum does not match)"
      case .row: return "did not agree with the logs (1 item, the list's item counts)"
      // The row's number is the order of its random id.
      case .index: return "was damaged (SQLite: row "
      case .droppedIndex: return "was damaged (its tables or indexes were changed)"
      case .positions: return "was damaged (bad stamp)"
      case .purchases, .purchaseDays: return "did not agree with the logs (the purchases of 1 item)"
      case .undo: return "did not agree with the logs (this machine's undo list)"
      case .refused: return "did not agree with the logs (the lines left out)"
      case .counts: return "did not agree with the logs (the list's item counts)"
      case .lost: return "was damaged (a cached value is cut short)"
      }
    }

    /// The damage a list finds itself, as it opens the cache, catches up with the logs or counts the rows its
    /// index gives.
    static let foundByAList: [Damage] = [.flag, .row, .index, .droppedIndex, .positions, .counts, .lost]
  }

  /// Does the damage to this machine's cache.
  func spoil(_ damage: Damage) throws {
    let path = try cachePath()
    let database = try Database(path: path, create: false)
    switch damage {
    case .flag: try database.execute("UPDATE item SET \"onList\" = 0 WHERE key = 'eggs'")
    case .row: try database.execute("DELETE FROM item WHERE key = 'eggs'")
    case .index: #expect(try flipAnOnListIndexEntry(path))
    case .droppedIndex: try database.execute("DROP INDEX item_on_list")
    case .positions: try database.execute("UPDATE log SET last = x'00'")
    case .purchases: try database.execute("DELETE FROM purchase")
    case .purchaseDays: try database.execute("UPDATE purchase SET day = day - 3")
    case .undo: try database.execute("DELETE FROM undo")
    case .refused:
      try database.execute(
        "INSERT INTO refused SELECT machine, 1, 'at', 'missing', 2, 0 FROM log LIMIT 1")
    case .counts:
      try database.execute(
        "UPDATE meta SET value = x'" + String(repeating: "3FFFFFFFFFFFFFFF", count: 3)
          + "' WHERE key = 'counts'")
    case .lost: try database.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('lost', x'FF')")
    }
  }

  @Test(arguments: Damage.allCases)
  func damageTheEverydayCommandsCannotSeeIsFoundByCheckAndTheCacheRebuilt(_ damage: Damage) throws {
    try scenario.given(["add", "milk", "eggs", "bread"], ["purchase", "milk"])
    try scenario.expect(["list"], stdout: Self.wholeList)
    let history = try scenario.grocery.run(["history"])
    #expect(history.status == 0 && history.stdout.contains("milk"), "\(history)")
    let path = try cachePath()
    try spoil(damage)
    let logs = try logBytes()
    let check = try scenario.grocery.run(["check"])
    #expect(check.status == 65, "\(check)")
    #expect(check.stdout.split(separator: "\n").allSatisfy(CheckCommandTests.fits), "\(check)")
    #expect(check.stdout.contains("'\(path)'"), "the long path kept whole, to be copied")
    // Compared without white space, where the lines break.
    let squeezed = check.stdout.filter { !$0.isWhitespace }
    #expect(squeezed.contains("this machine's cache '\(path)' \(damage.said)".filter { !$0.isWhitespace }))
    #expect(squeezed.hasSuffix("rebuiltfromthelogs1problem"), "\(check)")
    if damage == .index { #expect(squeezed.contains("missingfromindexitem_on_list):"), "\(check)") }
    #expect(check.stderr == "grocery: error: the check found 1 problem\n", "\(check)")
    #expect(try logBytes() == logs, "the logs are never written")
    // Rebuilt: the list and the history are whole again, and the next check finds all well.
    try scenario.expect(["list"], stdout: Self.wholeList)
    #expect(try scenario.grocery.run(["history"]) == history)
    let again = try scenario.grocery.run(["check"])
    #expect(again.status == 0 && again.stdout.hasSuffix("\nall is well\n"), "\(again)")
  }

  /// A list counts the rows its index gives against the counts the cache's changes kept: the damage that hides
  /// an item is found by the list itself, which shows the whole list from the logs, and the next command
  /// rebuilds the cache. The history has no such count: what hides a purchase from it is for `check`.
  @Test(arguments: Damage.foundByAList)
  func aListFindsTheDamageThatWouldHideAnItemAndIsWholeAllTheSame(_ damage: Damage) throws {
    try scenario.given(["add", "milk", "eggs", "bread"], ["purchase", "milk"], ["staple", "milk", "eggs"])
    let all = try scenario.grocery.run(["list", "--all"])
    let staples = try scenario.grocery.run(["list", "--staples"])
    let history = try scenario.grocery.run(["history"])
    // The flipped bit is in the index of the shopping list alone, which the other lists do not read.
    for arguments in damage == .index ? [["list"]] : [["list"], ["list", "--all"], ["list", "--staples"]] {
      try spoil(damage)
      let outcome = try scenario.grocery.run(arguments)
      let whole =
        arguments == ["list"]
        ? Outcome(stdout: Self.wholeList) : arguments == ["list", "--all"] ? all : staples
      #expect(outcome == whole, "\(arguments) after \(damage)")
      #expect(try scenario.grocery.run(["history"]) == history)
      let check = try scenario.grocery.run(["check"])
      #expect(check.status == 0 && check.stdout.hasSuffix("\nall is well\n"), "\(check)")
    }
  }

  /// A purchase made and undone on an item bought on more days than its window keeps: the window takes back the
  /// day, and the cache reads the older days again from its history, as a rebuild would.
  @Test func aPurchaseUndoneOnALongHistoryLeavesTheCacheAsARebuildWouldMakeIt() throws {
    try scenario.given(["add", "milk"], ["staple", "milk"])
    let start = try #require(Day("2026-08-01"))
    // 45 days, more than the 40 a window keeps.
    for week in 0..<15 {
      for weekday in [0, 3, 5] {
        try scenario.given(["purchase", "milk", "--on", start.adding(days: 7 * week + weekday).description])
      }
    }
    let staples = try scenario.grocery.run(["list", "--staples"])
    try scenario.given(["purchase", "milk"], ["undo"])
    try scenario.expect(["list", "--staples"], stdout: staples.stdout)
    let check = try scenario.grocery.run(["check"])
    #expect(check.status == 0 && check.stdout.hasSuffix("\nall is well\n"), "\(check)")
  }

  /// A line of the log edited by hand, in place and to the same length, after this machine read it: the cache
  /// goes on showing it as it was, until `check` finds they differ and rebuilds it from the log as it is.
  @Test func aLineEditedByHandAfterTheCacheReadItIsSeenOnceCheckRebuildsTheCache() throws {
    try scenario.given(["add", "milk", "eggs"], ["add", "tea"])
    let logs = scenario.grocery.store + "/logs/"
    let name = try #require(try FileManager.default.contentsOfDirectory(atPath: logs).first)
    let text = try String(contentsOfFile: logs + name, encoding: .utf8)
    let edited = text.replacingOccurrences(of: "\"name\":\"milk\"", with: "\"name\":\"mylk\"")
    #expect(edited != text && edited.utf8.count == text.utf8.count)
    try edited.write(toFile: logs + name, atomically: false, encoding: .utf8)
    let seen = "Uncategorized\n  [ ] eggs\n  [ ] %@\n  [ ] tea\n\n3 items to buy, 0 bought today\n"
    try scenario.expect(["list"], stdout: seen.replacingOccurrences(of: "%@", with: "milk"))
    let check = try scenario.grocery.run(["check"])
    #expect(check.status == 65, "\(check)")
    #expect(
      check.stdout.filter { !$0.isWhitespace }.contains(
        "did not agree with the logs (1 item): a line it had read was edited since, or the cache was damaged;"
          .filter { !$0.isWhitespace }), "\(check)")
    try scenario.expect(["list"], stdout: seen.replacingOccurrences(of: "%@", with: "mylk"))
    #expect(
      try String(contentsOfFile: logs + name, encoding: .utf8) == edited, "the log is as the hand left it")
  }

  /// Every kind of change, from two machines sharing one household folder: the cache each kept up, command by
  /// command, holds what a fold of every log holds, so `check` finds all well on both.
  @Test func aCacheKeptUpByEveryKindOfChangeAgreesWithTheLogs() throws {
    let bob = ["HOME": scenario.folder.file("bob")]
    try FileManager.default.createDirectory(
      atPath: scenario.folder.file("bob"), withIntermediateDirectories: true)
    let list = scenario.folder.file("import.txt")
    try "Pantry\n  [ ] rice x2\n  [x] flour - the fine one\n".write(
      toFile: list, atomically: false, encoding: .utf8)
    let alice: [[String]] = [
      ["category", "add", "dairy"], ["add", "-c", "dairy", "-q", "2", "milk", "yoghurt"],
      ["add", "eggs", "bread", "tea"],
      ["location", "add", "costco"], ["category", "add", "snacks"], ["category", "color", "snacks", "green"],
      ["add", "-c", "snacks", "bananas", "apples"], ["staple", "milk", "eggs", "bread"],
      ["purchase", "milk", "--on", "2026-11-14"], ["purchase", "milk", "eggs"],
      ["trip", "start", "--at", "costco"],
      ["purchase", "bread", "tea"], ["trip", "stop"], ["edit", "yoghurt", "--rename", "skyr", "-n", "plain"],
      ["edit", "apples", "--at", "costco"], ["remove", "bananas"], ["add", "bananas"], ["undo"],
      ["import", list], ["reorder-categories", "snacks", "dairy"], ["restock", "--due"],
      ["category", "rename", "snacks", "nibbles"],
    ]
    for arguments in alice {
      let outcome = try scenario.grocery.run(arguments)
      #expect(outcome.status == 0, "\(arguments): \(outcome)")
    }
    let bobs: [[String]] = [
      ["add", "milk", "coffee"], ["purchase", "skyr", "coffee"], ["staple", "coffee"], ["remove", "tea"],
      ["location", "rename", "costco", "big store"], ["category", "remove", "dairy"], ["undo"],
    ]
    for arguments in bobs {
      let outcome = try scenario.grocery.run(arguments, extra: bob)
      #expect(outcome.status == 0, "\(arguments): \(outcome)")
    }
    try scenario.given(["purchase", "--all"], ["staple", "skyr"], ["restock"])
    for extra in [[:], bob] {
      let check = try scenario.grocery.run(["check"], extra: extra)
      #expect(check.status == 0 && check.stdout.hasSuffix("\nall is well\n"), "\(check)")
    }
  }
}
