import Foundation
import GroceryCore
import TestSupport
import Testing

/// Where this machine's state lives and who owns it: a store path that is a dangling link, root acting with the
/// owner's state folder, and a file where the state folder should be.
@Suite struct StateFolderTests {
  let scenario = Scenario()

  @Test func aDanglingSymbolicLinkAsTheStoreMakesTheHouseholdWhereItPoints() throws {
    let link = scenario.folder.file("link")
    let target = scenario.folder.file("elsewhere/household")
    #expect(symlink(target, link) == 0)
    try scenario.expect(["--store", link, "add", "milk"], stdout: "added: milk\n")
    #expect(FileManager.default.fileExists(atPath: target + "/household.json"))
    try scenario.expect(
      ["--store", target, "list"], stdout: "Uncategorized\n  [ ] milk\n\n1 item to buy, 0 bought today\n")
    try scenario.expect(["--store", link, "undo"], stdout: "undid: add milk\n")
  }

  @Test func undoWithAFileWhereTheStateFolderShouldBeGivesTheErrorAddGives() throws {
    let blocker = scenario.folder.file("state")
    try scenario.folder.write("state", "")
    var grocery = scenario.grocery
    grocery.environment["XDG_STATE_HOME"] = blocker
    let added = try grocery.run(["add", "milk"])
    #expect(added.status == 74)
    #expect(added.stderr.hasPrefix("grocery: error: cannot read '\(blocker)/grocery/"), "\(added)")
    #expect(try grocery.run(["undo"]) == added)
    #expect(try grocery.run(["undo", "--list"]) == added)
  }

  @Test func anIdentitySavedWithAByteOrderMarkIsStillThisMachine() throws {
    try scenario.given(["add", "milk"])
    let household = try scenario.grocery.household()
    let identity = household.stateFolder + "/identity.json"
    // Saved by an editor that starts a file with a byte-order mark (Windows Notepad).
    let saved = try Data(contentsOf: URL(fileURLWithPath: identity))
    try (Data([0xEF, 0xBB, 0xBF]) + saved).write(to: URL(fileURLWithPath: identity))
    let logs = try FileManager.default.contentsOfDirectory(atPath: household.folder + "/logs")
    try scenario.expect(["add", "eggs"], stdout: "added: eggs\n")
    try scenario.expect(["undo"], stdout: "undid: add eggs\n")
    try scenario.expect(["undo"], stdout: "undid: add milk\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: household.folder + "/logs") == logs)
  }

  @Test func anIdentityWhoseNameWasEmptiedByHandIsNamedAsTheFault() throws {
    try scenario.given(["add", "milk"])
    let identity = try scenario.grocery.household().stateFolder + "/identity.json"
    let saved = try String(contentsOfFile: identity, encoding: .utf8)
    let name = try #require(saved.firstRange(of: /"name":"[^"]*"/))
    try saved.replacingCharacters(in: name, with: "\"name\":\"\"").write(
      toFile: identity, atomically: false, encoding: .utf8)
    let before = scenario.grocery.storeBytes()
    try scenario.expectRefused(
      ["add", "eggs"],
      stderr:
        "grocery: error: cannot read store '\(identity)': \"name\": expected a machine name, but it is empty\n",
      status: 65)
    #expect(scenario.grocery.storeBytes() == before)
  }

  /// What `check` says when it cannot read this machine's cache, naming it with SQLite's reason.
  func unreadCache(_ state: String, _ reason: String) -> String {
    "grocery: warning: this machine's cache '\(state)/cache.sqlite' cannot be used (\(reason)); every command"
      + " reads every log whole, and whether this machine's log lost changes is not checked\n"
  }

  /// A state folder that cannot be written, with no cache in it yet: `check` names the cache it cannot make, once
  /// (found by a trial: it said nothing, on a full disk or a read-only mount).
  @Test(.enabled(if: ReadOnlyFolder.available, "\(ReadOnlyFolder.reason)"))
  func aCacheThatCannotBeMadeIsNamedByCheck() throws {
    try scenario.given(["add", "milk"])
    let state = try scenario.grocery.household().stateFolder
    for name in try FileManager.default.contentsOfDirectory(atPath: state)
    where name.hasPrefix("cache.sqlite") {
      try FileManager.default.removeItem(atPath: state + "/" + name)
    }
    let folder = try ReadOnlyFolder(state)
    defer { folder.restore() }
    let check = try scenario.grocery.run(["check"])
    #expect(check.status == 0 && check.stdout.hasSuffix("\nall is well\n"), "\(check)")
    #expect(
      check.stderr.hasPrefix(
        "grocery: warning: this machine's cache '\(state)/cache.sqlite' cannot be used (")
        && check.stderr.hasSuffix("); every command reads every log whole\n")
        && check.stderr.split(separator: "\n").count == 1, "\(check)")
  }

