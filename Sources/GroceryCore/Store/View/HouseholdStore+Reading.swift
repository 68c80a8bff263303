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

/// Reading the household: the cache brought up to date with the logs, then only the rows a command needs.
///
/// Two entry points: the everyday read (`read(_:machine:)`, the items a command can show or touch with their
/// recent purchases) and the full history (`readHistory()`, every purchase, from the cache's purchase table).
extension HouseholdStore {
  /// What a read found: the folded state (every category, location and kept trip, and the items in scope), the
  /// view of it, how far into each log it got, and this machine's undoable changes.
  struct Reading {
    var state: HouseholdState
    var view: HouseholdView
    var positions: [String: ChangeLog.Position]
    var undo: [UndoRef]
    /// The cache the read came from, to write a change to; nil when there is none (no state folder yet, or one
    /// that cannot be written), and the logs were folded in memory.
    var cache: HouseholdCache?
    /// Every purchase, by item, when the logs were folded in memory.
    var history: [UUID: [HouseholdState.Bought]]?
    /// The log lines left out of the fold; read from the cache, each log's first few.
    var refusals: [LineRefusal] = []
    /// Read from the cache, how many more lines of each log were left out.
    var refusedMore: [String: RefusalTally.Log] = [:]
  }

  /// The everyday read: the items in scope, with their recent purchases; with `undo` false and a cache, this
  /// machine's undo list is left unread.
  func read(_ scope: ItemScope = .all, machine: String? = nil, undo: Bool = true, markerSaid: Bool = true)
    throws
    -> Reading
  {
    try read(scope, machine: machine, undo: undo, markerSaid: markerSaid) { $0 }
  }

  /// The everyday read, handed to `body` while the cache's read transaction is open, so that what `body` then
  /// reads from `reading.cache` is the same moment's household. A cache found damaged while `body` reads is
  /// removed and the error thrown, never read again from the logs, since `body` may have written output.
  ///
  /// A lost or damaged `household.json` is said unless `markerSaid` is false: a change refused for it says so.
  func read<T>(
    _ scope: ItemScope, machine: String? = nil, undo withUndo: Bool = true, markerSaid: Bool = true,
    within body: (Reading) throws -> T
  ) throws -> T {
    try checkFolder()
    guard try FileSystem.status(folder) != nil else {
      let state = HouseholdState.initial
      return try body(Reading(state: state, view: HouseholdView(state), positions: [:], undo: [], cache: nil))
    }
    // A lost or damaged marker is said, and the next change writes it back (found by a trial: a lost one was not
    // said, and a change then refused).
    if let problem = try markerState(holdsLogs: { try !logFiles().isEmpty }).problem, markerSaid {
      warn(try markerRepair(problem))
    }
    let logs = try logFiles()
    if let cache = try upToDateCache(logs) {
      var started = false
      do {
        return try cache.database.reading {
          var state = try cache.loadBase()
          try cache.loadItems(scope, into: &state)
          let undo = withUndo ? try machine.map { try cache.undo(of: $0) } ?? [] : []
          let refused = try cache.refusalTally()
          let reading = Reading(
            state: state, view: HouseholdView(state), positions: try cache.positions(), undo: undo,
            cache: cache, refusals: refused.rows, refusedMore: refused.logs)
          try report(try cache.lostChanges(), logs)
          report(reading.refusals, more: reading.refusedMore)
          try reportClocks(reading.state)
          started = true
          return try body(reading)
        }
      } catch var failure as Database.Failure {
        // A damaged cache is rebuilt next time; this time, as when it cannot be read at all, the logs are
        // folded in memory, unless `body` had begun.
        if failure.isDamage { _ = SystemCall.remove(cachePath) }
        if started {
          if failure.isDamage {
            failure.path = shown(cachePath)
            failure.message += " part way through; it is removed, and the next command rebuilds it"
          }
          throw failure
        }
      }
    }
    let reading = try foldAll(logs, machine: machine)
    report(reading.refusals)
    try reportClocks(reading.state)
    return try body(reading)
  }

