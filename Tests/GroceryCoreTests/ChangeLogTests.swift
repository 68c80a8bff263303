import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// How a log read before is recognised as the same log: the hash of the line just before the position.
@Suite struct ChangeLogTests {
  let folder = TemporaryDirectory()

  /// A log of a short line and then a last line of `length` bytes (newline included), with the position after it.
  func log(lastLine length: Int) throws -> (path: String, position: ChangeLog.Position, bytes: [UInt8]) {
    let last = [UInt8](repeating: UInt8(ascii: "a"), count: length - 1) + [0x0A]
    let bytes = Array("{\"first\":1}\n".utf8) + last
    let path = folder.file("log-\(length).jsonl")
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let position = ChangeLog.Position(
      offset: bytes.count, lines: 2, last: .zero, check: ChangeLog.check(line: last), length: last.count)
    return (path, position, bytes)
  }

  /// Last lines shorter than, equal to and a little or far longer than the part of each end that is checked (4 KiB)
  /// and than both ends together, so that every way the two ends can fall is crossed.
  static let lengths = [2, 4095, 4096, 4097, 4109, 5000, 8191, 8192, 8193, 16_384, 20_000, 70_000, 300_000]

  @Test(arguments: lengths) func theSameLogStillMatchesWhateverTheLengthOfItsLastLine(length: Int) throws {
    let (path, position, _) = try log(lastLine: length)
    #expect(try ChangeLog.stillMatches(path, position))
  }

  /// A change in the last line is noticed anywhere in a line of up to 8 KiB, and in the first or last 4 KiB of a
  /// longer one (its start holds the change's id and stamp), which is all a command reads of it.
  @Test(arguments: lengths) func aChangeInTheLastLinesEndsIsNoticed(length: Int) throws {
    let (path, position, bytes) = try log(lastLine: length)
    let part = ChangeLog.checkedPart
    for index in [
      12, 12 + min(length - 2, part - 1), 12 + length / 2, bytes.count - min(length, part), bytes.count - 2,
    ]
    where length <= 2 * part || index < 12 + part || index >= bytes.count - part {
      var changed = bytes
      changed[index] = UInt8(ascii: "b")
      try Data(changed).write(to: URL(fileURLWithPath: path))
      #expect(try !ChangeLog.stillMatches(path, position), "byte \(index) of \(bytes.count)")
    }
  }

  @Test(arguments: lengths) func aLineJoinedToTheLastIsNoticed(length: Int) throws {
    // The newline between the two lines gone: the last line now starts at the file's start.
    let (path, position, bytes) = try log(lastLine: length)
    var joined = bytes
    joined[11] = UInt8(ascii: " ")
    try Data(joined).write(to: URL(fileURLWithPath: path))
    #expect(try !ChangeLog.stillMatches(path, position))
  }

  /// A command reads of a long last line only its two checked ends: the middle of a line of 300 KB may be anything,
  /// as long as it holds no newline, and the log still matches (a rebuild, `check`, reads it whole).
  @Test func onlyTheEndsOfALongLastLineAreRead() throws {
    let (path, position, bytes) = try log(lastLine: 300_000)
    var changed = bytes
    changed[12 + 150_000] = UInt8(ascii: "b")
    try Data(changed).write(to: URL(fileURLWithPath: path))
    #expect(try ChangeLog.stillMatches(path, position))
  }
}