  @Test func aCacheThatCannotBeOpenedIsNamedByCheckAndEveryReadGoesOnFromTheLogs() throws {
    try scenario.given(["add", "milk"], ["purchase", "milk"])
    let state = try scenario.grocery.household().stateFolder
    for name in try FileManager.default.contentsOfDirectory(atPath: state)
    where name.hasPrefix("cache.sqlite") {
      try FileManager.default.removeItem(atPath: state + "/" + name)
    }
    // A folder that holds a file: not grocery's to take away.
    #expect(mkdir(state + "/cache.sqlite", 0o700) == 0)
    try scenario.folder.write("kept", "")
    #expect(rename(scenario.folder.file("kept"), state + "/cache.sqlite/kept") == 0)
    let check = try scenario.grocery.run(["check"])
    #expect(check.status == 0 && check.stdout.hasSuffix("\nall is well\n"), "\(check)")
    #expect(check.stderr == unreadCache(state, "unable to open database file"), "\(check)")
    #expect(FileManager.default.fileExists(atPath: state + "/cache.sqlite/kept"))
    try scenario.expect(["list", "--purchased"], stdout: "Bought today\n  [x] milk\n\n1 bought today\n")
    try scenario.expect(["history"], stdout: "2026-11-21 milk\n")
    try scenario.expect(
      ["undo", "--list"], stdout: "1. purchase milk  (2026-11-21 12:00)\n2. add milk  (2026-11-21 12:00)\n")
    #expect(try scenario.grocery.run(["stats"]).status == 0)
  }

