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

/// What `undo` puts a field back to: the value of the newest change stamped before the one it reverts.
///
/// The change's own `was` holds what its maker saw; another machine's change made offline at the same time, unseen,
/// and stamped before it, is what the household would show without it, and undo must not take that back.
extension HouseholdStore {
  /// The most ids whose lines are sought by their spelling; past it, every line is read.
  static let priorNeedles = 32

  /// The household folded from the changes stamped before `change` that set a field of what it set (and, when it
  /// set the walk order, that set it), from every log as far as `positions` read them, leaving out every change an
  /// undo took back; nil where only this machine has a log, which has seen every change before its own.
  ///
  /// `twins` gives, for an id shown as one with others of the same name, all of them: each field of such an entity
  /// is what the newest change before `change` set on any of them, as the view shows it.
  ///
  /// Only the lines that spell one of those ids (or an order), and undos, are decoded, so it costs a search of the
  /// logs' bytes and the few changes that touched the same things, not a fold of every log.
  ///
  /// `seen`, where the undo list kept it, says how far the change's machine had read each other log when it made
  /// the change: when no line after those names what it set (or undoes anything), nothing it had not seen came
  /// before it, and what it saw, its `was`, is what goes back (nil), having read only what came since.
  func prior(
    of change: Change, positions: [String: ChangeLog.Position], twins: [UUID: [UUID]] = [:],
    seen: [String: Int]? = nil, chunk: Int = 1 << 18
  ) throws -> HouseholdState? {
    guard positions.keys.contains(where: { $0 != change.stamp.machine }) else { return nil }
    var needles: Set<String> = []
    func seek(_ id: UUID) {
      // Without a closing quote, whose byte is the commonest in a line: the search is anchored on its last byte.
      for twin in twins[id] ?? [id] { needles.insert("\"" + UUIDText.format(twin)) }
    }
    // What the change made is new: no change before it set anything of it, and undo takes it away whole.
    for operation in change.operations {
      switch operation {
      case .item(let id, _, let was) where was.alive != false: seek(id)
      case .category(let id, _, let was) where was.alive != false: seek(id)
      case .location(let id, _, let was) where was.alive != false: seek(id)
      case .order: needles.insert("\"order")
      default: continue
      }
    }
    if needles.isEmpty { return nil }
    needles.insert("\"undoes")
    let spelled = needles.count > Self.priorNeedles ? nil : needles.map { Array($0.utf8) }
    if let seen {
      // Only the lines of other machines it had not read: does any name what it set, before it, or undo anything?
      var unseen = false
      for (machine, position) in positions where machine != change.stamp.machine {
        try scan(machine, from: seen[machine] ?? 0, to: position.offset, spelling: spelled, chunk: chunk) {
          read in
          if read.undoes != nil || read.stamp < change.stamp { unseen = true }
        }
        if unseen { break }
      }
      if !unseen { return nil }
    }
    var found: [Change] = []
    var undone = Set<String>()
    for (machine, position) in positions.sorted(by: { $0.key < $1.key }) {
      try scan(machine, from: 0, to: position.offset, spelling: spelled, chunk: chunk) { read in
        // Another machine's undo, whenever made, takes its change back: that change is no value to put back.
        if let target = read.undoes { undone.insert(target) }
        if read.stamp < change.stamp { found.append(read) }
      }
    }
    var state = HouseholdState.initial
    for read in found where !undone.contains(read.id) { state.apply(read) }
    // Twins shown as one: each field the newest any of them had.
    for (id, group) in twins where group.count > 1 {
      let others = group.filter { $0 != id }
      if let own = state.items[id] ?? others.lazy.compactMap({ state.items[$0] }).first {
        state.items[id] = HouseholdView.combined(own, others.compactMap { state.items[$0] }, ItemFields.table)
      }
      if let own = state.categories[id] ?? others.lazy.compactMap({ state.categories[$0] }).first {
        state.categories[id] = HouseholdView.combined(
          own, others.compactMap { state.categories[$0] }, CategoryFields.table)
      }
      if let own = state.locations[id] ?? others.lazy.compactMap({ state.locations[$0] }).first {
        state.locations[id] = HouseholdView.combined(
          own, others.compactMap { state.locations[$0] }, LocationFields.table)
      }
    }
    return state
  }

