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

/// How a household keeps its id: a lost or damaged `household.json` is put back with the id this machine remembers
/// or git's history holds, never silently given a new one.
extension HouseholdStore {
  /// What `household.json` holds.
  enum MarkerReading {
    case missing
    /// A marker that cannot be read; the error is the one reading it gave.
    case damaged(GroceryError)
    case sound(id: String)
  }

  /// Reads `household.json`; a marker from a newer grocery is refused.
  func readMarker() throws -> MarkerReading {
    if let error = try HouseholdMarker.notAFile(markerPath, shown: shown(markerPath)) {
      return .damaged(error)
    }
    do {
      // One larger than a marker may be is damage too, which the next change writes back.
      guard let bytes = try FileSystem.readRegularFile(markerPath, limit: 1 << 16) else { return .missing }
      let contents = try HouseholdMarker.parse(bytes, shown: shown(markerPath))
      if contents.id.isEmpty {
        return .damaged(.unreadableStore(path: shown(markerPath), reason: "id: missing"))
      }
      return .sound(id: contents.id)
    } catch let error as GroceryError {
      if case .unreadableStore = error { return .damaged(error) }
      throw error
    }
  }

  /// Returns the id `household.json` is to be written with, or nil when it is sound: for a lost or damaged one, the
  /// id this machine remembers (when the folder holds logs), else the newest one in git's history; a new id only for
  /// a folder that holds no log yet.
  ///
  /// Refuses, naming how to repair it, a household whose id is nowhere to be found; it never makes a new one.
  func markerToWrite() throws -> String? {
    let problem: String
    switch try readMarker() {
    case .sound:
      return nil
    case .missing:
      problem = "is missing"
    case .damaged(let error):
      guard case .unreadableStore(_, let reason) = error else { throw error }
      problem = "is damaged (\(reason))"
    }
    let holdsLogs = try !logFiles().isEmpty
    // A household is made with its marker before its first log, so once a log is seen, the marker is read again:
    // another grocery making the household this moment (a version-1 store two users migrate at once) may have
    // written it since it was first read (found by the torture test).
    if holdsLogs, case .sound = try readMarker() { return nil }
    if let id = try knownHouseholdID(remembered: holdsLogs) { return id }
    if holdsLogs {
      throw GroceryError.householdIDLost(marker: shown(markerPath), problem: problem, folder: path)
    }
    if case .damaged(let error) = try readMarker() { throw error }
    return UUIDText.format(UUID())
  }

  /// `household.json` as it reads, and what is wrong with it in a folder that holds logs (`'…' is missing`,
  /// `cannot read '…': …`), for reads to say and `check` to count, each after `markerRepair`. Reading needs only the
  /// logs; a damaged marker of a folder without `logs/` is refused, as that folder may be anything.
  func markerState(holdsLogs: () throws -> Bool) throws -> (
    contents: HouseholdMarker.Contents?, problem: String?
  ) {
    do {
      let contents = try HouseholdMarker.read(markerPath, shown: shown(markerPath))
      let isLost = try contents == nil && holdsLogs()
      return (contents, isLost ? "'\(shown(markerPath))' is missing" : nil)
    } catch GroceryError.unreadableStore(let file, let reason) {
      guard try FileSystem.status(logsFolder) != nil else {
        throw GroceryError.unreadableStore(path: file, reason: reason)
      }
      return (nil, "cannot read '\(file)': \(reason)")
    }
  }

  /// What the next change does about a lost or damaged `household.json`, after `problem` (`'…' is missing`): said by
  /// reads and `check`.
  func markerRepair(_ problem: String) throws -> String {
    // Remembered by this machine only for a folder that holds logs, as the change that writes it back takes it. An
    // identity that cannot be read remembers nothing, and stops no read: the change that needs it says what is
    // wrong with it (found by a review: a read failed on it).
    var known: String?
    do {
      known = try knownHouseholdID(remembered: !logFiles().isEmpty)
    } catch GroceryError.unreadableStore {
      known = try MarkerHistory.id(in: folder)
    }
    if known != nil {
      return problem + "; the next change writes it back with the household's own id"
    }
    return problem
      + ", and neither this machine nor git's history remembers the household's id; changes are refused until"
      + " household.json is copied from another machine of this household (or a backup)"
  }

  /// The id a lost or damaged `household.json` is written back with: the one this machine remembers (only trusted
  /// when the folder holds logs, since a new folder may be another household's), else the newest in git's history.
  func knownHouseholdID(remembered: Bool) throws -> String? {
    if remembered, let id = try identity().household, !id.isEmpty { return id }
    return try MarkerHistory.id(in: folder)
  }

  /// Writes `household.json` where it is missing or damaged, and has this machine remember the id it holds.
  func keepHouseholdID(owner: stat) throws {
    if let id = try markerToWrite() {
      try AtomicFile.write(Data(HouseholdMarker.new(id: id).utf8), to: markerPath, owner: owner)
    }
    guard case .sound(let id) = try readMarker() else { return }
    var machine = try identity(creating: true)
    if machine.household != id {
      machine.household = id
      try writeIdentity(machine)
    }
  }

  /// True when this machine has an identity for the household; a state folder that cannot be read is an error.
  func hasIdentity() throws -> Bool {
    try FileSystem.readRegularFile(identityPath, limit: 1 << 16) != nil
  }

  /// The id of the identity this machine has recorded for the household on this host, or nil when it has none
  /// yet (or one it cannot use, which the commands that need it report): whose undo list the cache keeps.
  func recordedMachine() throws -> String? {
    guard let bytes = try FileSystem.readRegularFile(identityPath, limit: 1 << 16),
      let machine = Machine.decode(bytes), machine.host == Machine.currentHost
    else { return nil }
    return machine.id
  }

  /// Writes this machine's identity, giving it, when running as root, to the state folder's owner.
  func writeIdentity(_ machine: Machine) throws {
    try FileSystem.makeFolders(stateFolder, mode: 0o700)
    try AtomicFile.write(
      Data(machine.encoded().utf8), to: identityPath, owner: try FileSystem.status(stateFolder))
  }
}
