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

/// One change that `undo` can revert, newest first in `undoList()`.
public struct UndoEntry: Equatable, Sendable {
  public var summary: String
  public var at: Date?
  /// The items the undone change added or removed that stay as they are, another machine having touched them
  /// since.
  public var lifeKept: [LifeKept] = []
  /// The items whose fields the undone change set that stay as they are, another machine having set them since.
  public var fieldsKept: [FieldsKept] = []
  /// Whether the undone change set the categories' order, which stays as it is, another machine having set it
  /// since.
  public var orderKept = false

  /// An item some of whose fields undo left as they were: its name, and whether others were changed back.
  public struct FieldsKept: Equatable, Sendable {
    public var name: String
    public var partly: Bool
    /// An item, a category or a store.
    public var kind: NameKind = .item
  }

  /// An item undo left as it was: its name, and whether the change had removed it (else added it); `twin` when
  /// undo took it away but another machine added the same name, which stays.
  public struct LifeKept: Equatable, Sendable {
    public var name: String
    public var removed: Bool
    public var twin = false
  }

  public init(summary: String, at: Date?, lifeKept: [LifeKept] = [], fieldsKept: [FieldsKept] = []) {
    (self.summary, self.at, self.lifeKept, self.fieldsKept) = (summary, at, lifeKept, fieldsKept)
  }
}

/// The household: a folder of append-only change logs, one per machine, and this machine's local state.
///
/// A machine appends only to its own log and only reads the others, so no file ever has two writers and any
/// folder-sync tool or git can carry the folder without conflicts. Reads take no lock: logs only grow, and a last
/// line without its newline is a write still under way. Changes hold an exclusive lock in the local state folder.
public struct HouseholdStore: Sendable {
  /// The household folder, as given (for messages).
  public let path: String
  /// The household folder with symbolic links followed.
  public let folder: String
  /// A version-1 store file to migrate from when the folder does not exist yet.
  public let legacyFile: String?
  /// True when the store path given is itself the version-1 file, the household then living in a folder beside it.
  public let givenAsLegacyFile: Bool
  /// This machine's own files for the household: identity, cache and lock.
  public let stateFolder: String
  /// How long to wait for other groceries' locks, in all; nil waits for as long as it takes.
  public var lockTimeout: Double? {
    get { lockWaiting.limit }
    set { lockWaiting = LockWaiting(limit: newValue) }
  }
  /// The wait allowed, and how much of it the command has had, shared by every copy of this store.
  var lockWaiting: LockWaiting
  /// How many of this machine's changes `undo` can step back through.
  public var undoDepth: Int
  /// The name a new identity gets.
  public var defaultMachineName: String
  /// Tells the user something about the household that did not stop the command (a log line left out), in one
  /// line; the CLI writes it to standard error.
  public var warn: @Sendable (String) -> Void = { _ in }
  /// Tells the user, once, of something done besides the command (a version-1 store migrated), in one line; the
  /// CLI writes it to standard error unless asked to be quiet.
  public var inform: @Sendable (String) -> Void = { _ in }
  /// Whether a read says another machine's log that is shorter than the cache read it, or another copy, where it is
  /// there. Sync reads with this off: such a log is the shared copy a merge brought, which sync says came in
  /// changed, and uses.
  var saysShorterLogs = true
  /// This machine's time, when given: a read then says which other machines' latest changes are dated after it by
  /// more than `aheadLimit`, as their clocks (or this one) are wrong.
  public var now: Date?

  public init(
    path: String, folder: String, legacyFile: String? = nil, givenAsLegacyFile: Bool = false,
    stateFolder: String, lockTimeout: Double? = nil, undoDepth: Int = 50,
    defaultMachineName: String = "someone@" + Machine.currentHost
  ) {
    self.path = path
    self.folder = folder
    self.legacyFile = legacyFile
    self.givenAsLegacyFile = givenAsLegacyFile
    self.stateFolder = stateFolder
    lockWaiting = LockWaiting(limit: lockTimeout)
    self.undoDepth = undoDepth
    self.defaultMachineName = defaultMachineName
  }

  var logsFolder: String { folder + "/logs" }
  var markerPath: String { folder + "/" + HouseholdMarker.fileName }
  var lockPath: String { stateFolder + "/lock" }
  var identityPath: String { stateFolder + "/identity.json" }
  var cachePath: String { stateFolder + "/cache.sqlite" }

  /// Whether the household is shared through git (`grocery sync setup` made its folder a repository with a remote,
  /// which `sync` needs): what to do about a log that lost lines differs. Read from git's own file, as no git is
  /// run for a warning.
  func sharesThroughGit() throws -> Bool {
    guard let git = try FileSystem.status(folder + "/.git") else { return false }
    // A `.git` that is a file (a worktree's) names a repository elsewhere: taken as one with a remote.
    guard git.st_mode & S_IFMT == S_IFDIR else { return true }
    guard let config = try FileSystem.read(folder + "/.git/config") else { return false }
    return String(decoding: config, as: UTF8.self).contains("[remote \"origin\"]")
  }

  /// Removes this machine's cache, so that the next read folds the logs afresh (deleting it is always safe): for a
  /// log rewritten otherwise than by growing, whose lines gone the cache would take for changes lost.
  func discardCache() throws {
    if case .failure(let error) = SystemCall.remove(cachePath), error.code != ENOENT {
      throw error.io(cachePath, "remove")
    }
  }

  // MARK: - Reading

  /// Returns true when the household's folder exists: a read of it migrates nothing.
  public func folderExists() throws -> Bool { try FileSystem.status(folder) != nil }

  /// Reads the household; a missing one is empty with the default categories. With a scope, only the items
  /// in it are loaded (with every category and location).
  public func load(_ scope: ItemScope = .all) throws -> Groceries {
    if let old = try migrateForReading() { return old }
    return try read(scope).view.groceries
  }

