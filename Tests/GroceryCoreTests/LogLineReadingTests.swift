import Foundation
import Testing

@testable import GroceryCore

/// A key given twice in one object of a log line is refused, naming it: JSON leaves which one counts to the reader,
/// so an older grocery or a script could read the line otherwise (found by a trial: the last was taken, but the
/// first 'v').
@Suite struct RepeatedKeyTests {
  static let item = "00000000-0000-4000-8000-000000000001"

  @Test(arguments: [
    (
      "{\"op\":\"buy\",\"item\":\"\(item)\",\"day\":\"2026-11-21\",\"quantity\":1,\"quantity\":9}",
      "ops[0].quantity: given twice"
    ),
    (
      "{\"op\":\"buy\",\"op\":\"unbuy\",\"item\":\"\(item)\",\"day\":\"2026-11-21\",\"quantity\":1}",
      "ops[0].op: given twice"
    ),
    (
      "{\"op\":\"item\",\"id\":\"\(item)\",\"set\":{\"name\":\"milk\",\"name\":\"beer\"}}",
      "ops[0].set.name: given twice"
    ),
  ])
  func inAnOperation(op: String, message: String) {
    #expect(LogLine.refusal(of: op, version: 3) == message)
  }

  @Test func atTheTopOfALine() {
    let op = "{\"op\":\"buy\",\"item\":\"\(Self.item)\",\"day\":\"2026-11-21\",\"quantity\":1}"
    #expect(LogLine.refusal(of: op, version: 3) == nil, "the line without a repeated key is read")
    let line = Array(
      ("{\"v\":3,\"id\":\"c1\",\"at\":\"2026-11-21T12:00:00.000Z\",\"seq\":0,\"machine\":\"00000000000000aa\","
        + "\"summary\":\"s\",\"ops\":[" + op + "],\"v\":2}").utf8)
    #expect(throws: ChangeCodec.LineError(field: "v", reason: "given twice")) {
      try ChangeCodec.decode(line, from: 0, to: line.count)
    }
  }
}

/// Text after a line's change (a NUL byte a sync tool left) is said of the line, not of the field read last,
/// where it was `v: unexpected text after the change` (found by a trial).
@Test func textAfterTheChangeIsSaidOfTheLine() {
  let line = Array(
    ("{\"v\":2,\"id\":\"c1\",\"at\":\"2026-11-21T12:00:00.000Z\",\"seq\":0,\"machine\":\"00000000000000aa\","
      + "\"summary\":\"s\",\"ops\":[]}\u{0}").utf8)
  #expect(throws: ChangeCodec.LineError(field: "line", reason: "unexpected text after the change")) {
    try ChangeCodec.decode(line, from: 0, to: line.count)
  }
}

/// A line's time is one grocery writes: after the start of 1970, where reading a log starts (a first line before it
/// was said to be dated before the line above it), and no second 60 (read as the next minute's first, the line
/// after it looked written by a second computer). Found by a trial.
@Test(arguments: [
  ("0001-01-01T00:00:00.000Z", "dated at or before 1970-01-01T00:00:00.000Z, which no change is"),
  ("1969-12-31T23:59:59.000Z", "dated at or before 1970-01-01T00:00:00.000Z, which no change is"),
  ("1970-01-01T00:00:00.000Z", "dated at or before 1970-01-01T00:00:00.000Z, which no change is"),
  ("2026-11-21T09:30:60.000Z", "expected a time as YYYY-MM-DDTHH:MM:SS.mmmZ"),
])
func aTimeNoGroceryWritesIsRefused(at: String, reason: String) {
  func line(_ at: String) -> [UInt8] {
    Array(
      ("{\"v\":2,\"id\":\"c1\",\"at\":\"\(at)\",\"seq\":0,\"machine\":\"00000000000000aa\","
        + "\"summary\":\"s\",\"ops\":[]}").utf8)
  }
  let refused = line(at)
  #expect(throws: ChangeCodec.LineError(field: "at", reason: reason)) {
    try ChangeCodec.decode(refused, from: 0, to: refused.count)
  }
  let read = line("1970-01-01T00:00:00.001Z")
  #expect((try? ChangeCodec.decode(read, from: 0, to: read.count)) != nil)
}

/// A byte-order mark at the start of a line after the first (`cat a.jsonl b.jsonl`) is named, where the line was
/// said to expect an object (found by a trial).
@Test func aByteOrderMarkAfterTheFirstLineIsNamed() {
  let line = Array(
    ("\u{FEFF}{\"v\":2,\"id\":\"c1\",\"at\":\"2026-11-21T12:00:00.000Z\",\"seq\":0,"
      + "\"machine\":\"00000000000000aa\",\"summary\":\"s\",\"ops\":[]}").utf8)
  #expect(
    throws: ChangeCodec.LineError(
      field: "line",
      reason: "starts with a byte-order mark, which only a file's first line may (files joined?)")
  ) {
    try ChangeCodec.decode(line, from: 0, to: line.count)
  }
}

/// A purchase dated after the day its change was made, in the time zone furthest ahead, is read as of that day; a
/// migration's purchases keep grocery 1's dates.
@Suite struct PurchaseDateTests {
  func decode(summary: String, day: String) throws -> Change {
    let line = Array(
      ("{\"v\":2,\"id\":\"c1\",\"at\":\"2026-11-21T23:30:00.000Z\",\"seq\":0,\"machine\":\"00000000000000aa\","
        + "\"summary\":\"\(summary)\",\"ops\":[{\"op\":\"buy\",\"item\":\"\(RepeatedKeyTests.item)\","
        + "\"day\":\"\(day)\",\"quantity\":1}]}").utf8)
    return try ChangeCodec.decode(line, from: 0, to: line.count)
  }

  func day(_ change: Change) -> Day? {
    guard case .buy(_, let day, _, _, _) = change.operations.first else { return nil }
    return day
  }

  @Test func aDayAfterTheChangesIsReadAsTheDayAfter() throws {
    #expect(day(try decode(summary: "purchase milk", day: "9999-12-31")) == Day("2026-11-22"))
    #expect(day(try decode(summary: "purchase milk", day: "2026-11-23")) == Day("2026-11-22"))
    // Kiribati's day, an hour after midnight there, is the latest a clock may give: read as it is.
    #expect(day(try decode(summary: "purchase milk", day: "2026-11-22")) == Day("2026-11-22"))
    #expect(day(try decode(summary: "purchase milk", day: "2020-01-01")) == Day("2020-01-01"))
  }

  @Test func aMigrationsPurchasesKeepTheirDays() throws {
    let change = try decode(summary: "migrate grocery.json (version 1)", day: "2027-03-01")
    #expect(day(change) == Day("2027-03-01"))
  }
}
