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

extension HouseholdStore {
  /// Reads every log whole, as a rebuild of the cache would, and reports what it found.
  public func check(now: Date) throws -> HouseholdCheck {
    try migrateIfNeeded()
    try checkFolder()
    let this = try FileSystem.status(identityPath) != nil ? try identity().id : nil
    let (logs, leftOut) = try scanLogs()
    // A lost or damaged marker of a folder that holds logs is a problem to name, as reads warn of it.
    let marker = try markerState(holdsLogs: { !logs.isEmpty || !leftOut.isEmpty })
    let folded = try foldAll(logs, machine: this, history: false, viewing: false)
    let wall = Stamp.milliseconds(of: now)
    var report = HouseholdCheck(
      folder: path, householdID: marker.contents?.id ?? "", logs: [], copies: [], strays: [], ownLog: nil,
      leftOut: leftOut)
    report.marker = try marker.problem.map(markerRepair)
    report.gitLocks = try staleGitLocks(now: now).map(shown)
    if this != nil { report.identity = shown(identityPath) }
    // Every change id read so far, with its change's stamp and where its line is.
    var ids: [String: (stamp: Stamp, file: String, line: Int)] = [:]
    for machine in logs.keys.sorted() {
      let file = logsFolder + "/" + machine + ".jsonl"
      var read: [(id: String, stamp: Stamp, offset: Int)] = []
      var log = HouseholdCheck.Log(
        machine: machine, name: folded.state.machines[machine]?.value, file: shown(file),
        isThisMachine: machine == this, lines: 0, first: nil, last: nil, versions: [:], ahead: nil,
        refused: folded.refusals.filter { $0.machine == machine })
      var latest: Int64?
      var lag: Int64 = 0
      var newest = Stamp.zero
      // The machine's latest change is its last line read, whatever the ones before it said.
      let end = try ChangeLog.read(
        file, machine: machine, from: ChangeLog.Position(offset: 0, lines: 0, last: .zero),
        shownAs: shown(file)
      ) { change, offset, _ in
        read.append((change.id, change.stamp, offset))
        // Each machine is shown by its own clock, as everywhere people read times.
        let time = Date(timeIntervalSince1970: Double(change.time) / 1000)
        // Earliest to latest: a clock set back dates a later line before an earlier one.
        log.first = min(log.first ?? time, time)
        log.last = max(log.last ?? time, time)
        latest = change.time
        lag = change.lag
        newest = max(newest, change.stamp)
      }
      log.lines = end.lines
      // What the read left after the last newline is the log's tail, read as `append` reads it: one of only
      // spaces or tabs is no line, and no write is under way there.
      if (logs[machine] ?? 0) > end.offset, let opened = try FileSystem.openRegularFile(file) {
        defer { SystemCall.closeFile(opened.fd) }
        log.unended = !ChangeLog.isBlank(
          try ChangeLog.tail(opened.fd, size: opened.size, path: file).bytes[...])
      }
      let lines = try Self.lineNumbers(file, at: read.map(\.offset))
      for (index, change) in read.enumerated() {
        let here = (file: shown(file), line: lines[index])
        if let earlier = ids[change.id] {
          if earlier.stamp != change.stamp {
            // Said as what differs: a line copied into another machine's log keeps its time (found by a trial).
            let differs =
              earlier.stamp.milliseconds != change.stamp.milliseconds
              ? "time" : earlier.stamp.machineNumber != change.stamp.machineNumber ? "machine" : "counter"
            report.sharedIDs.append(
              HouseholdCheck.SharedID(
                id: change.id, first: (earlier.file, earlier.line), second: here, differs: differs))
          }
        } else {
          ids[change.id] = (change.stamp, here.file, here.line)
        }
      }
      log.versions = try Self.versions(file)
      if let latest, latest - wall > Self.aheadLimit { log.ahead = Double(latest - wall) / 1000 }
      if let latest, Self.clockWasWrong(wall: latest, lag: lag) {
        log.behind = HouseholdCheck.Behind(
          lag: Double(lag) / 1000, read: Date(timeIntervalSince1970: Double(latest) / 1000))
      }
      if newest.milliseconds > wall + Stamp.century {
        log.beyond = Date(timeIntervalSince1970: Double(newest.milliseconds) / 1000)
      }
      report.logs.append(log)
    }
    for name in try FileSystem.entries(logsFolder).sorted() where !Self.isLog(name) {
      let file = logsFolder + "/" + name
      // A copy that is not a regular file is never opened, as a log that is not is not.
      if ConflictCopy.isOne(name), let info = try FileSystem.status(file, followingLinks: false),
        info.st_mode & S_IFMT != S_IFREG
      {
        report.leftOut.append(HouseholdCheck.LeftOut(file: shown(file), size: nil))
      } else if ConflictCopy.isOne(name), ChangeLog.isUnreadable(file) {
        report.leftOut.append(HouseholdCheck.LeftOut(file: shown(file), size: nil, unreadable: true))
      } else if ConflictCopy.isOne(name) {
        report.copies.append(HouseholdCheck.Copy(file: shown(file), onlyInCopy: try onlyInCopy(file, name)))
      } else if name != "." && name != ".." {
        report.strays.append(shown(file))
      }
    }
    // A sync tool's copy of the marker: a conflict between two machines that each wrote one (two households made
    // apart, then shared one folder), said with the id it holds (found by a trial: nothing named it).
    for name in try FileSystem.entries(folder).sorted() where Mirrors.isConflictCopy(name, of: markerPath) {
      let file = folder + "/" + name
      // Read as the marker is; one that does not read as a marker (not a file, not a household's, a newer
      // grocery's) holds no id grocery reads, which is what is said of it.
      var id: String?
      do {
        id = try HouseholdMarker.read(file, shown: shown(file))?.id
      } catch GroceryError.unreadableStore, GroceryError.newerStoreVersion {
        id = nil
      }
      report.markerCopies.append(HouseholdCheck.MarkerCopy(file: shown(file), id: id))
    }
    let ownLog = try ownLogProblem(this, logs)
    report.ownLog = ownLog.problem
    report.unnamed = Self.unnamed(folded.state, this: this)
    var unusable: String?
    report.cache = try cacheProblem(folded, machine: this, damage: ownLog.damage, unusable: &unusable)
    // A cache that cannot be used is named, not counted: nothing is lost, but every command reads slower (found by
    // a trial: it was not named); once, with what could not be checked without it.
    let unchecked = "whether this machine's log lost changes is not checked"
    let cache = "this machine's cache '" + shown(cachePath) + "'"
    if let unusable {
      warn(
        cache + " cannot be used (" + Names.printable(unusable) + "); every command reads every log whole"
          + (ownLog.unread == nil ? "" : ", and " + unchecked))
    } else if let unread = ownLog.unread {
      warn("cannot read " + cache + ": " + unread + "; " + unchecked)
    }
    return report
  }

