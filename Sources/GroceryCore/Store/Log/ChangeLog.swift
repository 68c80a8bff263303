#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One machine's append-only log of changes: read from where the last read stopped, appended a whole line at a
/// time by its own machine only.
public enum ChangeLog {
  /// The most a log may hold; larger is not something grocery wrote, and is refused before it is read.
  static let maximumSize = 1 << 30

  /// Where reading a log got to.
  struct Position: Equatable, Sendable {
    /// The byte after the last whole line read.
    var offset: Int
    /// How many lines that is, for error messages.
    var lines: Int
    /// The stamp of the last change read, so that a line read twice is recognised.
    var last: Stamp
    /// A hash of the bytes just before `offset`, so that a log replaced by another is noticed.
    var check: UInt64 = 0
  }

  /// How many bytes before a position its check covers.
  static let checkLength = 64

  /// Hashes the bytes before `end` (FNV-1a), for `Position.check`.
  static func check<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  /// Returns true when the log still holds, just before the position, the bytes it held when it was read.
  static func stillMatches(_ path: String, _ position: Position) throws -> Bool {
    if position.offset == 0 { return true }
    let start = max(0, position.offset - checkLength)
    guard let bytes = try FileSystem.readRegularFile(path, from: start, limit: maximumSize) else {
      return false
    }
    return bytes.count >= position.offset - start
      && check(bytes.prefix(position.offset - start)) == position.check
  }

  /// Reads the whole lines after `position`, passing each change on; a last line without its newline is a write
  /// still under way (or cut short by a crash) and is left for later.
  ///
  /// A line that is not a change this grocery would write, one from a newer grocery, or one dated before the
  /// line above it is passed to `refused` and left out; reading goes on.
  static func read(
    _ path: String, machine: String, from position: Position, shownAs shown: String,
    refused: (LineRefusal) throws -> Void = { _ in },
    _ each: (_ change: Change, _ offset: Int, _ length: Int) throws -> Void
  ) throws -> Position {
    guard let bytes = try FileSystem.readRegularFile(path, from: position.offset, limit: maximumSize) else {
      return position
    }
    let machineNumber = MachineID.number(machine) ?? 0
    var current = position
    var start = 0
    let count = bytes.count
    while start < count {
      guard let newline = bytes[start...].firstIndex(of: 0x0A) else { break }
      let lineNumber = current.lines + 1
      if newline > start {
        var refusal: LineRefusal.Reason?
        do {
          let change = try ChangeCodec.decode(bytes, from: start, to: newline)
          if change.stamp.machineNumber != machineNumber {
            refusal = .invalid(
              field: "machine", reason: "'\(change.stamp.machine)' is not this log's machine")
          } else if change.stamp > current.last {
            try each(change, position.offset + start, newline - start + 1)
            current.last = change.stamp
          } else {
            refusal = .outOfOrder
          }
        } catch let error as ChangeCodec.LineError {
          refusal =
            error.newerVersion.map { .newer(version: $0) }
            ?? .invalid(field: error.field, reason: error.reason)
        }
        if let refusal { try refused(LineRefusal(machine: machine, line: lineNumber, reason: refusal)) }
      }
      current.offset = position.offset + newline + 1
      current.lines = lineNumber
      start = newline + 1
    }
    if current.offset != position.offset {
      let end = current.offset - position.offset
      current.check = check(bytes[max(0, end - checkLength)..<end])
    }
    return current
  }

  /// Reads the line of `length` bytes at `offset`, the newline included, as a change; nil when the log no
  /// longer holds a whole line there, and an error naming the field when the line is not a change.
  static func line(_ path: String, at offset: Int, length: Int, shownAs shown: String) throws -> Change? {
    guard let bytes = try FileSystem.readRegularFile(path, from: offset, limit: maximumSize),
      bytes.count >= length, length > 0, bytes[length - 1] == 0x0A
    else {
      return nil
    }
    do {
      return try ChangeCodec.decode(bytes, from: 0, to: length - 1)
    } catch {
      throw GroceryError.unreadableStore(
        path: shown, reason: "the change to undo: \(error.field): \(error.reason)")
    }
  }

  /// The length of the log's whole lines: where a read that must not start mid-line can start.
  static func wholeLength(_ path: String) throws -> Int {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    if fd < 0 {
      if errno == ENOENT { return 0 }
      throw FileSystem.ioError(path, "read")
    }
    defer { close(fd) }
    var info = stat()
    if fstat(fd, &info) != 0 { throw FileSystem.ioError(path, "inspect") }
    if info.st_mode & S_IFMT != S_IFREG {
      throw GroceryError.io(path: path, operation: "read", reason: "it is not a regular file")
    }
    let size = Int(info.st_size)
    return size - (try FileSystem.tornTail(fd, size: size, path: path)).count
  }

  /// Appends one line and flushes it to disk; on any failure the file is cut back to its old length.
  ///
  /// A new log belongs to the owner of the household folder, so that a change made as root on someone else's
  /// household never locks its owner out.
  static func append(_ line: String, to file: String, shownAs path: String, owner: stat) throws {
    let fd = open(file, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o600)
    if fd < 0 { throw FileSystem.ioError(path, "write") }
    defer { close(fd) }
    var info = stat()
    if fstat(fd, &info) != 0 { throw FileSystem.ioError(path, "inspect") }
    if info.st_mode & S_IFMT != S_IFREG {
      throw GroceryError.io(path: path, operation: "write", reason: "it is not a regular file")
    }
    if info.st_mode & S_IWUSR == 0 {
      throw GroceryError.io(
        path: path, operation: "write",
        reason: "it is read-only (mode \(String(info.st_mode & 0o777, radix: 8)))")
    }
    try FileSystem.giveToOwner(fd, of: owner, path: path)
    let size = Int(info.st_size)
    // A line cut short by a crash is dropped first, so the new line starts on a line of its own.
    let torn = try FileSystem.tornTail(fd, size: size, path: path)
    do {
      if !torn.isEmpty, ftruncate(fd, off_t(size - torn.count)) != 0 {
        throw FileSystem.ioError(path, "repair")
      }
      try FileSystem.writeAll(fd, Data(line.utf8), path: path)
      try FileSystem.sync(fd, path: path)
    } catch {
      // Put the file back exactly as it was, torn line and all: a failed command changes nothing.
      if ftruncate(fd, off_t(size - torn.count)) == 0, !torn.isEmpty {
        do {
          try FileSystem.writeAll(fd, Data(torn), path: path)
        } catch {
          // The first failure is the one to report.
        }
      }
      throw error
    }
  }
}