  /// Reads the household for a dry run, which writes nothing: a version-1 store not migrated yet is read as it
  /// stands, whole, migrating nothing; else as `load` and, with `history`, `loadHistory` read it.
  public func preview(_ scope: ItemScope = .all, history: Bool = false) throws -> Groceries {
    if let legacy = try legacyWaiting() { return legacy }
    return try history ? loadHistory(scope) : load(scope)
  }

  /// Reads the household with every purchase, not only the recent ones: for history and export. With a scope,
  /// only the items in it; with `since`, each item holds at least its purchases since that day, in the order the
  /// whole history has them (read from the cache, only those), for `history NAME --since`; never for an export.
  public func loadHistory(_ scope: ItemScope = .all, since: Day? = nil) throws -> Groceries {
    if let old = try migrateForReading() { return old }
    return try readHistory(scope, since: since).view.groceries
  }

  /// Machine names for people, by machine id.
  public func machineNames() throws -> [String: String] {
    try migrateIfNeeded()
    return try read(.ids([])).view.machines
  }

  /// The logs in the folder by machine id, with their sizes. A log that is not a regular file is left out and
  /// said, as a line no grocery reads is: whatever a sync tool brings in under a log's name (a link, a folder, a
  /// FIFO), every other machine's changes are still read.
  func logFiles() throws -> [String: Int] {
    let scan = try scanLogs()
    for file in scan.leftOut {
      warn(
        "'\(file.file)' \(file.why): its machine's changes are left out" + file.until)
    }
    return scan.logs
  }

  /// The logs in the folder that are regular files no larger than a log may be, by machine id, with their sizes;
  /// and those that are not, shown. A log larger than any grocery writes (a peer's, however it came) is left out
  /// as one that is not a file is: read, it would stop every command.
  func scanLogs() throws -> (logs: [String: Int], leftOut: [HouseholdCheck.LeftOut]) {
    var logs: [String: Int] = [:]
    var leftOut: [HouseholdCheck.LeftOut] = []
    let names = try FileSystem.entries(logsFolder)
    for name in names where ConflictCopy.isOne(name) {
      warn(ConflictCopy.message(shown(logsFolder + "/" + name)))
    }
    for name in names.sorted() where name.hasSuffix(".jsonl") {
      let machine = String(name.dropLast(6))
      guard MachineID.isValid(machine) else { continue }
      let file = logsFolder + "/" + name
      guard let info = try FileSystem.status(file, followingLinks: false) else { continue }
      if info.st_mode & S_IFMT != S_IFREG {
        leftOut.append(HouseholdCheck.LeftOut(file: shown(file), size: nil))
        continue
      }
      if ChangeLog.isTooLarge(info) {
        leftOut.append(HouseholdCheck.LeftOut(file: shown(file), size: Int(info.st_size)))
        continue
      }
      // Another machine's log this user may not read (a sync tool or another account wrote it with modes of its
      // own) would stop every command, `check` too, where it holds that machine's changes: it is left out, as one
      // that is no file. This machine's own is not: every command refuses it (exit 74), as it cannot be written
      // to either, rather than show the household without this machine's changes (found by a review).
      if ChangeLog.isUnreadable(file), try machine != recordedMachine() {
        leftOut.append(HouseholdCheck.LeftOut(file: shown(file), size: Int(info.st_size), unreadable: true))
        continue
      }
      logs[machine] = Int(info.st_size)
    }
    return (logs, leftOut)
  }

  /// A file inside the household, named for messages from the folder as the user gave it.
  func shown(_ file: String) -> String {
    file.hasPrefix(folder + "/") ? path + String(file.dropFirst(folder.count)) : file
  }

  // MARK: - Changing

  /// Runs a change under the lock and appends it to this machine's log, unless the body throws or changes nothing;
  /// `onSaved` is called once the line is written, and only then.
  ///
  /// `summary` describes the change for `undo` and for the other machines. `onWait` is called if another grocery
  /// holds the lock.
  public func update<T>(
    _ scope: ItemScope = .all, summary: (T) -> String, now: Date, onWait: () -> Void = {},
    onSaved: () -> Void = {}, _ body: (inout Groceries) throws -> T
  ) throws -> T {
    if var groceries = try legacyWaiting() {
      // A change the version-1 store refuses (a name it does not have) is refused before the store is migrated, so
      // that nothing is written.
      _ = try body(&groceries)
      try migrateIfNeeded(onWait: onWait)
    }
    var refusal: (any Error)?
    do {
      try checkChangeable()
    } catch {
      refusal = error
    }
    /// Runs the body on the items in scope; one that fails there runs again on the wider scope (`widened`), when
    /// there is one, so that its error (a name it did not find, with the names it might have meant) is the one the
    /// whole household gives.
    func attempt(_ reading: inout Reading, machine: String?) throws -> (T, Groceries) {
      do {
        var groceries = reading.view.groceries
        return (try body(&groceries), groceries)
      } catch  where scope.widened != scope {
        let trip = reading.view.groceries.openTrip
        // The read before said what was wrong with household.json, where anything was.
        reading = try read(scope.widened, machine: machine, undo: false, markerSaid: false)
        reading.view.groceries.openTrip = trip
        var groceries = reading.view.groceries
        return (try body(&groceries), groceries)
      }
    }
    if try refusal != nil || FileSystem.status(lockPath) == nil || FileSystem.status(identityPath) == nil
      || FileSystem.status(folder) == nil
    {
      // Try the change first without creating anything, so a refused or empty change writes nothing at all, and
      // one that changes nothing still succeeds where nothing could be written.
      // A change refused for a lost household id says so itself, not as a warning before.
      var isLostID = false
      if case GroceryError.householdIDLost? = refusal { isLostID = true }
      var reading = try read(scope, markerSaid: !isLostID)
      let (result, groceries) = try attempt(&reading, machine: nil)
      if groceries == reading.view.groceries { return result }
      if let refusal { throw refusal }
      try Self.checkWritable(ChangeDiff.operations(from: reading.view, to: groceries, now: now), now: now)
    }
    return try withLock(onWait: onWait) {
      let machine = try identity(creating: true)
      try prepareFolder()
      // The undo list stays in the cache: the change is added to it there.
      var reading = try read(scope, machine: machine.id, undo: false)
      // Purchases made now belong to this machine's trip, while it is under way.
      reading.view.groceries.openTrip = openTrip(of: machine.id, now: now, in: reading.state)
      let (result, groceries) = try attempt(&reading, machine: machine.id)
      if groceries == reading.view.groceries { return result }
      // The trip's day is the log clock's, as its times are: a clock set back does not move a purchase onto it.
      let clock = Date(timeIntervalSince1970: Double(reading.state.clock(now, machine: machine.id)) / 1000)
      let operations = Self.tripTagged(
        ChangeDiff.operations(from: reading.view, to: groceries, now: now), now: clock)
      if operations.isEmpty { return result }
      try commit(operations, summary: summary(result), machine: machine, now: now, reading: &reading)
      onSaved()
      return result
    }
  }

