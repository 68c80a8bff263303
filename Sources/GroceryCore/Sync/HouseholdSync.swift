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

/// What came in from one other machine during a sync.
public struct Incoming: Equatable, Sendable {
  /// The machine's name for people.
  public var machine: String
  /// What its changes did, oldest first, in the log's words ("purchase eggs, milk").
  public var summaries: [String]
}

/// Shares a household through git: the folder is a repository whose remote `origin` is the one setup named.
///
/// Each machine only ever writes its own log, so git never has two versions of one file to merge: a pull or
/// a push never conflicts. Sync holds the store's lock while it changes local files (the commit and the merge),
/// never while it waits for the network.
public struct HouseholdSync {
  let store: HouseholdStore
  let git: Git
  /// How many times to fetch, merge and push again when someone pushed in between.
  static let attempts = 5

  public init(store: HouseholdStore, environment: [String: String]) throws {
    self.store = store
    var env = environment
    let probe = Git(folder: "/", environment: environment)
    if try !probe.run(["config", "user.email"]).succeeded {
      // No git identity is configured: grocery's commits and merges are signed with the machine's name.
      let name = try store.identity().name
      for key in ["GIT_AUTHOR_NAME", "GIT_COMMITTER_NAME"] where env[key] == nil { env[key] = name }
      for key in ["GIT_AUTHOR_EMAIL", "GIT_COMMITTER_EMAIL"] where env[key] == nil { env[key] = name }
    }
    git = Git(folder: store.folder, environment: env)
  }

  var gitFolder: String { store.folder + "/.git" }

  /// Returns a URL without the user name and password it may carry.
  public static func hidingCredentials(_ url: String) -> String { Git.hidingCredentials(url) }

  /// What `.gitignore` holds: temporary files of writes under way. This machine's own files live outside.
  static let ignored =
    "# grocery: temporary files of writes under way; each machine's own state lives outside this folder\n.*.tmp-*\n"

  /// Makes the household shared through the remote at `url`: pushes it there if the remote is empty, or joins
  /// the household the remote holds, merging this machine's changes into it. Returns true when it joined.
  @discardableResult
  public func setup(url: String, name: String?, now: Date, onWait: () -> Void = {}) throws -> Bool {
    let shown = Git.hidingCredentials(url)
    // A version-1 store is migrated first, so that what is shared is the household, not an empty folder.
    try store.migrateIfNeeded(onWait: onWait)
    let folderExisted = try FileSystem.status(store.folder) != nil
    let created = try FileSystem.status(gitFolder) == nil
    // Another remote is refused before this one is asked anything, reachable or not.
    if !created, let current = try origin(), current != url {
      throw GroceryError.alreadyShared(remote: Git.hidingCredentials(current))
    }
    let probe = Git(folder: "/", environment: git.environment)
    let refs = try probe.run(["ls-remote", "--", url])
    if !refs.succeeded {
      throw GroceryError.remoteUnreachable(remote: shown, message: Git.firstLine(refs.errors))
    }
    let remoteHasData = !refs.output.isEmpty
    let ignorePath = store.folder + "/.gitignore"
    let oldMarker = try FileSystem.readRegularFile(store.markerPath, limit: 1 << 16)
    let oldIgnore = try FileSystem.readRegularFile(ignorePath, limit: 1 << 16)
    do {
      try FileSystem.makeFolders(store.folder, mode: 0o700)
      if created { try git.must(["init", "-q", "-b", "main"], doing: "creating the repository") }
      var remoteMarker: [UInt8]?
      if remoteHasData {
        let fetched = try git.run(["fetch", "-q", "--", url, "+refs/heads/main:refs/remotes/origin/main"])
        if !fetched.succeeded { throw GroceryError.notAHousehold(remote: shown) }
        remoteMarker = try markerBytes(at: "refs/remotes/origin/main")
        _ = try remoteHousehold(remoteMarker, shown: shown)
      }
      try store.withLock(onWait: onWait) {
        let machine = try store.identity(creating: true)
        try store.prepareFolder()
        if let remoteMarker {
          // Joining: this folder becomes part of the remote's household, whose marker holds no data.
          try AtomicFile.write(Data(remoteMarker), to: store.markerPath)
          try store.keepHouseholdID(owner: try FileSystem.status(store.folder) ?? stat())
        }
        try AtomicFile.write(Data(HouseholdSync.ignored.utf8), to: ignorePath)
        try commitOwnChanges(
          machine: machine,
          message: remoteHasData
            ? "grocery: \(name ?? machine.name) joins the household"
            : "grocery: household shared by \(name ?? machine.name)")
        if remoteHasData { try merge(allowUnrelated: true, shown: shown) }
        if try origin() == nil { try git.must(["remote", "add", "origin", url], doing: "naming the remote") }
      }
    } catch {
      // Put the folder back as it was: no repository, the old marker and .gitignore, no folder if there was none.
      if created { try FileSystem.removeTree(gitFolder) }
      try HouseholdSync.restore(store.markerPath, oldMarker)
      try HouseholdSync.restore(ignorePath, oldIgnore)
      if !folderExisted { try FileSystem.removeTree(store.folder) }
      throw error
    }
    if let name { try store.setMachineName(name, now: now, onWait: onWait) }
    _ = try sync(onWait: onWait)
    return remoteHasData
  }