  /// A FIFO or an empty folder in the cache's place holds nothing: the next command makes the cache there, where
  /// it was never replaced and every command read every log whole without a word (found by a trial).
  @Test(arguments: ["fifo", "folder", "link"])
  func aFIFOOrAnEmptyFolderInTheCachesPlaceIsReplaced(kind: String) throws {
    try scenario.given(["add", "milk"], ["purchase", "milk"])
    let state = try scenario.grocery.household().stateFolder
    for name in try FileManager.default.contentsOfDirectory(atPath: state)
    where name.hasPrefix("cache.sqlite") {
      try FileManager.default.removeItem(atPath: state + "/" + name)
    }
    let cache = state + "/cache.sqlite"
    switch kind {
    case "fifo": #expect(mkfifo(cache, 0o600) == 0)
    case "folder": #expect(mkdir(cache, 0o700) == 0)
    default:
      // A link to a FIFO (found by a review).
      #expect(mkfifo(state + "/elsewhere", 0o600) == 0)
      #expect(symlink(state + "/elsewhere", cache) == 0)
    }
    try scenario.expect(["list", "--purchased"], stdout: "Bought today\n  [x] milk\n\n1 bought today\n")
    var info = stat()
    #expect(lstat(cache, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
    let check = try scenario.grocery.run(["check"])
    #expect(
      check.status == 0 && check.stdout.hasSuffix("\nall is well\n") && check.stderr.isEmpty, "\(check)")
  }

  /// A state folder that cannot be written, its cache already there: `check` and every read go on from the logs,
  /// and a change is refused naming the file, with nothing changed.
  @Test(.enabled(if: ReadOnlyFolder.available, "\(ReadOnlyFolder.reason)"))
  func aReadOnlyStateFolderWithACacheLeavesCheckAndReadsWorking() throws {
    try scenario.given(["add", "milk"], ["purchase", "milk"])
    let state = try scenario.grocery.household().stateFolder
    let before = try #require(scenario.grocery.storeBytes())
    let folder = try ReadOnlyFolder(state)
    defer { folder.restore() }
    let check = try scenario.grocery.run(["check"])
    #expect(check.status == 0 && check.stdout.hasSuffix("\nall is well\n"), "\(check)")
    #expect(check.stderr == unreadCache(state, folder.sqliteReason), "\(check)")
    try scenario.expect(["list", "--purchased"], stdout: "Bought today\n  [x] milk\n\n1 bought today\n")
    try scenario.expect(["history"], stdout: "2026-11-21 milk\n")
    if folder.isMount {
      try scenario.expect(
        ["add", "eggs"],
        stderr: "grocery: error: cannot open lock file '\(state)/lock': read-only file system\n", status: 74)
    }
    #expect(scenario.grocery.storeBytes() == before)
  }

  /// A umask that takes the owner's own bits (`umask 0222`, `umask 0777`) leaves grocery's folders 0700 and its
  /// files 0600, `~/.local` among them: it made a log it could not append to, and folders nothing could write
  /// into after the mask was put back (found by a trial). What the mask keeps from others it still keeps.
  @Test(arguments: ["0222", "0777", "0577"])
  func aMaskTakingTheOwnersBitsLeavesTheOwnersModes(mask: String) throws {
    let home = scenario.folder.file("home")
    #expect(mkdir(home, 0o700) == 0)
    let environment = ["HOME": home, "GROCERY_STORE": ""]
    let added = try scenario.grocery.shell("umask \(mask); \"$GROCERY\" add milk", extra: environment)
    #expect(added == Outcome(stdout: "added: milk\n"))
    let made = try FileManager.default.subpathsOfDirectory(atPath: home + "/.local")
    #expect(made.contains { $0.hasSuffix(".jsonl") } && made.contains { $0.hasSuffix("identity.json") })
    for path in [""] + made {
      var info = stat()
      #expect(lstat(home + "/.local/" + path, &info) == 0)
      let folder = info.st_mode & S_IFMT == S_IFDIR
      #expect(
        info.st_mode & 0o777 == (folder ? 0o700 : 0o600), "\(path): \(String(info.st_mode & 0o777, radix: 8))"
      )
    }
    let bought = try scenario.grocery.shell("umask \(mask); \"$GROCERY\" purchase milk", extra: environment)
    #expect(bought == Outcome(stdout: "bought: milk\n"))
  }

  /// Root (`sudo -E`) keeps the owner's XDG_STATE_HOME: the state it makes is the owner's, who then goes on.
  @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
  func rootWithTheOwnersStateFolderLeavesItTheOwners() throws {
    let home = scenario.folder.file("owner")
    #expect(mkdir(home, 0o700) == 0)
    #expect(chown(home, 65534, 65534) == 0)
    #expect(chmod(scenario.folder.path, 0o755) == 0)
    let environment = ["HOME": home, "GROCERY_STORE": home + "/household"]
    #expect(try scenario.grocery.run(["add", "milk"], extra: environment).status == 0)
    let state = try FileManager.default.subpathsOfDirectory(atPath: home + "/.local")
    for path in state where !path.hasPrefix("state/grocery/") || !path.contains("cache.sqlite") {
      let info = try FileManager.default.attributesOfItem(atPath: home + "/.local/" + path)
      #expect(info[.ownerAccountID] as? Int == 65534, "\(path)")
    }
    let owner = "/usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups "
    let added = try scenario.grocery.shell(owner + "\"$GROCERY\" add eggs", extra: environment)
    #expect(added == Outcome(stdout: "added: eggs\n"))
    let undone = try scenario.grocery.shell(owner + "\"$GROCERY\" undo", extra: environment)
    #expect(undone == Outcome(stdout: "undid: add eggs\n"))
    // The mirrors' state, their earlier editions, the warnings remembered and the mirror itself are the owner's
    // too (found by a review: the owner's every command warned that it could not read the mirrors, and `mirror`
    // failed).
    let mirror = home + "/list.md"
    #expect(try scenario.grocery.run(["mirror", "add", mirror], extra: environment).status == 0)
    let peer = home + "/household/logs/0123456789abcdef.jsonl"
    #expect(FileManager.default.createFile(atPath: peer, contents: Data("not json\n".utf8)))
    #expect(chown(peer, 65534, 65534) == 0)
    #expect(try scenario.grocery.run(["--quiet", "add", "tea"], extra: environment).status == 0)
    let made = try FileManager.default.subpathsOfDirectory(atPath: home)
    #expect(
      made.contains { $0.hasSuffix("/mirror-editions.json") } && made.contains { $0.hasSuffix("/warned") })
    for path in made where !path.contains("cache.sqlite") {
      let info = try FileManager.default.attributesOfItem(atPath: home + "/" + path)
      #expect(info[.ownerAccountID] as? Int == 65534, "\(path)")
    }
    let mirrors = try scenario.grocery.shell(owner + "\"$GROCERY\" mirror", extra: environment)
    #expect(mirrors.status == 0 && mirrors.stderr.isEmpty, "\(mirrors)")
    #expect(mirrors.stdout.contains(mirror), "\(mirrors)")
    // One an earlier root run left root's is the owner's again once root writes it.
    let kept = try #require(made.first { $0.hasSuffix("/mirrors.json") })
    #expect(chown(home + "/" + kept, 0, 0) == 0)
    #expect(try scenario.grocery.run(["add", "jam"], extra: environment).status == 0)
    let owned = try FileManager.default.attributesOfItem(atPath: home + "/" + kept)
    #expect(owned[.ownerAccountID] as? Int == 65534)
  }
}