  /// The newest stamp a change `machine` makes at `now` is stamped after: always its own last, wherever that is;
  /// and every other change it has seen, up to the last second a line may carry (`followable`), while that is
  /// within a century of this machine's clock. A later one is a line made to sit at the very edge of what can be
  /// followed, or a clock a century ahead: then each machine's newest change within the century is followed, so
  /// that what other machines made after it, having seen it, is still followed too.
  static func followed(_ reading: Reading, machine: String, now: Date) -> Stamp {
    let own = reading.positions[machine]?.last ?? .zero
    let wall = Stamp.milliseconds(of: now)
    let horizon = min(wall + Stamp.century, Stamp.adoptable)
    if reading.state.followable.milliseconds <= horizon { return max(reading.state.followable, own) }
    var newest = own
    for position in reading.positions.values where position.last.milliseconds <= horizon {
      newest = max(newest, position.last)
    }
    return newest
  }

  /// Writes a new household, refusing if one exists.
  public func create(_ groceries: Groceries, summary: String, now: Date, onWait: () -> Void = {}) throws {
    try refuseExisting()
    try checkChangeable()
    let empty = HouseholdView(HouseholdState.initial)
    try Self.checkWritable(Migration.operations(groceries, from: empty, now: now), now: now)
    try withLock(onWait: onWait) {
      try refuseExisting()
      let machine = try identity(creating: true)
      try prepareFolder()
      var reading = try read(.ids([]), machine: machine.id)
      let operations = Migration.operations(groceries, from: reading.view, now: now)
      try commit(operations, summary: summary, machine: machine, now: now, reading: &reading)
    }
  }

  /// Refuses to make a household where one is, or a version-1 store waits: an empty folder is neither, and takes
  /// one (a folder a sync tool just made, with its dot-files). A file given for the store that is no version-1
  /// store is said as a read says it.
  func refuseExisting() throws {
    let info = try FileSystem.status(folder)
    var empty = info == nil
    if let info, info.st_mode & S_IFMT == S_IFDIR { empty = try !holdsFilesOfItsOwn() }
    // A version-1 store beside the folder waits for its migration, which an empty folder does not stop.
    if empty, let legacyFile, let old = try FileSystem.status(legacyFile), old.st_mode & S_IFMT == S_IFREG {
      if info == nil { _ = try legacyWaiting() }
      throw GroceryError.storeExists(path: shown(legacyFile))
    }
    if empty { return }
    if try FileSystem.status(markerPath) == nil { throw GroceryError.folderNotEmpty(path: path) }
    throw GroceryError.storeExists(path: path)
  }

  /// Refuses operations that would make a line no grocery reads (a date before year 1), before anything is
  /// created; `commit` checks the very line it writes too.
  static func checkWritable(_ operations: [Operation], now: Date) throws {
    let stamp = Stamp.next(after: .zero, now: now, machine: "0000000000000001")
    let line = Array(
      ChangeCodec.encode(Change(id: "check", stamp: stamp, summary: "check", operations: operations)).utf8)
    do {
      _ = try ChangeCodec.decode(line, from: 0, to: line.count - 1)
    } catch {
      // A clock at or before 1970 (a board without a clock, just booted), said as the clock before anything is
      // made (found by a trial and a review).
      if error.field == "at" && stamp.milliseconds <= 0 {
        throw GroceryError.clockTooEarly(time: Timestamp.format(now))
      }
      throw GroceryError.unwritableChange(field: error.field, reason: error.reason)
    }
  }