  /// The everyday read of no item, for a command that hands the household on a part at a time: `body` reads the
  /// parts from the reading and hands each to the `part` it is given. A cache found damaged before the first
  /// part is removed and `body` run again on the logs folded in memory (with no cache), as any read would; after
  /// it, the error is thrown, since the parts before may have been written.
  func readInParts<Part, T>(
    _ part: (Part) throws -> Void, _ body: (Reading, (Part) throws -> Void) throws -> T
  ) throws -> T {
    // Handed on only within this call, as `part` is.
    try withoutActuallyEscaping(part) { part in
      var handed = false
      let handing: (Part) throws -> Void = {
        handed = true
        try part($0)
      }
      do {
        return try read(.ids([])) { try body($0, handing) }
      } catch let failure as Database.Failure where failure.isDamage && !handed {
        return try body(try foldAll(try logFiles(), machine: nil), part)
      }
    }
  }

  /// Says that this machine's log lost changes, while they are still gone.
  func report(_ lost: LostChanges?, _ logs: [String: Int]) throws {
    guard let lost, lost.machine == (try recordedMachine()) else { return }
    let file = logsFolder + "/" + lost.machine + ".jsonl"
    warn(lost.warning(file: shown(file), size: logs[lost.machine], git: try sharesThroughGit()))
  }

  /// Says which other machines have their latest change dated more than `aheadLimit` after this machine's clock:
  /// one of the two clocks is wrong, and what that machine records (purchase days, trips) is dated by its own. And
  /// which made their latest change by a clock that read a time before any grocery 2 was made (`clockWasWrong`), a
  /// clock reset by a flat battery: that clock is wrong, and dates what it records so.
  func reportClocks(_ state: HouseholdState) throws {
    guard let now else { return }
    let wall = Stamp.milliseconds(of: now)
    let ahead = state.walls.filter { $0.value - wall > Self.aheadLimit }
    let behind = state.lags.filter { Self.clockWasWrong(wall: state.walls[$0.key] ?? 0, lag: $0.value) }
    guard !ahead.isEmpty || !behind.isEmpty else { return }
    let this = try recordedMachine().flatMap(MachineID.number)
    func said(_ machine: UInt64) -> String {
      let id = MachineID.text(machine)
      let name = state.machines[id].map { " (" + Names.printable($0.value) + ")" } ?? ""
      return "'\(shown(logsFolder + "/" + id + ".jsonl"))'\(name)"
    }
    for (machine, time) in ahead.sorted(by: { $0.key < $1.key }) where machine != this {
      warn(
        said(machine)
          + " has its latest change dated \(CheckRenderer.duration(Double(time - wall) / 1000)) after"
          + " this machine's clock: one of the two clocks is wrong, and each machine dates what it records by its"
          + " own ('grocery check' says more)")
    }
    for (machine, lag) in behind.sorted(by: { $0.key < $1.key }) where machine != this {
      let read = Date(timeIntervalSince1970: Double(state.walls[machine] ?? 0) / 1000)
      warn(
        said(machine) + " made its latest change by a clock that read \(Timestamp.format(read)),"
          + " \(CheckRenderer.duration(Double(lag) / 1000)) behind the changes it had seen: that clock is wrong, and"
          + " dates what that machine records (purchase days, trips) by it ('grocery check' says more)")
    }
  }

