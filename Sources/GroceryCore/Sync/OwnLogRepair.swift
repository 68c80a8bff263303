/// Brings this machine's own log together with a copy of it that git holds, when the two differ otherwise than by
/// lines this machine appended since.
///
/// This machine's log is the truth for its own lines: each line it has is kept as it is. A line git's copy holds
/// that the log here lost (a restored backup, an older copy of the folder synced back over it) is put back, in the
/// order of the changes' clocks (two changes with one stamp, which two computers writing as one machine make, in the
/// order of their ids, so that both computers come to the same log); a line git's copy holds changed (a hand edit
/// elsewhere) is reported and left out.
struct OwnLogRepair {
  /// The log as it is to be: every line it had, with the lines put back.
  var bytes: [UInt8]
  /// The changes put back, oldest first: each line, without its newline, and its summary.
  var putBack: [(line: ArraySlice<UInt8>, summary: String)]
  /// The numbers (from 1) of the lines of git's copy that were changed elsewhere; this machine's own are kept.
  var changedElsewhere: [Int]

  /// Returns the repair that `local` needs to hold every line of `copy`, or nil when it already does.
  init?(local: [UInt8], copy: [UInt8]) {
    // A byte-order mark an editor put at the start of either file is no part of its first line, as the log's
    // reader takes it; the log here keeps its own.
    let kept = Array(local.prefix(ChangeLog.textStart(local)))
    let local = Array(local.dropFirst(kept.count))
    let copy = Array(copy.dropFirst(ChangeLog.textStart(copy)))
    if local.starts(with: copy) { return nil }
    let (lines, tail) = OwnLogRepair.lines(local)
    // How many times the log holds each line: a copy git holds with a line twice that the log holds once (pasted
    // again at its end, by hand elsewhere) has a line changed, where it read as the log itself and went unsaid
    // (found by a trial).
    var held: [[UInt8]: Int] = [:]
    for line in lines { held[line, default: 0] += 1 }
    var ids: Set<String> = []
    var keys: [Key?] = []
    for line in lines {
      let change = OwnLogRepair.change(line)
      if let change { ids.insert(change.id) }
      keys.append(change.map { Key(stamp: $0.stamp, id: $0.id) })
    }
    var missing: [(key: Key, line: [UInt8], summary: String)] = []
    var changed: [Int] = []
    for (index, line) in OwnLogRepair.lines(copy).lines.enumerated() {
      if let count = held[line], count > 0 {
        held[line] = count - 1
        continue
      }
      // A line dated in the last second a line may carry is never put back: after it this machine could write
      // no line (each of its lines must be later than the one before); it is reported as a line changed elsewhere.
      guard let change = OwnLogRepair.change(line), !ids.contains(change.id),
        change.stamp.milliseconds <= Stamp.adoptable
      else {
        changed.append(index + 1)
        continue
      }
      missing.append((Key(stamp: change.stamp, id: change.id), line, change.summary))
    }
    if missing.isEmpty && changed.isEmpty { return nil }
    missing.sort { $0.key < $1.key }
    // Each line put back goes before the first line here whose change is later, so the clocks still run forwards.
    var result: [UInt8] = []
    var next = 0
    var last: Key?
    for (line, key) in zip(lines, keys) {
      let current = key ?? last
      while next < missing.count, let current, missing[next].key < current {
        result += missing[next].line
        next += 1
      }
      result += line
      last = current
    }
    for entry in missing[next...] { result += entry.line }
    bytes = kept + result + tail
    putBack = missing.map { ($0.line.dropLast(), $0.summary) }
    changedElsewhere = changed
  }

  /// Where a change goes in the log: by its stamp, then by its id.
  struct Key: Comparable {
    var stamp: Stamp
    var id: String

    static func < (a: Key, b: Key) -> Bool {
      a.stamp != b.stamp ? a.stamp < b.stamp : a.id.utf8.lexicographicallyPrecedes(b.id.utf8)
    }
  }

  /// The conflict markers git writes into a file it could not merge (a `git stash pop`, a `git merge`): no line of
  /// a log.
  /// Whether a whole line is one of git's conflict markers.
  static func isConflictMarker(_ line: ArraySlice<UInt8>) -> Bool { ChangeLog.isConflictMarker(line) }

  /// The log without git's conflict markers, where it holds any: both sides of each conflict are this machine's
  /// own lines (a change stashed and one made since), so every line is kept, once, in the order of the changes'
  /// clocks (a line this grocery cannot read stays after the one before it). Nil when it holds no marker.
  static func withoutConflictMarkers(_ log: [UInt8]) -> [UInt8]? {
    let (all, tail) = lines(log)
    guard all.contains(where: { isConflictMarker($0[...]) }) else { return nil }
    var seen = Set<[UInt8]>()
    var kept: [(key: Key?, index: Int, line: [UInt8])] = []
    var last: Key?
    for (index, line) in all.enumerated() where !isConflictMarker(line[...]) && seen.insert(line).inserted {
      let key = change(line).map { Key(stamp: $0.stamp, id: $0.id) } ?? last
      kept.append((key, index, line))
      last = key
    }
    kept.sort { a, b in
      switch (a.key, b.key) {
      case (let x?, let y?) where x < y || y < x: return x < y
      case (nil, _?): return true
      case (_?, nil): return false
      default: return a.index < b.index
      }
    }
    return kept.flatMap(\.line) + tail
  }

  /// Splits a log into its whole lines, each with its newline, and what follows the last newline.
  static func lines(_ bytes: [UInt8]) -> (lines: [[UInt8]], tail: [UInt8]) {
    var lines: [[UInt8]] = []
    var start = 0
    while let newline = bytes[start...].firstIndex(of: 0x0A) {
      lines.append(Array(bytes[start...newline]))
      start = newline + 1
    }
    return (lines, Array(bytes[start...]))
  }

  /// The change a whole line holds, or nil when it is not one this grocery reads; one whose object gives a key twice
  /// (another machine's hand edit), which the log's reader leaves out, is found as the change it names.
  static func change(_ line: [UInt8]) -> Change? {
    guard line.count > 1 else { return nil }
    do {
      return try ChangeCodec.decode(line, from: 0, to: line.count - 1, repeats: true)
    } catch {
      return nil
    }
  }
}
