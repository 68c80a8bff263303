/// Brings this machine's own log together with a copy of it that git holds, when the two differ otherwise than by
/// lines this machine appended since.
///
/// This machine's log is the truth for its own lines: each line it has is kept as it is. A line git's copy holds
/// that the log here lost (a restored backup, an older copy of the folder synced back over it) is put back, in the
/// order of the changes' clocks; a line git's copy holds changed (a hand edit elsewhere) is reported and left out.
struct OwnLogRepair: Equatable {
  /// The log as it is to be: every line it had, with the lines put back.
  var bytes: [UInt8]
  /// The summaries of the changes put back, oldest first.
  var putBack: [String]
  /// The numbers (from 1) of the lines of git's copy that were changed elsewhere; this machine's own are kept.
  var changedElsewhere: [Int]

  /// Returns the repair that `local` needs to hold every line of `copy`, or nil when it already does.
  init?(local: [UInt8], copy: [UInt8]) {
    if local.starts(with: copy) { return nil }
    let (lines, tail) = OwnLogRepair.lines(local)
    let held = Set(lines)
    var ids: Set<String> = []
    var stamps: [Stamp?] = []
    for line in lines {
      let change = OwnLogRepair.change(line)
      if let change { ids.insert(change.id) }
      stamps.append(change?.stamp)
    }
    var missing: [(stamp: Stamp, line: [UInt8], summary: String)] = []
    var changed: [Int] = []
    for (index, line) in OwnLogRepair.lines(copy).lines.enumerated() where !held.contains(line) {
      guard let change = OwnLogRepair.change(line), !ids.contains(change.id) else {
        changed.append(index + 1)
        continue
      }
      missing.append((change.stamp, line, change.summary))
    }
    if missing.isEmpty && changed.isEmpty { return nil }
    missing.sort { $0.stamp < $1.stamp }
    // Each line put back goes before the first line here whose change is later, so the clocks still run forwards.
    var result: [UInt8] = []
    var next = 0
    var last: Stamp?
    for (line, stamp) in zip(lines, stamps) {
      let current = stamp ?? last
      while next < missing.count, let current, missing[next].stamp < current {
        result += missing[next].line
        next += 1
      }
      result += line
      last = current
    }
    for entry in missing[next...] { result += entry.line }
    bytes = result + tail
    putBack = missing.map(\.summary)
    changedElsewhere = changed
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

  /// The change a whole line holds, or nil when it is not one this grocery reads.
  static func change(_ line: [UInt8]) -> Change? {
    guard line.count > 1 else { return nil }
    do {
      return try ChangeCodec.decode(line, from: 0, to: line.count - 1)
    } catch {
      return nil
    }
  }
}