  /// Compares this machine's cache, brought up to date with the logs as they are now, with `folded`, the fold of
  /// every log; where they differ, or it was found damaged on the way, rebuilds it from the logs (removes it,
  /// where it cannot be), and says what was wrong. Nil when they agree; when no cache can be used (a state
  /// folder that cannot be written, a folder in the cache's place: why is set in `unusable`, and every command
  /// reads the logs whole); or when another grocery wrote a change since the fold, which the cache then
  /// holds and the fold does not. A failure that is not damage (a full disk) is warned of: `check` goes on.
  ///
  /// `damage` is what was found damaged already (the record of the changes this machine's log lost): the cache
  /// is rebuilt without being compared.
  func cacheProblem(
    _ folded: Reading, machine: String?, damage known: String? = nil, unusable: inout String?
  ) throws -> String? {
    let named = "this machine's cache '" + shown(cachePath) + "' "
    var damage = known
    var found: [String] = []
    if damage == nil {
      do {
        var failure: String?
        guard
          let cache = try upToDateCache(
            try logFiles(), damaged: { damage = damage ?? $0 }, unusable: { failure = $0 })
        else {
          if damage == nil { unusable = failure }
          return damage.map {
            named + "was damaged (" + Names.printable($0)
              + ") and cannot be rebuilt here; every command reads"
              + " every log whole instead"
          }
        }
        if let damage {
          return named + "was damaged (" + Names.printable(damage) + "): rebuilt from the logs"
        }
        guard let differ = try cache.disagreements(with: folded, machine: machine), !differ.isEmpty else {
          return nil
        }
        found = differ
      } catch let failure as Database.Failure where failure.isDamage {
        damage = failure.message
      } catch let failure as Database.Failure {
        warn("cannot compare this machine's cache '\(shown(cachePath))' with the logs: \(failure.message)")
        return nil
      }
    }
    var rebuilt = false
    do {
      rebuilt = try upToDateCache(try logFiles(), rebuilding: true) != nil
    } catch is Database.Failure {}
    if !rebuilt { _ = SystemCall.remove(cachePath) }
    let what =
      damage.map { "was damaged (" + Names.printable($0) + ")" }
      ?? "did not agree with the logs (" + found.joinedText(separator: ", ")
      + "): a line it had read was edited since, or the cache was damaged"
    return named + what
      + (rebuilt
        ? (damage == nil ? ";" : ":") + " rebuilt from the logs" : "; removed, as it cannot be rebuilt here")
  }