  /// Appends one change to this machine's log, then writes it to the cache.
  func commit(
    _ operations: [Operation], summary: String, undoes: String? = nil, machine: Machine, now: Date,
    reading: inout Reading
  ) throws {
    var operations = operations
    var machine = machine
    let wanted = machine.name
    if let apart = Self.nameApart(machine, among: reading.state.machines) { machine.name = apart }
    if reading.state.machines[machine.id]?.value != machine.name {
      operations.insert(.machine(name: machine.name), at: 0)
    }
    let stamp = Stamp.next(
      after: Self.followed(reading, machine: machine.id, now: now), now: now, machine: machine.id)
    // The stamp orders the change after every one this machine has seen; when that runs it more than a minute
    // ahead of this machine's own clock, the line says that clock's time too, which is what people are shown.
    let time = reading.state.clock(now, machine: machine.id)
    let change = Change(
      id: UUIDText.format(UUID()), stamp: stamp, summary: summary, undoes: undoes, operations: operations,
      wall: stamp.milliseconds - time <= Change.wallLead ? nil : time)
    let line = ChangeCodec.encode(change)
    // Every line written passes the gate every line read passes, so no machine ever writes one it would refuse.
    let written = Array(line.utf8)
    let file = logsFolder + "/" + machine.id + ".jsonl"
    do {
      _ = try ChangeCodec.decode(written, from: 0, to: written.count - 1)
    } catch {
      // This machine's own last line at the very end of time (a hand edit, or a line a sync tool brought into its
      // log) leaves no later stamp: said with the way on, which `check` says too.
      if error.field == "at", let own = reading.positions[machine.id]?.last,
        own.milliseconds >= Stamp.adoptable
      {
        throw GroceryError.unwritableChange(
          field: "at",
          reason: "this machine's log '\(shown(file))' ends in a change ordered as of "
            + Timestamp.format(own.date) + ", after which no change can be written; move '"
            + Names.printable(identityPath) + "' away, and this machine goes on as a new one")
      }
      // A clock at or before 1970 on a machine with no change yet to hold its clock after (found by a trial: said
      // as a change that cannot be written, exit 65).
      if error.field == "at", stamp.milliseconds <= 0 {
        throw GroceryError.clockTooEarly(time: Timestamp.format(now))
      }
      throw GroceryError.unwritableChange(field: error.field, reason: error.reason)
    }
    let existing = try FileSystem.status(file)
    let isNew = existing == nil
    // A log larger than any grocery writes is left out of every read: a line added to it would never show.
    if let existing, existing.st_mode & S_IFMT == S_IFREG, ChangeLog.isTooLarge(existing) {
      throw ChangeLog.tooLargeToWrite(shown(file), existing)
    }
    let owner = try FileSystem.status(folder) ?? stat()
    do {
      try ChangeLog.append(line, to: file, shownAs: shown(file), owner: owner)
    } catch {
      // A log this change made, left empty by a write that failed (a full disk), goes with it.
      // Its own failure to look is passed over: the append's error is the one to say.
      if isNew, case .success(let info) = SystemCall.status(file, followingLinks: false), info.st_size == 0 {
        _ = SystemCall.remove(file)
      }
      throw error
    }
    if isNew { try FileSystem.syncFolder(logsFolder) }
    // The change is safely in the log; what follows only keeps the local cache up to date, and this machine's
    // identity with the name the change gave it.
    if machine.name != wanted {
      sayNamedApart(wanted: wanted, taken: machine.name)
      do {
        try writeIdentity(machine)
      } catch {
        // Said, not thrown: the change is made. The next change finds the name in the log and writes it again.
        warn(
          ((error as? GroceryError)?.message ?? "\(error)") + "; this machine's new name goes there next time"
        )
      }
    }
    let size = try FileSystem.status(file).map { Int($0.st_size) } ?? 0
    let length = line.utf8.count
    let read = reading.positions
    let before = read[machine.id] ?? ChangeLog.Position(offset: 0, lines: 0, last: .zero)
    // Items the change touches that the read did not load (an undo of an item out of scope) are loaded first;
    // were that to fail, the cache is left as it is and the next read folds the change from the log.
    let touched = Touched([change])
    var cache = reading.cache
    if let open = cache {
      do {
        try open.database.reading { try open.loadItems(.ids(Array(touched.items)), into: &reading.state) }
      } catch {
        cache = nil
      }
    }
    reading.state.apply(change)
    // A change dated after this one (a line at the edge of what is followed, a clock a century ahead) still wins
    // over it where both set something: said, so that what the command reports is not taken for what shows.
    for id in touched.items {
      guard let item = reading.state.items[id], item.updated > stamp else { continue }
      let name = item.name.value.map { "'" + Names.printable($0) + "'" } ?? "an item"
      // A removal it undoes keeps the item, as any change but a removal brings an item back: said so, where "wins
      // where both set something" left the removal reported as done (found by a trial).
      let removed = change.operations.contains {
        if case .item(id, let set, _) = $0 { return set.alive == false } else { return false }
      }
      let effect =
        removed && item.alive.value
        ? "which keeps it in the household" : "which wins over it where both set something"
      warn(
        "\(name) has a change dated \(item.updated.time) in '\(shown(logsFolder + "/" + item.updated.machine + ".jsonl"))',"
          + " after this one, \(effect) (a clock far ahead, or a line written by hand)")
    }
    var undoStep = Undo.step(for: change, at: size - length, length: length)
    if case .push(var ref) = undoStep {
      // What it had read of every other log, so that its undo reads only what came since.
      ref.seen = reading.positions.filter { $0.key != machine.id }.mapValues(\.offset)
      undoStep = .push(ref)
    }
    Undo.apply(undoStep, to: &reading.undo, depth: undoDepth)
    reading.positions[machine.id] = ChangeLog.Position(
      offset: size, lines: before.lines + 1, last: stamp,
      unwalled: change.wall == nil ? stamp : before.unwalled,
      check: ChangeLog.check(line: line.utf8), length: line.utf8.count)
    guard let cache, !reading.state.needsRebuild else { return }
    do {
      // A trip taken back that a rebuild would fold otherwise: the cache is left, and the next read folds every log.
      if try cache.database.reading({ try cache.needsRebuild(reading.state) }) { return }
      reading.state.trips.freed = []
      var written = reading.state
      let position = reading.positions[machine.id]!
      try cache.database.writing {
        // Only a cache that had read every log up to this change moves on with it; another is caught up by the
        // next read.
        guard try cache.positions() == read else { return }
        try cache.save(&written, touched: touched, positions: [machine.id: position])
        try cache.apply(undoStep, of: machine.id, depth: undoDepth)
        // A change made here is made knowing what the log lost: it is no longer said.
        try cache.save(lost: nil)
      }
      reading.state = written
    } catch {
      // The cache is only a cache: the change is already in the log, and the next read folds it from there.
    }
  }

  /// Runs a body holding the household's change lock.
  public func withLock<T>(onWait: () -> Void = {}, _ body: () throws -> T) throws -> T {
    try FileSystem.makeFolders(stateFolder, mode: 0o700)
    let lock = try FileLock.acquire(lockPath, waiting: lockWaiting, onWait: onWait)
    defer { withExtendedLifetime(lock) {} }
    let hadIdentity = try FileSystem.status(identityPath) != nil
    do {
      return try body()
    } catch {
      // A command that failed (a full disk under the household) takes back the identity it made, unless a line
      // of this machine's made it into the household. The lock file stays: another grocery may be waiting on it.
      if !hadIdentity { forgetIdentityIfUnused() }
      throw error
    }
  }