  /// Tells the user of the lines left out: the first `refusalsSaid` of each log, then how many more, so that a log
  /// of junk does not bury every command's output (`check` lists every one). The lines from a newer grocery are
  /// said once per log, whatever came before them. A line read all the same (another change with the stamp of
  /// the line above) is for `check` and `sync`.
  ///
  /// `counted`, read from the cache, adds to each log's the lines it counts past those it keeps.
  func report(_ refusals: [LineRefusal], more counted: [String: RefusalTally.Log] = [:]) {
    var newer = Set<String>()
    // The log whose lines are being said (refusals come log by log), how many of them were, and how many not:
    // lines left out, and copies of a line above, which are read once.
    var (log, machine, said, more, copies) = ("", "", 0, 0, 0)
    func sayMore() {
      more += counted[machine]?.more ?? 0
      copies += counted[machine]?.copies ?? 0
      guard more + copies > 0 else { return }
      let lines = { (count: Int) in "\(count) more \(count == 1 ? "line" : "lines")" }
      let what =
        copies == 0
        ? lines(more) + " left out"
        : more == 0
          ? lines(copies) + " that \(copies == 1 ? "is a copy" : "are copies") of a line above, read once"
          : lines(more)
            + " left out, and \(copies) that \(copies == 1 ? "is a copy" : "are copies") of a line"
            + " above, read once"
      warn("'\(log)': \(what) ('grocery check' lists every one)")
    }
    for refusal in refusals where !refusal.isRead {
      let file = shown(logsFolder + "/" + refusal.machine + ".jsonl")
      if file != log {
        sayMore()
        (log, machine, said, more, copies) = (file, refusal.machine, 0, 0, 0)
      }
      if case .newer = refusal.reason {
        if newer.insert(refusal.machine).inserted { warn(refusal.message(file: file)) }
        continue
      }
      said += 1
      if said <= Self.refusalsSaid {
        warn(refusal.message(file: file))
      } else if case .repeats(_, true) = refusal.reason {
        copies += 1
      } else {
        more += 1
      }
    }
    sayMore()
  }

  /// How many lines left out of one log every command names.
  static let refusalsSaid = 5

  /// The full history: every item in scope with every purchase (from the cache, with `since`, only those made
  /// since that day).
  func readHistory(_ scope: ItemScope = .all, since: Day? = nil) throws -> Reading {
    var reading = try read(scope)
    let history: [UUID: [HouseholdState.Bought]]
    if let cached = reading.history {
      history = cached
    } else if let cache = reading.cache {
      do {
        history = try cache.purchases(of: scope == .all ? nil : Array(reading.state.items.keys), since: since)
      } catch let failure as Database.Failure {
        if failure.isDamage { _ = SystemCall.remove(cachePath) }
        reading = try foldAll(try logFiles(), machine: nil)
        history = reading.history ?? [:]
      }
    } else {
      history = [:]
    }
    reading.view = HouseholdView(reading.state, history: history)
    return reading
  }

  /// Folds every log from its start in memory: for a rebuild, or where there is no cache to use. Without
  /// `history`, the reading holds no purchases but the windows of the items (a rebuild, or `check`); without
  /// `viewing`, its view is empty.
  func foldAll(
    _ logs: [String: Int], machine: String?, keepingAllTrips: Bool = false, history keeping: Bool = true,
    viewing: Bool = true
  )
    throws -> Reading
  {
    // Every trip is kept while folding, so that a change to an old trip finds it; the everyday state then keeps
    // each machine's latest few.
    var state = HouseholdState.initial
    state.keepsAllTrips = true
    state.defersMigrations = true
    var positions: [String: ChangeLog.Position] = [:]
    var undo: [UndoRef] = []
    var refusals: [LineRefusal] = []
    for machineID in logs.keys.sorted() {
      let file = logsFolder + "/" + machineID + ".jsonl"
      positions[machineID] = try ChangeLog.read(
        file, machine: machineID, from: ChangeLog.Position(offset: 0, lines: 0, last: .zero),
        shownAs: shown(file), refused: { refusals.append($0) }
      ) { change, offset, length in
        state.apply(change)
        if machineID == machine {
          Undo.record(change, at: offset, length: length, in: &undo, depth: undoDepth)
        }
      }
    }
    state.applyMigrations()
    state.defersMigrations = false
    let history = state.settleHistory(keeping: keeping)
    state.needsRebuild = false
    if !keepingAllTrips {
      state.trips.pruneAll()
      state.keepsAllTrips = false
    }
    // A rebuild and `check` read the state alone: the view of every item would double what the fold holds.
    return Reading(
      state: state, view: HouseholdView(viewing ? state : .initial), positions: positions, undo: undo,
      cache: nil,
      history: keeping ? history : nil,
      refusals: refusals)
  }