  /// How far a machine's latest change may be dated after this machine's clock before its clock is said to run
  /// ahead (by `check`, and on every command): changes only ever reach a machine after they are made.
  static let aheadLimit: Int64 = 5 * 60_000
  /// How old a git lock is when `check` says it was left by a git stopped part-way: far longer than a sync.
  static let gitLockAge: TimeInterval = 10 * 60

  /// The lock files in the household's git folder that every sync fails on, older than any sync takes: its index's,
  /// `HEAD`'s and a branch's or the remote's, left by a git stopped part-way (a sync killed, a power cut).
  func staleGitLocks(now: Date) throws -> [String] {
    let git = folder + "/.git"
    guard try FileSystem.status(git + "/refs") != nil else { return [] }
    var found: [String] = []
    func look(_ path: String) throws {
      guard let info = try FileSystem.status(path, followingLinks: false) else { return }
      if info.st_mode & S_IFMT == S_IFDIR {
        for name in try FileSystem.entries(path).sorted() { try look(path + "/" + name) }
      } else if path.hasSuffix(".lock"),
        Double(FileFingerprint(info).seconds) < now.timeIntervalSince1970 - Self.gitLockAge
      {
        found.append(path)
      }
    }
    for path in ["/index.lock", "/HEAD.lock", "/refs/heads", "/refs/remotes"] { try look(git + path) }
    return found
  }
  /// How far a machine's change may be ordered after its own clock before that clock may be said to be behind: a
  /// day, past which what it records is dated another day than it was made.
  static let behindLimit: Int64 = 86_400_000
  /// 2026-01-01T00:00:00Z: before any grocery 2 was made, so no clock that is right reads a time before it when
  /// grocery 2 makes a change.
  static let firstRightWall: Int64 = 1_767_225_600_000

  /// Whether a change made by a clock that read `wall`, ordered `lag` milliseconds after it, was made by a clock
  /// that is wrong: one behind the changes it had seen by more than `behindLimit` that read a time before any
  /// grocery 2 was made (a clock reset to 1970 by a flat battery). A clock behind by less is only a clock behind
  /// another, which may as well be the one ahead: only a person can tell.
  static func clockWasWrong(wall: Int64, lag: Int64) -> Bool {
    lag > behindLimit && wall < firstRightWall
  }

  /// The line numbers (from 1) of the lines that start at these offsets, in increasing order, of a log, read
  /// `chunk` bytes at a time.
  static func lineNumbers(_ file: String, at offsets: [Int], chunk: Int = 1 << 20) throws -> [Int] {
    var numbers: [Int] = []
    numbers.reserveCapacity(offsets.count)
    var (line, position) = (1, 0)
    _ = try FileSystem.readRegularFile(file, from: 0, limit: ChangeLog.maximumSize, chunk: chunk) { bytes in
      for byte in bytes {
        while numbers.count < offsets.count && offsets[numbers.count] <= position { numbers.append(line) }
        if byte == 0x0A { line += 1 }
        position += 1
      }
    }
    while numbers.count < offsets.count { numbers.append(line) }
    return numbers
  }

  /// Returns true when a file name in `logs/` is a machine's log.
  static func isLog(_ name: String) -> Bool {
    name.hasSuffix(".jsonl") && MachineID.isValid(String(name.dropLast(6)))
  }