  /// Removes this machine's identity when the household holds no log of it.
  private func forgetIdentityIfUnused() {
    do {
      let machine = try identity()
      if try FileSystem.status(logsFolder + "/" + machine.id + ".jsonl") == nil {
        _ = SystemCall.remove(identityPath)
      }
    } catch {
      // An identity that cannot be read is not one this command made whole: it stays.
    }
  }

  /// Creates the household folder and its marker if they are missing.
  func prepareFolder() throws {
    try checkFolder()
    try FileSystem.makeFolders(folder, mode: 0o700)
    let owner = try FileSystem.status(folder) ?? stat()
    try makeLogsFolder(owner: owner)
    try keepHouseholdID(owner: owner)
  }

  /// Makes `logs/` where it is missing, owned as the household folder is.
  func makeLogsFolder(owner: stat) throws {
    if try FileSystem.status(logsFolder) == nil {
      try FileSystem.makeFolders(logsFolder, mode: 0o700)
      if geteuid() == 0 { _ = SystemCall.setOwner(logsFolder, user: owner.st_uid, group: owner.st_gid) }
    }
  }

  /// Refuses, before the lock or this machine's identity is made, a change that could not be written: a store
  /// path that is not a folder or cannot become one, a household from a newer grocery, an identity that cannot be
  /// read, or a household this user cannot add this machine's log to.
  func checkChangeable() throws {
    try checkFolder()
    let marker = try FileSystem.status(markerPath)
    // A folder that holds files of its own and no household (a mistyped `--store ~/Documents`) is never made one
    // by a change, as `init` refuses it. One that holds `logs` is a household, perhaps one another grocery is
    // making this moment (migrating a version-1 store): asked of one listing, as `logs` made between two looks
    // read as a file of its own (found by the torture test).
    if marker == nil, try FileSystem.status(logsFolder) == nil {
      let own = try FileSystem.entries(folder).filter { !$0.hasPrefix(".") }
      if !own.isEmpty && !own.contains(FileSystem.name(of: logsFolder))
        && !own.contains(HouseholdMarker.fileName)
      {
        throw GroceryError.folderNotEmpty(path: path)
      }
    }
    let machine = try identity()
    if marker == nil { try FileSystem.checkCanCreate(in: folder, shownAs: path) }
    if try markerToWrite() != nil { try FileSystem.checkCanCreate(in: folder, shownAs: path) }
    if try FileSystem.status(logsFolder + "/" + machine.id + ".jsonl") == nil {
      try FileSystem.checkCanCreate(in: logsFolder, shownAs: shown(logsFolder))
    }
  }

  /// Whether the household's folder holds anything but a sync tool's own dot-files (`.stfolder`, `.git`): files
  /// of its own, which no household is made among. A folder that is not there holds none.
  func holdsFilesOfItsOwn() throws -> Bool {
    try FileSystem.entries(folder).contains(where: { !$0.hasPrefix(".") })
  }

  /// Refuses this machine's log put back as a link or a folder, as appending to it would: before `undo` finds its
  /// changes left out and says there is nothing to undo. (`sync` puts such a log right, so it does not ask.)
  func checkOwnLogIsAFile() throws {
    let log = logsFolder + "/" + (try identity().id) + ".jsonl"
    guard let info = try FileSystem.status(log, followingLinks: false) else { return }
    switch info.st_mode & S_IFMT {
    case S_IFREG where ChangeLog.isTooLarge(info): throw ChangeLog.tooLargeToWrite(shown(log), info)
    case S_IFREG: return
    case S_IFLNK:
      throw GroceryError.io(path: shown(log), operation: "write", reason: "it is a link, not a regular file")
    default: throw GroceryError.io(path: shown(log), operation: "write", reason: "it is not a regular file")
    }
  }

  /// Refuses a store path that names something other than a folder.
  func checkFolder() throws {
    if let info = try FileSystem.status(folder), info.st_mode & S_IFMT != S_IFDIR {
      throw GroceryError.io(
        path: path, operation: "use", reason: "it is not a folder (a household is a folder)")
    }
    // A path inside a file is no household, nor can it ever be made one: refused as a change refuses it.
    if case .failure(let error) = SystemCall.status(folder, followingLinks: true), error.code == ENOTDIR {
      throw GroceryError.io(path: path, operation: "use", reason: "a part of it is a file, not a folder")
    }
    // `logs` made a link (pushed by a peer, a hand edit) would have this machine's changes written where it points,
    // outside the household, and the logs there read as the household's (found by a trial): refused to read and
    // to change, as nothing grocery does can tell which folder was meant.
    if let info = try FileSystem.status(logsFolder, followingLinks: false), info.st_mode & S_IFMT == S_IFLNK {
      throw GroceryError.unreadableStore(
        path: shown(logsFolder),
        reason: "it is a link, where the household keeps its logs in a folder of its own; put the folder back"
          + " (from git's history or a backup) in place of the link")
    }
  }

  /// This machine's identity, made on first use (under the lock) or when the identity was made on another host.
  /// A new one named apart says so, unless `naming` (the caller gives it a name of its own next).
  public func identity(creating: Bool = false, naming: Bool = false) throws -> Machine {
    if let bytes = try FileSystem.readRegularFile(identityPath, limit: 1 << 16) {
      guard let machine = Machine.decode(bytes) else {
        throw GroceryError.unreadableStore(
          path: identityPath, reason: "not a machine identity; remove it to make this machine a new one")
      }
      // A name edited by hand is one `sync setup --name` would take, or every change would fail on its own line.
      if let reason = LineRules.machineName(machine.name) {
        throw GroceryError.unreadableStore(path: identityPath, reason: "\"name\": \(reason)")
      }
      if machine.host == Machine.currentHost { return machine }
    }
    var machine = Machine(id: MachineID.random(), name: defaultMachineName, host: Machine.currentHost)
    if creating {
      machine.name = try unusedName(defaultMachineName)
      try writeIdentity(machine)
      // A machine that joins a folder where another goes by its name says which it took, as one named apart later
      // does.
      if machine.name != defaultMachineName && !naming {
        sayNamedApart(wanted: defaultMachineName, taken: machine.name)
      }
    }
    return machine
  }

