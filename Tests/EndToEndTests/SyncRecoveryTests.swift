import Foundation
import GroceryCore
import TestSupport
import Testing

/// A household keeps its id, and sync recovers from what others did to the folder: files it did not make, a
/// rewound working tree, a log edited elsewhere, a joiner ahead of the remote. Real git, one HOME per machine.
@Suite(.enabled(if: gitAvailable, "needs git")) struct SyncRecoveryTests {
  let household: Household
  let alice: GroceryProcess
  let bob: GroceryProcess

  init() throws {
    household = try Household()
    alice = household.machine("alice")
    bob = household.machine("bob")
  }

  func list(_ machine: GroceryProcess) throws -> String { try machine.run(["list"]).stdout }

  func marker(_ machine: GroceryProcess) throws -> String {
    try String(contentsOfFile: machine.store + "/household.json", encoding: .utf8)
  }

  /// This machine's own log, as a path in the household folder.
  func ownLog(_ machine: GroceryProcess) throws -> String {
    "logs/" + (try machine.household().identity().id) + ".jsonl"
  }

  /// Writes the machine's identity as grocery wrote it before it remembered its household.
  func forgetHousehold(_ machine: GroceryProcess) throws {
    let store = try machine.household()
    let identity = try store.identity()
    let old =
      "{\"machine\":\"\(identity.id)\",\"name\":\"\(identity.name)\",\"host\":\"\(Machine.currentHost)\"}\n"
    try old.write(toFile: store.stateFolder + "/identity.json", atomically: true, encoding: .utf8)
  }

  /// Bob edits alice's log by hand (her milk made whole beer) and pushes it with plain git, with a `notes.txt` of
  /// his own when given one; returns her log's path in the folder.
  func bobPushesAHandEditOfAlicesLog(
    notes: String? = nil, of old: String = "milk", to new: String = "whole beer"
  )
    throws -> String
  {
    let log = try ownLog(alice)
    let onBob = bob.store + "/" + log
    let edited = try String(contentsOfFile: onBob, encoding: .utf8).replacingOccurrences(of: old, with: new)
    try edited.write(toFile: onBob, atomically: false, encoding: .utf8)
    if let notes {
      try notes.write(toFile: bob.store + "/notes.txt", atomically: false, encoding: .utf8)
      #expect(try git(["add", "notes.txt"], in: bob.store) == 0)
    }
    #expect(try git(["commit", "-q", "-a", "-m", "by hand"], in: bob.store) == 0)
    #expect(try git(["push", "-q", "origin", "HEAD:main"], in: bob.store) == 0)
    return log
  }

  /// A peer that pushes `logs` as a link is not merged: every command here goes on, nothing is written where the link
  /// points, and once a clone puts the folder back (`git revert`), sync goes on (found by a trial: the merge made
  /// the link here, and changes were written through it, outside the household).
  /// A state folder that fills up after the push: the sync is done, so it says what it sent and what came in,
  /// and warns that it could not note how much of its log the remote holds, where it exited 74 with its report
  /// unsaid (found by a trial); the next sync notes it.
  @Test(.enabled(if: TinyDisk.available, "needs root and a tmpfs mount (\(TinyDisk.reason))"))
  func aSyncWhoseStateDiskIsFullSaysWhatItSent() throws {
    let disk = try TinyDisk()
    defer { disk.unmount() }
    var alice = self.alice
    alice.environment["XDG_STATE_HOME"] = disk.path + "/state"
    try household.on(alice, at: 1, "add", "milk")
    try household.share([alice, bob])
    try household.on(bob, at: 2, "add", "eggs")
    try household.on(bob, at: 2, "sync")
    try household.on(alice, at: 3, "add", "tea")
    try disk.fill(leaving: 0)
    let synced = try household.on(alice, at: 4, "sync")
    #expect(synced.stdout == "sent: added tea\nfrom bob: added eggs\n")
    #expect(
      synced.stderr.hasPrefix("grocery: warning: sent, but this computer could not note how much of its log")
        && synced.stderr.hasSuffix("no space left on device); the next sync notes it\n"), "\(synced)")
    #expect(try household.on(bob, at: 5, "sync").stdout == "from alice: added tea\n")
    disk.emptyFiller()
    #expect(try household.on(alice, at: 6, "sync") == Outcome(stdout: "up to date\n"))
  }

  /// A household disk too full for what a fetch brings: a file error (74) with git's words, not a remote that
  /// cannot be reached (69, found by a trial); the household's files stay as they were, and the next sync with
  /// room brings it all.
  @Test(.enabled(if: TinyDisk.available, "needs root and a tmpfs mount (\(TinyDisk.reason))"))
  func aFetchOntoAFullDiskIsAFileError() throws {
    let disk = try TinyDisk()
    defer { disk.unmount() }
    var alice = self.alice
    alice.environment["GROCERY_STORE"] = disk.path + "/household"
    try household.on(alice, at: 1, "add", "milk")
    try household.share([alice, bob])
    let names = (0..<400).map { "item \($0) with a name long enough to fill a disk" }.joined(separator: "\n")
    #expect(try bob.run(["add", "-"], stdin: names).status == 0)
    try household.on(bob, at: 2, "sync")
    let files = { () throws -> [String: Data] in
      var files: [String: Data] = [:]
      for name in try FileManager.default.subpathsOfDirectory(atPath: disk.path + "/household")
      where !name.hasPrefix(".git/") && name != ".git" {
        files[name] = FileManager.default.contents(atPath: disk.path + "/household/" + name)
      }
      return files
    }
    let before = try files()
    try disk.fill(leaving: 0)
    let synced = try alice.run(["sync"], extra: ["GROCERY_NOW": "2026-11-21T09:03:00Z"])
    #expect(synced.status == 74, "\(synced)")
    #expect(
      synced.stderr.hasPrefix("grocery: error: git failed while fetching from '\(household.remote)': ")
        && synced.stderr.contains("No space left on device"), "\(synced)")
    #expect(try files() == before)
    disk.emptyFiller()
    let again = try household.on(alice, at: 4, "sync")
    #expect(
      again.stdout.hasPrefix("from bob: added item 0 with a name long enough to fill a disk, "), "\(again)")
  }

  /// So is a machine joining onto a disk too full for the household, where it was said as a remote that holds no
  /// household (found by a review).
  @Test(.enabled(if: TinyDisk.available, "needs root and a tmpfs mount (\(TinyDisk.reason))"))
  func joiningOntoAFullDiskIsAFileError() throws {
    let names = (0..<1500).map { "item \($0) with a name long enough to fill a disk" }.joined(separator: "\n")
    #expect(try bob.run(["add", "-"], stdin: names).status == 0)
    try household.share([bob])
    let disk = try TinyDisk()
    defer { disk.unmount() }
    var carol = household.machine("carol")
    carol.environment["GROCERY_STORE"] = disk.path + "/carol"
    try disk.fill(leaving: 200_000)
    let joined = try carol.run(["sync", "setup", household.remote, "--name", "carol"])
    #expect(joined.status == 74, "\(joined)")
    #expect(joined.stderr.hasPrefix("grocery: error: git failed while fetching from '\(household.remote)': "))
  }

  @Test func aRemoteWhoseLogsIsALinkIsNotMergedUntilTheFolderIsBack() throws {
    try household.on(alice, at: 0, "add", "milk")
    try household.share([alice, bob])
    let elsewhere = household.folder.file("elsewhere")
    #expect(mkdir(elsewhere, 0o700) == 0)
    #expect(try git(["rm", "-q", "-r", "logs"], in: bob.store) == 0)
    #expect(symlink(elsewhere, bob.store + "/logs") == 0)
    #expect(try git(["add", "logs"], in: bob.store) == 0)
    #expect(try git(["commit", "-q", "-m", "link"], in: bob.store) == 0)
    #expect(try git(["push", "-q", "origin", "HEAD:main"], in: bob.store) == 0)
    let commit = try gitOutput(["log", "-1", "--format=%h"], in: bob.store).trimmingCharacters(in: .newlines)
    try household.on(alice, at: 1, "add", "eggs")
    let refused = try alice.run(["sync"], extra: ["GROCERY_NOW": "2026-11-21T09:02:00Z"])
    #expect(refused.status == 1, "\(refused)")
    #expect(
      refused.stderr
        == "grocery: error: '\(household.remote)' holds 'logs' as no folder (a link or a file: commit \(commit), which no"
        + " grocery makes); nothing was taken from it, and this machine's changes are kept: on any clone, put the"
        + " folder back ('git revert \(commit)') and push, then sync again\n", "\(refused)")
    #expect(try household.on(alice, at: 3, "add", "tea").status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere) == [])
    #expect(try git(["revert", "--no-edit", commit], in: bob.store) == 0)
    #expect(try git(["push", "-q", "origin", "HEAD:main"], in: bob.store) == 0)
    #expect(try household.on(alice, at: 4, "sync").stdout == "sent: added eggs; added tea\n")
    #expect(try list(alice).contains("tea"))
  }

  /// Setting up again a folder whose own log the remote holds otherwise (another machine committed a hand edit of
  /// it) never takes the remote's copy for this machine's: its changes stay (found by a review: setup replaced it,
  /// and the change made since was gone, with no word).
  @Test func setupAgainNeverReplacesThisMachinesOwnLog() throws {
    try household.on(alice, at: 0, "add", "milk")
    try household.share([alice, bob])
    _ = try bobPushesAHandEditOfAlicesLog(of: "milk", to: "mulk")
    try FileManager.default.removeItem(atPath: alice.store + "/.git")
    try household.on(alice, at: 5, "add", "eggs")
    let log = alice.store + "/" + (try ownLog(alice))
    let before = try Data(contentsOf: URL(fileURLWithPath: log))
    _ = try alice.run(["sync", "setup", household.remote, "--name", "alice"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: log)) == before)
    #expect(try list(alice).contains("[ ] eggs"))
  }

  /// Another machine's log deleted here and committed (`git rm`) comes back as shared, where git stopped every sync
  /// after on it, and no advice helped (found by a review); said on standard error, as every repair is (a trial).
  @Test func anotherMachinesLogDeletedAndCommittedHereComesBack() throws {
    try household.on(bob, at: 0, "add", "bread")
    try household.share([alice, bob])
    try household.syncAll([alice, bob], at: 1)
    let bobsLog = try ownLog(bob)
    #expect(try git(["rm", "-q", bobsLog], in: alice.store) == 0)
    #expect(try git(["commit", "-q", "-m", "gone"], in: alice.store) == 0)
    try household.on(bob, at: 2, "add", "jam")
    try household.on(bob, at: 3, "sync")
    let synced = try household.on(alice, at: 4, "sync")
    #expect(
      synced.stderr
        == "grocery: warning: '\(alice.store)/\(bobsLog)' (bob) was deleted here; the shared copy is back, as only"
        + " that machine writes its log\n")
    #expect(FileManager.default.fileExists(atPath: alice.store + "/" + bobsLog))
    #expect(try list(alice).contains("[ ] jam"))
    try household.on(alice, at: 5, "add", "tea")
    try household.on(alice, at: 6, "sync")
    try household.on(bob, at: 7, "sync")
    try household.expectSame([alice, bob])
  }

  /// Another machine's log deleted on the remote (a plain clone, `git rm`, a push) comes back with the next sync of
  /// any machine that had it, said once, where every machine that synced dropped that machine's changes without a
  /// word, `check` saying all was well: for good, had that machine synced no more (found by a trial). The machine
  /// that pushed the deletion itself, with plain git, puts it back all the same, from what it last sent.
  @Test(arguments: [false, true])
  func anotherMachinesLogDeletedOnTheRemoteComesBack(byThisMachine: Bool) throws {
    try household.on(bob, at: 0, "add", "bread")
    try household.share([alice, bob])
    try household.syncAll([alice, bob], at: 1)
    let bobsLog = try ownLog(bob)
    let bobsBytes = try Data(contentsOf: URL(fileURLWithPath: bob.store + "/" + bobsLog))
    let deleting: String
    if byThisMachine {
      deleting = alice.store
    } else {
      deleting = household.folder.file("by-hand")
      #expect(try git(["clone", "-q", household.remote, deleting], in: household.folder.path) == 0)
    }
    #expect(try git(["rm", "-q", bobsLog], in: deleting) == 0)
    #expect(try git(["commit", "-q", "-m", "gone"], in: deleting) == 0)
    #expect(try git(["push", "-q", "origin", "HEAD:main"], in: deleting) == 0)
    let synced = try household.on(alice, at: 2, "sync")
    #expect(
      synced.stderr
        == "grocery: warning: '\(alice.store)/\(bobsLog)' (bob) was deleted on the remote; it is put back as this"
        + " computer had it, and sent, as only that machine writes its log\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: alice.store + "/" + bobsLog)) == bobsBytes)
    #expect(try list(alice).contains("[ ] bread"))
    #expect(try alice.run(["check"]).status == 0)
    #expect(try household.on(alice, at: 3, "sync").stderr.isEmpty, "said once")
    try household.on(bob, at: 4, "add", "jam")
    try household.on(bob, at: 5, "sync")
    try household.on(alice, at: 6, "sync")
    #expect(try list(alice).contains("[ ] jam"))
    try household.expectSame([alice, bob])
  }

  /// Every log deleted on the remote, this machine's own too: the merge takes `logs/` away whole (git keeps no empty
  /// folder), and sync makes it again to put both back, where it failed writing this machine's log and left the
  /// folder without it (found by a trial of the put-back).
  @Test func everyLogDeletedOnTheRemoteComesBack() throws {
    try household.on(alice, at: 0, "add", "milk")
    try household.on(bob, at: 0, "add", "bread")
    try household.share([alice, bob])
    try household.syncAll([alice, bob], at: 1)
    let hand = household.folder.file("by-hand")
    #expect(try git(["clone", "-q", household.remote, hand], in: household.folder.path) == 0)
    #expect(try git(["rm", "-q", "-r", "logs"], in: hand) == 0)
    #expect(try git(["commit", "-q", "-m", "gone"], in: hand) == 0)
    #expect(try git(["push", "-q", "origin", "HEAD:main"], in: hand) == 0)
    let synced = try household.on(alice, at: 2, "sync")
    #expect(synced.stderr.contains("(bob) was deleted on the remote; it is put back"), "\(synced)")
    #expect(try list(alice) == "Uncategorized\n  [ ] bread\n  [ ] milk\n\n2 items to buy, 0 bought today\n")
    let shared = try gitOutput(["ls-tree", "--name-only", "main", "logs/"], in: household.remote)
    #expect(try shared.contains(ownLog(alice)) && shared.contains(ownLog(bob)), "\(shared)")
    try household.on(bob, at: 3, "sync")
    try household.expectSame([alice, bob])
  }

  /// `sync setup` run again over a remote that lost another machine's log puts it back and says so, as `sync` does,
  /// where it put it back without a word (found by a review).
  @Test func setupRunAgainSaysTheLogItPutBack() throws {
    try household.on(alice, at: 0, "add", "bread")
    try household.share([alice, bob])
    try household.syncAll([alice, bob], at: 1)
    let alicesLog = try ownLog(alice)
    let hand = household.folder.file("by-hand")
    #expect(try git(["clone", "-q", household.remote, hand], in: household.folder.path) == 0)
    #expect(try git(["rm", "-q", alicesLog], in: hand) == 0)
    #expect(try git(["commit", "-q", "-m", "gone"], in: hand) == 0)
    #expect(try git(["push", "-q", "origin", "HEAD:main"], in: hand) == 0)
    let again = try household.on(bob, at: 2, "sync", "setup", household.remote, "--name", "bob")
    #expect(
      again.stderr.contains(
        "'\(bob.store)/\(alicesLog)' (alice) was deleted on the remote; it is put back as this computer had it"
      ),
      "\(again)")
    #expect(try list(bob).contains("[ ] bread"))
    #expect(
      try gitOutput(["ls-tree", "--name-only", "main", "logs/"], in: household.remote).contains(alicesLog))
  }

  /// A sync tool's conflict copy that someone committed is no machine's log: taken out of the remote, or deleted
  /// here and committed, it stays gone, where the sync that put back deleted logs put it back on every machine, so
  /// that it could never go (found by a review). Deleted here and not committed (`rm`, or `git rm` alone), as
  /// guarantees.md says to delete it, it goes too, where sync put it back as older than git's copy (found by a
  /// trial).
  /// A log under a machine's name that holds no change of that machine (another's lines copied under a new name),
  /// which every command warns of, goes as a conflict copy does, where sync put it back for good (found by a
  /// trial).
  @Test(arguments: ["remote", "committed", "staged", "deleted"], [false, true])
  func aConflictCopyCommittedAndThenDeletedStaysGone(how: String, junkLog: Bool) throws {
    let deletedHere = how != "remote"
    try household.on(bob, at: 0, "add", "bread")
    try household.share([alice, bob])
    try household.syncAll([alice, bob], at: 1)
    let copy =
      junkLog
      ? "logs/fedcba9876543210.jsonl"
      : "logs/" + (try bob.household().identity().id) + ".sync-conflict-20261121-120000-ABCDEFG.jsonl"
    let hand = household.folder.file("by-hand")
    #expect(try git(["clone", "-q", household.remote, hand], in: household.folder.path) == 0)
    try FileManager.default.copyItem(atPath: hand + "/" + (try ownLog(bob)), toPath: hand + "/" + copy)
    #expect(try git(["add", "--", copy], in: hand) == 0)
    #expect(try git(["commit", "-q", "-m", "copy"], in: hand) == 0)
    #expect(try git(["push", "-q", "origin", "HEAD:main"], in: hand) == 0)
    try household.on(alice, at: 2, "sync")
    #expect(FileManager.default.fileExists(atPath: alice.store + "/" + copy))
    let deleting = deletedHere ? alice.store : hand
    if how == "deleted" {
      #expect(unlink(deleting + "/" + copy) == 0)
    } else {
      #expect(try git(["rm", "-q", copy], in: deleting) == 0)
    }
    if how == "remote" || how == "committed" {
      #expect(try git(["commit", "-q", "-m", "no copy"], in: deleting) == 0)
    }
    if !deletedHere { #expect(try git(["push", "-q", "origin", "HEAD:main"], in: hand) == 0) }
    let synced = try household.on(alice, at: 3, "sync")
    #expect(!synced.stderr.contains("put back") && !synced.stderr.contains("is back"), "\(synced.stderr)")
    #expect(!FileManager.default.fileExists(atPath: alice.store + "/" + copy))
    try household.on(bob, at: 4, "sync")
    #expect(!FileManager.default.fileExists(atPath: bob.store + "/" + copy))
    #expect(
      try gitOutput(["ls-tree", "--name-only", "main", "logs/"], in: household.remote).contains(copy) == false
    )
    _ = try alice.run(["list"])
    let list = try alice.run(["list"])
    #expect(list.status == 0 && list.stderr.isEmpty, "\(list)")
  }

  /// A change made here while a sync pushes (a git hook stands in for a person's `add` at that moment) is not said
  /// to be sent: the next sync sends it, and says so (found by a review).
  @Test func aChangeMadeWhileTheSyncPushesIsSaidSentByTheNextSync() throws {
    try household.share([alice, bob])
    let hook = alice.store + "/.git/hooks/pre-push"
    try "#!/bin/sh\n'\(GroceryProcess.binary)' add honey >/dev/null\n".write(
      toFile: hook, atomically: false, encoding: .utf8)
    #expect(chmod(hook, 0o755) == 0)
    try household.on(alice, at: 1, "add", "jam")
    #expect(try household.on(alice, at: 2, "sync") == Outcome(stdout: "sent: added jam\n"))
    #expect(unlink(hook) == 0)
    #expect(try list(alice).contains("[ ] honey"))
    #expect(try household.on(alice, at: 3, "sync") == Outcome(stdout: "sent: added honey\n"))
    #expect(try household.on(bob, at: 4, "sync") == Outcome(stdout: "from alice: added jam; added honey\n"))
  }

  /// A lock file left by a git stopped part-way (a sync killed, a power cut: the index's, a fetch's of the remote
  /// branch, a commit's of the branch or HEAD) fails every sync: said as a failure here (74) with what to do, where
  /// only git's words were said (the remote branch's as a remote that cannot be reached, 69, that the next sync
  /// would reach), and `check` names it once it is older than any sync takes, where it found all well (found by a
  /// trial and a stress trial).
  @Test(arguments: ["index.lock", "refs/remotes/origin/main.lock", "refs/heads/main.lock", "HEAD.lock"])
  func aLockLeftByAGitStoppedPartWayIsSaidWithWhatToDo(lock name: String) throws {
    try household.share([alice, bob])
    try household.on(alice, at: 1, "add", "jam")
    let lock = alice.store + "/.git/" + name
    #expect(FileManager.default.createFile(atPath: lock, contents: Data()))
    let left = try #require(ISO8601DateFormatter().date(from: "2026-11-21T09:01:00Z"))
    try FileManager.default.setAttributes([.modificationDate: left], ofItemAtPath: lock)
    let failed = try alice.run(["sync"], extra: ["GROCERY_NOW": "2026-11-21T09:02:00Z"])
    #expect(failed.status == 74, "\(failed)")
    #expect(
      failed.stderr.hasSuffix(
        "\nNothing was lost: this machine's changes are kept in its log; if no git is running in the household"
          + " folder, remove '\(lock)' (left by a git stopped part-way) and run the command again\n"),
      "\(failed)")
    // A lock a minute old may be a git at work; twenty minutes old, it is one that stopped.
    let soon = try alice.run(["check"], extra: ["GROCERY_NOW": "2026-11-21T09:02:00Z"])
    #expect(soon.status == 0, "\(soon)")
    let check = try alice.run(["check"], extra: ["GROCERY_NOW": "2026-11-21T09:21:00Z"])
    #expect(check.status == 65, "\(check)")
    #expect(
      check.stdout.replacing("\n  ", with: " ").contains(
        "git: \(lock) was left by a git stopped part-way (a sync killed, a power cut): every sync fails until it"
          + " is removed; remove it if no git is running in the household folder"), "\(check)")
    #expect(unlink(lock) == 0)
    #expect(try household.on(alice, at: 22, "sync") == Outcome(stdout: "sent: added jam\n"))
  }

  /// A lock file left in the remote (a push there stopped part-way) refuses every push: said as the remote refusing
  /// the changes, with the lock and what to do, where it was said as a remote that cannot be reached.
  @Test func aLockLeftInTheRemoteIsSaidAsARefusalWithWhatToDo() throws {
    try household.share([alice, bob])
    try household.on(alice, at: 1, "add", "jam")
    let lock = household.remote + "/refs/heads/main.lock"
    #expect(FileManager.default.createFile(atPath: lock, contents: Data()))
    let failed = try alice.run(["sync"], extra: ["GROCERY_NOW": "2026-11-21T09:02:00Z"])
    #expect(failed.status == 69, "\(failed)")
    #expect(
      failed.stderr.hasPrefix(
        "grocery: error: '\(household.remote)' refused this machine's changes: a lock file is in its way; git said:\n"
      ),
      "\(failed)")
    #expect(
      failed.stderr.hasSuffix(
        "\nYour changes are kept; if no git is running there, remove '\(lock)' (left by a git stopped part-way)"
          + " and sync again\n"),
      "\(failed)")
    #expect(unlink(lock) == 0)
    #expect(try household.on(alice, at: 3, "sync") == Outcome(stdout: "sent: added jam\n"))
    #expect(try household.on(bob, at: 4, "sync") == Outcome(stdout: "from alice: added jam\n"))
  }

  func gitOutput(_ arguments: [String], in folder: String) throws -> String {
    try Tool.run("git", ["-C", folder] + arguments, in: household.folder).stdout
  }

  // MARK: - A household keeps its identity

  @Test func aLostHouseholdJSONGetsItsIdBackFromThisMachinesMemory() throws {
    try household.on(alice, at: 0, "add", "milk")
    // An identity from before grocery remembered the household learns it at the next change.
    try forgetHousehold(alice)
    try household.on(alice, at: 1, "add", "eggs")
    let before = try marker(alice)
    #expect(unlink(alice.store + "/household.json") == 0)
    try household.on(alice, at: 2, "add", "tea")
    #expect(try marker(alice) == before)
  }

  @Test func aLostHouseholdJSONGetsItsIdBackFromGitsHistory() throws {
    try household.on(alice, at: 0, "add", "milk")
    try household.share([alice, bob])
    try forgetHousehold(bob)
    let before = try marker(bob)
    #expect(unlink(bob.store + "/household.json") == 0)
    try household.on(bob, at: 10, "add", "bread")
    #expect(try marker(bob) == before)
    #expect(try household.on(bob, at: 11, "sync").stdout == "sent: added bread\n")
    #expect(try household.on(alice, at: 12, "sync").stdout == "from bob: added bread\n")
  }

  /// A lost marker is said by reads and named by `check` as a problem, with what the next change does about it, as
  /// a damaged one is (found by a trial: reads said nothing, `check` said all was well, and a change was refused).
  @Test func aLostHouseholdJSONIsSaidByReadsAndCheckWithWhatTheNextChangeDoes() throws {
    try household.on(alice, at: 0, "add", "milk")
    let file = alice.store + "/household.json"
    #expect(unlink(file) == 0)
    let back = "'\(file)' is missing; the next change writes it back with the household's own id"
    #expect(try alice.run(["list"]).stderr == "grocery: warning: \(back)\n")
    let check = try alice.run(["check"])
    #expect(check.status == 65 && check.stdout.hasSuffix("\n1 problem\n"), "\(check)")
    #expect(check.stdout.replacing("\n  ", with: " ").contains(back), "\(check)")
    // Nothing remembers its id: reads say that changes are refused, and `check` says it too.
    try forgetHousehold(alice)
    let refused =
      "'\(file)' is missing, and neither this machine nor git's history remembers the household's id; changes are"
      + " refused until household.json is copied from another machine of this household (or a backup)"
    #expect(try alice.run(["list"]).stderr == "grocery: warning: \(refused)\n")
    #expect(try alice.run(["check"]).stdout.replacing("\n  ", with: " ").contains(refused))
    // An identity that cannot be read stops no read either (found by a review: the list failed on it).
    try "garbage".write(
      toFile: try alice.household().stateFolder + "/identity.json", atomically: true, encoding: .utf8)
    #expect(
      try alice.run(["list"])
        == Outcome(
          stdout: "Uncategorized\n  [ ] milk\n\n1 item to buy, 0 bought today\n",
          stderr: "grocery: warning: \(refused)\n"))
  }

  @Test func aDamagedHouseholdJSONIsWrittenBackWithItsOwnId() throws {
    try household.on(alice, at: 0, "add", "milk")
    let before = try marker(alice)
    try "{\"format\":\"grocery-hou".write(
      toFile: alice.store + "/household.json", atomically: false, encoding: .utf8)
    try household.on(alice, at: 1, "add", "eggs")
    #expect(try marker(alice) == before)
  }

  @Test func aLostHouseholdJSONThatNothingRemembersIsRefusedSayingHowToRepairIt() throws {
    try household.on(alice, at: 0, "add", "milk")
    try forgetHousehold(alice)
    #expect(unlink(alice.store + "/household.json") == 0)
    let before = alice.storeBytes()
    #expect(
      try alice.run(["add", "eggs"])
        == Outcome(
          stderr:
            "grocery: error: '\(alice.store)/household.json' is missing, and neither this machine nor git's"
            + " history remembers the household's id; nothing was changed. Copy household.json from another"
            + " machine of this household (or a backup) into '\(alice.store)'\n", status: 65))
    #expect(alice.storeBytes() == before)
  }

  /// A damaged marker whose id nothing remembers is not promised back by reads: they say that changes are refused
  /// and how to repair it, as the change then does (found by a trial: they said the next change writes it back).
  @Test func aDamagedHouseholdJSONThatNothingRemembersIsSaidByReadsAsRefusingChanges() throws {
    try household.on(alice, at: 0, "add", "milk")
    try forgetHousehold(alice)
    let marker = alice.store + "/household.json"
    try "{\"format\":\"grocery-hou".write(toFile: marker, atomically: false, encoding: .utf8)
    let before = alice.storeBytes()
    let list = try alice.run(["list"])
    #expect(list.status == 0 && list.stdout.contains("[ ] milk"), "\(list)")
    #expect(list.stderr.hasPrefix("grocery: warning: cannot read '\(marker)': "), "\(list)")
    #expect(
      list.stderr.hasSuffix(
        ", and neither this machine nor git's history remembers the household's id; changes are refused until"
          + " household.json is copied from another machine of this household (or a backup)\n"), "\(list)")
    let add = try alice.run(["add", "eggs"])
    #expect(add.status == 65 && add.stderr.contains("Copy household.json from another machine"), "\(add)")
    #expect(alice.storeBytes() == before)
  }

  // MARK: - Sync commits only this machine's own log

  @Test func syncCommitsOnlyThisMachinesLogAndSaysWhatItLeftAlone() throws {
    try household.share([alice, bob])
    try household.on(alice, at: 10, "add", "milk")
    try household.on(alice, at: 11, "sync")
    try "a note\n".write(toFile: bob.store + "/notes.txt", atomically: false, encoding: .utf8)
    try "draft\n".write(toFile: bob.store + "/draft.txt", atomically: false, encoding: .utf8)
    #expect(try git(["add", "notes.txt"], in: bob.store) == 0)
    try household.on(bob, at: 12, "add", "bread")
    let synced = try household.on(bob, at: 13, "sync")
    #expect(
      synced.stdout
        == "left alone, as sync commits only this machine's log: 'draft.txt', 'notes.txt'\n"
        + "sent: added bread\nfrom alice: added milk\n")
    #expect(
      try gitOutput(["log", "--format=%s", "--name-only", "-1", "--grep=changes from bob"], in: bob.store)
        == "grocery: changes from bob\n\n\(try ownLog(bob))\n")
    #expect(
      try gitOutput(["ls-tree", "-r", "--name-only", "main"], in: household.remote).contains("notes") == false
    )
    #expect(FileManager.default.fileExists(atPath: bob.store + "/notes.txt"))
  }

  @Test func gitsWholeErrorIsShownWithTheFilesItNames() throws {
    try household.share([alice, bob])
    try "alice's notes\n".write(toFile: alice.store + "/notes.txt", atomically: false, encoding: .utf8)
    #expect(try git(["add", "notes.txt"], in: alice.store) == 0)
    #expect(try git(["commit", "-q", "-m", "notes"], in: alice.store) == 0)
    try household.on(alice, at: 5, "sync")
    try "bob's notes\n".write(toFile: bob.store + "/notes.txt", atomically: false, encoding: .utf8)
    try household.on(bob, at: 10, "add", "bread")
    let failed = try bob.run(["sync"])
    #expect(
      failed
        == Outcome(
          stderr:
            "grocery: error: git could not merge the other machines' changes, and the merge was abandoned;"
            + " this machine's changes are kept and go out with the next sync. git said:\n"
            + "  error: The following untracked working tree files would be overwritten by merge:\n"
            + "  notes.txt\n  Please move or remove them before you merge.\n  Aborting\n"
            + "  Merge with strategy ort failed.\n"
            + "Move, commit or stash the files of your own it names ('git -C \(bob.store) stash -u'), then sync"
            + " again\n",
          status: 1))
    #expect(unlink(bob.store + "/notes.txt") == 0)
    #expect(try household.on(bob, at: 11, "sync").stdout == "sent: added bread\n")
  }

  // MARK: - A rewound working tree

  /// Alice's log, shared, then put back to a copy from before she added tea and jam and synced them.
  func rewindAlicesLog() throws -> (log: String, backup: Data, had: Int) {
    try household.share([alice, bob])
    let log = alice.store + "/" + (try ownLog(alice))
    let backup = try Data(contentsOf: URL(fileURLWithPath: log))
    try household.on(alice, at: 10, "add", "tea")
    try household.on(alice, at: 11, "add", "jam")
    try household.on(alice, at: 12, "sync")
    let had = try Data(contentsOf: URL(fileURLWithPath: log)).count
    try backup.write(to: URL(fileURLWithPath: log))
    return (log, backup, had)
  }

  @Test func aRestoredBackupOfThisMachinesLogGetsItsLostChangesBackFromGit() throws {
    let (log, _, _) = try rewindAlicesLog()
    try household.on(alice, at: 20, "add", "honey")
    let synced = try household.on(alice, at: 21, "sync")
    #expect(
      synced
        == Outcome(
          stdout: "sent: added honey\n",
          stderr:
            "grocery: warning: this machine's log '\(log)' was shorter than git's copy of it (a restored"
            + " backup, or an older copy of the folder?); put back 2 changes: added tea; added jam\n"))
    try household.on(bob, at: 22, "sync")
    let expected = "Uncategorized\n  [ ] honey\n  [ ] jam\n  [ ] tea\n\n3 items to buy, 0 bought today\n"
    #expect(try list(alice) == expected)
    #expect(try list(bob) == expected)
  }

  /// A change cut short by a crash leaves part of a line at the end of the log: it never said it was made, and is
  /// never sent, alone or after the changes a sync puts back; so no later change here makes it look edited.
  @Test(arguments: [false, true])
  func aLineCutShortAtTheEndOfThisMachinesLogIsNeverSent(rewound: Bool) throws {
    let fragment = "{\"v\":3,\"id\":\"cut-short\",\"at\":\"2026-11"
    let log: String
    if rewound {
      log = try rewindAlicesLog().log
    } else {
      try household.share([alice, bob])
      try household.on(alice, at: 10, "add", "tea")
      try household.on(alice, at: 12, "sync")
      log = alice.store + "/" + (try ownLog(alice))
    }
    let handle = try #require(FileHandle(forWritingAtPath: log))
    handle.seekToEndOfFile()
    handle.write(Data(fragment.utf8))
    try handle.close()
    let synced = try household.on(alice, at: 20, "sync")
    #expect(synced.stdout == "up to date\n", "\(synced)")
    let text = try String(contentsOfFile: log, encoding: .utf8)
    #expect(text.hasSuffix("\n") && !text.contains("cut-short"), "the log is trimmed here too")
    let remote = try gitOutput(["show", "main:" + (try ownLog(alice))], in: household.remote)
    #expect(remote == text, "the remote holds the log as it is here, without the part of a line")
    try household.on(bob, at: 20, "sync")
    try household.on(alice, at: 21, "add", "honey")
    #expect(try household.on(alice, at: 22, "sync").stdout == "sent: added honey\n")
    let pulled = try household.on(bob, at: 23, "sync")
    #expect(pulled.stderr.isEmpty, "no line came in changed: \(pulled)")
    let expected = "Uncategorized\n  [ ] honey\n" + (rewound ? "  [ ] jam\n" : "") + "  [ ] tea\n\n"
    #expect(try list(bob) == expected + (rewound ? "3" : "2") + " items to buy, 0 bought today\n")
  }

  /// Pushes, from a third clone of the remote, what `change` makes of the file of Alice's log there.
  func pushChangedCopyOfAlicesLog(_ change: (String) throws -> Void) throws {
    let other = household.folder.file("other")
    #expect(try git(["clone", "-q", household.remote, other], in: household.folder.path) == 0)
    try change(other + "/" + (try ownLog(alice)))
    #expect(try git(["add", "-A"], in: other) == 0)
    #expect(try git(["commit", "-q", "-m", "by hand"], in: other) == 0)
    #expect(try git(["push", "-q", "origin", "HEAD:main"], in: other) == 0)
  }

  @Test func aCopyOfThisMachinesLogCutOnTheRemoteIsSaidAndSentWholeAgain() throws {
    try household.share([alice, bob])
    try household.on(alice, at: 1, "add", "milk")
    try household.on(alice, at: 2, "add", "eggs")
    try household.on(alice, at: 3, "sync")
    let log = alice.store + "/" + (try ownLog(alice))
    let whole = try Data(contentsOf: URL(fileURLWithPath: log))
    var cut = 0
    try pushChangedCopyOfAlicesLog { file in
      let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
      let first = String(lines[0]) + "\n"
      cut = first.utf8.count
      try first.write(toFile: file, atomically: false, encoding: .utf8)
    }
    let synced = try household.on(alice, at: 4, "sync")
    #expect(
      synced.stderr
        == "grocery: warning: the remote's copy of this machine's log '\(log)' was shorter than when this computer"
        + " last synced (\(cut) bytes, was \(whole.count): cut by hand, or an older copy pushed?); this machine's"
        + " lines are kept and sent again\n", "\(synced)")
    try household.on(bob, at: 5, "sync")
    #expect(try list(bob) == "Uncategorized\n  [ ] eggs\n  [ ] milk\n\n2 items to buy, 0 bought today\n")
    #expect(try household.on(alice, at: 6, "sync").stderr.isEmpty, "said once")
  }

  @Test func aLinkPushedInPlaceOfThisMachinesLogIsSaidAndTheLogSentAgain() throws {
    try household.share([alice, bob])
    try household.on(alice, at: 1, "add", "milk")
    try household.on(alice, at: 2, "sync")
    let log = alice.store + "/" + (try ownLog(alice))
    try pushChangedCopyOfAlicesLog { file in
      unlink(file)
      #expect(symlink("/dev/zero", file) == 0)
    }
    let synced = try household.on(alice, at: 3, "sync")
    #expect(
      synced.stderr
        == "grocery: warning: the remote's copy of this machine's log '\(log)' is not a file (a link or a folder"
        + " pushed in its place); this machine's log is kept and sent again\n", "\(synced)")
    try household.on(bob, at: 4, "sync")
    #expect(try list(bob) == "Uncategorized\n  [ ] milk\n\n1 item to buy, 0 bought today\n")
  }

  @Test func aChangeMadeAfterARewindStillWinsOverTheOneTheRewindTookAwayWhenSyncBringsItBack() throws {
    try household.share([alice, bob])
    try household.on(alice, at: 1, "add", "plum")
    try household.on(alice, at: 2, "sync")
    // Bob's clock runs hours ahead: what Alice changes after seeing his change is stamped after it.
    try household.on(bob, at: 600, "sync")
    try household.on(bob, at: 600, "add", "bread")
    try household.on(bob, at: 601, "sync")
    let before = try gitOutput(["rev-parse", "HEAD"], in: alice.store).trimmingCharacters(in: .newlines)
    try household.on(alice, at: 3, "sync")
    try household.on(alice, at: 4, "edit", "plum", "-q", "3")
    try household.on(alice, at: 5, "sync")
    // The folder is put back to before that sync: Bob's change and Alice's edit are gone from it.
    #expect(try git(["checkout", "-q", before], in: alice.store) == 0)
    try household.on(alice, at: 10, "edit", "plum", "-q", "7")
    try household.on(alice, at: 11, "sync")
    try household.on(bob, at: 602, "sync")
    let expected = "Uncategorized\n  [ ] bread\n  [ ] plum x7\n\n2 items to buy, 0 bought today\n"
    #expect(try list(alice) == expected)
    #expect(try list(bob) == expected)
    // Undo takes back the newest change, the edit made after the rewind.
    #expect(try alice.run(["undo", "--list"]).stdout.hasPrefix("1. edit plum  ("))
  }

  @Test func anOlderCopyOfThisMachinesLogIsSaidByEveryCommandUntilSyncPutsItsChangesBack() throws {
    // A folder-sync tool puts an older copy of the log back over it.
    let (log, backup, had) = try rewindAlicesLog()
    let warning =
      "grocery: warning: this machine's log '\(log)' is \(backup.count) bytes, shorter than the \(had) it had (a"
      + " restored backup or an older copy?); gone from it: add tea; add jam; run 'grocery sync' to put back what"
      + " git holds, and make again what it does not\n"
    for minute in [13, 14] {
      let listed = try household.on(alice, at: minute, "list")
      #expect(listed == Outcome(stdout: "Nothing on the list.\n", stderr: warning))
    }
    let check = try alice.run(["check"])
    #expect(
      check.status == 65 && check.stdout.hasSuffix("and make again what it does not\n\n1 problem\n"),
      "\(check)")
    // The step the guarantees give: sync puts the lines back from git, and names them.
    let synced = try household.on(alice, at: 20, "sync")
    #expect(
      synced
        == Outcome(
          stdout: "up to date\n",
          stderr:
            "grocery: warning: this machine's log '\(log)' was shorter than git's copy of it (a restored"
            + " backup, or an older copy of the folder?); put back 2 changes: added tea; added jam\n"))
    #expect(
      try household.on(alice, at: 21, "list")
        == Outcome(stdout: "Uncategorized\n  [ ] jam\n  [ ] tea\n\n2 items to buy, 0 bought today\n"))
    let after = try alice.run(["check"])
    #expect(after.status == 0 && after.stdout.hasSuffix("\nall is well\n"), "\(after)")
  }

  @Test func aWholeFolderRestoredFromABackupGetsItsChangesBackFromTheRemote() throws {
    try household.share([alice, bob])
    try household.on(alice, at: 10, "add", "tea")
    try household.on(alice, at: 11, "sync")
    let backup = household.folder.file("backup")
    try FileManager.default.copyItem(atPath: alice.store, toPath: backup)
    try household.on(alice, at: 12, "add", "jam")
    try household.on(alice, at: 13, "sync")
    // The folder, git and all, is put back as the backup had it: what went out since comes back from the remote,
    // as this computer's own, not as another computer's.
    try FileManager.default.removeItem(atPath: alice.store)
    try FileManager.default.copyItem(atPath: backup, toPath: alice.store)
    let synced = try household.on(alice, at: 20, "sync")
    let log = alice.store + "/" + (try ownLog(alice))
    #expect(
      synced
        == Outcome(
          stdout: "up to date\n",
          stderr:
            "grocery: warning: this machine's log '\(log)' was shorter than git's copy of it (a restored"
            + " backup, or an older copy of the folder?); put back 1 change: added jam\n"))
    #expect(try list(alice) == "Uncategorized\n  [ ] jam\n  [ ] tea\n\n2 items to buy, 0 bought today\n")
  }

  @Test func aFolderLeftOnAnOlderCommitIsPutBackOnMainKeepingEveryChange() throws {
    try household.share([alice, bob])
    try household.on(bob, at: 5, "add", "bread")
    try household.on(bob, at: 6, "sync")
    try household.on(alice, at: 10, "add", "tea")
    try household.on(alice, at: 11, "sync")
    let older = try gitOutput(["rev-parse", "HEAD~2"], in: alice.store).trimmingCharacters(in: .newlines)
    #expect(try git(["checkout", "-q", older], in: alice.store) == 0)
    try household.on(alice, at: 20, "add", "jam")
    let synced = try household.on(alice, at: 21, "sync")
    #expect(synced.status == 0)
    #expect(
      synced.stderr
        == "grocery: warning: the household folder was on an older commit (a detached HEAD at \(older.prefix(12)));"
        + " it is back on 'main', with every file as it was (\(older.prefix(12)) itself is kept by git)\n"
        + "grocery: warning: put back from git, as they were older than git's copy: '\(try ownLog(bob))'\n"
        + "grocery: warning: this machine's log '\(alice.store)/\(try ownLog(alice))' was shorter than git's"
        + " copy of it (a restored backup, or an older copy of the folder?); put back 1 change: added tea\n")
    #expect(try gitOutput(["symbolic-ref", "--short", "HEAD"], in: alice.store) == "main\n")
    try household.on(bob, at: 22, "sync")
    try household.expectSame([alice, bob])
    #expect(
      try list(bob) == "Uncategorized\n  [ ] bread\n  [ ] jam\n  [ ] tea\n\n3 items to buy, 0 bought today\n")
  }

  @Test func aHandEditOfThisMachinesLogOnTheRemoteIsUndoneAndReported() throws {
    try household.share([alice, bob])
    try household.on(alice, at: 10, "add", "milk")
    try household.on(alice, at: 11, "sync")
    try household.on(bob, at: 12, "sync")
    let log = try bobPushesAHandEditOfAlicesLog()
    try household.on(alice, at: 20, "add", "eggs")
    let synced = try household.on(alice, at: 21, "sync")
    let lines = try String(contentsOfFile: alice.store + "/" + log, encoding: .utf8).split(separator: "\n")
    let changed = (lines.firstIndex { $0.contains("milk") } ?? -1) + 1
    #expect(
      synced
        == Outcome(
          stdout: "sent: added eggs\n",
          stderr: "grocery: warning: this machine's log '\(alice.store)/\(log)' was changed elsewhere (line"
            + " \(changed) in the remote); its lines as this machine wrote them are kept and sent\n"))
    #expect(
      try gitOutput(["show", "main:" + log], in: household.remote)
        == String(contentsOfFile: alice.store + "/" + log, encoding: .utf8))
    // Bob's copy of alice's log is alice's again once he syncs: the line he changed comes in as she wrote it.
    let bobSync = try household.on(bob, at: 22, "sync")
    #expect(bobSync.stdout == "from alice: added milk; added eggs\n", "\(bobSync)")
    #expect(
      try list(bob) == "Uncategorized\n  [ ] eggs\n  [ ] milk\n\n2 items to buy, 0 bought today\n")
  }

  /// A plain `git pull` that stops on a conflict in this machine's log (another machine pushed a hand edit of it)
  /// leaves git in a merge that sync could not commit over: every sync failed, after staging the log. Sync now
  /// abandons that merge and merges as it always does, keeping the change made while git held the conflict.
  /// Also where `.git` is a file naming git's folder elsewhere (a worktree, `--separate-git-dir`).
  @Test(arguments: [(false, false), (true, false), (true, true), (false, true)])
  func aGitPullLeftInAConflictIsAbandonedAndTheChangesMadeSinceAreKept(rebase: Bool, gitFile: Bool) throws {
    try household.share([alice, bob])
    if gitFile {
      let elsewhere = household.folder.file("alice-git")
      try FileManager.default.moveItem(atPath: alice.store + "/.git", toPath: elsewhere)
      try "gitdir: \(elsewhere)\n".write(toFile: alice.store + "/.git", atomically: false, encoding: .utf8)
    }
    try household.on(alice, at: 10, "add", "milk")
    try household.on(alice, at: 11, "sync")
    try household.on(bob, at: 12, "sync")
    let log = try bobPushesAHandEditOfAlicesLog()
    try household.on(alice, at: 20, "add", "eggs")
    #expect(try git(["commit", "-q", "-a", "-m", "mine"], in: alice.store) == 0)
    #expect(
      try git(["pull", "-q", rebase ? "--rebase" : "--no-rebase", "origin", "main"], in: alice.store) != 0)
    // Made while git holds the conflict: written after git's markers.
    try household.on(alice, at: 21, "add", "tea")
    let synced = try household.on(alice, at: 22, "sync")
    #expect(synced.status == 0, "\(synced)")
    #expect(synced.stdout == "sent: added eggs; added tea\n", "\(synced)")
    #expect(synced.stderr.contains("git had left a \(rebase ? "rebase" : "merge") unfinished"), "\(synced)")
    #expect(try gitOutput(["status", "--porcelain"], in: alice.store) == "")
    #expect(try gitOutput(["symbolic-ref", "--short", "HEAD"], in: alice.store) == "main\n")
    let text = try String(contentsOfFile: alice.store + "/" + log, encoding: .utf8)
    #expect(!text.contains("<<<<<<<") && !text.contains(">>>>>>>"))
    #expect(try gitOutput(["show", "main:" + log], in: household.remote) == text)
    #expect(try alice.run(["check"]).status == 0)
    try household.on(bob, at: 23, "sync")
    try household.expectSame([alice, bob])
    #expect(
      try list(bob) == "Uncategorized\n  [ ] eggs\n  [ ] milk\n  [ ] tea\n\n3 items to buy, 0 bought today\n")
  }

  /// A plain `git pull` that merges cleanly brings another machine's hand edit of this machine's log into it
  /// before sync runs: sync puts the line back as this computer sent it, and says so, as it does when its own
  /// merge brings the edit. It kept the edit and sent it on without a word. So too for an edit that gives a key
  /// twice, which every read leaves out (found by a review: refused as a key given twice, it was sent on, and milk
  /// was gone from every machine).
  @Test(arguments: [
    (old: "milk", new: "whole beer", mark: "whole beer"),
    (old: "\"name\":\"milk\"", new: "\"name\":\"milk\",\"name\":\"beer\"", mark: "beer"),
  ])
  func aHandEditOfThisMachinesLogThatAPlainPullBroughtIsUndone(old: String, new: String, mark: String) throws
  {
    try household.share([alice, bob])
    try household.on(alice, at: 10, "add", "milk")
    try household.on(alice, at: 11, "add", "bread")
    try household.on(alice, at: 12, "sync")
    try household.on(bob, at: 13, "sync")
    let log = try bobPushesAHandEditOfAlicesLog(of: old, to: new)
    try household.on(alice, at: 20, "add", "eggs")
    #expect(try git(["commit", "-q", "-a", "-m", "mine"], in: alice.store) == 0)
    #expect(try git(["pull", "-q", "--no-rebase", "origin", "main"], in: alice.store) == 0)
    #expect(try String(contentsOfFile: alice.store + "/" + log, encoding: .utf8).contains(mark))
    let synced = try household.on(alice, at: 21, "sync")
    #expect(synced.stderr.contains("was changed elsewhere"), "\(synced)")
    let text = try String(contentsOfFile: alice.store + "/" + log, encoding: .utf8)
    #expect(text.contains("milk") && !text.contains(mark), "\(text)")
    #expect(try gitOutput(["show", "main:" + log], in: household.remote) == text)
    #expect(try alice.run(["check"]).status == 0)
    try household.on(bob, at: 22, "sync")
    try household.expectSame([alice, bob])
    #expect(
      try list(bob)
        == "Uncategorized\n  [ ] bread\n  [ ] eggs\n  [ ] milk\n\n3 items to buy, 0 bought today\n")
  }

  /// `git stash` of a change, another change, then `git stash pop`: git writes its conflict markers into this
  /// machine's log, both sides this machine's own. Sync keeps every change of both, in clock order, without the
  /// markers, where it sent the markers on to every machine and the stashed change never came through.
  @Test func aStashPoppedOverALaterChangeKeepsBothWithoutGitsMarkers() throws {
    try household.share([alice, bob])
    try household.on(alice, at: 10, "add", "milk")
    try household.on(alice, at: 11, "sync")
    try household.on(alice, at: 12, "add", "tea")
    #expect(try git(["stash", "-q"], in: alice.store) == 0)
    try household.on(alice, at: 13, "add", "jam")
    try household.on(alice, at: 14, "sync")
    #expect(try git(["stash", "pop", "-q"], in: alice.store) != 0)
    let log = try ownLog(alice)
    #expect(try String(contentsOfFile: alice.store + "/" + log, encoding: .utf8).contains("<<<<<<<"))
    // Until then, every command names the markers for what they are, with the way out (a trial found them said to
    // be no object).
    let listed = try alice.run(["list"])
    #expect(
      listed.stderr.contains(
        "' line 3: line: is one of git's conflict markers (a stopped merge or 'git stash pop' left it): 'grocery"
          + " sync' on the machine whose log it is takes them out; that change is left out"), "\(listed)")
    let synced = try household.on(alice, at: 20, "sync")
    #expect(synced.stderr.contains("held git's conflict markers"), "\(synced)")
    let text = try String(contentsOfFile: alice.store + "/" + log, encoding: .utf8)
    #expect(!text.contains("<<<<<<<") && !text.contains("=======") && !text.contains(">>>>>>>"))
    let names = text.split(separator: "\n").compactMap { line in
      ["milk", "tea", "jam"].first { line.contains("\"\($0)\"") }
    }
    #expect(names == ["milk", "tea", "jam"], "in clock order: \(text)")
    #expect(try gitOutput(["show", "main:" + log], in: household.remote) == text)
    #expect(try alice.run(["check"]).status == 0)
    try household.on(bob, at: 21, "sync")
    try household.expectSame([alice, bob])
    #expect(
      try list(bob) == "Uncategorized\n  [ ] jam\n  [ ] milk\n  [ ] tea\n\n3 items to buy, 0 bought today\n")
  }

  /// Another machine's hand edit of this machine's last line, pulled under a stashed change: `git stash pop` puts
  /// git's markers around the edited line and this machine's own two. Sync takes the markers out and puts the line
  /// back as this machine wrote it, once (found by a trial: the line was kept twice, said on every machine as a
  /// copy, and `check` failed everywhere).
  @Test func aHandEditPulledUnderAStashedChangeLeavesEachOfThisMachinesLinesOnce() throws {
    try household.share([alice, bob])
    try household.on(alice, at: 10, "add", "milk")
    try household.on(alice, at: 11, "sync")
    try household.on(bob, at: 12, "sync")
    let log = try bobPushesAHandEditOfAlicesLog()
    try household.on(alice, at: 20, "add", "eggs")
    #expect(try git(["stash", "-q"], in: alice.store) == 0)
    #expect(try git(["pull", "-q", "--no-rebase", "origin", "main"], in: alice.store) == 0)
    #expect(try git(["stash", "pop", "-q"], in: alice.store) != 0)
    #expect(try String(contentsOfFile: alice.store + "/" + log, encoding: .utf8).contains("<<<<<<<"))
    let synced = try household.on(alice, at: 21, "sync")
    #expect(synced.status == 0, "\(synced)")
    let text = try String(contentsOfFile: alice.store + "/" + log, encoding: .utf8)
    let lines = text.split(separator: "\n")
    #expect(Set(lines).count == lines.count, "no line twice: \(text)")
    #expect(!text.contains("whole beer") && !text.contains("<<<<<<<"), "\(text)")
    #expect(try gitOutput(["show", "main:" + log], in: household.remote) == text)
    let check = try alice.run(["check"])
    #expect(check.status == 0, "\(check)")
    try household.on(bob, at: 22, "sync")
    try household.expectSame([alice, bob])
    #expect(try bob.run(["check"]).status == 0)
    #expect(
      try list(bob) == "Uncategorized\n  [ ] eggs\n  [ ] milk\n\n2 items to buy, 0 bought today\n")
  }

  /// A rebase is abandoned by putting every file back: with a change to another file of the folder (the user's
  /// notes, edited or renamed, or bob's log as a folder-sync tool brought it ahead of git), sync changes nothing
  /// and names the files to commit or stash first.
  @Test(arguments: ["edit", "rename", "peer log"])
  func aStoppedRebaseWithAnotherChangeInTheFolderIsLeftAloneAndSaid(change: String) throws {
    try household.share([alice, bob])
    try "notes\n".write(toFile: alice.store + "/notes.txt", atomically: false, encoding: .utf8)
    #expect(try git(["add", "notes.txt"], in: alice.store) == 0)
    try household.on(alice, at: 10, "add", "milk")
    #expect(try git(["commit", "-q", "-a", "-m", "notes"], in: alice.store) == 0)
    try household.on(alice, at: 11, "sync")
    try household.on(bob, at: 12, "sync")
    let log = try bobPushesAHandEditOfAlicesLog()
    try household.on(alice, at: 20, "add", "eggs")
    #expect(try git(["commit", "-q", "-a", "-m", "mine"], in: alice.store) == 0)
    #expect(try git(["pull", "-q", "--rebase", "origin", "main"], in: alice.store) != 0)
    let bobsLog = try ownLog(bob)
    let named: [String]
    switch change {
    case "edit":
      try "my own words\n".write(toFile: alice.store + "/notes.txt", atomically: false, encoding: .utf8)
      named = ["'notes.txt'"]
    case "rename":
      #expect(try git(["mv", "notes.txt", "shop.txt"], in: alice.store) == 0)
      named = ["'shop.txt'", "'notes.txt'"]
    default:
      // Bob's newer log, as a folder-sync tool carries it beside git.
      try household.on(bob, at: 21, "add", "butter")
      let newer = try Data(contentsOf: URL(fileURLWithPath: bob.store + "/" + bobsLog))
      try newer.write(to: URL(fileURLWithPath: alice.store + "/" + bobsLog))
      named = ["'\(bobsLog)'"]
    }
    var before: [String: Data] = [:]
    for path in [log, bobsLog, "notes.txt", "shop.txt"] {
      before[path] = FileManager.default.contents(atPath: alice.store + "/" + path)
    }
    let synced = try alice.run(["sync"], extra: ["GROCERY_NOW": "2026-11-21T09:22:00Z"])
    #expect(synced.status == 74, "\(synced)")
    #expect(
      synced.stderr.hasPrefix("grocery: error: git failed while abandoning the rebase git left unfinished:")
        && named.allSatisfy(synced.stderr.contains), "\(synced)")
    for (path, bytes) in before {
      #expect(FileManager.default.contents(atPath: alice.store + "/" + path) == bytes, "\(path)")
    }
  }

  /// When git cannot abandon the merge (a file it brought was edited since), sync fails with git's reason and
  /// leaves this machine's log as it was, still marked as in conflict, so that no later commit takes it as settled.
  @Test func aMergeThatCannotBeAbandonedLeavesTheLogInConflict() throws {
    try household.share([alice, bob])
    try household.on(alice, at: 10, "add", "milk")
    try household.on(alice, at: 11, "sync")
    try household.on(bob, at: 12, "sync")
    let log = try bobPushesAHandEditOfAlicesLog(notes: "bob\n")
    try household.on(alice, at: 20, "add", "eggs")
    #expect(try git(["commit", "-q", "-a", "-m", "mine"], in: alice.store) == 0)
    #expect(try git(["pull", "-q", "--no-rebase", "origin", "main"], in: alice.store) != 0)
    try "alice's words\n".write(toFile: alice.store + "/notes.txt", atomically: false, encoding: .utf8)
    let before = FileManager.default.contents(atPath: alice.store + "/" + log)
    let synced = try alice.run(["sync"], extra: ["GROCERY_NOW": "2026-11-21T09:22:00Z"])
    #expect(synced.status == 74, "\(synced)")
    #expect(synced.stderr.contains("abandoning the merge git left unfinished"), "\(synced)")
    #expect(FileManager.default.contents(atPath: alice.store + "/" + log) == before)
    #expect(try gitOutput(["ls-files", "-u", "--", log], in: alice.store) != "")
    #expect(try String(contentsOfFile: alice.store + "/notes.txt", encoding: .utf8) == "alice's words\n")
  }

  /// The same pull, stopped on a conflict in a file of the user's own while this machine's log merged cleanly
  /// (with the other machine's hand edit in it): the change made meanwhile is kept whether or not git staged the
  /// log, where sync lost it (staged) or failed on every run (not staged). The user's own conflict is then said,
  /// as any merge that stops on it is.
  @Test(arguments: [false, true])
  func aPullStoppedOnTheUsersOwnFileKeepsTheChangesMadeSince(staged: Bool) throws {
    try household.share([alice, bob])
    try household.on(alice, at: 10, "add", "milk")
    try household.on(alice, at: 11, "add", "bread")
    try household.on(alice, at: 12, "sync")
    try household.on(bob, at: 13, "sync")
    let log = try bobPushesAHandEditOfAlicesLog(notes: "bob\n")
    try household.on(alice, at: 20, "add", "eggs")
    try "alice\n".write(toFile: alice.store + "/notes.txt", atomically: false, encoding: .utf8)
    #expect(try git(["add", "notes.txt"], in: alice.store) == 0)
    #expect(try git(["commit", "-q", "-a", "-m", "mine"], in: alice.store) == 0)
    #expect(try git(["pull", "-q", "--no-rebase", "origin", "main"], in: alice.store) != 0)
    try household.on(alice, at: 21, "add", "tea")
    if staged { #expect(try git(["add", log], in: alice.store) == 0) }
    let synced = try alice.run(["sync"], extra: ["GROCERY_NOW": "2026-11-21T09:22:00Z"])
    #expect(synced.status == 1, "\(synced)")
    #expect(synced.stderr.contains("git had left a merge unfinished"), "\(synced)")
    #expect(synced.stderr.contains("notes.txt"), "the user's own conflict is said: \(synced)")
    #expect(try git(["rev-parse", "-q", "--verify", "MERGE_HEAD"], in: alice.store) != 0)
    let text = try String(contentsOfFile: alice.store + "/" + log, encoding: .utf8)
    #expect(text.contains("tea") && !text.contains("whole beer"))
    #expect(
      try list(alice)
        == "Uncategorized\n  [ ] bread\n  [ ] eggs\n  [ ] milk\n  [ ] tea\n\n4 items to buy, 0 bought today\n"
    )
    // Once the user keeps their own notes, the next sync goes through.
    #expect(try git(["rm", "-q", "notes.txt"], in: alice.store) == 0)
    #expect(try git(["commit", "-q", "-m", "no notes"], in: alice.store) == 0)
    #expect(try household.on(alice, at: 23, "sync").status == 0)
    try household.on(bob, at: 24, "sync")
    try household.expectSame([alice, bob])
  }

  @Test func anotherMachinesLogChangedHereIsReplacedByTheSharedCopyAndKeptAside() throws {
    try household.share([alice, bob])
    try household.on(alice, at: 10, "add", "milk")
    try household.on(alice, at: 11, "sync")
    try household.on(bob, at: 12, "sync")
    let log = try ownLog(alice)
    let onBob = bob.store + "/" + log
    let edited = try String(contentsOfFile: onBob, encoding: .utf8).replacingOccurrences(
      of: "milk", with: "whole beer")
    try edited.write(toFile: onBob, atomically: false, encoding: .utf8)
    try household.on(alice, at: 20, "add", "eggs")
    try household.on(alice, at: 21, "sync")
    let kept = try bob.household().stateFolder + "/set-aside/" + (log as NSString).lastPathComponent
    let synced = try household.on(bob, at: 22, "sync")
    #expect(
      synced.stderr
        == "grocery: warning: '\(onBob)' here differed from the shared copy (changed by hand?); the shared copy is"
        + " used, as only that machine writes its log, and this one is kept as '\(kept)'\n")
    #expect(try String(contentsOfFile: kept, encoding: .utf8) == edited)
    #expect(try list(bob) == "Uncategorized\n  [ ] eggs\n  [ ] milk\n\n2 items to buy, 0 bought today\n")
    #expect(try gitOutput(["status", "--porcelain"], in: bob.store) == "")
  }

  /// An edit of another machine's log committed here (a `git commit -a`): the shared copy is taken all the same, in
  /// a commit of its own, and the edit kept aside, whether or not that machine sent more since. Where it had, every
  /// sync stopped on git's conflict, and neither machine heard from the other again; where not, the edit was sent
  /// (found by a trial, with a line appended).
  @Test(arguments: [true, false])
  func anotherMachinesLogChangedAndCommittedHereIsReplacedByTheSharedCopyAndKeptAside(aliceSentMore: Bool)
    throws
  {
    try household.share([alice, bob])
    try household.on(alice, at: 10, "add", "milk")
    try household.on(alice, at: 11, "sync")
    try household.on(bob, at: 12, "sync")
    let log = try ownLog(alice)
    let onBob = bob.store + "/" + log
    // A line appended, or, where alice sends nothing since, one changed (which comes in again as it was): a copy
    // that only goes further than the shared one is left for its machine to send, as a folder-sync tool's newer
    // copy is.
    let shared = try String(contentsOfFile: onBob, encoding: .utf8)
    let edited =
      aliceSentMore ? shared + "{\"junk\":1}\n" : shared.replacingOccurrences(of: "milk", with: "whole beer")
    try edited.write(toFile: onBob, atomically: false, encoding: .utf8)
    #expect(try git(["commit", "-q", "-a", "-m", "edit"], in: bob.store) == 0)
    if aliceSentMore {
      try household.on(alice, at: 20, "add", "eggs")
      try household.on(alice, at: 21, "sync")
    }
    let kept = try bob.household().stateFolder + "/set-aside/" + (log as NSString).lastPathComponent
    let synced = try household.on(bob, at: 22, "sync")
    #expect(
      synced
        == Outcome(
          stdout: aliceSentMore ? "from alice: added eggs\n" : "from alice: added milk\n",
          stderr:
            "grocery: warning: '\(onBob)' here differed from the shared copy (changed by hand?); the shared"
            + " copy is used, as only that machine writes its log, and this one is kept as '\(kept)'\n"))
    #expect(try String(contentsOfFile: kept, encoding: .utf8) == edited)
    let now = try gitOutput(["show", "main:" + log], in: household.remote)
    #expect(try String(contentsOfFile: onBob, encoding: .utf8) == now)
    #expect(now.hasPrefix(shared) && !now.contains("junk") && !now.contains("beer"))
    #expect(try gitOutput(["status", "--porcelain"], in: bob.store) == "")
    let both = aliceSentMore ? "  [ ] eggs\n  [ ] milk\n\n2 items" : "  [ ] milk\n\n1 item"
    #expect(try list(bob) == "Uncategorized\n\(both) to buy, 0 bought today\n")
    try household.on(bob, at: 23, "add", "bread")
    #expect(try household.on(bob, at: 24, "sync") == Outcome(stdout: "sent: added bread\n"))
    #expect(try household.on(alice, at: 25, "sync") == Outcome(stdout: "from bob: added bread\n"))
    try household.expectSame([alice, bob])
  }

  /// Another machine's log as a folder-sync tool brought it, ahead of the shared copy, and committed here (a `git
  /// commit -a`): the shared copy is committed, and the longer one kept in the folder for that machine to send,
  /// where git's merge stopped on it once that machine had sent part of it since this folder last synced.
  @Test func anotherMachinesLogCommittedHereAheadOfTheSharedCopyIsLeftForThatMachineToSend() throws {
    try household.share([alice, bob])
    try household.on(alice, at: 10, "add", "milk")
    try household.on(alice, at: 11, "sync")
    try household.on(bob, at: 12, "sync")
    try household.on(alice, at: 13, "add", "eggs")
    try household.on(alice, at: 14, "sync")
    try household.on(alice, at: 15, "add", "tea")
    let log = try ownLog(alice)
    let newer = try Data(contentsOf: URL(fileURLWithPath: alice.store + "/" + log))
    try newer.write(to: URL(fileURLWithPath: bob.store + "/" + log))
    #expect(try git(["commit", "-q", "-a", "-m", "as a folder-sync tool brought it"], in: bob.store) == 0)
    let shared = try gitOutput(["show", "main:" + log], in: household.remote)
    let synced = try household.on(bob, at: 16, "sync")
    #expect(
      synced
        == Outcome(
          stdout: "left alone, as sync commits only this machine's log: '\(log)'\n"
            + "from alice: added eggs; added tea\n"),
      "\(synced)")
    #expect(try gitOutput(["show", "main:" + log], in: household.remote) == shared)
    #expect(FileManager.default.contents(atPath: bob.store + "/" + log) == newer)
    #expect(try household.on(alice, at: 17, "sync") == Outcome(stdout: "sent: added tea\n"))
    #expect(try household.on(bob, at: 18, "sync") == Outcome(stdout: "up to date\n"))
    #expect(try gitOutput(["status", "--porcelain"], in: bob.store) == "")
    try household.expectSame([alice, bob])
  }

  @Test func aLineEditedHereInAnotherMachinesLogComesInAloneNotTheLinesAfterIt() throws {
    try household.share([alice, bob])
    try household.on(alice, at: 10, "add", "milk")
    try household.on(alice, at: 11, "add", "eggs")
    try household.on(alice, at: 12, "add", "bread")
    try household.on(alice, at: 13, "sync")
    try household.on(bob, at: 14, "sync")
    let onBob = bob.store + "/" + (try ownLog(alice))
    let edited = try String(contentsOfFile: onBob, encoding: .utf8).replacingOccurrences(
      of: "\"add eggs\"", with: "\"add beer\"")
    try edited.write(toFile: onBob, atomically: false, encoding: .utf8)
    try household.on(alice, at: 20, "add", "tea")
    try household.on(alice, at: 21, "sync")
    let synced = try household.on(bob, at: 22, "sync")
    #expect(synced.stdout == "from alice: added eggs; added tea\n", "\(synced)")
  }

  @Test func aLogShorterThanAtTheLastSyncWithNoCopyLeftIsSaidLoudly() throws {
    try household.share([alice, bob])
    let log = alice.store + "/" + (try ownLog(alice))
    let backup = try Data(contentsOf: URL(fileURLWithPath: log))
    let shared = try gitOutput(["rev-parse", "main"], in: household.remote).trimmingCharacters(in: .newlines)
    try household.on(alice, at: 10, "add", "tea")
    try household.on(alice, at: 11, "sync")
    let longer = try Data(contentsOf: URL(fileURLWithPath: log)).count
    // The remote and the folder's git are put back to before that sync too, as restored backups of both would.
    #expect(try git(["update-ref", "refs/heads/main", shared], in: household.remote) == 0)
    for ref in ["refs/remotes/origin/main", "refs/grocery/synced"] {
      #expect(try git(["update-ref", ref, shared], in: alice.store) == 0)
    }
    #expect(try git(["reset", "-q", "--hard", shared], in: alice.store) == 0)
    try backup.write(to: URL(fileURLWithPath: log))
    let synced = try household.on(alice, at: 20, "sync")
    #expect(
      synced.stderr
        == "grocery: warning: this machine's log '\(log)' is \(backup.count) bytes, shorter than the \(longer) it"
        + " had (a restored backup or an older copy?); gone from it: add tea; run 'grocery sync' to put back what"
        + " git holds, and make again what it does not\n"
        + "grocery: warning: this machine's log '\(log)' is shorter than at the last sync (\(backup.count) bytes,"
        + " was \(longer)),"
        + " and git holds no copy of what is missing: those changes are gone\n")
    // Said until the change is made again, as the guarantees say to.
    let lost =
      "grocery: warning: this machine's log '\(log)' is \(backup.count) bytes, shorter than the \(longer) it had"
      + " (a restored backup or an older copy?); gone from it: add tea; run 'grocery sync' to put back what git"
      + " holds, and make again what it does not\n"
    #expect(
      try household.on(alice, at: 21, "list") == Outcome(stdout: "Nothing on the list.\n", stderr: lost))
    #expect(try alice.run(["check"]).status == 65)
    #expect(try household.on(alice, at: 22, "add", "tea") == Outcome(stdout: "added: tea\n", stderr: lost))
    #expect(
      try household.on(alice, at: 23, "list")
        == Outcome(stdout: "Uncategorized\n  [ ] tea\n\n1 item to buy, 0 bought today\n"))
    #expect(try alice.run(["check"]).status == 0)
  }

  @Test func aJoinerWhoseCopyOfTheFolderIsAheadOfTheRemoteJoinsKeepingIt() throws {
    try household.on(alice, at: 0, "add", "milk")
    try household.on(alice, at: 1, "sync", "setup", household.remote, "--name", "alice")
    try household.on(alice, at: 2, "add", "eggs")
    // Bob's folder came from alice's by a folder-sync tool, with the change she has not synced yet.
    try FileManager.default.createDirectory(atPath: bob.store, withIntermediateDirectories: true)
    for name in ["household.json", "logs"] {
      try FileManager.default.copyItem(atPath: alice.store + "/" + name, toPath: bob.store + "/" + name)
    }
    try household.on(bob, at: 3, "sync", "setup", household.remote, "--name", "bob")
    let both = "Uncategorized\n  [ ] eggs\n  [ ] milk\n\n2 items to buy, 0 bought today\n"
    #expect(try list(bob) == both)
    try household.on(alice, at: 4, "sync")
    try household.on(bob, at: 5, "add", "bread")
    try household.syncAll([alice, bob], at: 6)
    try household.expectSame([alice, bob])
    #expect(try gitOutput(["status", "--porcelain"], in: bob.store) == "")
  }

  // MARK: - Two computers writing as one machine

  /// A copy of a machine on another computer (a cloned VM, a restored home folder): its household folder and
  /// its identity, so that both write as one machine.
  func twin(of machine: GroceryProcess, named name: String) throws -> GroceryProcess {
    let twin = household.machine(name)
    try FileManager.default.copyItem(atPath: machine.store, toPath: twin.store)
    let state = try twin.household().stateFolder
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: try machine.household().stateFolder + "/identity.json", toPath: state + "/identity.json")
    return twin
  }

  @Test func twoComputersWritingAsOneMachineKeepEveryChangeAndAreToldHowToPartThem() throws {
    try household.share([alice, bob])
    let clone = try twin(of: alice, named: "clone")
    let log = try ownLog(alice)
    #expect(try ownLog(clone) == log)
    // The same minute on both: two different changes with one stamp.
    try household.on(alice, at: 10, "add", "tea")
    try household.on(clone, at: 10, "add", "jam")
    #expect(try household.on(alice, at: 11, "sync").stdout == "sent: added tea\n")
    let cloneSync = try household.on(clone, at: 12, "sync")
    let aliceSync = try household.on(alice, at: 13, "sync")
    func told(_ machine: GroceryProcess, _ change: String) throws -> String {
      let state = try machine.household().stateFolder
      return
        "grocery: warning: another computer writes as this machine (a copied state folder, or a cloned VM?):"
        + " the remote's copy of its log '\(machine.store)/\(log)' holds 1 change made there since this computer"
        + " last synced, kept here in clock order: \(change). On that computer, sync, then move its identity.json"
        + " away (here: '\(state)/identity.json'), so that it becomes a machine of its own\n"
    }
    #expect(cloneSync == Outcome(stdout: "sent: added jam\n", stderr: try told(clone, "added tea")))
    #expect(
      aliceSync == Outcome(stdout: "up to date\n", stderr: try told(alice, "added jam")), "\(aliceSync)")
    try household.on(bob, at: 14, "sync")
    try household.on(clone, at: 14, "sync")
    // Both computers hold one log, the same bytes, and every machine sees both changes.
    let logs = try [alice, bob, clone].map {
      try String(contentsOfFile: $0.store + "/" + log, encoding: .utf8)
    }
    #expect(Set(logs).count == 1)
    try household.expectSame([alice, bob, clone])
    #expect(
      try list(bob) == "Uncategorized\n  [ ] jam\n  [ ] tea\n\n2 items to buy, 0 bought today\n")
    let lines = logs[0].split(separator: "\n")
    let check = try bob.run(["check"])
    #expect(check.status == 0, "\(check)")
    #expect(
      check.stdout.contains(
        "  line \(lines.count): another change with the time of line \(lines.count - 1) (two computers"),
      "\(check)")
    // The way out the warning gives: the clone syncs, then becomes a machine of its own; nothing is lost.
    try household.on(clone, at: 20, "sync")
    #expect(unlink(try clone.household().stateFolder + "/identity.json") == 0)
    try household.on(clone, at: 21, "add", "bread")
    #expect(try ownLog(clone) != log)
    try household.syncAll([clone, alice, bob], at: 22)
    let quiet = try household.on(alice, at: 23, "sync")
    #expect(quiet == Outcome(stdout: "up to date\n"))
    try household.expectSame([alice, bob, clone])
    #expect(
      try list(alice)
        == "Uncategorized\n  [ ] bread\n  [ ] jam\n  [ ] tea\n\n3 items to buy, 0 bought today\n")
  }

  /// Neither a `.gitattributes` a peer pushed asking for Windows line endings, nor `core.autocrlf` in the user's own
  /// git config (Git for Windows' default), changes a byte of a log: each sync after says nothing more and sets
  /// nothing aside, where every sync of every machine set the other machines' logs aside, and told their whole
  /// history again (found by a trial). The user's own lines in git's attributes stay, and a first sync stopped
  /// before it put the converted files back leaves that to the next (found by a review).
  @Test(arguments: ["pushed .gitattributes", "core.autocrlf", "core.autocrlf, the first sync stopped"])
  func lineEndingsAreNeverConverted(by trigger: String) throws {
    if trigger.hasPrefix("core.autocrlf") {
      for machine in [alice, bob] {
        try "[core]\n\tautocrlf = true\n".write(
          toFile: machine.folder + "/.gitconfig", atomically: false, encoding: .utf8)
      }
    }
    try household.share([alice, bob])
    // Bob's folder as a grocery set it up before it kept git's attributes: the next sync writes them.
    let attributes = bob.store + "/.git/info/attributes"
    let users = "*.md diff=markdown\n"
    try users.write(toFile: attributes, atomically: false, encoding: .utf8)
    if trigger.hasPrefix("core.autocrlf") {
      // And git wrote alice's log there with Windows line endings, as it did then: the sync puts it back as shared.
      let log = try ownLog(alice)
      #expect(unlink(bob.store + "/" + log) == 0)
      #expect(try git(["checkout", "--", log], in: bob.store, environment: ["HOME": bob.folder]) == 0)
      #expect(try String(contentsOfFile: bob.store + "/" + log, encoding: .utf8).contains("\r\n"))
    }
    try household.on(alice, at: 9, "sync")
    try household.on(alice, at: 10, "add", "milk")
    if trigger == "pushed .gitattributes" {
      try "*.jsonl text eol=crlf\n".write(
        toFile: alice.store + "/.gitattributes", atomically: false, encoding: .utf8)
      #expect(try git(["add", ".gitattributes"], in: alice.store) == 0)
      #expect(try git(["commit", "-q", "-m", "line endings"], in: alice.store) == 0)
      #expect(try git(["push", "-q", "origin", "HEAD:main"], in: alice.store) == 0)
    }
    try household.on(alice, at: 11, "sync")
    if trigger.hasSuffix("stopped") {
      let fd = open(try bob.household().stateFolder + "/lock", O_RDWR | O_CREAT, 0o600)
      #expect(fd >= 0 && flock(fd, LOCK_EX) == 0)
      #expect(try bob.run(["sync", "--lock-timeout", "0"]).status == 75)
      close(fd)
    }
    #expect(try household.on(bob, at: 12, "sync") == Outcome(stdout: "from alice: added milk\n"))
    for round in 1...3 {
      try household.on(alice, at: 20 + round, "add", "a\(round)")
      let fromBob = round > 1 ? "from bob: added b\(round - 1)\n" : ""
      #expect(
        try household.on(alice, at: 20 + round, "sync")
          == Outcome(stdout: "sent: added a\(round)\n" + fromBob))
      try household.on(bob, at: 20 + round, "add", "b\(round)")
      #expect(
        try household.on(bob, at: 20 + round, "sync")
          == Outcome(stdout: "sent: added b\(round)\nfrom alice: added a\(round)\n"))
    }
    for machine in [alice, bob] {
      let state = try machine.household().stateFolder
      #expect(!FileManager.default.fileExists(atPath: state + "/set-aside"))
      for log in try FileManager.default.contentsOfDirectory(atPath: machine.store + "/logs") {
        let bytes = try #require(FileManager.default.contents(atPath: machine.store + "/logs/" + log))
        #expect(!bytes.contains(0x0D), "\(log)")
      }
    }
    #expect(try household.on(alice, at: 30, "sync") == Outcome(stdout: "from bob: added b3\n"))
    try household.expectSame([alice, bob])
    let kept = try String(contentsOfFile: attributes, encoding: .utf8)
    #expect(kept.hasPrefix(users) && kept.hasSuffix("\n* -text -eol -ident -filter -working-tree-encoding\n"))
    #expect(!kept.contains("putting back"), "\(kept)")
  }

  @Test func aLogSavedWithAByteOrderMarkSyncsWithoutAnyLinePutBackTwice() throws {
    try household.on(alice, at: 1, "add", "milk", "eggs")
    try household.share([alice, bob])
    let log = alice.store + "/" + (try ownLog(alice))
    // Saved by an editor that starts a file with a byte-order mark (Windows Notepad).
    let saved = try Data(contentsOf: URL(fileURLWithPath: log))
    try (Data([0xEF, 0xBB, 0xBF]) + saved).write(to: URL(fileURLWithPath: log))
    try household.on(alice, at: 2, "add", "tea")
    #expect(try household.on(alice, at: 3, "sync") == Outcome(stdout: "sent: added tea\n"))
    #expect(try alice.run(["check"]).status == 0)
    try household.syncAll([bob, alice], at: 4)
    try household.expectSame([alice, bob])
    #expect(
      try list(bob) == "Uncategorized\n  [ ] eggs\n  [ ] milk\n  [ ] tea\n\n3 items to buy, 0 bought today\n")
    #expect(try bob.run(["check"]).status == 0)
  }

  @Test func aPlainGitFetchBeforeSyncStillTellsTwoComputersWritingAsOneMachineApart() throws {
    try household.share([alice, bob])
    let clone = try twin(of: alice, named: "clone")
    try household.on(clone, at: 10, "add", "jam")
    try household.on(clone, at: 11, "sync")
    // The README says plain git works in the folder: a fetch moves git's copy of the remote before sync does.
    _ = try gitOutput(["fetch", "-q", "origin"], in: alice.store)
    try household.on(alice, at: 12, "add", "tea")
    let synced = try household.on(alice, at: 13, "sync")
    #expect(synced.stdout == "sent: added tea\n", "\(synced)")
    #expect(
      synced.stderr.hasPrefix("grocery: warning: another computer writes as this machine")
        && synced.stderr.contains(
          " holds 1 change made there since this computer last synced, kept here in"
            + " clock order: added jam."),
      "\(synced)")
    #expect(!synced.stderr.contains("restored backup"), "\(synced)")
    try household.syncAll([bob, clone, alice], at: 14)
    try household.expectSame([alice, bob, clone])
  }

  // MARK: - Plain git

  @Test func afterSetupPlainGitPullAndPushWork() throws {
    try household.share([alice, bob])
    try household.on(alice, at: 10, "add", "milk")
    try household.on(alice, at: 11, "sync")
    #expect(try git(["pull", "-q"], in: bob.store) == 0)
    try household.on(bob, at: 12, "add", "bread")
    #expect(try git(["add", "-A"], in: bob.store) == 0)
    #expect(try git(["commit", "-q", "-m", "by hand"], in: bob.store) == 0)
    #expect(try git(["push", "-q"], in: bob.store) == 0)
    #expect(try household.on(alice, at: 13, "sync").stdout == "from bob: added bread\n")
  }

  /// Both folders have commits the other lacks: a plain `git pull`, with no `pull.rebase` in any config of the
  /// user's, merges them, as sync would, where git would refuse; a user's own choice is kept.
  @Test func plainGitPullMergesWhereBothHaveNewCommits() throws {
    try household.share([alice, bob])
    let noUserConfig = ["GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1"]
    try household.on(alice, at: 10, "add", "milk")
    try household.on(alice, at: 11, "sync")
    try household.on(bob, at: 12, "add", "bread")
    #expect(try git(["commit", "-q", "-a", "-m", "by hand"], in: bob.store) == 0)
    #expect(try git(["pull", "-q", "--no-edit"], in: bob.store, environment: noUserConfig) == 0)
    #expect(try git(["push", "-q"], in: bob.store, environment: noUserConfig) == 0)
    #expect(try list(bob) == "Uncategorized\n  [ ] bread\n  [ ] milk\n\n2 items to buy, 0 bought today\n")
    #expect(try household.on(alice, at: 13, "sync").stdout == "from bob: added bread\n")
    #expect(try gitOutput(["config", "--local", "pull.rebase"], in: alice.store) == "false\n")
    #expect(try git(["config", "--local", "--unset", "pull.rebase"], in: alice.store) == 0)
    #expect(try git(["config", "--local", "pull.ff", "only"], in: alice.store) == 0)
    try household.on(alice, at: 14, "sync")
    #expect(try gitOutput(["config", "--local", "pull.ff"], in: alice.store) == "only\n")
    #expect(
      try git(["config", "--local", "--get", "pull.rebase"], in: alice.store) == 1,
      "the user's choice is kept")
  }
}
