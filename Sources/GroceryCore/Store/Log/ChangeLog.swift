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

  /// Whether a log of this status is larger than any grocery writes: every read leaves it out, as one that is not a
  /// regular file, since reading it would stop every command.
  static func isTooLarge(_ info: stat) -> Bool { Int(info.st_size) > maximumSize }

  /// Whether what is at `path` is a log every read leaves out (and says so): not a regular file (a link, a folder, a
  /// FIFO), one larger than any grocery writes, or one this user may not read. False where nothing is.
  static func isLeftOut(_ path: String) throws -> Bool {
    guard let info = try FileSystem.status(path, followingLinks: false) else { return false }
    return info.st_mode & S_IFMT != S_IFREG || isTooLarge(info) || isUnreadable(path)
  }

  /// Whether the file at `path` is one this user may not read (its modes or owner another account's).
  static func isUnreadable(_ path: String) -> Bool {
    access(path, R_OK) != 0 && errno == EACCES
  }

  /// Why a change is not appended to this machine's log of this status, larger than any grocery writes: a line added
  /// to it would never show.
  static func tooLargeToWrite(_ shown: String, _ info: stat) -> GroceryError {
    .io(
      path: shown, operation: "write",
      reason: "it is \(info.st_size) bytes, larger than any grocery writes: its changes are left out")
  }

  /// The starts of git's conflict markers, which a merge or a `git stash pop` that stopped leaves in a file.
  static let conflictMarkers = ["<<<<<<< ", "||||||| ", "=======", ">>>>>>> "].map { Array($0.utf8) }

  /// Whether a whole line is one of git's conflict markers.
  static func isConflictMarker(_ line: ArraySlice<UInt8>) -> Bool {
    conflictMarkers.contains { line.starts(with: $0) }
  }

  /// The byte-order mark an editor may put at the start of a file (Notepad does): no part of the first line.
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Where a file grocery reads begins: after the byte-order mark an editor may have put before it.
  static func textStart(_ bytes: [UInt8]) -> Int {
    bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
  }

  /// Where reading a log got to.
  struct Position: Equatable, Sendable {
    /// The byte after the last whole line read.
    var offset: Int
    /// How many lines that is, for error messages.
    var lines: Int
    /// The stamp of the last change read, so that a line read twice is recognised.
    var last: Stamp
    /// The stamp of the last change read from a line without `wall` (log version 4): the last one a grocery too
    /// old to read those lines followed.
    var unwalled: Stamp = .zero
    /// A hash of the line just before `offset`, newline included, so that a log replaced by another, or one with a
    /// line put in before it, is noticed: a line holds its change's id, which no other line has. Of a line longer
    /// than twice `checkedPart`, only its first and last `checkedPart` bytes.
    var check: UInt64 = 0
    /// The length of the line just before `offset`, newline included (0 when not known), so that the check reads
    /// only the bytes it hashes, and the newline before them.
    var length = 0
    /// Where the log ended when the read found a line cut short after `offset` (0 when it found none), and a hash of
    /// the first and last `tornPart` bytes of what is cut short: a log still so is not read again, however long
    /// what is cut short.
    var torn = 0
    var tornCheck: UInt64 = 0
  }

  /// How many bytes at each end of a line cut short `Position.tornCheck` hashes.
  static let tornPart = 64

  /// The hash `Position.tornCheck` keeps of what follows a log's last whole line.
  static func tornCheck(_ head: some Collection<UInt8>, _ tail: some Collection<UInt8>) -> UInt64 {
    check(Array(head) + Array(tail))
  }

  /// Returns true when the log still ends, at `size`, where its read found a line cut short, with the same bytes
  /// at both ends of it.
  static func stillTorn(_ path: String, _ position: Position, size: Int) throws -> Bool {
    guard position.torn > position.offset, size == position.torn else { return false }
    let count = min(tornPart, size - position.offset)
    guard
      let found = try FileSystem.readRegularFile(
        path, parts: [(position.offset, count), (size - count, count)], limit: maximumSize),
      found.size == size, found.parts.allSatisfy({ $0.count == count })
    else { return false }
    return tornCheck(found.parts[0], found.parts[1]) == position.tornCheck
  }

  /// Hashes bytes (FNV-1a), for `Position.check`.
  static func check<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 { FNV.hash(bytes) }

  /// How much of each end of a long line `Position.check` hashes: every command checks each log's last line, and a
  /// log whose last line is a migration of a version-1 store (megabytes, on a machine that has made no change
  /// since) must cost no more to check than any other. Its start holds the change's id and stamp.
  static let checkedPart = 4096

  /// A line's `Position.check`: the hash of the whole line, newline included, or of a long one's two ends.
  static func check<C: BidirectionalCollection>(line: C) -> UInt64 where C.Element == UInt8 {
    guard line.count > 2 * checkedPart else { return check(line) }
    return check(Array(line.prefix(checkedPart)) + Array(line.suffix(checkedPart)))
  }

  /// The last line of the whole bytes read up to their end, newline included.
  static func lastLine(of bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    let body = bytes.dropLast()
    return bytes[(body.lastIndex(of: 0x0A).map { $0 + 1 } ?? bytes.startIndex)...]
  }

  /// Returns true when the log still holds, just before the position, the line it held when it was read.
  static func stillMatches(_ path: String, _ position: Position) throws -> Bool {
    try compare(path, position) == .same
  }

  /// What the log holds just before a position it was read to: the line it held then (`same`), that line read
  /// without its newline and now followed on the same line by more than a newline (`runsOn`: a change appended with
  /// no newline between), or something else.
  enum Held { case same, runsOn, other }

  static func compare(_ path: String, _ position: Position) throws -> Held {
    if position.offset == 0 { return .same }
    let length = position.length
    let lineStart = position.offset - length
    guard length > 0, lineStart >= 0 else { return .other }
    // The line's bytes with the one before it, which must end the line above (or the line is the log's first); of
    // a long line, only the two ends the check hashes.
    let long = length > 2 * checkedPart
    let from = max(0, lineStart - 1)
    let headCount = (long ? checkedPart : length) + (lineStart - from)
    // And the byte after the line, where there is one: a line read without its newline may be followed by its
    // newline alone.
    var parts = [(offset: from, count: long ? headCount : headCount + 1)]
    if long { parts.append((position.offset - checkedPart, checkedPart + 1)) }
    guard let found = try FileSystem.readRegularFile(path, parts: parts, limit: maximumSize),
      found.size >= position.offset
    else { return .other }
    let after = found.size > position.offset ? 1 : 0
    var (head, tail) = (found.parts[0], long ? found.parts[1] : [])
    guard head.count == headCount + (long ? 0 : after), tail.count == (long ? checkedPart + after : 0) else {
      return .other
    }
    let next = after == 0 ? nil : long ? tail.removeLast() : head.removeLast()
    guard lineStart == 0 || head.first == 0x0A else { return .other }
    // A whole last line read without its newline (a hand edit, a sync tool that copied the line alone) ends at
    // the position all the same: the newline written after it since changes nothing before it. Anything else
    // written after it (a peer's next change appended with no newline between) makes it another line, which a
    // read of the whole log refuses: the log is not as it was read (found by a trial: the appended change was
    // read alone and folded, then gone on the next read, with this machine's purchase of it).
    let line = head[(lineStart - from)...]
    let runsOn = (long ? tail.last : line.last) != 0x0A && next != nil && next != 0x0A
    guard !line.dropLast().contains(0x0A) else { return .other }
    if long { guard !tail.dropLast().contains(0x0A) else { return .other } }
    guard (long ? check(Array(line) + tail) : check(line: line)) == position.check else { return .other }
    return runsOn ? .runsOn : .same
  }

  /// Reads the whole lines after `position`, passing each change on; a last line without its newline is a write
  /// still under way (or cut short by a crash) and is left for later. The log is read `chunk` bytes at a time (a
  /// longer line, a change of a migrated version-1 store, whole), so a rebuild costs the memory of a chunk.
  ///
  /// A line that is not a change this grocery would write, one from a newer grocery, or one dated before the
  /// line above it is passed to `refused` and left out; reading goes on. A line that holds the change of an earlier
  /// line (its id and stamp) is read once; another change with the stamp of the line above it is read too, and
  /// said.
  static func read(
    _ path: String, machine: String, from position: Position, shownAs shown: String,
    refused: (LineRefusal) throws -> Void = { _ in }, chunk: Int = 1 << 20,
    _ each: (_ change: Change, _ offset: Int, _ length: Int) throws -> Void
  ) throws -> Position {
    var (read, pending, seen) = (position, [UInt8](), Seen?.none)
    func walked(atEnd: Bool) throws {
      let next = try walk(
        pending, from: read, machine: machine, seen: &seen, atEnd: atEnd,
        before: { end in
          // The lines read before this read are read again, once, only when a line is not later than the one
          // above it: rare, so an everyday read keeps nothing.
          var earlier: Seen? = Seen()
          let prefix = try FileSystem.readRegularFile(path, limit: maximumSize) ?? []
          _ = try walk(
            Array(prefix.prefix(end)), from: Position(offset: 0, lines: 0, last: .zero), machine: machine,
            seen: &earlier, before: { _ in Seen() }, refused: { _, _ in }, { _, _, _ in })
          return earlier ?? Seen()
        }, refused: { try refused(LineRefusal(machine: machine, line: $0, reason: $1)) }, each)
      pending.removeFirst(next.offset - read.offset)
      read = next
    }
    // Read from the byte before the position: where it ends a line read without its newline, a newline after it
    // is that line's, not an empty line of its own (a sync tool that copied a write in two parts, the line and
    // then its newline), which a read of the whole log does not count either (found by a review: the next read
    // found the log not as read, and said so).
    var (before, owed, newline) = (position.offset > 0 ? UInt8?.none : 0x0A, position.offset > 0, false)
    _ = try FileSystem.readRegularFile(
      path, from: max(0, position.offset - 1), limit: maximumSize, chunk: chunk
    ) { chunk in
      var bytes = chunk[...]
      if before == nil, let first = bytes.first {
        before = first
        owed = first != 0x0A
        bytes = bytes.dropFirst()
      }
      if owed, let first = bytes.first {
        owed = false
        if first == 0x0A {
          bytes = bytes.dropFirst()
          (read.offset, newline) = (read.offset + 1, true)
        }
      }
      guard !bytes.isEmpty else { return }
      pending += bytes
      if bytes.contains(0x0A) { try walked(atEnd: false) }
    }
    // What follows the last newline: a whole change a sync tool copied all but the newline of is read; a line
    // cut short is left for later, and noted, so that a log that stays so is not read again.
    if !pending.isEmpty { try walked(atEnd: true) }
    // Only that newline came: the position is after it, and the line before it is the line read, newline and all.
    if newline && read.offset == position.offset + 1 && position.length > 0 {
      let start = position.offset - position.length
      guard
        let found = try FileSystem.readRegularFile(
          path, parts: [(start, position.length + 1)], limit: maximumSize),
        found.parts[0].count == position.length + 1
      else { return position }
      (read.check, read.length) = (check(line: found.parts[0]), position.length + 1)
    }
    (read.torn, read.tornCheck) =
      pending.isEmpty
      ? (0, 0) : (read.offset + pending.count, tornCheck(pending.prefix(tornPart), pending.suffix(tornPart)))
    return read
  }

  /// Whether the bytes from `start` to `end` are a whole line without its newline: one JSON object, whether or not
  /// the gate lets it in (a line from a newer grocery, or one that fails a check, is said as every such line is,
  /// never cut). A line cut short never reads as one: a change is a JSON object, and no part of one is a whole
  /// object.
  static func isWholeLine(_ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
    // The first line of a file may follow a byte-order mark.
    let start = start == 0 ? textStart(bytes) : start
    guard end > start else { return false }
    var reader = JSONReader(bytes, from: start, to: end)
    do {
      guard try reader.nextKind() == .object else { return false }
      try reader.skipValue()
    } catch {
      return false
    }
    return reader.isAtEnd
  }

  /// Whether the bytes are nothing but spaces, tabs and carriage returns, or nothing: no change, and no part of one.
  static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }

  /// What follows a log's last newline, and whether it is a whole change without its newline (a sync tool's
  /// copy) rather than a line cut short (a write under way, or a crash).
  static func tail(_ fd: Int32, size: Int, path: String) throws -> (bytes: [UInt8], isWhole: Bool) {
    let tail = try FileSystem.tornTail(fd, size: size, path: path)
    return (tail, isWholeLine(tail, from: 0, to: tail.count))
  }

  /// The changes a log's lines have folded so far, by stamp: what tells a line that repeats one from another
  /// change with the same stamp.
  struct Seen {
    var lines: [Stamp: [(line: Int, id: String, hash: UInt64)]] = [:]

    mutating func add(_ change: Change, line: Int, hash: UInt64) {
      lines[change.stamp, default: []].append((line, change.id, hash))
    }
  }

  /// Whether a log's bytes hold a change of its own machine: one the gate lets in, or one from a newer grocery.
  /// A log that holds none (every line another machine's, or no change at all: a copy put under another
  /// machine's name) keeps nothing of anyone's, and sync lets its deletion stand.
  static func holdsOwnChange(_ bytes: [UInt8], machine: String) throws -> Bool {
    var (found, seen) = (false, Seen?.some(Seen()))
    _ = try walk(
      bytes, from: Position(offset: 0, lines: 0, last: .zero), machine: machine, seen: &seen, atEnd: true,
      before: { _ in Seen() },
      refused: { _, reason in if case .newer = reason { found = true } }, { _, _, _ in found = true })
    return found
  }

  /// The gate over a log's bytes from `position`: each whole line is decoded, checked and passed to `each`, or
  /// to `refused` with why. `before` gives the changes the lines before a file offset folded, when a line needs
  /// them.
  private static func walk(
    _ bytes: [UInt8], from position: Position, machine: String, seen: inout Seen?, atEnd: Bool = false,
    before: (Int) throws -> Seen, refused: (Int, LineRefusal.Reason) throws -> Void,
    _ each: (Change, Int, Int) throws -> Void
  ) throws -> Position {
    let machineNumber = MachineID.number(machine) ?? 0
    var current = position
    var start = position.offset == 0 ? textStart(bytes) : 0
    let count = bytes.count
    while start < count {
      // At the end of the file, a whole change without its newline is a line; a line cut short waits.
      let ended = bytes[start...].firstIndex(of: 0x0A)
      guard let newline = ended ?? (atEnd && isWholeLine(bytes, from: start, to: count) ? count : nil) else {
        break
      }
      let lineNumber = current.lines + 1
      // A line of nothing but spaces, tabs or a carriage return (an editor's, a sync tool's) holds no change, as an
      // empty one holds none: it is passed over, not said as a line cut short.
      if !isBlank(bytes[start..<newline]) {
        var refusal: LineRefusal.Reason?
        do {
          let change = try ChangeCodec.decode(bytes, from: start, to: newline)
          if change.stamp.machineNumber != machineNumber {
            refusal = .invalid(
              field: "machine", reason: "'\(change.stamp.machine)' is not this log's machine")
          } else if change.stamp > current.last {
            try each(change, position.offset + start, newline - start + 1)
            current.last = change.stamp
            if change.wall == nil { current.unwalled = change.stamp }
            seen?.add(change, line: lineNumber, hash: check(bytes[start..<newline]))
          } else {
            if seen == nil { seen = try before(position.offset + start) }
            let hash = check(bytes[start..<newline])
            let same = seen?.lines[change.stamp] ?? []
            if let earlier = same.first(where: { $0.id == change.id }) {
              refusal = .repeats(line: earlier.line, exact: earlier.hash == hash)
            } else if change.stamp == current.last, let earlier = same.first {
              try each(change, position.offset + start, newline - start + 1)
              seen?.add(change, line: lineNumber, hash: hash)
              refusal = .sharesStamp(line: earlier.line)
            } else if change.wall == nil && change.stamp > current.unwalled {
              // An older grocery on this machine (a second install, a downgrade) reads no line with `wall`, so it
              // followed the lines without one: its change is read, after them, where the lines above it stay.
              try each(change, position.offset + start, newline - start + 1)
              current.unwalled = change.stamp
              seen?.add(change, line: lineNumber, hash: hash)
            } else {
              refusal = .outOfOrder
            }
          }
        } catch let error as ChangeCodec.LineError {
          refusal =
            error.newerVersion.map { .newer(version: $0) }
            ?? .invalid(field: error.field, reason: error.reason)
        }
        if let refusal { try refused(lineNumber, refusal) }
      }
      // Past the newline, or to the end of a whole change without one.
      let next = ended.map { $0 + 1 } ?? count
      current.offset = position.offset + next
      current.lines = lineNumber
      start = next
    }
    if current.offset != position.offset {
      let line = lastLine(of: bytes[0..<(current.offset - position.offset)])
      current.check = check(line: line)
      current.length = line.count
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
    guard let file = try FileSystem.openRegularFile(path) else { return 0 }
    defer { SystemCall.closeFile(file.fd) }
    let tail = try tail(file.fd, size: file.size, path: path)
    return file.size - (tail.isWhole ? 0 : tail.bytes.count)
  }

  /// Appends one line and flushes it to disk; on any failure the file is cut back to its old length.
  ///
  /// A new log belongs to the owner of the household folder, so that a change made as root on someone else's
  /// household never locks its owner out.
  static func append(_ line: String, to file: String, shownAs path: String, owner: stat) throws {
    let (fd, size) = try FileSystem.openToAppend(file, shownAs: path)
    defer { SystemCall.closeFile(fd) }
    try FileSystem.giveToOwner(fd, of: owner, path: path)
    // A line cut short by a crash is dropped first, so the new line starts on a line of its own; a whole change
    // without its newline (a sync tool's copy) gets its newline.
    let tail = try tail(fd, size: size, path: path)
    let torn = tail.isWhole ? [] : tail.bytes
    do {
      if !torn.isEmpty { try SystemCall.truncate(fd, to: size - torn.count).get(path, "repair") }
      try FileSystem.writeAll(fd, (tail.isWhole ? "\n" : "") + line, path: path)
      try FileSystem.sync(fd, path: path)
    } catch {
      // Put the file back exactly as it was, torn line and all: a failed command changes nothing.
      if case .success = SystemCall.truncate(fd, to: size - torn.count), !torn.isEmpty {
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