  /// The cache, brought up to date with the logs: rebuilt when missing, stale or damaged, else given the lines
  /// written since it last read. Nil where there are no logs yet, or the cache cannot be written.
  ///
  /// What this machine's log lost is carried into a rebuilt cache, with what is found gone since the last read.
  /// With `rebuilding`, a cache that is up to date is rebuilt all the same (`check` found it wrong). Damage
  /// found in the old cache, which is then rebuilt, is told to `damaged` (for `check`).
  func upToDateCache(
    _ logs: [String: Int], rebuilding: Bool = false, damaged: (String) -> Void = { _ in },
    unusable: (String) -> Void = { _ in }
  ) throws -> HouseholdCache? {
    // A machine that has only ever read the household has no state folder yet. It is made for the cache, so that
    // reading costs there what it costs on a machine that has made changes, rather than a fold of every log each
    // time. Where it cannot be made (a read-only home), the logs are folded in memory.
    if try FileSystem.status(stateFolder) == nil {
      guard !logs.isEmpty else { return nil }
      do {
        try FileSystem.makeFolders(stateFolder, mode: 0o700)
      } catch let error as GroceryError {
        unusable(error.message)
        return nil
      }
    }
    var lost: LostChanges?
    // The newest stamp the old cache followed: a log put back shorter (an older copy, a restored backup, a rewound
    // git folder) holds lines this machine has seen no more, and the next change it makes must still follow them,
    // or the older change would win over it when a sync brings that line back.
    var seen = Stamp.zero
    do {
      let machine = try recordedMachine()
      if let cache = try HouseholdCache.open(cachePath, folder: folder, damaged: damaged) {
        // Damage found where catching up reads the cache (how far it read each log, this machine's undo list)
        // makes it rebuilt, as damage found when opening it does, without what it remembered; any other failure
        // (a full disk) is thrown, as its other reads' are.
        do {
          switch rebuilding ? .rebuild : try catchUp(cache, logs) {
          case .upToDate: return cache
          case .rebuild: break
          }
          if let machine { lost = try lostChanges(in: cache, machine: machine, logs: logs) }
          try reportShorter(cache, logs, except: machine)
          if case .blob(let bytes)? = try cache.meta("followable") { seen = Stamp(bytes: bytes) ?? .zero }
        } catch let failure as Database.Failure where failure.isDamage {
          damaged(failure.message)
          lost = nil
        }
      }
      var full = try foldAll(logs, machine: machine, history: false, viewing: false)
      full.state.followable = max(full.state.followable, seen)
      full.state.dropTakenBack()
      if let found = lost { lost = try stillLost(found) }
      return try HouseholdCache.create(cachePath, folder: folder) { cache in
        try cache.save(&full.state, touched: Touched(everything: full.state), positions: full.positions)
        if let machine { try cache.save(undo: full.undo, of: machine) }
        try cache.save(refusals: full.refusals)
        try cache.save(lost: lost)
      }
    } catch let failure as Database.Failure {
      // No cache can be kept (a full disk, a state folder that cannot be written): fold in memory, and say what
      // was found lost this once, as nothing can remember it.
      try report(lost, logs)
      unusable(failure.message)
      return nil
    }
  }

