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
/// never while it waits for the network, and a lock of its own throughout, so that two syncs here take turns.
public struct HouseholdSync {
  let store: HouseholdStore
  let git: Git
  /// How many times to fetch, merge and push again when someone pushed in between.
  static let attempts = 5
  /// The commit this computer last sent to the remote (or found it holding), kept where only sync moves it.
  static let syncedRef = "refs/grocery/synced"

  public init(store: HouseholdStore, environment: [String: String]) throws {
    var store = store
    // Another machine's log a merge brought shorter than the cache read it is said as come in changed, once.
    store.saysShorterLogs = false
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

  /// What git's own attributes for the folder (`info/attributes`, which win over any `.gitattributes` and over
  /// `core.autocrlf` and `core.eol` in any git config) end with: nothing that changes a file's bytes between git and
  /// the folder, so that git hands every log over byte for byte, whatever a peer pushed or the user's git says. The
  /// rule goes last, as git's last matching line wins; the user's own lines before it are kept.
  static let attributes = attributesNote + attributesRule
  static let attributesNote =
    "# grocery: git keeps the household's files byte for byte, whatever a .gitattributes or a git config says\n"
  static let attributesRule = "* -text -eol -ident -filter -working-tree-encoding\n"
  /// The note while the files git converted before the rule was there are still to be put back: a sync stopped
  /// between writing the rule and putting them back (a lock timeout, Ctrl-C) leaves it, and the next one does it.
  static let attributesPending =
    "# grocery: putting back the files git converted before the line below (a sync finishes it)\n"

  /// Ends git's own attributes for the folder with grocery's rule, keeping the user's lines before it; returns
  /// whether files git converted before it are still to be put back (`undoLineEndingConversion`), as they are
  /// where the rule was not there yet. With `settled`, says that they have been.
  @discardableResult
  func keepBytesAsTheyAre(settled: Bool = false) throws -> Bool {
    let path = try attributesPath()
    let old =
      try FileSystem.readRegularFile(path, limit: 1 << 20).map { String(decoding: $0, as: UTF8.self) } ?? ""
    let own = [Self.attributesNote, Self.attributesRule, Self.attributesPending].map { String($0.dropLast()) }
    var lines = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    let users = lines.filter { !own.contains($0) }
    let pending = !settled && (old.contains(Self.attributesPending) || !old.hasSuffix(Self.attributesRule))
    let wanted = Array(
      (users.map { $0 + "\n" }.joined() + (pending ? Self.attributesPending : Self.attributesNote)
        + Self.attributesRule).utf8)
    if try !FileSystem.isRegularFile(path) || Array(old.utf8) != wanted {
      try FileSystem.makeFolders(FileSystem.folder(of: path), mode: 0o755)
      try AtomicFile.write(Data(wanted), to: path, owner: try FileSystem.status(store.folder))
    }
    return pending
  }

  /// Where git's own attributes for the folder are.
  func attributesPath() throws -> String {
    let path = try git.must(["rev-parse", "--git-path", "info/attributes"], doing: "finding git's folder")
      .output
      .trimmingNewlines
    return path.hasPrefix("/") ? path : store.folder + "/" + path
  }

  /// Puts back git's copy of each shared file of the household (another machine's log, `household.json`,
  /// `.gitignore`) that git wrote here with a carriage return before each newline (`core.autocrlf`, or a
  /// `.gitattributes` a peer pushed, before the folder's attributes were grocery's), so that it is not taken for a
  /// copy changed by hand; returns whether it put any back. Under the lock.
  ///
  /// Each such file that holds git's copy is staged again, rewritten or not: git takes a file whose size differs
  /// from the one it noted (the converted one's) for changed, whatever it holds, and would refuse to merge over it.
  func undoLineEndingConversion(ownLog: String) throws -> Bool {
    var rewritten = false
    var settled: [String] = []
    let listed = try git.must(
      ["ls-files", "-z", "--", "logs/", HouseholdMarker.fileName, ".gitignore"],
      doing: "listing the household's files"
    ).output
    for path in listed.split(separator: "\0").map(String.init) where path != ownLog {
      guard try FileSystem.isRegularFile(store.folder + "/" + path),
        let here = try logBytes(store.folder + "/" + path), let copy = try committed("HEAD", path)
      else { continue }
      if here != copy {
        guard here.contains(0x0D) else { continue }
        var plain: [UInt8] = []
        plain.reserveCapacity(here.count)
        for (index, byte) in here.enumerated()
        where !(byte == 0x0D && index + 1 < here.count && here[index + 1] == 0x0A) {
          plain.append(byte)
        }
        guard plain == copy else { continue }
        try writeLog(copy, to: path)
        rewritten = true
      }
      settled.append(path)
    }
    if !settled.isEmpty {
      try git.must(["add", "--"] + settled, doing: "noting the household's files as git holds them")
    }
    return rewritten
  }

  /// Makes the household shared through the remote at `url`: pushes it there if the remote is empty, or joins
  /// the household the remote holds, merging this machine's changes into it. Returns which it did, or that the
  /// household was shared there already.
  @discardableResult
  public func setup(url: String, name: String?, now: Date, onWait: () -> Void = {}) throws -> SetupOutcome {
    let shown = Git.hidingCredentials(url)
    let created = try FileSystem.status(gitFolder) == nil
    // Another remote is refused before this one is asked anything, reachable or not.
    let current = created ? nil : try origin()
    if let current, !Self.sameRemote(current, url) {
      throw GroceryError.alreadyShared(remote: Git.hidingCredentials(current))
    }
    let probe = Git(folder: "/", environment: git.environment)
    let refs = try probe.run(["ls-remote", "--", url])
    if !refs.succeeded {
      throw GroceryError.remoteUnreachable(
        remote: shown, message: Git.said(refs.errors), settingUp: current == nil)
    }
    // A version-1 store is migrated once the remote answers, so that what is shared is the household, not an
    // empty folder, and a remote that cannot be reached leaves the store as it was.
    try store.migrateIfNeeded(onWait: onWait)
    // A folder of files of its own and no household (a mistyped `--store ~/Documents`) is not made one, as a change
    // and `init` refuse it, where setup made it a repository and pushed (found by a trial).
    try store.checkChangeable()
    let folderExisted = try FileSystem.status(store.folder) != nil
    let remoteHasData = !refs.output.isEmpty
    let ignorePath = store.folder + "/.gitignore"
    let oldMarker = try FileSystem.readRegularFile(store.markerPath, limit: 1 << 16)
    let oldIgnore = try FileSystem.readRegularFile(ignorePath, limit: 1 << 16)
    // A repository that was there keeps its own attributes as they were, should setup fail (found by a review).
    let attributes = created ? nil : try attributesPath()
    let oldAttributes = try attributes.flatMap { try FileSystem.readRegularFile($0, limit: 1 << 20) }
    do {
      try FileSystem.makeFolders(store.folder, mode: 0o700)
      if created { try git.must(["init", "-q", "-b", "main"], doing: "creating the repository") }
      try keepBytesAsTheyAre(settled: created)
      var remoteMarker: [UInt8]?
      if remoteHasData {
        let fetched = try git.run(["fetch", "-q", "--", url, "+refs/heads/main:refs/remotes/origin/main"])
        if !fetched.succeeded {
          throw Self.failedHere(fetched, shown: shown) ?? .notAHousehold(remote: shown)
        }
        remoteMarker = try markerBytes(at: "refs/remotes/origin/main")
        _ = try remoteHousehold(remoteMarker, shown: shown)
      }
      try takingTurns(onWait: onWait) {
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
              : "grocery: household shared by \(name ?? machine.name)",
            shared: [HouseholdMarker.fileName, ".gitignore"])
          // What the merge put right (a log deleted on the remote, put back) is said, as every sync says it.
          if remoteHasData {
            for warning in try merge(allowUnrelated: true, shown: shown, ownLog: nil).warnings {
              store.warn(warning)
            }
          }
          if try origin() == nil {
            try git.must(["remote", "add", "origin", url], doing: "naming the remote")
          }
        }
      }
    } catch {
      // Put the folder back as it was: no repository (or its attributes as they were), the old marker and
      // .gitignore, no folder if there was none.
      if created { try FileSystem.removeTree(gitFolder) }
      if let attributes { try HouseholdSync.restore(attributes, oldAttributes) }
      try HouseholdSync.restore(store.markerPath, oldMarker)
      try HouseholdSync.restore(ignorePath, oldIgnore)
      if !folderExisted { try FileSystem.removeTree(store.folder) }
      throw error
    }
    // Named once the household's other machines are here, so that a name one of them goes by is not taken twice.
    try store.setMachineName(name, now: now, onWait: onWait)
    for warning in try sync(now: now, onWait: onWait).warnings { store.warn(warning) }
    if let note = try pointRemoteHeadAtMain() { store.warn(note) }
    return current != nil ? .again : remoteHasData ? .joined : .shared
  }

  /// What `setup` did.
  public enum SetupOutcome: Sendable {
    /// Shared this household at a remote that held none.
    case shared
    /// Joined the household the remote held.
    case joined
    /// The household was shared at that remote already: set up again, and synced.
    case again
  }

  /// Has the remote's HEAD name `main`, so that a plain `git clone` of it checks out the household: a bare
  /// repository on this computer (a path, a NAS mount, a USB stick, a `file://` URL) whose HEAD names a branch it
  /// does not have, as `git init --bare` leaves it, is pointed at `main`. Any other remote that does not name
  /// `main` is only said, with what to do; a branch that exists is never changed.
  func pointRemoteHeadAtMain() throws -> String? {
    guard let url = try origin() else { return nil }
    let head = try git.run(["ls-remote", "--symref", "origin", "HEAD"])
    if !head.succeeded || head.output.contains("ref: refs/heads/main\tHEAD") { return nil }
    if let path = HouseholdSync.localRepository(url) {
      let remote = Git(folder: path, environment: git.environment)
      let named = try remote.run(["symbolic-ref", "-q", "HEAD"])
      if try remote.run(["rev-parse", "--is-bare-repository"]).output.trimmingNewlines == "true",
        named.succeeded,
        try !remote.run(["rev-parse", "-q", "--verify", named.output.trimmingNewlines]).succeeded,
        try remote.run(["symbolic-ref", "HEAD", "refs/heads/main"]).succeeded
      {
        return nil
      }
    }
    return
      "the remote's HEAD does not name 'main', where the household is, so a plain 'git clone' of it checks"
      + " out nothing: clone it with 'git clone -b main \(Git.hidingCredentials(url))', or, in the repository"
      + " on the server, run 'git symbolic-ref HEAD refs/heads/main'"
  }

  /// The folder of a remote on this computer, as git reads a URL: a `file://` URL or a path; nil for a remote
  /// reached through a network (`ssh://`, `https://`, `host:path`).
  static func localRepository(_ url: String) -> String? {
    if url.hasPrefix("file://") { return String(url.dropFirst("file://".count)) }
    if url.contains("://") { return nil }
    if let colon = url.firstIndex(of: ":"), !url[..<colon].contains("/") { return nil }
    return url
  }

  /// Puts a small file back as it was: its old bytes, or no file.
  static func restore(_ path: String, _ bytes: [UInt8]?) throws {
    if let bytes {
      try AtomicFile.write(Data(bytes), to: path)
    } else if try FileSystem.status(path) != nil {
      try SystemCall.remove(path).get(path, "remove")
    }
  }

  /// Another machine's log as it is in the folder; nil when it is not there, or not a regular file (a link, a
  /// folder, a FIFO a peer pushed), which every read leaves out.
  func logBytes(_ path: String) throws -> [UInt8]? {
    guard try FileSystem.isRegularFile(path) else { return nil }
    return try FileSystem.readRegularFile(path, limit: ChangeLog.maximumSize)
  }

  /// Abandons a merge or rebase git left unfinished in the folder (a plain `git pull` that stopped on a conflict,
  /// which sync could neither commit over nor merge again), so that this sync merges as it always does; returns
  /// what it says of it, or nil when git is in neither. Under the lock.
  ///
  /// Abandoning puts the files git touched back as the commit before it holds them. This machine's log keeps every
  /// change written to it meanwhile: each whole line of it that is no conflict marker and that none of the commits
  /// involved holds is written again after the log as abandoning left it. A rebase, which abandons by putting
  /// every file back, is abandoned only when nothing but the household's own files holds a change; otherwise
  /// nothing is changed and sync says which files to commit or stash first.
  func abandonUnfinishedMerge(ownLog: String) throws -> String? {
    // Where git keeps a rebase under way, wherever its folder is (`.git` may be a file naming it). A stopped
    // `git am` keeps one there too, with `applying` in it: that is none of a pull's, and is left alone.
    var rebasing = false
    for name in ["rebase-merge", "rebase-apply"] {
      var path = try git.must(["rev-parse", "--git-path", name], doing: "finding git's folder").output
        .trimmingNewlines
      if !path.hasPrefix("/") { path = store.folder + "/" + path }
      if try FileSystem.status(path) != nil && FileSystem.status(path + "/applying") == nil {
        rebasing = true
      }
    }
    let merging = try !rebasing && git.run(["rev-parse", "-q", "--verify", "MERGE_HEAD"]).succeeded
    guard merging || rebasing else { return nil }
    let what = merging ? "merge" : "rebase"
    if rebasing {
      // Abandoning a rebase puts every file back: only this machine's log, kept below, and household.json may
      // hold a change (another machine's log a folder-sync tool brought is that machine's, not to be undone).
      let others = try changedPaths().filter { $0 != ownLog && $0 != HouseholdMarker.fileName }
      if !others.isEmpty {
        throw GroceryError.gitFailed(
          doing: "abandoning the rebase git left unfinished",
          message: "it would undo the changes to " + Names.listing(others)
            + "; commit or stash them (or finish the rebase), then sync again")
      }
    }
    let ownFile = store.folder + "/" + ownLog
    let during = try logBytes(ownFile) ?? []
    // The lines of this machine's log the commits involved hold: none of those was written meanwhile.
    var held = Set<ArraySlice<UInt8>>()
    for ref in ["HEAD", "MERGE_HEAD", "ORIG_HEAD", "REBASE_HEAD"] {
      for line in try committed(ref, ownLog)?.split(separator: 0x0A) ?? [] { held.insert(line) }
    }
    // The log itself must not stop git: merged by git and written to since, git's copy of it is put back first,
    // and the log as it was is written again should abandoning fail. One still in conflict stops nothing, and
    // stays marked as in conflict.
    let inConflict = try !git.must(["ls-files", "-u", "--", ownLog], doing: "reading git's index").output
      .isEmpty
    if merging, !inConflict, try committed("HEAD", ownLog) != nil {
      try git.must(
        ["checkout", "-q", "HEAD", "--", ownLog], doing: "abandoning the merge git left unfinished")
    }
    let abandoned = try git.run([what, "--abort"])
    if !abandoned.succeeded {
      try writeLog(during, to: ownLog)
      throw GroceryError.gitFailed(
        doing: "abandoning the \(what) git left unfinished", message: Git.said(abandoned.errors))
    }
    let after = try logBytes(ownFile) ?? []
    for line in after.split(separator: 0x0A) { held.insert(line) }
    let since = Self.writtenSince(during, except: held)
    if after + since != during {
      if !since.isEmpty { try writeLog(after + since, to: ownLog) }
      // The cache read the log with git's markers in it: read again from the logs, it does not take the lines
      // that went with them (no change of this machine's) for changes lost.
      try store.discardCache()
    }
    return
      "git had left a \(what) unfinished (a 'git pull' that stopped on a conflict?); sync abandoned it and"
      + " merged again as it always does, keeping this machine's changes"
  }

  /// What `git status` names changed in the folder, each with the path a rename or copy came from.
  func status(untracked: Bool, doing: String) throws -> [(path: String, from: String?)] {
    let status = try git.must(
      ["status", "--porcelain=v1", "-z"] + (untracked ? [] : ["--untracked-files=no"]), doing: doing)
    var entries: [(path: String, from: String?)] = []
    var renamed = false
    for field in status.output.split(separator: "\0") {
      if renamed {
        // The path a rename or copy came from: a field of its own, with no status before it.
        (renamed, entries[entries.count - 1].from) = (false, String(field))
        continue
      }
      guard field.count > 3 else { continue }
      renamed = field.prefix(2).contains { $0 == "R" || $0 == "C" }
      entries.append((String(field.dropFirst(3)), nil))
    }
    return entries
  }

  /// Every path git sees changed in the folder, staged or not, untracked files aside: both paths of a rename.
  func changedPaths() throws -> [String] {
    try status(untracked: false, doing: "listing what is changed").flatMap {
      [$0.path] + ($0.from.map { [$0] } ?? [])
    }
  }

  /// The whole lines of this machine's log that are neither a conflict marker git wrote into it nor one of `held`:
  /// the changes written to it while git held it in a merge, in their order.
  static func writtenSince(_ log: [UInt8], except held: Set<ArraySlice<UInt8>>) -> [UInt8] {
    OwnLogRepair.lines(log).lines.filter { line in
      let text = line.dropLast()
      return !held.contains(text) && !OwnLogRepair.isConflictMarker(text) && !ChangeLog.isBlank(text)
    }.flatMap { $0 }
  }

  /// Merges the remote's main branch, under the lock, and returns what it says about the copies it set aside, and
  /// the other machines' logs whose copy committed here gave way to the shared one.
  ///
  /// Another machine's log that a folder-sync tool already carried here, beside git, is never lost: a copy that is
  /// the start of the remote's (logs only grow) is set aside so git can write the whole one; a copy that goes
  /// further than the remote's is written back after the merge, left for that machine to commit; and a copy that
  /// is neither is kept in this machine's state folder, the shared copy taking its place. The same holds for a
  /// copy changed here and committed (a `git commit -a` after a hand edit): the shared copy takes its place in a
  /// commit of its own before the merge, so that git neither stops on it nor sends it. This machine's
  /// own log stays as it is here: a change made to it elsewhere is undone in a commit of its own. A merge that
  /// fails for any other reason is abandoned whole, with git's whole message.
  @discardableResult
  func merge(allowUnrelated: Bool, shown: String, ownLog: String?) throws -> (
    warnings: [String], replaced: [String]
  ) {
    let ref = "refs/remotes/origin/main"
    // A remote whose logs/ is no folder (a link a peer pushed) is not merged: merged, every change here would be
    // written where the link points, and the household read from there (found by a trial).
    let logsEntry = try git.must(["ls-tree", ref, "--", "logs"], doing: "reading the remote's logs folder")
    if let line = logsEntry.output.split(separator: "\n").first, !line.contains(" tree ") {
      let commit = UnicodeText.trimmed(try git.run(["log", "-1", "--format=%h", ref, "--", "logs"]).output)
      throw GroceryError.remoteLogsNotAFolder(remote: shown, commit: commit)
    }
    var ahead: [(path: String, bytes: [UInt8])] = []
    var aside: [(path: String, bytes: [UInt8])] = []
    var replaced: [String] = []
    var deletedHere: [String] = []
    // Where this folder and the remote parted: a copy committed here that differs from the copy there was changed
    // here; one that differs from the remote's only was changed there, and git's merge takes it.
    let base = try git.run(["merge-base", "HEAD", ref])
    let parted = base.succeeded ? base.output.trimmingNewlines : nil
    // This machine's own log, as this machine knows it, though the caller has none to keep (joining at setup): it is
    // never taken for another machine's (found by a review: setup replaced it with the remote's copy).
    let own = try ownLog ?? store.recordedMachine().map { "logs/" + $0 + ".jsonl" }
    let listed = try git.run(["ls-tree", "--name-only", ref, "logs/"])
    for path in listed.output.split(separator: "\n").map(String.init)
    where path.hasPrefix("logs/") && path != ownLog {
      let local = store.folder + "/" + path
      guard let remote = try committed(ref, path) else { continue }
      let tracked = try git.run(["ls-files", "--error-unmatch", "--", path]).succeeded
      let head = tracked ? try committed("HEAD", path) : nil
      let atParting = try parted.flatMap { try committed($0, path) }
      if path != own, let head, head != remote, !remote.starts(with: head), head != atParting {
        replaced.append(path)
      } else if path != own, head == nil, atParting != nil, Self.isMachineLog(path),
        try ChangeLog.holdsOwnChange(remote, machine: Self.machine(ofLog: path))
      {
        // Deleted here and committed (`git rm`): the shared copy comes back, as git would stop on it every time. A
        // sync tool's conflict copy someone committed goes, as asked.
        replaced.append(path)
        deletedHere.append(path)
      }
      guard let bytes = try logBytes(local) else { continue }
      if head == bytes && replaced.last != path { continue }
      if bytes.count > remote.count && bytes.starts(with: remote) {
        ahead.append((path, bytes))
      } else if !remote.starts(with: bytes) {
        // A copy that is neither: changed here (by hand?). That machine's log is its own truth; this copy is kept
        // in this machine's state folder.
        aside.append((path, bytes))
      }
      if tracked {
        try git.must(["checkout", "-q", "HEAD", "--", path], doing: "setting aside '\(path)'")
      } else {
        try SystemCall.remove(local).get(local, "set aside")
      }
    }
    if !replaced.isEmpty {
      try git.must(
        ["checkout", "-q", ref, "--"] + replaced, doing: "taking the shared copy of another machine's log")
      try git.must(
        [
          "commit", "-q", "--no-verify", "-m",
          "grocery: the shared copy of another machine's log, as only it writes it",
          "--only", "--",
        ] + replaced, doing: "taking the shared copy of another machine's log")
    }
    let ownFile = ownLog.map { store.folder + "/" + $0 }
    // Read as any log is: one that is not a regular file (a link a peer pushed in its place) holds nothing.
    let ownBefore = try ownFile.flatMap { try logBytes($0) }
    // The other machines' logs as this folder had them, and as this computer last sent them: one the merge (or a
    // plain `git pull` since) took away was deleted on the remote.
    let before = try git.run(["rev-parse", "-q", "--verify", "HEAD"]).output.trimmingNewlines
    let held = try [before, HouseholdSync.syncedRef].filter { !$0.isEmpty }.map {
      (ref: $0, logs: try logNames(at: $0))
    }
    let merged = try git.run(
      ["merge", "-q", "--no-edit"] + (allowUnrelated ? ["--allow-unrelated-histories"] : []) + [ref])
    if !merged.succeeded {
      let conflicted = try git.run(["diff", "--name-only", "--diff-filter=U"]).output.split(separator: "\n")
      if let ownLog, conflicted == [Substring(ownLog)] {
        // Only this machine's own log: its copy here is the truth for its lines.
        try git.must(["checkout", "-q", "--ours", "--", ownLog], doing: "keeping this machine's log")
        try git.must(["add", "--", ownLog], doing: "keeping this machine's log")
        try git.must(
          ["commit", "-q", "--no-verify", "--no-edit"], doing: "merging the other machines' changes")
      } else {
        _ = try git.run(["merge", "--abort"])
        for (path, bytes) in ahead + aside { try writeLog(bytes, to: path) }
        let message = Git.whole(merged.errors + merged.output)
        if message.contains("unrelated histories") { throw GroceryError.unrelatedHousehold(remote: shown) }
        throw GroceryError.mergeFailed(message: message, folder: store.path)
      }
    }
    // What the merge put in its place (other lines, or a link, which `logBytes` reads as nothing) is undone.
    var warnings: [String] = []
    if let ownLog, let ownFile, let ownBefore, try logBytes(ownFile) != ownBefore {
      if let kept = try clearNotAFile(ownFile) {
        warnings.append("a folder the merge put in place of '\(store.shown(ownFile))' is kept as '\(kept)'")
      }
      try writeLog(ownBefore, to: ownLog)
      try git.must(["add", "--", ownLog], doing: "keeping this machine's log")
      try git.must(
        [
          "commit", "-q", "--no-verify", "-m", "grocery: this machine's log as it wrote it", "--only", "--",
          ownLog,
        ],
        doing: "keeping this machine's log")
    }
    let putBack = try putBackDeleted(held, own: own)
    // Said once every log is back, so that reading the machines' names finds none gone.
    if !deletedHere.isEmpty || !putBack.isEmpty {
      let names = try store.machineNames()
      for path in deletedHere {
        warnings.append(
          shownLog(path, names: names)
            + " was deleted here; the shared copy is back, as only that machine writes"
            + " its log")
      }
      for path in putBack {
        warnings.append(
          shownLog(path, names: names)
            + " was deleted on the remote; it is put back as this computer had it, and"
            + " sent, as only that machine writes its log")
      }
    }
    for (path, bytes) in ahead { try writeLog(bytes, to: path) }
    if !aside.isEmpty {
      let folder = store.stateFolder + "/set-aside"
      try FileSystem.makeFolders(folder, mode: 0o700)
      for (path, bytes) in aside {
        // A name no earlier copy has, so that one kept before is never written over.
        let name = FileSystem.name(of: path)
        var kept = folder + "/" + name
        var copy = 1
        while try FileSystem.status(kept) != nil {
          copy += 1
          kept = folder + "/" + name + "." + String(copy)
        }
        try AtomicFile.write(Data(bytes), to: kept, owner: try FileSystem.status(folder))
        warnings.append(
          "'\(store.shown(store.folder + "/" + path))' here differed from the shared copy (changed by hand?);"
            + " the shared copy is used, as only that machine writes its log, and this one is kept as '\(kept)'"
        )
      }
    }
    return (warnings, replaced)
  }

  /// A fetch that failed for what is here, not the remote: a disk too full for what came, or a lock file a git
  /// stopped part-way left (a sync killed, a power cut): a file error (74), with git's words and, for a lock, what
  /// to do, where it was said as a remote that cannot be reached (69) or, at setup, holds no household (found by
  /// trials and a review). Nil for any other failure.
  static func failedHere(_ fetched: Git.Result, shown: String) -> GroceryError? {
    let full = ["No space left on device", "Disk quota exceeded"]
    guard full.contains(where: fetched.errors.contains) || Git.leftLock(in: fetched.errors) != nil else {
      return nil
    }
    return .gitFailed(doing: "fetching from '\(shown)'", message: Git.whole(fetched.errors))
  }

  /// Whether a path in `logs/` is a machine's log by its name: its id and `.jsonl`, no sync tool's conflict copy
  /// (`… (1).jsonl`), which is no machine's own.
  static func isMachineLog(_ path: String) -> Bool {
    path.hasPrefix("logs/") && path.hasSuffix(".jsonl")
      && MachineID.isValid(machine(ofLog: path))
  }

  /// The machines' logs a commit holds as files (none when there is no such commit).
  func logNames(at ref: String) throws -> Set<String> {
    let listed = try git.run(["ls-tree", ref, "logs/"])
    guard listed.succeeded else { return [] }
    // `MODE TYPE HASH<tab>PATH`: a link in a log's place (a mode of 120000) is no log.
    return Set(
      listed.output.split(separator: "\n").compactMap { entry in
        guard let tab = entry.firstIndex(of: "\t"), entry.hasPrefix("100") else { return nil }
        let path = String(entry[entry.index(after: tab)...])
        return Self.isMachineLog(path) ? path : nil
      })
  }

  /// Puts back, in a commit of its own, another machine's log that this folder or this computer's last sync held
  /// and the merge took away (`git rm` and a push, elsewhere), and returns those put back: only that machine
  /// writes its log, and with it gone every machine that synced lost that machine's changes without a word, for
  /// good when it syncs no more (found by a trial). The copy put back is this folder's, else the one last sent.
  func putBackDeleted(_ held: [(ref: String, logs: Set<String>)], own: String?) throws -> [String] {
    let now = try logNames(at: "HEAD")
    var putBack: [String] = []
    for (ref, logs) in held {
      for path in logs.sorted() where path != own && !now.contains(path) && !putBack.contains(path) {
        // A log that held no change of its machine (a copy of another's, put under a new name) keeps nothing of
        // anyone's: its deletion stands, where it could never go (found by a trial).
        guard let bytes = try committed(ref, path),
          try ChangeLog.holdsOwnChange(bytes, machine: Self.machine(ofLog: path))
        else { continue }
        try git.must(["checkout", "-q", ref, "--", path], doing: "putting back another machine's log")
        putBack.append(path)
      }
    }
    if putBack.isEmpty { return [] }
    try git.must(
      [
        "commit", "-q", "--no-verify", "-m",
        "grocery: another machine's log, deleted on the remote, put back",
        "--only", "--",
      ] + putBack, doing: "putting back another machine's log")
    return putBack
  }

  /// The machine whose log a path in `logs/` is, by its name.
  static func machine(ofLog path: String) -> String { String(FileSystem.name(of: path).dropLast(6)) }

  /// A log of the folder as sync's warnings name it: its path, then its machine's name where the household knows
  /// one (`'…/logs/….jsonl' (bob)`).
  func shownLog(_ path: String, names: [String: String]) -> String {
    let name = names[Self.machine(ofLog: path)].map { " (" + Names.printable($0) + ")" } ?? ""
    return "'\(store.shown(store.folder + "/" + path))'" + name
  }

  /// Replaces a log in the folder with these bytes, keeping its mode and, as root, the folder's owner.
  /// `logs/` is made again where a merge that took every file out of it took it away (git keeps no empty folder).
  func writeLog(_ bytes: [UInt8], to path: String) throws {
    let owner = try FileSystem.status(store.folder)
    try store.makeLogsFolder(owner: owner ?? stat())
    try AtomicFile.write(Data(bytes), to: store.folder + "/" + path, owner: owner)
  }

  /// Clears what is in place of a log and is not a file: a link or a FIFO is removed; a folder, which may hold
  /// anything, is moved whole to this machine's state folder (`set-aside`), or beside the log where that is on
  /// another file system, and where it went is returned.
  func clearNotAFile(_ file: String) throws -> String? {
    guard let info = try FileSystem.status(file, followingLinks: false), info.st_mode & S_IFMT != S_IFREG
    else {
      return nil
    }
    if info.st_mode & S_IFMT != S_IFDIR {
      try SystemCall.remove(file).get(file, "remove")
      return nil
    }
    let aside = store.stateFolder + "/set-aside"
    try FileSystem.makeFolders(aside, mode: 0o700)
    for place in [aside, FileSystem.folder(of: file)] {
      var kept = place + "/" + FileSystem.name(of: file) + ".folder"
      var copy = 1
      while try FileSystem.status(kept, followingLinks: false) != nil {
        copy += 1
        kept = place + "/" + FileSystem.name(of: file) + ".folder." + String(copy)
      }
      switch SystemCall.move(file, to: kept) {
      case .success: return kept
      case .failure(let error) where error.code == EXDEV: continue
      case .failure(let error): throw error.io(file, "set aside")
      }
    }
    throw GroceryError.io(path: file, operation: "set aside", reason: "no place on its file system")
  }

  /// Whether a commit holds the path as a file, not a link.
  func isFile(_ ref: String, _ path: String) throws -> Bool {
    let entry = try git.run(["ls-tree", ref, "--", path]).output
    return entry.hasPrefix("100644 ") || entry.hasPrefix("100755 ")
  }

  /// The path as the newest commit that holds it as a file holds it; nil when none does.
  func lastFileVersion(of path: String) throws -> [UInt8]? {
    for commit in try git.run(["log", "--format=%H", "--", path]).output.split(separator: "\n").map(
      String.init)
    where try isFile(commit, path) {
      return try committed(commit, path)
    }
    return nil
  }

  /// A file as a commit holds it, or nil when the commit does not hold it.
  func committed(_ ref: String, _ path: String) throws -> [UInt8]? {
    let shown = try git.run(["show", ref + ":" + path])
    return shown.succeeded ? shown.bytes : nil
  }

  /// Commits this machine's changes, fetches, merges and pushes, trying again when someone pushed in between;
  /// returns what this machine sent, what came in from the other machines, and what it left alone.
  ///
  /// Everything that could refuse the sync with nothing changed (a household that cannot be changed, a remote that
  /// holds another household) is checked before anything is committed.
  public func sync(now: Date, onWait: () -> Void = {}) throws -> SyncReport {
    guard try FileSystem.status(gitFolder) != nil, let remote = try origin() else {
      throw GroceryError.syncNotSetUp(folder: store.path)
    }
    let shown = Git.hidingCredentials(remote)
    try store.checkChangeable()
    // A folder that cannot be written (a read-only mount, another user's) is said as such, before git's fetch
    // fails on it and seems to say the remote cannot be reached. (`.git` may be a file naming a repository
    // elsewhere: git says for itself what it cannot write there.)
    try FileSystem.checkCanCreate(in: store.folder, shownAs: store.shown(store.folder))
    if let info = try FileSystem.status(gitFolder), info.st_mode & S_IFMT == S_IFDIR {
      try FileSystem.checkCanCreate(in: gitFolder, shownAs: store.shown(gitFolder))
    }
    try FileSystem.checkCanCreate(in: store.logsFolder, shownAs: store.shown(store.logsFolder))
    return try takingTurns(onWait: onWait) { try exchange(now: now, shown: shown, onWait: onWait) }
  }

  /// Where the syncs of this household on this machine take turns.
  var lockPath: String { store.stateFolder + "/sync.lock" }

  /// Runs a body holding this machine's sync lock, so that two syncs of the household here (a cron job's and a
  /// person's) take turns: each reads what the last sent, fetches and pushes alone, and tells only what it did
  /// itself. A lock of its own, taken before the store's: a change waits for the store's lock only while sync
  /// changes files, never while it waits on the network.
  func takingTurns<T>(onWait: () -> Void, _ body: () throws -> T) throws -> T {
    try FileSystem.makeFolders(store.stateFolder, mode: 0o700)
    let lock = try FileLock.acquire(lockPath, waiting: store.lockWaiting, onWait: onWait)
    defer { withExtendedLifetime(lock) {} }
    return try body()
  }

  /// Commits, fetches, merges and pushes as `sync` says, holding the sync lock.
  private func exchange(now: Date, shown: String, onWait: () -> Void) throws -> SyncReport {
    var report = SyncReport()
    // Before git checks out anything: a `.gitattributes` a peer pushed since, or a git config asking for other line
    // endings, converts no log.
    let attributesWritten = try keepBytesAsTheyAre()
    let machine = try store.withLock(onWait: onWait) { () -> Machine in
      let machine = try store.identity(creating: true)
      // A lost household.json is put back with the household's own id before anything is compared or committed.
      try store.prepareFolder()
      // A folder git converted before: the cache read the logs as converted, and reads them again as they are.
      if attributesWritten {
        if try undoLineEndingConversion(ownLog: "logs/" + machine.id + ".jsonl") { try store.discardCache() }
        try keepBytesAsTheyAre(settled: true)
      }
      // Said at once: the sync may yet stop on a conflict of the user's own files, which git's merge had too.
      if let warning = try abandonUnfinishedMerge(ownLog: "logs/" + machine.id + ".jsonl") {
        store.warn(warning)
      }
      return machine
    }
    // Where each log's whole lines end now: what came in is read from there.
    var before: [String: Int] = [:]
    for machine in try store.logFiles().keys {
      before[machine] = try ChangeLog.wholeLength(store.logsFolder + "/" + machine + ".jsonl")
    }
    // A log that differs here from git's copy, or that the merge replaces rather than grows, is read for what came
    // in from where the two copies part.
    let startedAt = try git.run(["rev-parse", "-q", "--verify", "HEAD"]).output.trimmingNewlines
    try readFromLastSync(&before, head: startedAt, ownMachine: machine.id)
    var replaceable: [String: [UInt8]] = [:]
    let differing = try git.run([
      "ls-files", "--modified", "--others", "--exclude-standard", "-z", "--", "logs/",
    ])
    for path in differing.output.split(separator: "\0") where path.hasSuffix(".jsonl") {
      let machine = Self.machine(ofLog: String(path))
      replaceable[machine] = try logBytes(store.folder + "/" + path)
    }
    // This machine's log as the remote had it when this computer last synced: the lines it lacks are sent now.
    // That commit is kept under a ref of grocery's own, which a plain `git fetch` never moves; a folder last
    // synced by a grocery that kept none has git's copy of the remote.
    let ownLog = "logs/" + machine.id + ".jsonl"
    let kept = try git.run(["rev-parse", "-q", "--verify", HouseholdSync.syncedRef]).succeeded
    let lastSent = try committed(kept ? HouseholdSync.syncedRef : "refs/remotes/origin/main", ownLog)
    var madeElsewhere: Set<ArraySlice<UInt8>> = []
    var fetchedLog: [UInt8] = []
    // The other machines' logs whose copy committed here gave way to the shared one, said as set aside: none of them
    // came in changed.
    var replacedHere: Set<String> = []
    var attempt = 0
    while true {
      attempt += 1
      let trackedBefore = try git.run(["rev-parse", "-q", "--verify", "refs/remotes/origin/main"])
      let fetched = try git.run(["fetch", "-q", "origin"])
      if !fetched.succeeded {
        throw Self.failedHere(fetched, shown: shown)
          ?? .remoteUnreachable(remote: shown, message: Git.said(fetched.errors))
      }
      let remoteHasMain = try git.run(["rev-parse", "-q", "--verify", "refs/remotes/origin/main"]).succeeded
      if remoteHasMain {
        do {
          let remote = try remoteHousehold(try markerBytes(at: "refs/remotes/origin/main"), shown: shown)
          let local = try HouseholdMarker.read(store.markerPath, shown: store.shown(store.markerPath))
          if remote.id != local?.id { throw GroceryError.unrelatedHousehold(remote: shown) }
        } catch let error as GroceryError {
          // Refused: git's copy of the remote goes back to where it was, so that a plain `git pull` after merges
          // no other household's files into this one (found by a trial).
          let back = trackedBefore.output.trimmingNewlines
          _ = try git.run(
            trackedBefore.succeeded && !back.isEmpty
              ? ["update-ref", "refs/remotes/origin/main", back]
              : ["update-ref", "-d", "refs/remotes/origin/main"])
          throw error
        }
      }
      try store.withLock(onWait: onWait) {
        if attempt == 1 {
          fetchedLog = try committed("refs/remotes/origin/main", ownLog) ?? []
          let brought: [String]
          (brought, madeElsewhere) = try bringBack(
            machine: machine, remoteHasMain: remoteHasMain, lastSent: lastSent)
          report.warnings += brought
          if let cut = try cutOnRemote(
            ownLog, lastSent: lastSent, fetched: fetchedLog, remoteHasMain: remoteHasMain)
          {
            report.warnings.append(cut)
          }
          let shared =
            try committed("HEAD", HouseholdMarker.fileName) == nil ? [HouseholdMarker.fileName] : []
          try commitOwnChanges(
            machine: machine, message: "grocery: changes from \(machine.name)", shared: shared)
          try trackRemote()
          try letPlainPullMerge()
          try unstageOthers()
        }
        if remoteHasMain {
          let merged = try merge(allowUnrelated: false, shown: shown, ownLog: ownLog)
          report.warnings += merged.warnings
          replacedHere.formUnion(merged.replaced)
          // Fold what came in once, here, so the commands after a sync read only the cache; where it brought a
          // machine that went by this one's name first, this one takes another, sent with this sync.
          if let renamed = try store.nameApartAfterMerge(now: now) {
            try commitOwnChanges(
              machine: machine, message: "grocery: \(renamed.old) is now \(renamed.new)", shared: [])
          }
        }
        if attempt == 1 { report.leftAlone = try leftAlone() }
      }
      let pushed = try git.run(["push", "-q", "origin", "HEAD:refs/heads/main"])
      if pushed.succeeded {
        // Sent already: were keeping it to fail, the next sync would only tell less well what came from where.
        _ = try git.run(["update-ref", HouseholdSync.syncedRef, "HEAD"])
        break
      }
      let rejected =
        pushed.errors.contains("rejected") || pushed.errors.contains("fetch first")
        || pushed.errors.contains("non-fast-forward")
      if !rejected || attempt >= HouseholdSync.attempts {
        throw GroceryError.remoteUnreachable(remote: shown, message: Git.said(pushed.errors))
      }
    }
    // The remote holds this machine's log as it is now: a shorter one later is noticed against this length. Sent
    // already, the sync is done: a length it cannot note (a full state disk) is said, and noted by the next sync,
    // where it failed the sync after the push with exit 74 and its report unsaid (found by a trial).
    do {
      try store.withLock(onWait: onWait) {
        var remembered = try store.identity(creating: true)
        let length = try ChangeLog.wholeLength(store.folder + "/" + ownLog)
        if remembered.logLength != length {
          remembered.logLength = length
          try store.writeIdentity(remembered)
        }
      }
    } catch let error as GroceryError {
      report.warnings.append(
        "sent, but this computer could not note how much of its log the remote holds (\(error.message)); the next"
          + " sync notes it")
    }
    // By line, not by length, as a line put back from git may sit before lines the remote already had: what the
    // remote held at the last sync or at this one's fetch was not sent now.
    let held = (OwnLogRepair.lines(lastSent ?? []).lines + OwnLogRepair.lines(fetchedLog).lines).map {
      $0.dropLast()
    }
    // Only what the push took, the log as committed: a change made here while it went out goes with the next sync
    // (found by a review: it was said to be sent).
    let pushedLength = try committed("HEAD", ownLog)?.count ?? 0
    report.sent = try summaries(
      machine: machine.id, from: 0, upTo: pushedLength, except: madeElsewhere.union(held))
    let ownMachine = machine.id
    if !startedAt.isEmpty {
      let changed = try git.run(["diff", "--name-only", "-z", startedAt, "HEAD", "--", "logs/"])
      for path in changed.output.split(separator: "\0").map(String.init) where path.hasSuffix(".jsonl") {
        let machine = Self.machine(ofLog: path)
        let old = try committed(startedAt, path)
        if replaceable[machine] == nil { replaceable[machine] = old }
        if machine != ownMachine, !replacedHere.contains(path), let old,
          let new = try committed("HEAD", path),
          !new.starts(with: old)
        {
          report.warnings.append(try rewritten(path, old: old, new: new))
        }
      }
    }
    // Lines this folder had already, in the part of a replaced copy past where the two part (after a line
    // edited by hand), did not come in: only the lines that differ did.
    var known: [String: Set<ArraySlice<UInt8>>] = [:]
    for (machine, old) in replaceable {
      let now = try logBytes(store.logsFolder + "/" + machine + ".jsonl") ?? []
      if now.starts(with: old) { continue }
      let common = zip(old, now).prefix { $0 == $1 }.count
      let parting = now.prefix(common).lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
      before[machine] = parting
      known[machine] = Set(old[min(parting, old.count)...].split(separator: 0x0A))
    }
    report.incoming = try incoming(since: before, known: known, ownMachine: machine.id)
    return report
  }

  /// Moves back where each other machine's log is read for what came in to where it ended at this computer's last
  /// sync, when git brought more of it since (a plain `git pull`), so that the sync tells those changes too rather
  /// than "up to date". Only the sizes of the logs at that sync are asked of git, never their bytes; a log whose
  /// size then is not where a line of it ends now (a log rewritten) is read as before.
  func readFromLastSync(_ before: inout [String: Int], head: String, ownMachine: String) throws {
    guard !head.isEmpty, try git.run(["rev-parse", "-q", "--verify", HouseholdSync.syncedRef]).succeeded
    else {
      return
    }
    let pulled = try git.run(["diff", "--name-only", "-z", HouseholdSync.syncedRef, head, "--", "logs/"])
    guard pulled.succeeded, !pulled.output.isEmpty else { return }
    // `ls-tree -l`: `MODE blob HASH SIZE<tab>PATH` for each log the last sync's commit held.
    var sizes: [String: Int] = [:]
    let listed = try git.run(["ls-tree", "-l", "-z", HouseholdSync.syncedRef, "--", "logs/"])
    for entry in listed.output.split(separator: "\0") {
      guard let tab = entry.firstIndex(of: "\t") else { continue }
      let fields = entry[..<tab].split(separator: " ", omittingEmptySubsequences: true)
      if fields.count == 4, let size = Int(fields[3]) {
        sizes[String(entry[entry.index(after: tab)...])] = size
      }
    }
    for path in pulled.output.split(separator: "\0").map(String.init) where path.hasSuffix(".jsonl") {
      let machine = Self.machine(ofLog: path)
      guard machine != ownMachine, let now = before[machine] else { continue }
      let size = sizes[path] ?? 0
      guard size < now else { continue }
      if size > 0 {
        let file = store.logsFolder + "/" + machine + ".jsonl"
        let last = try FileSystem.readRegularFile(file, parts: [(size - 1, 1)], limit: ChangeLog.maximumSize)
        guard last?.parts.first == [0x0A] else { continue }
      }
      before[machine] = size
    }
  }

  /// What sync says when the remote's copy of this machine's log lost lines since this computer last fetched it
  /// (cut by hand, an older copy pushed, the file deleted) or is no longer a file: this machine's own copy is the
  /// truth for its lines, and is sent again whole. Nil when the remote's copy only grew or stayed.
  func cutOnRemote(_ ownLog: String, lastSent: [UInt8]?, fetched: [UInt8], remoteHasMain: Bool) throws
    -> String?
  {
    guard remoteHasMain, let lastSent, !lastSent.isEmpty else { return nil }
    let shownLog = store.shown(store.folder + "/" + ownLog)
    let ref = "refs/remotes/origin/main"
    if try committed(ref, ownLog) != nil, try !isFile(ref, ownLog) {
      return
        "the remote's copy of this machine's log '\(shownLog)' is not a file (a link or a folder pushed in its"
        + " place); this machine's log is kept and sent again"
    }
    guard fetched.count < lastSent.count, lastSent.starts(with: fetched) else { return nil }
    return
      "the remote's copy of this machine's log '\(shownLog)' was shorter than when this computer last synced"
      + " (\(fetched.count) bytes, was \(lastSent.count): cut by hand, or an older copy pushed?); this machine's"
      + " lines are kept and sent again"
  }

  /// What sync says of another machine's log that came in changed, not only grown: a hand edit on the remote, or
  /// that machine putting its log right. Only that machine writes it, so the shared copy is the household's.
  func rewritten(_ path: String, old: [UInt8], new: [UInt8]) throws -> String {
    let common = zip(old, new).prefix { $0 == $1 }.count
    let line = old.prefix(common).filter { $0 == 0x0A }.count + 1
    return try shownLog(path, names: store.machineNames()) + " came in changed from line \(line) on, not only"
      + " grown (edited by hand elsewhere, or put right by its machine); the shared copy is used, as only that"
      + " machine writes its log"
  }

  /// Brings back what a rewound working tree lost, under the lock, and returns what it says about it: a folder left
  /// on an older commit (a detached HEAD) is put back on `main`, keeping every file as it is; another machine's log
  /// older than git's copy gets git's; and this machine's own log gets back every line git's copies (this
  /// folder's and the remote's) hold that it lost, and keeps its own where a copy was changed elsewhere.
  ///
  /// `lastSent` is the remote's copy of this machine's log as this computer last fetched or sent it: a line the
  /// remote holds now that neither it nor this folder's last commit held was written since by another computer
  /// writing as this machine. Those lines are returned, so that they are not said to be sent from here.
  func bringBack(machine: Machine, remoteHasMain: Bool, lastSent: [UInt8]?) throws -> (
    warnings: [String], madeElsewhere: Set<ArraySlice<UInt8>>
  ) {
    var warnings: [String] = []
    if try !git.run(["symbolic-ref", "-q", "HEAD"]).succeeded,
      try git.run(["rev-parse", "-q", "--verify", "refs/heads/main"]).succeeded
    {
      let head = try git.must(["rev-parse", "HEAD"], doing: "reading HEAD").output.trimmingNewlines
      try git.must(["symbolic-ref", "HEAD", "refs/heads/main"], doing: "putting the folder back on main")
      try git.must(["reset", "-q"], doing: "putting the folder back on main")
      warnings.append(
        "the household folder was on an older commit (a detached HEAD at \(head.prefix(12))); it is back on 'main',"
          + " with every file as it was (\(head.prefix(12)) itself is kept by git)")
    }
    let ownLog = "logs/" + machine.id + ".jsonl"
    var restored: [String] = []
    var takenOut: [String] = []
    let tracked = try git.run(["ls-tree", "--name-only", "HEAD", "logs/"]).output.split(separator: "\n")
    for path in tracked.map(String.init) where path.hasSuffix(".jsonl") && path != ownLog {
      guard let copy = try committed("HEAD", path) else { continue }
      // What is there and not a regular file (a link git brought) is left out by every read, and left here.
      if try FileSystem.isOtherThanFile(store.folder + "/" + path) { continue }
      let here = try logBytes(store.folder + "/" + path)
      if let here, here == copy || !copy.starts(with: here) { continue }
      // A sync tool's conflict copy someone committed, deleted here as guarantees.md says to once its changes are
      // made again, or a log that holds no change of its machine: it goes, from the remote too, where it came back
      // with every sync (found by a trial).
      if try here == nil
        && (!Self.isMachineLog(path) || !ChangeLog.holdsOwnChange(copy, machine: Self.machine(ofLog: path)))
      {
        takenOut.append(path)
        continue
      }
      try git.must(["checkout", "-q", "HEAD", "--", path], doing: "putting back '\(path)'")
      restored.append(path)
    }
    if !takenOut.isEmpty {
      try git.must(
        ["rm", "-q", "--cached", "--ignore-unmatch", "--"] + takenOut,
        doing: "taking out deleted conflict copies")
      let message = "grocery: deleted logs of no machine's changes"
      try git.must(
        ["commit", "-q", "--no-verify", "-m", message, "--only", "--"] + takenOut,
        doing: "taking out deleted conflict copies")
    }
    if !restored.isEmpty {
      warnings.append(
        "put back from git, as they were older than git's copy: "
          + restored.map { "'\($0)'" }.joinedText(separator: ", "))
    }
    let file = store.folder + "/" + ownLog
    let shownLog = store.shown(file)
    // A link, a FIFO or a folder in place of this machine's log (a plain `git pull` of one a peer pushed): the log
    // as git last held it as a file comes back first, and what git's copies hold beyond it is put back below.
    if try FileSystem.isOtherThanFile(file) {
      let recovered = try lastFileVersion(of: ownLog) ?? []
      let kept = try clearNotAFile(file)
      try writeLog(recovered, to: ownLog)
      warnings.append(
        "'\(shownLog)' was not a file (a link, a FIFO or a folder put in its place); it is back as git last held it"
          + " as one" + (kept.map { ", and the folder is kept as '\($0)'" } ?? ""))
    }
    let original = try logBytes(file) ?? []
    var bytes = original
    // Git's conflict markers in it (a `git stash pop` of a change made before the last one): both sides are this
    // machine's changes, and both are kept.
    var rewritten = false
    if let unmarked = OwnLogRepair.withoutConflictMarkers(bytes) {
      (bytes, rewritten) = (unmarked, true)
      warnings.append(
        "this machine's log '\(shownLog)' held git's conflict markers (a 'git stash pop'?); they are gone, and every"
          + " change on either side of them is kept, in clock order")
    }
    // A line of this machine's as another machine edited it (by hand), which a plain `git pull` brought in before
    // this sync: the line as this computer sent it comes back. A log that goes on from what was sent has none.
    if let lastSent, !bytes.starts(with: lastSent), remoteHasMain,
      let remote = try committed("refs/remotes/origin/main", ownLog)
    {
      var sentLines: [String: [UInt8]] = [:]
      for line in OwnLogRepair.lines(lastSent).lines {
        if let change = OwnLogRepair.change(line) { sentLines[change.id] = line }
      }
      let remoteLines = Set(OwnLogRepair.lines(remote).lines)
      var (lines, tail) = OwnLogRepair.lines(bytes)
      let held = Set(lines)
      var edited = false
      for index in lines.indices {
        guard remoteLines.contains(lines[index]), let change = OwnLogRepair.change(lines[index]),
          let sent = sentLines[change.id], sent != lines[index]
        else { continue }
        // Where the log holds the line as sent too (both sides of git's markers kept above), the edit just goes.
        lines[index] = held.contains(sent) ? [] : sent
        edited = true
      }
      // Said below, with the lines git's copies hold changed, as a line changed elsewhere.
      if edited { (bytes, rewritten) = (lines.flatMap { $0 } + tail, true) }
    }
    var putBack: [String] = []
    var elsewhere: [(line: ArraySlice<UInt8>, summary: String)] = []
    let sent = Set(OwnLogRepair.lines(lastSent ?? []).lines.map { $0.dropLast() })
    // A log shorter than at the last sync lost lines here (a restored backup of the folder, git and all): what
    // the remote has back is this computer's own.
    let lostHere = machine.logLength.map { original.count < $0 } ?? false
    var changed: [String] = []
    for ref in ["HEAD"] + (remoteHasMain ? ["refs/remotes/origin/main"] : []) {
      guard try isFile(ref, ownLog), let copy = try committed(ref, ownLog),
        let repair = OwnLogRepair(local: bytes, copy: copy)
      else {
        continue
      }
      bytes = repair.bytes
      for entry in repair.putBack {
        if ref == "HEAD" || lostHere || sent.contains(entry.line) {
          putBack.append(entry.summary)
        } else {
          elsewhere.append(entry)
        }
      }
      if !repair.changedElsewhere.isEmpty {
        let place = ref == "HEAD" ? "this folder's last commit" : "the remote"
        changed.append(
          (repair.changedElsewhere.count == 1 ? "line " : "lines ")
            + repair.changedElsewhere.map(String.init).joinedText(separator: ", ") + " in " + place)
      }
    }
    // A last line cut short (a crash while a change was written, which never said it was made) is no change, and
    // is never sent: it goes, as the next change here drops it. A whole change without its newline (a sync tool's
    // copy) gets its newline, so that the next line here starts on a line of its own.
    let tailStart = bytes.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    if tailStart < bytes.count {
      if ChangeLog.isWholeLine(bytes, from: tailStart, to: bytes.count) {
        bytes.append(0x0A)
      } else {
        bytes.removeSubrange(tailStart...)
      }
    }
    if bytes != original { try writeLog(bytes, to: ownLog) }
    // The cache read the log with lines now gone from it (a conflict marker, a copy edited elsewhere): read again
    // from the logs, it takes none of them for a change lost.
    if rewritten { try store.discardCache() }
    if !putBack.isEmpty {
      warnings.append(
        "this machine's log '\(shownLog)' was shorter than git's copy of it (a restored backup, or an older copy of"
          + " the folder?); put back \(putBack.count) \(putBack.count == 1 ? "change" : "changes"): "
          + putBack.map(ChangeVerb.pastTense).joinedText(separator: "; "))
    } else if let length = machine.logLength, bytes.count < length {
      warnings.append(
        "this machine's log '\(shownLog)' is shorter than at the last sync (\(bytes.count) bytes, was \(length)),"
          + " and git holds no copy of what is missing: those changes are gone")
    }
    if !changed.isEmpty {
      warnings.append(
        "this machine's log '\(shownLog)' was changed elsewhere (" + changed.joinedText(separator: "; ")
          + "); its lines as this machine wrote them are kept and sent")
    }
    if !elsewhere.isEmpty {
      warnings.append(
        "another computer writes as this machine (a copied state folder, or a cloned VM?): the remote's copy of"
          + " its log '\(shownLog)' holds \(elsewhere.count) \(elsewhere.count == 1 ? "change" : "changes") made"
          + " there since this computer last synced, kept here in clock order: "
          + elsewhere.map { ChangeVerb.pastTense($0.summary) }.joinedText(separator: "; ")
          + ". On that computer, sync, then move its identity.json away (here: '\(store.identityPath)'), so that"
          + " it becomes a machine of its own")
    }
    return (warnings, Set(elsewhere.map(\.line)))
  }

  /// What is changed, staged or new in the folder that sync did not commit, as git names it.
  func leftAlone() throws -> [String] {
    try status(untracked: true, doing: "listing what is left alone").map(\.path)
  }

  /// Unstages what someone else staged in the folder, where the file itself holds the same (so nothing is lost),
  /// since git merges nothing into a folder whose staged files differ from its last commit.
  func unstageOthers() throws {
    let staged = try git.must(["diff", "--cached", "--name-only", "-z"], doing: "listing what is staged")
    let paths = staged.output.split(separator: "\0").map(String.init)
    var same: [String] = []
    for path in paths where try git.run(["diff", "--quiet", "--", path]).succeeded { same.append(path) }
    if !same.isEmpty { try git.must(["reset", "-q", "--"] + same, doing: "unstaging what sync left alone") }
  }

  /// Has a plain `git pull` in the folder merge where this folder and the remote both have new commits, as sync
  /// does: a git that is told neither to merge nor to rebase refuses to pull then. A choice of the user's own
  /// (`pull.rebase`, `pull.ff`, in any of git's config files) is kept.
  func letPlainPullMerge() throws {
    for key in ["pull.rebase", "pull.ff"] where try git.run(["config", "--get", key]).succeeded { return }
    try git.must(["config", "pull.rebase", "false"], doing: "having a plain git pull merge")
  }

  /// Has the branch track the remote's `main`, so that a plain `git pull` and `git push` in the folder work.
  func trackRemote() throws {
    let branch = try git.run(["symbolic-ref", "-q", "--short", "HEAD"])
    guard branch.succeeded else { return }
    let name = branch.output.trimmingNewlines
    if try git.run(["config", "--get", "branch.\(name).remote"]).succeeded { return }
    try git.must(["config", "branch.\(name).remote", "origin"], doing: "setting the branch's upstream")
    try git.must(
      ["config", "branch.\(name).merge", "refs/heads/main"], doing: "setting the branch's upstream")
  }

  /// Whether two URLs name one remote as far as their spelling tells: a trailing `/`, and `file://` before a path,
  /// make no other remote (`/srv/g.git/`, `file:///srv/g.git`).
  static func sameRemote(_ a: String, _ b: String) -> Bool {
    func plain(_ url: String) -> Substring {
      var text = Substring(url)
      if text.hasPrefix("file:///") { text = text.dropFirst(7) }
      while text.count > 1 && text.hasSuffix("/") { text = text.dropLast() }
      return text
    }
    return plain(a) == plain(b)
  }

  /// The remote `origin`, or nil.
  func origin() throws -> String? {
    let result = try git.run(["remote", "get-url", "origin"])
    return result.succeeded ? result.output.trimmingNewlines : nil
  }

  /// Commits this machine's own log and the shared files named, if they changed, and nothing else, whatever else
  /// is staged or changed in the folder.
  func commitOwnChanges(machine: Machine, message: String, shared: [String]) throws {
    var paths = shared
    if try FileSystem.status(store.logsFolder + "/" + machine.id + ".jsonl") != nil {
      paths.append("logs/" + machine.id + ".jsonl")
    }
    if paths.isEmpty { return }
    try git.must(["add", "--"] + paths, doing: "staging this machine's changes")
    if try git.run(["diff", "--cached", "--quiet", "--"] + paths).succeeded { return }
    try git.must(
      ["commit", "-q", "--no-verify", "-m", message, "--only", "--"] + paths,
      doing: "committing this machine's changes")
  }

  func markerBytes(at ref: String) throws -> [UInt8]? {
    let shown = try git.run(["show", ref + ":" + HouseholdMarker.fileName])
    return shown.succeeded ? shown.bytes : nil
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

  /// Reads what the other machines' logs gained since `before`, by the machines' names.
  func incoming(
    since before: [String: Int], known: [String: Set<ArraySlice<UInt8>>] = [:], ownMachine: String
  )
    throws
    -> [Incoming]
  {
    let names = try store.machineNames()
    var result: [Incoming] = []
    let machines = try store.logFiles().keys.map { (id: $0, name: names[$0] ?? $0) }.sorted {
      $0.name != $1.name ? $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) : $0.id < $1.id
    }
    for (machine, name) in machines where machine != ownMachine {
      let summaries = try summaries(
        machine: machine, from: before[machine] ?? 0, except: known[machine] ?? [])
      if !summaries.isEmpty {
        result.append(Incoming(machine: name, summaries: summaries))
      }
    }
    return result
  }

  /// Returns the summaries of the changes in a machine's log from a byte offset, leaving out those that only
  /// name the machine (an undo that changed nothing back is said: it takes a change off the undo list), and a
  /// copy of a change the log holds already (a line pasted twice, or a merge gone wrong), which is read once and
  /// so is nothing new. With `upTo`, only the lines that end by that offset.
  func summaries(
    machine: String, from offset: Int, upTo end: Int = .max, except known: Set<ArraySlice<UInt8>> = []
  ) throws -> [String] {
    let file = store.logsFolder + "/" + machine + ".jsonl"
    var found: [(id: String, summary: String)] = []
    let start = ChangeLog.Position(offset: offset, lines: 0, last: .zero)
    var bytes = known.isEmpty ? [] : try FileSystem.readRegularFile(file, limit: ChangeLog.maximumSize) ?? []
    _ = try ChangeLog.read(file, machine: machine, from: start, shownAs: store.shown(file)) {
      change, lineStart, length in
      if lineStart + length <= end,
        known.isEmpty || !known.contains(bytes[lineStart..<lineStart + length - 1]),
        !change.onlyNamesItsMachine
      {
        found.append((change.id, change.summary))
      }
    }
    if found.isEmpty { return [] }
    // Only the bytes before `offset` are looked through; those after were read above.
    if offset > 0 && bytes.isEmpty {
      bytes =
        try FileSystem.readRegularFile(file, parts: [(0, offset)], limit: ChangeLog.maximumSize)?.parts[0]
        ?? []
    }
    var seen = Self.ids(in: bytes.prefix(offset), among: Set(found.map(\.id)))
    return found.compactMap { seen.insert($0.id).inserted ? $0.summary : nil }
  }

  /// The ids among `wanted` that lines in `bytes` carry (as `"id":"…"`, as grocery writes them): one pass over
  /// the bytes, however many are wanted.
  static func ids(in bytes: ArraySlice<UInt8>, among wanted: Set<String>) -> Set<String> {
    guard !wanted.isEmpty, !bytes.isEmpty else { return [] }
    let key = Array("\"id\":\"".utf8)
    var found = Set<String>()
    bytes.withUnsafeBufferPointer { buffer in
      var index = 0
      while index + key.count < buffer.count {
        guard buffer[index] == key[0], buffer[index + 1] == key[1], buffer[index + 2] == key[2],
          buffer[index + 3] == key[3], buffer[index + 4] == key[4], buffer[index + 5] == key[5]
        else {
          index += 1
          continue
        }
        let start = index + key.count
        var end = start
        while end < buffer.count && buffer[end] != 0x22 && end - start <= Change.idLimit { end += 1 }
        let id = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
        if wanted.contains(id) { found.insert(id) }
        index = end
      }
    }
    return found
  }
}

extension String {
  var trimmingNewlines: String {
    var text = Substring(self)
    while text.last == "\n" || text.last == "\r" { text.removeLast() }
    return String(text)
  }
}
