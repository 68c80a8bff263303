import Foundation
import GroceryCore
import TestSupport
import Testing

/// Issue 8's store cases (1–4, 6–9) on the household layout: files that are not stores, a removed lock,
/// stray files, read-only logs and another user's household.
@Suite struct StoreHardeningTests {
  let scenario = Scenario()

  func ownLog() throws -> String {
    let logs = scenario.grocery.store + "/logs"
    let names = try FileManager.default.contentsOfDirectory(atPath: logs).filter { $0.hasSuffix(".jsonl") }
    #expect(names.count == 1)
    return logs + "/" + (names.first ?? "")
  }

  @Test(arguments: ["/dev/zero", "/dev/full", "/dev/null"])
  func aDeviceAsTheStoreIsRefusedAtOnce(_ device: String) throws {
    try scenario.expect(
      ["--store", device, "list"],
      stderr: "grocery: error: cannot use '\(device)': it is not a folder (a household is a folder)\n",
      status: 74)
    try scenario.expect(
      ["--store", device, "add", "milk"],
      stderr: "grocery: error: cannot use '\(device)': it is not a folder (a household is a folder)\n",
      status: 74)
  }

  /// A path inside a file can never be a household: reading it is refused as a change is, not shown as empty.
  @Test func aStorePathInsideAFileIsRefusedByEveryCommand() throws {
    try scenario.folder.write("notes.txt", "milk")
    let store = scenario.folder.file("notes.txt") + "/household"
    let refused = "grocery: error: cannot use '\(store)': a part of it is a file, not a folder\n"
    for command in [["list"], ["list", "--all"], ["history"], ["stats"], ["export"], ["undo", "--list"]] {
      try scenario.expect(["--store", store] + command, stderr: refused, status: 74)
    }
    #expect(try scenario.grocery.run(["--store", store, "add", "milk"]).status == 74)
  }

  /// `logs` made a link (a peer's commit, a hand edit) had every change written where it pointed, outside the
  /// household, and `check` said all was well (found by a trial): every command refuses it, writing nothing there.
  @Test func aLinkInPlaceOfTheLogsFolderIsRefusedByEveryCommandWritingNothingThrough() throws {
    try scenario.given(["add", "milk"])
    let logs = scenario.grocery.store + "/logs"
    let elsewhere = scenario.folder.file("elsewhere")
    #expect(rename(logs, elsewhere) == 0)
    #expect(symlink(elsewhere, logs) == 0)
    let before = try FileManager.default.contentsOfDirectory(atPath: elsewhere).map {
      try Data(contentsOf: URL(fileURLWithPath: elsewhere + "/" + $0))
    }
    let refusal =
      "grocery: error: cannot read store '\(logs)': it is a link, where the household keeps its logs in a folder"
      + " of its own; put the folder back (from git's history or a backup) in place of the link\n"
    for command in [["add", "kiwi"], ["list"], ["purchase", "milk"], ["undo"], ["check"]] {
      try scenario.expect(command, stderr: refusal, status: 65)
    }
    let after = try FileManager.default.contentsOfDirectory(atPath: elsewhere).map {
      try Data(contentsOf: URL(fileURLWithPath: elsewhere + "/" + $0))
    }
    #expect(after == before)
  }

  /// A FIFO in place of `household.json` is damage like garbage there: said by reads, written over by the next
  /// change, never waited on.
  @Test func aFIFOInPlaceOfTheHouseholdMarkerIsWrittenOverByTheNextChange() throws {
    try scenario.given(["add", "milk"])
    let marker = scenario.grocery.store + "/household.json"
    let id = try String(contentsOfFile: marker, encoding: .utf8)
    unlink(marker)
    #expect(mkfifo(marker, 0o600) == 0)
    let said =
      "grocery: warning: cannot read '\(marker)': it is not a regular file; the next change writes it back with"
      + " the household's own id\n"
    try scenario.expect(
      ["list"], stdout: "Uncategorized\n  [ ] milk\n\n1 item to buy, 0 bought today\n", stderr: said)
    try scenario.expect(["add", "eggs"], stdout: "added: eggs\n")
    #expect(try String(contentsOfFile: marker, encoding: .utf8) == id, "the same household, as a file again")
    #expect(try scenario.grocery.run(["check"]).status == 0)
  }