  /// The name, or, when another machine of the household already goes by it (two HOMEs on one computer, whose
  /// default names are the same), the first of `NAME #2`, `NAME #3` … that none does, so that people can tell
  /// the two apart.
  func unusedName(_ name: String) throws -> String {
    Self.unused(name, among: Set(try read(.ids([])).state.machines.values.map(\.value)))
  }

  /// The name, or the first of `NAME #2`, `NAME #3` … that is not taken; a name that is itself `NAME #2` goes on
  /// from there (`NAME #3`), never `NAME #2 #2`.
  static func unused(_ name: String, among taken: Set<String>) -> String {
    guard taken.contains(name) else { return name }
    var base = Substring(name)
    var number = 1
    if let mark = name.lastIndex(of: "#"), mark > name.startIndex, name[name.index(before: mark)] == " " {
      let digits = name[name.index(after: mark)...]
      if !digits.isEmpty, digits.count < 9, digits.allSatisfy({ ("0"..."9").contains($0) }),
        let was = Int(digits)
      {
        (base, number) = (name[..<name.index(before: mark)], max(was, 1))
      }
    }
    var candidate = name
    while taken.contains(candidate) {
      number += 1
      candidate = base + " #\(number)"
    }
    return candidate
  }

  /// The name this machine is to take where another machine of the household went by its name first (two
  /// computers with one user@host, which each took it before they knew of the other): the first of `NAME #2`,
  /// `NAME #3` … that none goes by. Nil where none did, or this machine's name came first (the other takes
  /// another), so that of two machines with one name exactly one, the same on every computer, moves.
  static func nameApart(_ machine: Machine, among machines: [String: Register<String>]) -> String? {
    let since = machines[machine.id].flatMap { $0.value == machine.name ? $0.stamp : nil }
    let first = machines.contains { id, other in
      guard id != machine.id, other.value == machine.name else { return false }
      guard let since else { return true }
      return other.stamp < since || (other.stamp == since && id < machine.id)
    }
    guard first else { return nil }
    return unused(machine.name, among: Set(machines.filter { $0.key != machine.id }.values.map(\.value)))
  }

  /// Reads the household (under the lock, as `sync` does after a merge) and, where another machine went by this
  /// machine's name first, writes the change that names this one apart, and says so; returns the name it left
  /// and the one it took, or nil when it did not.
  func nameApartAfterMerge(now: Date) throws -> (old: String, new: String)? {
    let machine = try identity(creating: true)
    var reading = try read(.ids([]), machine: machine.id)
    guard let apart = Self.nameApart(machine, among: reading.state.machines) else { return nil }
    try commit(
      [], summary: ChangeVerb.nameMachine.present + apart, machine: machine, now: now, reading: &reading)
    return (machine.name, apart)
  }

  /// What a change says when this machine took another name than the one it asked for.
  func sayNamedApart(wanted: String, taken: String) {
    warn(
      "another machine of the household goes by '\(Names.printable(wanted))', so this one is now"
        + " '\(Names.printable(taken))'")
  }

  /// Gives this machine a name for people, recorded as a change so that the other machines learn it: `name`, or,
  /// when nil, the one it has. Where another machine of the household goes by that name (a `--name` given twice,
  /// or two computers with one user@host), the first of `NAME #2`, `NAME #3` … that none does is taken instead,
  /// and said.
  public func setMachineName(_ name: String?, now: Date, onWait: () -> Void = {}) throws {
    try checkChangeable()
    try withLock(onWait: onWait) {
      var machine = try identity(creating: true, naming: name != nil)
      try prepareFolder()
      var reading = try read(.ids([]), machine: machine.id)
      let wanted = name ?? machine.name
      if name != nil {
        let others = reading.state.machines.filter { $0.key != machine.id }.values.map(\.value)
        machine.name = Self.unused(wanted, among: Set(others))
      } else if let apart = Self.nameApart(machine, among: reading.state.machines) {
        machine.name = apart
      } else {
        return
      }
      if reading.state.machines[machine.id]?.value != machine.name {
        try commit(
          [], summary: "name this machine " + machine.name, machine: machine, now: now, reading: &reading)
      }
      if machine.name != wanted { sayNamedApart(wanted: wanted, taken: machine.name) }
      // Only once the name is in the log does this machine take it.
      try writeIdentity(machine)
    }
  }

  // MARK: - Undo