/// A folder made read-only for one test: by its mode, or for root, whom a mode does not stop, by mounting it on
/// itself read-only.
struct ReadOnlyFolder {
  let path: String
  let isMount: Bool

  static let (available, reason): (Bool, String) = {
    guard getuid() == 0 else { return (true, "") }
    let probe = TemporaryDirectory()
    guard TinyDisk.run("/bin/mount", ["--bind", probe.path, probe.path]) == 0 else {
      return (false, "needs a read-only bind mount as root, and mount --bind failed")
    }
    _ = TinyDisk.run("/bin/umount", [probe.path])
    return (true, "")
  }()

  init(_ path: String) throws {
    self.path = path
    isMount = getuid() == 0
    if isMount {
      guard TinyDisk.run("/bin/mount", ["--bind", path, path]) == 0 else {
        throw CocoaError(.fileWriteUnknown)
      }
      guard TinyDisk.run("/bin/mount", ["-o", "remount,ro,bind", path]) == 0 else {
        restore()
        throw CocoaError(.fileWriteUnknown)
      }
    } else if chmod(path, 0o500) != 0 {
      throw CocoaError(.fileWriteNoPermission)
    }
  }

  /// What SQLite says when it cannot open the cache there: a read-only file system refuses its shared-memory
  /// file, and a folder of mode 0500 lets it open the file but not write it.
  var sqliteReason: String {
    isMount ? "unable to open database file" : "attempt to write a readonly database"
  }

  func restore() {
    if isMount { TinyDisk.run("/bin/umount", [path]) } else { chmod(path, 0o700) }
  }
}