  /// Says, once, each other machine's log that is gone, shorter than the cache read it (deleted, or an older copy
  /// put back by a folder-sync tool), or another copy where the cache read it (the last line it read is not
  /// there): what its lost lines did shows no more here, and the rebuilt cache forgets it had them. Only its own
  /// machine remembers its length for good.
  func reportShorter(_ cache: HouseholdCache, _ logs: [String: Int], except own: String?) throws {
    for (machine, read) in try cache.positions().sorted(by: { $0.key < $1.key })
    where machine != own && read.offset > 0 {
      // A log none of whose lines was its machine's change (a copy of another's under a new name) showed nothing
      // here, and loses nothing by going; one that held a newer grocery's lines loses that machine's changes.
      if read.last == .zero, try !cache.heldNewerLines(of: machine) { continue }
      let file = logsFolder + "/" + machine + ".jsonl"
      let size = logs[machine]
      // A sync says a log that came in changed itself; one gone is still said here.
      if !saysShorterLogs && size != nil { continue }
      // One that is there but no regular file, or larger than any grocery writes, is said as that.
      if try ChangeLog.isLeftOut(file) { continue }
      if let size, size >= read.offset {
        // A line it read without its newline, with more written after it on that line (a change appended with no
        // newline between), is refused as one line, and said so by the read of every log.
        if try ChangeLog.compare(file, read) != .other { continue }
        warn(
          "'\(shown(file))' is not the copy this machine had read: its line \(read.lines) is not as it was (edited"
            + " by hand, or another copy put in its place by a sync tool?): what lines gone from it did shows no"
            + " more; put back the copy its machine wrote if the tool kept one")
        continue
      }
      // Gone, with a file beside it named so in other letters' case (a case-insensitive machine's copy, or a tool
      // that renamed it): that file holds it, and renaming it back is the way out (found by a trial).
      if size == nil, let twin = try caseTwin(of: machine + ".jsonl") {
        warn(
          "'\(shown(file))' is gone, and '\(shown(logsFolder + "/" + twin))' beside it differs from its name only in"
            + " case, which grocery does not read: rename it to '\(machine).jsonl'")
        continue
      }
      let now =
        size.map { "is \($0) bytes, shorter than the \(read.offset)" }
        ?? "is gone, after the \(read.offset) bytes"
      warn(
        "'\(shown(file))' \(now) this machine had read of it (deleted, or an older copy put back by a sync tool?):"
          + " what its lost lines did shows no more; put its newer copy back if the tool kept one")
    }
  }

  /// A file in `logs/` whose name is `name` in other letters' case, if any.
  func caseTwin(of name: String) throws -> String? {
    try FileSystem.entries(logsFolder).first { $0 != name && $0.lowercased() == name }
  }

  /// What this machine's log has lost as the cache knows it: what the cache remembers, with what is gone since it
  /// last read the log.
  func lostChanges(in cache: HouseholdCache, machine: String, logs: [String: Int]) throws -> LostChanges? {
    var lost = try cache.lostChanges().flatMap { $0.machine == machine ? $0 : nil }
    if let found = try lostSince(cache, machine: machine, size: logs[machine] ?? 0) {
      if lost == nil { lost = found } else { lost?.add(found) }
    }
    return lost
  }

  /// The changes gone from this machine's log since the cache read it, when it is shorter than the cache read it
  /// (a restored backup, a copy made without `--update`) or no longer holds what the cache read (another copy put
  /// over it, as long or longer): those of the undo list it no longer holds as a line it reads. Nil when it holds
  /// every one and as many lines as before (a line shortened by a hand edit, not removed).
  func lostSince(_ cache: HouseholdCache, machine: String, size: Int) throws -> LostChanges? {
    guard let read = try cache.positions()[machine] else { return nil }
    let file = logsFolder + "/" + machine + ".jsonl"
    guard try size < read.offset || !ChangeLog.stillMatches(file, read) else { return nil }
    var held = Set<String>()
    // A log that is there but not a regular file (a link, a FIFO), or larger than any grocery writes, is left out,
    // and said so on every command: it is not said lost as well. One that is gone holds nothing.
    if try ChangeLog.isLeftOut(file) { return nil }
    let end = try ChangeLog.read(
      file, machine: machine, from: ChangeLog.Position(offset: 0, lines: 0, last: .zero), shownAs: shown(file)
    ) { change, _, _ in held.insert(change.id) }
    let gone = try cache.undo(of: machine).filter { !held.contains($0.id) }.map {
      LostChanges.Gone(id: $0.id, summary: $0.summary)
    }
    if gone.isEmpty && end.lines >= read.lines { return nil }
    return LostChanges(machine: machine, had: read.offset, cut: size, gone: gone)
  }