  /// Reverts this machine's most recent change that is not undone yet, returning what it undid.
  ///
  /// The revert is a new change: it puts back the fields that change set, unless another change has set them
  /// since, and takes back its purchases. It never touches what another machine did.
  public func undo(now: Date, onWait: () -> Void = {}) throws -> UndoEntry {
    // A version-1 store not migrated yet has no change to undo: migrating it only to take the migration back would
    // leave an empty household, the old file kept but never read again.
    guard try legacyWaiting() == nil, try hasIdentity() else { throw GroceryError.nothingToUndo }
    // Where the lock is not made yet, an undo with nothing to revert is refused without making it.
    try checkOwnLogIsAFile()
    if try FileSystem.status(lockPath) == nil, try undoList().isEmpty { throw GroceryError.nothingToUndo }
    try checkChangeable()
    return try withLock(onWait: onWait) {
      let machine = try identity(creating: true)
      var reading = try read(.ids([]), machine: machine.id)
      guard let ref = reading.undo.last else { throw GroceryError.nothingToUndo }
      let file = logsFolder + "/" + machine.id + ".jsonl"
      guard let last = try ChangeLog.line(file, at: ref.offset, length: ref.length, shownAs: shown(file)),
        last.id == ref.id
      else {
        throw GroceryError.unreadableStore(
          path: shown(file),
          reason: "the change to undo is no longer where the cache says; delete \(cachePath)")
      }
      // The inverse needs every item the change touched, however long ago it was made.
      let items = Array(Touched([last]).items)
      do {
        guard let cache = reading.cache else { throw Database.Failure(code: 0, message: "no cache") }
        try cache.database.reading {
          try cache.loadItems(.ids(items), into: &reading.state)
          // And those of the same names, which the view shows as one with them: what they had counts too.
          let keys = Set(items.compactMap { reading.state.items[$0]?.name.value.map(Names.key) })
          if !keys.isEmpty { try cache.loadItems(.keys(keys.sorted()), into: &reading.state) }
        }
      } catch {
        reading = try read(.all, machine: machine.id)
      }
      if last.isMigration, reading.state.migrations.count > 1, try othersStand(besides: last) {
        throw GroceryError.migrationShared(summary: last.summary)
      }
      // Each id with those shown as one with it by name, which the view gives each field's newest value of.
      var twins: [UUID: [UUID]] = [:]
      let view = HouseholdView(reading.state)
      for groups in [view.members, view.categoryMembers, view.locationMembers] {
        for group in groups.values { for id in group { twins[id] = group } }
      }
      let operations = Undo.inverse(
        of: last, in: reading.state,
        prior: try prior(of: last, positions: reading.positions, twins: twins, seen: ref.seen))
      var kept = Undo.lifeKept(of: last, in: reading.state).compactMap { kept in
        reading.state.items[kept.id]?.name.value.map { UndoEntry.LifeKept(name: $0, removed: kept.removed) }
      }
      kept += try twinsKept(removedBy: operations, reading: &reading)
      let fieldsKept = Undo.fieldsKept(of: last, inverse: operations).compactMap { kept in
        let name =
          switch kept.kind {
          case .item: reading.state.items[kept.id]?.name.value
          case .category: reading.state.categories[kept.id]?.name.value
          case .location: reading.state.locations[kept.id]?.name.value
          }
        return name.map { UndoEntry.FieldsKept(name: $0, partly: kept.partly, kind: kept.kind) }
      }
      try commit(
        operations, summary: "undo " + last.summary, undoes: last.id, machine: machine, now: now,
        reading: &reading)
      if last.isMigration {
        // The household is as it was before the migration; the old file is not read again by itself.
        let file = legacyFile.map { "store '" + shown($0) + "'" } ?? "store"
        inform(
          "the version-1 \(file) is kept as it was, for grocery 1; 'grocery import FILE' brings its items and"
            + " purchases back here")
      }
      var entry = UndoEntry(
        summary: last.summary, at: last.stamp.date, lifeKept: kept, fieldsKept: fieldsKept)
      entry.orderKept = Undo.orderKept(of: last, inverse: operations)
      return entry
    }
  }

  /// Whether another machine's migration of a version-1 store stands (is not undone) beside `migration`: the two
  /// may have made the same items and purchases (each machine migrated a copy of one store), and undo can put back
  /// no field as the other migration left it.
  func othersStand(besides migration: Change) throws -> Bool {
    let all = try foldAll(try logFiles(), machine: nil, history: false, viewing: false)
    return all.state.migrations.contains { $0 != migration.id && all.state.migrationUndos[$0] == nil }
  }

  /// The items an undo takes away that another machine added too, under the same name, and that stay on the list
  /// as theirs: the name stays, so `undo` says so rather than seem to have removed it.
  func twinsKept(removedBy inverse: [Operation], reading: inout Reading) throws -> [UndoEntry.LifeKept] {
    var removed: [UUID: String] = [:]
    for case .item(let id, let set, _) in inverse where set.alive == false {
      if let name = reading.state.items[id]?.name.value { removed[id] = Names.key(name) }
    }
    if removed.isEmpty { return [] }
    if let cache = reading.cache {
      let keys = Array(Set(removed.values)).sorted()
      try cache.database.reading { try cache.loadItems(.keys(keys), into: &reading.state) }
    }
    // The living items by name, each key made once: an undo that takes away many items (a migration's) compares
    // each with the others' names without making every other key again for each.
    let wanted = Set(removed.values)
    var living: [String: [(id: UUID, name: Register<String?>)]] = [:]
    for (id, item) in reading.state.items where item.alive.value == true {
      guard let name = item.name.value else { continue }
      let key = Names.key(name)
      if wanted.contains(key) { living[key, default: []].append((id, item.name)) }
    }
    // The name the twins left show, as the list shows them: the newest one's.
    return removed.sorted { $0.value < $1.value }.compactMap { id, key in
      guard let twin = living[key]?.filter({ $0.id != id }).max(by: { $0.name.stamp < $1.name.stamp }),
        let name = twin.name.value
      else {
        return nil
      }
      return UndoEntry.LifeKept(name: name, removed: false, twin: true)
    }
  }

  /// Lists the changes `undo` can revert, newest first.
  public func undoList() throws -> [UndoEntry] {
    if try legacyWaiting() != nil { return [] }
    try checkFolder()
    guard try hasIdentity() else { return [] }
    let machine = try identity()
    return try read(.ids([]), machine: machine.id).undo.reversed().map {
      UndoEntry(summary: $0.summary, at: $0.at.date)
    }
  }

  // MARK: - Migration

  /// Whether a version-1 store waits to be migrated: the old file is there, and the household folder is not, or
  /// holds no whole line in any log (a first migration stopped by a full disk or a kill left the folder it had
  /// begun, which would otherwise hide the old file's household behind an empty one).
  func migrationWaits() throws -> Bool {
    guard let legacy = legacyFile else { return false }
    if try FileSystem.status(folder) != nil {
      return try FileSystem.status(legacy) != nil && !logsHoldALine()
    }
    return try FileSystem.status(legacy) != nil
  }

  /// Whether a file in `logs/` holds a whole line, as a log's reader finds them (a line cut short at its end is
  /// none; a whole change without its newline is one).
  func logsHoldALine() throws -> Bool {
    for name in try FileSystem.entries(logsFolder) {
      let file = logsFolder + "/" + name
      guard let info = try FileSystem.status(file), info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else {
        continue
      }
      if try ChangeLog.wholeLength(file) > 0 { return true }
    }
    return false
  }