  /// Counts the whole lines of each version in a log, from the `"v"` each line starts with, reading it `chunk`
  /// bytes at a time (a longer line whole).
  static func versions(_ file: String, chunk: Int = 1 << 20) throws -> [Int: Int] {
    var counts: [Int: Int] = [:]
    var firstLine = true
    func count(_ line: ArraySlice<UInt8>) {
      var line = line
      if firstLine && line.starts(with: ChangeLog.byteOrderMark) {
        line = line.dropFirst(ChangeLog.byteOrderMark.count)
      }
      firstLine = false
      guard !ChangeLog.isBlank(line) else { return }
      // Wherever `v` falls among the keys (another JSON writer's order).
      let bytes = Array(line)
      let version = ChangeCodec.statedVersion(bytes, from: 0, to: bytes.count) ?? 0
      // No version a grocery writes (`"v":-1`) is counted as none readable, `v?`, as `"v":0` is.
      counts[max(version, 0), default: 0] += 1
    }
    var pending: [UInt8] = []
    _ = try FileSystem.readRegularFile(file, from: 0, limit: ChangeLog.maximumSize, chunk: chunk) { bytes in
      // Only the new bytes are looked through for a line's end.
      var (start, from) = (0, pending.count)
      pending += bytes
      while let newline = pending[from...].firstIndex(of: 0x0A) {
        count(pending[start..<newline])
        (start, from) = (newline + 1, newline + 1)
      }
      pending.removeFirst(start)
    }
    // A last line without its newline is read, and counted, when it is a whole change; one cut short is not.
    if ChangeLog.isWholeLine(pending, from: 0, to: pending.count) { count(pending[...]) }
    return counts
  }

  /// The items changes touch that no line read names, with the machines that touched them: this machine first,
  /// then the others by id.
  static func unnamed(_ state: HouseholdState, this: String?) -> HouseholdCheck.Unnamed? {
    var (count, machines) = (0, Set<String>())
    for item in state.items.values where item.name.value == nil {
      count += 1
      for stamp in item.touched { machines.insert(stamp.machine) }
    }
    guard count > 0 else { return nil }
    let named = machines.sorted { ($0 == this ? 0 : 1, $0) < ($1 == this ? 0 : 1, $1) }.map { machine in
      machine == this
        ? "this machine" : state.machines[machine].map { $0.value + " (" + machine + ")" } ?? machine
    }
    return HouseholdCheck.Unnamed(items: count, machines: named)
  }

  /// The summaries of the changes a conflict copy holds that the log it copies does not.
  func onlyInCopy(_ file: String, _ name: String) throws -> [String] {
    var copied: [(id: String, summary: String)] = []
    let machine = String(name.prefix(16))
    _ = try ChangeLog.read(
      file, machine: machine, from: ChangeLog.Position(offset: 0, lines: 0, last: .zero), shownAs: shown(file)
    ) { change, _, _ in copied.append((change.id, change.summary)) }
    var known = Set<String>()
    let log = logsFolder + "/" + machine + ".jsonl"
    if MachineID.isValid(machine) {
      _ = try ChangeLog.read(
        log, machine: machine, from: ChangeLog.Position(offset: 0, lines: 0, last: .zero), shownAs: shown(log)
      ) { change, _, _ in known.insert(change.id) }
    }
    return copied.filter { !known.contains($0.id) }.map(\.summary)
  }

  /// What is wrong between this machine's log and the cache it keeps: changes the log lost since the cache read it,
  /// or before, while they are still gone. A cache that cannot be read (a state folder this user cannot write) is
  /// said, and the check goes on from the logs.
  ///
  /// Damage found on the way (to the cache's record of what the log lost) is returned, for `cacheProblem` to say
  /// and rebuild the cache.
  func ownLogProblem(_ machine: String?, _ logs: [String: Int]) throws -> (
    problem: String?, damage: String?, unread: String?
  ) {
    guard let machine else { return (nil, nil, nil) }
    do {
      guard let cache = try HouseholdCache.open(cachePath, folder: folder),
        let found = try lostChanges(in: cache, machine: machine, logs: logs),
        let lost = try stillLost(found)
      else { return (nil, nil, nil) }
      return (lost.problem(size: logs[machine], git: try sharesThroughGit()), nil, nil)
    } catch let failure as Database.Failure where failure.isDamage {
      return (nil, failure.message, nil)
    } catch let failure as Database.Failure {
      return (nil, nil, failure.message)
    }
  }
}