  /// Puts a small file back as it was: its old bytes, or no file.
  static func restore(_ path: String, _ bytes: [UInt8]?) throws {
    if let bytes {
      try AtomicFile.write(Data(bytes), to: path)
    } else if try FileSystem.status(path) != nil, unlink(path) != 0 {
      throw FileSystem.ioError(path, "remove")
    }
  }

  /// Merges the remote's main branch, under the lock.
  ///
  /// A log that a folder-sync tool already copied here, untracked, is set aside when it is the start of the
  /// remote's copy (logs only grow), so git can write the whole one; anything else makes the merge fail whole.
  func merge(allowUnrelated: Bool, shown: String) throws {
    let ref = "refs/remotes/origin/main"
    let listed = try git.run(["ls-tree", "--name-only", ref, "logs/"])
    for path in listed.output.split(separator: "\n").map(String.init) where path.hasPrefix("logs/") {
      let local = store.folder + "/" + path
      guard let bytes = try FileSystem.readRegularFile(local, limit: ChangeLog.maximumSize) else { continue }
      if try git.run(["ls-files", "--error-unmatch", "--", path]).succeeded { continue }
      let remote = try git.run(["show", ref + ":" + path])
      if remote.succeeded, Array(remote.output.utf8).starts(with: bytes), unlink(local) != 0 {
        throw FileSystem.ioError(local, "set aside")
      }
    }
    let merged = try git.run(
      ["merge", "-q", "--no-edit"] + (allowUnrelated ? ["--allow-unrelated-histories"] : []) + [ref])
    if !merged.succeeded {
      _ = try git.run(["merge", "--abort"])
      let message = Git.firstLine(merged.errors + merged.output)
      if message.contains("unrelated histories") { throw GroceryError.unrelatedHousehold(remote: shown) }
      throw GroceryError.mergeFailed(message: message)
    }
  }

  /// Commits this machine's changes, fetches, merges and pushes, trying again when someone pushed in between;
  /// returns what this machine sent and what came in from the other machines.
  public func sync(onWait: () -> Void = {}) throws -> SyncReport {
    guard try FileSystem.status(gitFolder) != nil, let remote = try origin() else {
      throw GroceryError.syncNotSetUp(folder: store.path)
    }
    let shown = Git.hidingCredentials(remote)
    // Where each log's whole lines end now: what came in is read from there.
    var before: [String: Int] = [:]
    for machine in try store.logFiles().keys {
      before[machine] = try ChangeLog.wholeLength(store.logsFolder + "/" + machine + ".jsonl")
    }
    let machine = try store.withLock(onWait: onWait) { () -> Machine in
      let machine = try store.identity(creating: true)
      try commitOwnChanges(machine: machine, message: "grocery: changes from \(machine.name)")
      return machine
    }
    // How much of this machine's log the remote had at the last fetch: what lies beyond it is sent now.
    let ownLog = "logs/" + machine.id + ".jsonl"
    let remoteSize = try git.run(["cat-file", "-s", "refs/remotes/origin/main:" + ownLog])
    let alreadySent = remoteSize.succeeded ? Int(remoteSize.output.trimmingNewlines) ?? 0 : 0
    var attempt = 0
    while true {
      attempt += 1
      let fetched = try git.run(["fetch", "-q", "origin"])
      if !fetched.succeeded {
        throw GroceryError.remoteUnreachable(remote: shown, message: Git.firstLine(fetched.errors))
      }
      let remoteHasMain = try git.run(["rev-parse", "-q", "--verify", "refs/remotes/origin/main"]).succeeded
      if remoteHasMain {
        let remote = try remoteHousehold(try markerBytes(at: "refs/remotes/origin/main"), shown: shown)
        let local = try HouseholdMarker.read(store.markerPath, shown: store.shown(store.markerPath))
        if remote.id != local?.id { throw GroceryError.unrelatedHousehold(remote: shown) }
        try store.withLock(onWait: onWait) {
          try merge(allowUnrelated: false, shown: shown)
          // Fold what came in once, here, so the commands after a sync read only the cache.
          _ = try store.read(.ids([]), machine: machine.id)
        }
      }
      let pushed = try git.run(["push", "-q", "origin", "HEAD:refs/heads/main"])
      if pushed.succeeded { break }
      let rejected =
        pushed.errors.contains("rejected") || pushed.errors.contains("fetch first")
        || pushed.errors.contains("non-fast-forward")
      if !rejected || attempt >= HouseholdSync.attempts {
        throw GroceryError.remoteUnreachable(remote: shown, message: Git.firstLine(pushed.errors))
      }
    }
    let sent = try summaries(machine: machine.id, from: alreadySent)
    return SyncReport(sent: sent, incoming: try incoming(since: before, ownMachine: machine.id))
  }