  /// The version-1 store that waits to be migrated, read as it stands, if one does: a command checks what it was
  /// given against it (a name the store does not have) before anything migrates it, and `names` shows it, as shell
  /// completion throws its standard error away (the migration, and its notice, are the next command's).
  public func legacyWaiting() throws -> Groceries? {
    guard try migrationWaits(), let legacy = legacyFile, let data = try FileSystem.read(legacy) else {
      return nil
    }
    return try decodeLegacy(data, from: legacy).groceries
  }

  /// Migrates a version-1 store that waits, for a read; where the migration cannot be written (a read-only state
  /// folder, an old file on read-only media), returns the old file's household as it stands, and says so, as a
  /// state folder that cannot be written never stops a read. Nil when the household is read from its logs.
  func migrateForReading() throws -> Groceries? {
    do {
      try migrateIfNeeded()
      return nil
    } catch GroceryError.io(let path, let operation, let reason) {
      guard let legacy = legacyFile, let old = try legacyWaiting() else {
        throw GroceryError.io(path: path, operation: operation, reason: reason)
      }
      warn(
        "'\(shown(legacy))' (version 1) is read as it stands, as it cannot be migrated here: cannot \(operation)"
          + " '\(path)': \(reason)")
      return old
    }
  }

  /// Moves a version-1 store into a new household folder on first use, keeping the old file as it is.
  func migrateIfNeeded(onWait: () -> Void = {}) throws {
    guard try migrationWaits(), let legacy = legacyFile else { return }
    // The old file is decoded and the new folder's place checked before the lock is made, so that a file that is
    // not a store, or a folder that cannot be made, leaves no trace.
    guard let data = try FileSystem.read(legacy) else { return }
    let first = try decodeLegacy(data, from: legacy)
    // A time no line may carry is the old file's, refused before the lock is made, so that it leaves no trace.
    _ = try migrationTime(of: first, legacy)
    try checkChangeable()
    try withLock(onWait: onWait) {
      // Users who share the file on one computer have a state folder, and a lock, each: the file itself is locked
      // too, so that one of them migrates it and the others find the household made.
      let shared = try FileLock.acquire(existing: legacy, waiting: lockWaiting, onWait: onWait)
      defer { withExtendedLifetime(shared) {} }
      guard try migrationWaits() else { return }
      guard let again = try FileSystem.read(legacy) else { return }
      let decoded = again == data ? first : try decodeLegacy(again, from: legacy)
      let machine = try identity(creating: true)
      let made = try FileSystem.status(folder) == nil
      do {
        try prepareFolder()
        var reading = try read(.ids([]), machine: machine.id)
        let now = try migrationTime(of: decoded, legacy)
        let operations = Migration.operations(decoded.groceries, from: reading.view, now: now)
        let summary = Migration.summary(of: FileSystem.name(of: legacy))
        try commit(operations, summary: summary, machine: machine, now: now, reading: &reading)
      } catch {
        // A migration that failed leaves no household folder it made (one it could not take away holds no line,
        // so the next command migrates again).
        if made {
          do {
            try FileSystem.removeTree(folder)
          } catch let left {
            warn(
              "the household folder the migration began was left: "
                + ((left as? GroceryError)?.message ?? "\(left)") + "; the next command migrates again")
          }
        }
        // A time in the old file that no log line may carry is the old file's, not the command's.
        if case GroceryError.unwritableChange(let field, let reason) = error {
          throw GroceryError.unreadableStore(
            path: shown(legacy), reason: "it cannot be migrated from version 1: \(field): \(reason)")
        }
        throw error
      }
      inform(
        "migrated '\(shown(legacy))' (version 1) into the household folder '\(shown(folder))'; the old file is"
          + " kept as it was, and 'grocery undo' takes the migration back")
    }
  }

  /// When a version-1 store's migration is dated: the time of the store's last change, as its note says; for a
  /// store with no note (one no change was noted in), its items' latest change, else the first time a line may
  /// carry, before any other change: the same on every machine that migrates a copy (but one dated after the
  /// clock of the machine migrating it, which is dated by that clock), where it was 1970, which
  /// no line may carry, and the store could be neither migrated nor read. A time no log line may carry is refused
  /// as the old file's (its change note's, or, with none, its items'); one after this machine's clock is now.
  func migrationTime(of decoded: (groceries: Groceries, change: ChangeNote?), _ legacy: String) throws -> Date
  {
    let time =
      decoded.change?.at ?? decoded.groceries.items.map { max($0.created, $0.updated) }.max()
      ?? Date(timeIntervalSince1970: 0.001)
    let milliseconds = Stamp.milliseconds(of: time)
    if milliseconds <= 0 {
      // Its time, at or before 1970, is the file's, not this machine's clock (found by a review).
      let dated = decoded.change == nil ? "its items' latest change is dated" : "its change is dated"
      throw GroceryError.unreadableStore(
        path: shown(legacy),
        reason:
          "it cannot be migrated from version 1: at: \(dated) \(Timestamp.format(time)), at or before"
          + " 1970-01-01")
    }
    if milliseconds > Stamp.writable.upperBound {
      throw GroceryError.unreadableStore(
        path: shown(legacy),
        reason:
          "it cannot be migrated from version 1: at: a time after 9999-12-31T23:59:58.999Z, the last a line may"
          + " carry")
    }
    // A time after this machine's clock is a clock that ran ahead when the file was written: the migration is dated
    // now, or every change after it would follow that time, and the household name this machine's clock as ahead
    // (found by a trial).
    if let now, time > now { return now }
    return time
  }

  /// Decodes a version-1 store file, saying so in the error when the store path given names it.
  func decodeLegacy(_ data: Data, from legacy: String) throws -> (groceries: Groceries, change: ChangeNote?) {
    do {
      return try StoreCodec.decode(data, path: legacy)
    } catch GroceryError.unreadableStore(let file, let reason) where givenAsLegacyFile {
      throw GroceryError.unreadableStore(
        path: file, reason: "it is not a grocery household folder, and as a version-1 store file: " + reason)
    }
  }
}