  /// What is still lost once this machine's log is read as it is now: nil when the changes are back, or it has
  /// a change made since.
  func stillLost(_ lost: LostChanges) throws -> LostChanges? {
    var lost = lost
    var isLost = true
    let file = logsFolder + "/" + lost.machine + ".jsonl"
    guard try FileSystem.isRegularFile(file) else { return lost }
    _ = try ChangeLog.read(
      file, machine: lost.machine, from: ChangeLog.Position(offset: 0, lines: 0, last: .zero),
      shownAs: shown(file)
    ) { change, offset, length in
      if isLost { isLost = lost.read(id: change.id, offset: offset, length: length) }
    }
    return isLost ? lost : nil
  }

  /// What catching up found.
  enum CatchUp { case upToDate, rebuild }

  /// Folds into the cache the lines written since it last read; asks for a rebuild when a log no longer holds
  /// what the cache read from it (a restored backup, a log replaced) or a change reopened a trip it no longer
  /// keeps.
  func catchUp(_ cache: HouseholdCache, _ logs: [String: Int]) throws -> CatchUp {
    func isCurrent(_ positions: [String: ChangeLog.Position]) throws -> Bool? {
      for (machine, position) in positions {
        let size = logs[machine] ?? -1
        guard size >= position.offset,
          try ChangeLog.stillMatches(logsFolder + "/" + machine + ".jsonl", position)
        else { return nil }
      }
      // A log that still ends in the line cut short its last read found is read no further: a write under way
      // goes on growing it, and one that never ends (a crash's, a sync tool's) costs nothing after.
      for (machine, size) in logs {
        guard let position = positions[machine] else {
          if size > 0 { return false }
          continue
        }
        if size <= position.offset { continue }
        if try ChangeLog.stillTorn(logsFolder + "/" + machine + ".jsonl", position, size: size) { continue }
        return false
      }
      return true
    }
    guard let current = try isCurrent(try cache.positions()) else { return .rebuild }
    if current { return .upToDate }
    let machine = try recordedMachine()
    return try cache.database.writing {
      // Another grocery may have caught up meanwhile: look again under the write lock.
      var positions = try cache.positions()
      guard let current = try isCurrent(positions) else { return .rebuild }
      if current { return .upToDate }
      var tail: [(machine: String, change: Change, offset: Int, length: Int)] = []
      var refusals: [LineRefusal] = []
      for machineID in logs.keys.sorted() {
        let file = logsFolder + "/" + machineID + ".jsonl"
        let before = positions[machineID] ?? ChangeLog.Position(offset: 0, lines: 0, last: .zero)
        positions[machineID] = try ChangeLog.read(
          file, machine: machineID, from: before, shownAs: shown(file), refused: { refusals.append($0) }
        ) {
          tail.append((machineID, $0, $1, $2))
        }
      }
      try cache.save(refusals: refusals)
      var state = try cache.loadBase()
      let touched = Touched(tail.map(\.change))
      try cache.loadItems(.ids(Array(touched.items)), into: &state)
      var steps: [Undo.Step] = []
      for entry in tail {
        state.apply(entry.change)
        if entry.machine == machine {
          steps.append(Undo.step(for: entry.change, at: entry.offset, length: entry.length))
        }
      }
      if try cache.needsRebuild(state) { return .rebuild }
      state.trips.freed = []
      try cache.save(&state, touched: touched, positions: positions)
      if let machine {
        for step in steps { try cache.apply(step, of: machine, depth: undoDepth) }
      }
      if var lost = try cache.lostChanges(), tail.contains(where: { $0.machine == lost.machine }) {
        var isLost = true
        for entry in tail where isLost && entry.machine == lost.machine {
          isLost = lost.read(id: entry.change.id, offset: entry.offset, length: entry.length)
        }
        try cache.save(lost: isLost ? lost : nil)
      }
      return .upToDate
    }
  }
}