  /// Passes on each change of the machine's log from `start` to `limit` (whole lines) whose line spells one of
  /// `spelled` (every one when nil).
  func scan(
    _ machine: String, from start: Int, to limit: Int, spelling spelled: [[UInt8]]?, chunk: Int,
    _ each: (Change) -> Void
  ) throws {
    guard limit > start else { return }
    let file = logsFolder + "/" + machine + ".jsonl"
    let number = MachineID.number(machine)
    // A quarter megabyte at a time, a line read across several whole: it costs the memory of a chunk (or of the
    // longest line), not of the log.
    var (pending, at) = ([UInt8](), start)
    func search(to end: Int) {
      let first = at == 0 ? ChangeLog.textStart(pending) : 0
      for line in Self.lines(of: pending, from: first, to: end, spelling: spelled) {
        let read: Change
        do {
          read = try ChangeCodec.decode(pending, from: line.lowerBound, to: line.upperBound)
        } catch {
          // A line the gate refuses is no part of the household: the everyday fold left it out too.
          continue
        }
        if read.stamp.machineNumber == number { each(read) }
      }
    }
    _ = try FileSystem.readRegularFile(file, from: start, limit: ChangeLog.maximumSize, chunk: chunk) {
      bytes in
      // Only as far as the cache has read: the state undo reverts against.
      let room = limit - at - pending.count
      guard room > 0 else { return }
      pending += bytes.prefix(room)
      guard let newline = pending.lastIndex(of: 0x0A) else { return }
      search(to: newline)
      pending.removeFirst(newline + 1)
      at += newline + 1
    }
    // A whole last line without its newline, which the cache read.
    if !pending.isEmpty { search(to: pending.count) }
  }

  /// The lines of `bytes` from `start` to `end`, each without its newline, that hold one of `needles`; every line
  /// when `needles` is nil. Lines come in the order of the file.
  static func lines(of bytes: [UInt8], from start: Int, to end: Int, spelling needles: [[UInt8]]?) -> [Range<
    Int
  >] {
    guard end > start else { return [] }
    func line(around index: Int) -> Range<Int> {
      var first = index
      while first > start && bytes[first - 1] != 0x0A { first -= 1 }
      var last = index
      while last < end && bytes[last] != 0x0A { last += 1 }
      return first..<last
    }
    guard let needles else {
      var lines: [Range<Int>] = []
      var at = start
      while at < end {
        let found = line(around: at)
        if !found.isEmpty { lines.append(found) }
        at = found.upperBound + 1
      }
      return lines
    }
    var found: [Int: Range<Int>] = [:]
    bytes.withUnsafeBytes { buffer in
      for needle in needles {
        needle.withUnsafeBytes { wanted in
          var at = start
          while let index = Self.find(wanted, in: buffer, from: at, to: end) {
            let range = line(around: index)
            found[range.lowerBound] = range
            // On past this line: another hit in it finds the same change.
            at = range.upperBound + 1
          }
        }
      }
    }
    return found.keys.sorted().compactMap { found[$0] }
  }

  /// Where `needle` first starts in `buffer` between `from` and `to`: its last byte found by `memchr`, the rest
  /// compared after.
  static func find(
    _ needle: UnsafeRawBufferPointer, in buffer: UnsafeRawBufferPointer, from: Int, to end: Int
  )
    -> Int?
  {
    guard let base = buffer.baseAddress, let wanted = needle.baseAddress, needle.count > 0 else { return nil }
    let last = Int32(needle[needle.count - 1])
    var at = from + needle.count - 1
    while at < end, let hit = memchr(base + at, last, end - at) {
      let index = base.distance(to: UnsafeRawPointer(hit)) - (needle.count - 1)
      if memcmp(base + index, wanted, needle.count) == 0 { return index }
      at = index + needle.count
    }
    return nil
  }
}
