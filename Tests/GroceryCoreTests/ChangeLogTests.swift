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
      offset: bytes.count, lines: 2, last: .zero, check: ChangeLog.check(last))
    return (path, position, bytes)
  }

  /// Last lines shorter than, equal to and a little or far longer than the first window read (4 KiB) and the
  /// windows after it, so that every way the line's start can fall is crossed.
  static let lengths = [2, 4095, 4096, 4097, 4109, 5000, 16_384, 16_397, 20_000, 65_536, 70_000, 300_000]

  @Test(arguments: lengths) func theSameLogStillMatchesWhateverTheLengthOfItsLastLine(length: Int) throws {
    let (path, position, _) = try log(lastLine: length)
    #expect(try ChangeLog.stillMatches(path, position))
  }

  @Test(arguments: lengths) func aChangeAnywhereInTheLastLineIsNoticed(length: Int) throws {
    let (path, position, bytes) = try log(lastLine: length)
    for index in [12, 12 + length / 2, bytes.count - 2] {
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
}