  /// A damaged marker of a folder whose logs are gone is not promised back: the change after is refused, as a
  /// folder without logs may be anything, and the read says so (found by a review).
  @Test func aDamagedMarkerOfAFolderWithoutLogsIsSaidAsRefusingChanges() throws {
    try scenario.given(["add", "milk"])
    let logs = scenario.grocery.store + "/logs"
    for name in try FileManager.default.contentsOfDirectory(atPath: logs) {
      try FileManager.default.removeItem(atPath: logs + "/" + name)
    }
    try "garbage".write(toFile: scenario.grocery.store + "/household.json", atomically: true, encoding: .utf8)
    let list = try scenario.grocery.run(["list"])
    #expect(
      list.status == 0 && list.stderr.contains("changes are refused until household.json is copied"),
      "\(list)")
    #expect(try scenario.grocery.run(["add", "eggs"]).status == 65)
  }

  /// A marker larger than any grocery writes is damage too: said by reads, written back by the next change, where
  /// every change was refused (found by a trial).
  @Test func aMarkerLargerThanAnyGroceryWritesIsWrittenBackByTheNextChange() throws {
    try scenario.given(["add", "milk"])
    let marker = scenario.grocery.store + "/household.json"
    let id = try String(contentsOfFile: marker, encoding: .utf8)
    try (id + String(repeating: " ", count: 70_000)).write(toFile: marker, atomically: true, encoding: .utf8)
    let list = try scenario.grocery.run(["list"])
    #expect(list.status == 0 && list.stderr.contains("the next change writes it back"), "\(list)")
    try scenario.expect(["add", "eggs"], stdout: "added: eggs\n")
    #expect(try String(contentsOfFile: marker, encoding: .utf8) == id, "the same household, written back")
    #expect(try scenario.grocery.run(["check"]).status == 0)
  }

  @Test func aFIFOInPlaceOfThisMachinesLogIsLeftOutNotWaitedOn() throws {
    try scenario.given(["add", "milk"])
    let log = try ownLog()
    unlink(log)
    #expect(mkfifo(log, 0o600) == 0)
    let leftOut =
      "grocery: warning: '\(log)' is not a regular file (a link, a folder, a FIFO or a device): its machine's"
      + " changes are left out until it is one\n"
    let listed = try scenario.grocery.run(["list"])
    #expect(listed.status == 0 && listed.stdout == "Nothing on the list.\n", "\(listed)")
    #expect(listed.stderr.hasPrefix(leftOut), "\(listed)")
    let before = scenario.grocery.storeBytes()
    let added = try scenario.grocery.run(["add", "eggs"])
    #expect(added.status == 74, "\(added)")
    #expect(added.stderr.hasSuffix("grocery: error: cannot write '\(log)': it is not a regular file\n"))
    #expect(scenario.grocery.storeBytes() == before)
    let fifo = scenario.folder.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    try scenario.expect(
      ["--store", fifo, "list"],
      stderr: "grocery: error: cannot use '\(fifo)': it is not a folder (a household is a folder)\n",
      status: 74)
  }

  /// A link in place of this machine's log is said as what it is: left out by reads (not also said lost), and
  /// refused by a change as a link, with every file as it was.
  @Test func aLinkInPlaceOfThisMachinesLogIsSaidAsALink() throws {
    try scenario.given(["add", "milk"])
    let log = try ownLog()
    let kept = scenario.folder.file("kept.jsonl")
    #expect(rename(log, kept) == 0)
    #expect(symlink(kept, log) == 0)
    let leftOut =
      "grocery: warning: '\(log)' is not a regular file (a link, a folder, a FIFO or a device): its machine's"
      + " changes are left out until it is one\n"
    try scenario.expect(["list"], stdout: "Nothing on the list.\n", stderr: leftOut)
    let before = scenario.grocery.storeBytes()
    try scenario.expect(
      ["add", "eggs"],
      stderr: leftOut + "grocery: error: cannot write '\(log)': it is a link, not a regular file\n",
      status: 74)
    try scenario.expect(
      ["undo"], stderr: "grocery: error: cannot write '\(log)': it is a link, not a regular file\n",
      status: 74)
    #expect(scenario.grocery.storeBytes() == before)
  }

  /// A link in place of the lock file is never followed: a change is refused, and the file it names is not made.
  @Test func aLinkInPlaceOfTheLockIsRefusedAndNotFollowed() throws {
    try scenario.given(["add", "milk"])
    let lock = try scenario.grocery.household().stateFolder + "/lock"
    let target = scenario.folder.file("elsewhere")
    #expect(unlink(lock) == 0)
    #expect(symlink(target, lock) == 0)
    let before = scenario.grocery.storeBytes()
    try scenario.expect(
      ["add", "eggs"],
      stderr: "grocery: error: cannot open lock file '\(lock)': it is a link, not a regular file\n",
      status: 74)
    #expect(scenario.grocery.storeBytes() == before)
    #expect(!FileManager.default.fileExists(atPath: target))
  }

  /// Whatever a peer or a sync tool puts in place of another machine's log (a link to a device or to a log, a
  /// folder, a FIFO) is left out and said on every command, and named by `check`; every other log is still read
  /// and changes are still made.
  @Test func aPeersLogThatIsNotARegularFileIsLeftOutAndNothingElseStops() throws {
    try scenario.given(["add", "milk"])
    let logs = scenario.grocery.store + "/logs/"
    let own = try ownLog()
    #expect(symlink("/dev/zero", logs + "aaaaaaaaaaaaaaaa.jsonl") == 0)
    #expect(symlink(own, logs + "bbbbbbbbbbbbbbbb.jsonl") == 0)
    #expect(mkdir(logs + "cccccccccccccccc.jsonl", 0o700) == 0)
    #expect(mkfifo(logs + "dddddddddddddddd.jsonl", 0o600) == 0)
    let warnings = ["aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb", "cccccccccccccccc", "dddddddddddddddd"].map {
      "grocery: warning: '\(logs)\($0).jsonl' is not a regular file (a link, a folder, a FIFO or a device): its"
        + " machine's changes are left out until it is one\n"
    }.joined()
    try scenario.expect(
      ["list"], stdout: "Uncategorized\n  [ ] milk\n\n1 item to buy, 0 bought today\n", stderr: warnings)
    try scenario.expect(["add", "eggs"], stdout: "added: eggs\n", stderr: warnings)
    let checked = try scenario.grocery.run(["check"])
    #expect(checked.status == 65, "\(checked)")
    for machine in ["aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb", "cccccccccccccccc", "dddddddddddddddd"] {
      #expect(checked.stdout.contains("left out: \(logs)\(machine).jsonl"), "\(checked)")
    }
    #expect(checked.stdout.hasSuffix("\n4 problems\n"), "\(checked)")
  }

  @Test func aReadOnlyLogIsRefusedAndLeftAlone() throws {
    try scenario.given(["add", "milk"])
    let log = try ownLog()
    #expect(chmod(log, 0o400) == 0)
    let before = scenario.grocery.storeBytes()
    let outcome = try scenario.grocery.run(["add", "eggs"])
    #expect(outcome.status == 74, "\(outcome)")
    #expect(outcome.stderr.hasPrefix("grocery: error: cannot write '\(log)': "), "\(outcome)")
    #expect(scenario.grocery.storeBytes() == before)
    #expect(chmod(log, 0o600) == 0)
  }

  @Test func aRemovedLockChangesNothingAboutUndo() throws {
    try scenario.given(["add", "milk"], ["add", "eggs"])
    unlink(try scenario.grocery.household().stateFolder + "/lock")
    try scenario.expect(
      ["undo", "--list"], stdout: "1. add eggs  (2026-11-21 12:00)\n2. add milk  (2026-11-21 12:00)\n"
    )
    try scenario.expect(["undo"], stdout: "undid: add eggs\n")
    try scenario.expect(["list"], stdout: "Uncategorized\n  [ ] milk\n\n1 item to buy, 0 bought today\n")
  }

  @Test func strayFilesInTheHouseholdAreIgnoredAndNeverCrashIt() throws {
    try scenario.given(["add", "milk"])
    for name in [
      "9223372036854775807.jsonl", "0000000000000001.none", ".none", "notes.txt",
      "ffffffffffffffff.jsonl.bak",
    ] {
      try scenario.folder.write("household/logs/" + name, "junk")
    }
    try scenario.expect(["list"], stdout: "Uncategorized\n  [ ] milk\n\n1 item to buy, 0 bought today\n")
    try scenario.expect(["undo"], stdout: "undid: add milk\n")
    try scenario.expect(["list", "--all"], stdout: "No items yet.\n")
  }

  @Test func aStorePathEndingInASlashIsTheSameHousehold() throws {
    try scenario.expect(["--store", scenario.grocery.store + "/", "add", "milk"], stdout: "added: milk\n")
    try scenario.expect(["list"], stdout: "Uncategorized\n  [ ] milk\n\n1 item to buy, 0 bought today\n")
    try scenario.expect(["--store", scenario.grocery.store + "//", "undo"], stdout: "undid: add milk\n")
  }

  @Test func aRelativeStoreFromAFolderThatNoLongerExistsIsRefused() throws {
    let gone = scenario.folder.file("gone")
    let outcome = try scenario.grocery.shell(
      "mkdir '\(gone)' && cd '\(gone)' && rmdir '\(gone)' && \"$GROCERY\" --store rel add milk")
    #expect(outcome.status == 64, "\(outcome)")
    #expect(outcome.stderr.contains("it is relative and the current folder cannot be found"), "\(outcome)")
    #expect(!FileManager.default.fileExists(atPath: "/rel"))
  }

  @Test(.enabled(if: getuid() == 0, "needs root to act on another user's household"))
  func rootChangingAnotherUsersHouseholdLeavesItTheirs() throws {
    try scenario.given(["add", "milk"])
    let store = scenario.grocery.store
    for path in [store, store + "/logs", store + "/household.json", try ownLog()] {
      #expect(chown(path, 12345, 12345) == 0)
    }
    // Root is another machine of the household here: a new identity, so a new log, which must be the owner's.
    var root = scenario.grocery
    root.environment["HOME"] = scenario.folder.file("root-home")
    #expect(try root.run(["add", "eggs"]).status == 0)
    for name in try FileManager.default.contentsOfDirectory(atPath: store + "/logs") {
      let info = try FileManager.default.attributesOfItem(atPath: store + "/logs/" + name)
      #expect(info[.ownerAccountID] as? Int == 12345, "\(name)")
      #expect(info[.groupOwnerAccountID] as? Int == 12345, "\(name)")
    }
  }
}