  /// The remote `origin`, or nil.
  func origin() throws -> String? {
    let result = try git.run(["remote", "get-url", "origin"])
    return result.succeeded ? result.output.trimmingNewlines : nil
  }

  /// Stages and commits this machine's log and the household's shared files, if they changed.
  func commitOwnChanges(machine: Machine, message: String) throws {
    var paths = [HouseholdMarker.fileName, ".gitignore"]
    if try FileSystem.status(store.logsFolder + "/" + machine.id + ".jsonl") != nil {
      paths.append("logs/" + machine.id + ".jsonl")
    }
    try git.must(["add", "--"] + paths, doing: "staging this machine's changes")
    if try git.run(["diff", "--cached", "--quiet"]).succeeded { return }
    try git.must(["commit", "-q", "--no-verify", "-m", message], doing: "committing this machine's changes")
  }

  func markerBytes(at ref: String) throws -> [UInt8]? {
    let shown = try git.run(["show", ref + ":" + HouseholdMarker.fileName])
    return shown.succeeded ? Array(shown.output.utf8) : nil
  }

  /// What the remote's `household.json` says; anything that is not a household's is `notAHousehold`.
  func remoteHousehold(_ marker: [UInt8]?, shown: String) throws -> HouseholdMarker.Contents {
    guard let marker else { throw GroceryError.notAHousehold(remote: shown) }
    do {
      return try HouseholdMarker.parse(marker, shown: shown + ":" + HouseholdMarker.fileName)
    } catch GroceryError.unreadableStore {
      throw GroceryError.notAHousehold(remote: shown)
    }
  }

  /// Reads what the other machines' logs gained since `before`.
  func incoming(since before: [String: Int], ownMachine: String) throws -> [Incoming] {
    let names = try store.machineNames()
    var result: [Incoming] = []
    for (machine, _) in try store.logFiles().sorted(by: { $0.key < $1.key }) where machine != ownMachine {
      let summaries = try summaries(machine: machine, from: before[machine] ?? 0)
      if !summaries.isEmpty {
        result.append(Incoming(machine: names[machine] ?? machine, summaries: summaries))
      }
    }
    return result
  }

  /// Returns the summaries of the changes in a machine's log from a byte offset, leaving out those that only
  /// name the machine.
  func summaries(machine: String, from offset: Int) throws -> [String] {
    let file = store.logsFolder + "/" + machine + ".jsonl"
    var summaries: [String] = []
    let start = ChangeLog.Position(offset: offset, lines: 0, last: .zero)
    _ = try ChangeLog.read(file, machine: machine, from: start, shownAs: store.shown(file)) { change, _, _ in
      if change.operations.contains(where: { if case .machine = $0 { return false } else { return true } }) {
        summaries.append(change.summary)
      }
    }
    return summaries
  }
}

extension String {
  var trimmingNewlines: String {
    var text = Substring(self)
    while text.last == "\n" || text.last == "\r" { text.removeLast() }
    return String(text)
  }
}
