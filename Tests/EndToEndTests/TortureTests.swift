import Foundation
import GroceryCore
import TestSupport
import Testing

/// The store under many writers, sudden kills and a full disk, with the real binary.
@Suite struct TortureTests {
  let scenario = Scenario()

  func names() throws -> Set<String> {
    Set(try scenario.grocery.household().load().items.map(\.name))
  }

  /// How many logs end in a line whose write was cut short.
  func tornLogs() throws -> Int {
    let logs = scenario.grocery.store + "/logs"
    return try FileManager.default.contentsOfDirectory(atPath: logs).filter { name in
      let bytes = FileManager.default.contents(atPath: logs + "/" + name) ?? Data()
      return !bytes.isEmpty && bytes.last != 0x0A
    }.count
  }

  @Test func eightWritersOfFiftyAddsEachLoseNothing() throws {
    let failures = Failures()
    DispatchQueue.concurrentPerform(iterations: 8) { writer in
      for n in 0..<50 {
        do {
          let outcome = try scenario.grocery.run(["add", "item-\(writer)-\(n)", "--quiet"])
          if outcome.status != 0 { failures.add("item-\(writer)-\(n): \(outcome)") }
        } catch {
          failures.add("\(error)")
        }
      }
    }
    #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")
    let expected = Set((0..<8).flatMap { w in (0..<50).map { "item-\(w)-\($0)" } })
    #expect(try names() == expected)
  }

  /// Users who share a version-1 store on one computer, each with a state folder of their own, and run grocery at
  /// the same moment for the first time after upgrading: one of them migrates it, and every purchase is there
  /// once, where each migrated it and every purchase was doubled.
  @Test func usersMigratingOneVersionOneStoreAtOnceMigrateItOnce() throws {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../GroceryCoreTests/Fixtures/store-v1.json")
    let file = scenario.folder.file("food.json")
    for round in 0..<3 {
      for path in [scenario.folder.file("food"), file] where FileManager.default.fileExists(atPath: path) {
        try FileManager.default.removeItem(atPath: path)
      }
      try FileManager.default.copyItem(at: fixture, to: URL(fileURLWithPath: file))
      let users = (0..<4).map { user in
        var process = scenario.grocery
        process.environment["HOME"] = scenario.folder.file("home-\(round)-\(user)")
        process.environment["GROCERY_STORE"] = file
        return process
      }
      let running = try users.map { try $0.start(["list"]) }
      for process in running {
        let outcome = process.wait()
        #expect(outcome.status == 0, "round \(round): \(outcome)")
      }
      let logs = try FileManager.default.contentsOfDirectory(atPath: scenario.folder.file("food/logs"))
      #expect(logs.count == 1, "round \(round): \(logs)")
      let history = try users[0].run(["history"])
      #expect(history.stdout.split(separator: "\n").count == 2, "\(history)")
    }
  }

  /// The first changes on a new machine made at once (a person and a cron job, on first use), where nothing
  /// exists yet, not even `~/.local`: every one is kept, under one identity, in one log.
  @Test func firstChangesMadeAtOnceOnANewMachineAreAllKeptInOneLog() throws {
    for round in 0..<40 {
      let home = TemporaryDirectory()
      var process = GroceryProcess(folder: home.path)
      process.environment["GROCERY_STORE"] = nil
      let grocery = process
      let failures = Failures()
      DispatchQueue.concurrentPerform(iterations: 4) { n in
        do {
          let outcome = try grocery.run(["add", "first-\(n)", "--quiet"])
          if outcome.status != 0 { failures.add("round \(round), add \(n): \(outcome)") }
        } catch {
          failures.add("\(error)")
        }
      }
      #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")
      let logs = home.path + "/.local/share/grocery/household/logs"
      #expect(try FileManager.default.contentsOfDirectory(atPath: logs).count == 1, "round \(round)")
      #expect(
        try grocery.run(["names", "items"]).stdout == "first-0\nfirst-1\nfirst-2\nfirst-3\n", "round \(round)"
      )
    }
  }

  @Test func killingAWriterAtAnyMomentNeverBreaksTheStore() throws {
    try scenario.given(["init", "--sample"])
    // Time a few uninterrupted writes, then kill at moments spread around the end of one, where it writes.
    var durations: [UInt32] = []
    for n in 0..<5 {
      let start = ContinuousClock.now
      try scenario.given(["add", "warm-up-\(n)"])
      let elapsed = ContinuousClock.now - start
      durations.append(
        UInt32(elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000))
    }
    let typical = durations.sorted()[2]
    var committed = try names()
    var random = SeededRandom(seed: 9)
    var killedMidway = 0
    var interruptedWrites = 0
    for run in 0..<100 {
      let name = "crash-\(run)"
      let running = try scenario.grocery.start(["add", name, "-n", String(repeating: "n", count: 400)])
      usleep(UInt32.random(in: typical / 3...typical * 11 / 10, using: &random))
      kill(running.process.processIdentifier, SIGKILL)
      let outcome = running.wait()
      if outcome.status == 0 {
        committed.insert(name)
      } else {
        killedMidway += 1
      }
      if try tornLogs() > 0 { interruptedWrites += 1 }
      let present = try names()
      #expect(committed.isSubset(of: present), "run \(run): a reported change is missing")
      committed.formUnion(present)
    }
    #expect(killedMidway > 0, "no run was killed before it finished; the test proved nothing")
    print(
      "crash test: \(killedMidway) of 100 runs killed, \(interruptedWrites) times with a line half written")
    let list = try scenario.grocery.run(["list", "--all"])
    #expect(list.status == 0)
    // The next change cleans up a half-written line before it appends its own.
    try scenario.given(["add", "after-the-crashes"])
    #expect(try tornLogs() == 0)
    #expect(try names().isSuperset(of: committed.union(["after-the-crashes"])))
  }

  @Test(.enabled(if: TinyDisk.available, "needs root and a tmpfs mount (\(TinyDisk.reason))"))
  func aFullDiskFailsCleanlyAndLeavesTheStoreByteIdentical() throws {
    let disk = try TinyDisk()
    defer { disk.unmount() }
    let grocery = GroceryProcess(folder: disk.path)
    #expect(try grocery.run(["add", "milk"]).status == 0)
    let before = try #require(grocery.storeBytes())
    try disk.fill(leaving: 2048)
    let names = (0..<300).map { "item number \($0) with a longish name" }.joined(separator: "\n")
    let outcome = try grocery.run(["add", "-"], stdin: names)
    #expect(outcome.status == 74, "\(outcome)")
    #expect(outcome.stderr.hasPrefix("grocery: error: cannot write '\(grocery.store)/logs/"), "\(outcome)")
    #expect(outcome.stderr.hasSuffix(".jsonl': no space left on device\n"), "\(outcome)")
    #expect(grocery.storeBytes() == before)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: disk.path).filter {
      $0.contains(".tmp-")
    }
    #expect(leftovers.isEmpty)
    disk.emptyFiller()
    #expect(
      try grocery.run(["list"]).stdout == "Uncategorized\n  [ ] milk\n\n1 item to buy, 0 bought today\n")
  }

  @Test(.enabled(if: TinyDisk.available, "needs root and a tmpfs mount (\(TinyDisk.reason))"))
  func aNewHouseholdOnAFullDiskLeavesThisMachineNoIdentity() throws {
    // The household is made on a full disk; this machine's state folder is elsewhere, with room.
    let disk = try TinyDisk()
    defer { disk.unmount() }
    try disk.fill(leaving: 0)
    let home = TemporaryDirectory()
    let grocery = machine(of: disk, at: home)
    let outcome = try grocery.run(["add", "milk"])
    #expect(outcome.status == 74, "\(outcome)")
    #expect(identities(at: home).isEmpty)
    disk.emptyFiller()
    #expect(try grocery.run(["add", "milk"]).status == 0)
    #expect(
      try grocery.run(["list"]).stdout == "Uncategorized\n  [ ] milk\n\n1 item to buy, 0 bought today\n")
  }

  @Test(.enabled(if: TinyDisk.available, "needs root and a tmpfs mount (\(TinyDisk.reason))"))
  func aNewMachinesChangeOnAFullDiskLeavesTheHouseholdAsItWasAndNoIdentity() throws {
    // A household on a disk that fills up; a second machine (its state folder elsewhere) makes its first change.
    let disk = try TinyDisk()
    defer { disk.unmount() }
    let firstHome = TemporaryDirectory()
    let first = machine(of: disk, at: firstHome)
    #expect(try first.run(["add", "milk"]).status == 0)
    let before = try #require(first.storeBytes())
    try disk.fill(leaving: 0)
    let home = TemporaryDirectory()
    let outcome = try machine(of: disk, at: home).run(["buy", "milk"])
    #expect(outcome.status == 74, "\(outcome)")
    #expect(first.storeBytes() == before, "no empty log of the second machine is left")
    #expect(identities(at: home).isEmpty)
  }

  /// A version-1 store migrated on a disk that fills up leaves no household folder beside it (an empty one hid the
  /// store from every later command, found by a trial): a change fails with exit 74, a read shows the old file as it
  /// stands and says why it is not migrated; with room, the next command migrates.
  @Test(.enabled(if: TinyDisk.available, "needs root and a tmpfs mount (\(TinyDisk.reason))"))
  func aMigrationOnAFullDiskLeavesNoHouseholdAndIsDoneWhenThereIsRoom() throws {
    let disk = try TinyDisk()
    defer { disk.unmount() }
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../GroceryCoreTests/Fixtures/store-v1.json")
    let file = disk.path + "/food.json"
    try FileManager.default.copyItem(at: fixture, to: URL(fileURLWithPath: file))
    let home = TemporaryDirectory()
    var grocery = GroceryProcess(folder: home.path)
    grocery.environment["GROCERY_STORE"] = file
    try disk.fill(leaving: 0)
    let outcome = try grocery.run(["add", "tea"])
    #expect(outcome.status == 74, "\(outcome)")
    #expect(!FileManager.default.fileExists(atPath: disk.path + "/food"))
    let read = try grocery.run(["list"])
    #expect(read.status == 0 && read.stdout.contains("  [ ] Kale x2\n"), "\(read)")
    #expect(read.stderr.contains("is read as it stands") && read.stderr.contains("no space left on device"))
    #expect(!FileManager.default.fileExists(atPath: disk.path + "/food"))
    disk.emptyFiller()
    let list = try grocery.run(["list"])
    #expect(list.status == 0, "\(list)")
    #expect(list.stdout.contains("  [ ] Kale x2\n"), "\(list)")
    #expect(list.stderr.hasPrefix("grocery: migrated"), "\(list)")
  }

  /// A damaged cache bigger than the room left beside it is rebuilt all the same, in its place, where every
  /// command read every log whole and `check` failed until it was deleted by hand (found by a trial).
  @Test(.enabled(if: TinyDisk.available, "needs root and a tmpfs mount (\(TinyDisk.reason))"))
  func aDamagedCacheIsRebuiltWhereThereIsNoRoomBesideIt() throws {
    let disk = try TinyDisk()
    defer { disk.unmount() }
    var grocery = scenario.grocery
    grocery.environment["XDG_STATE_HOME"] = disk.path + "/state"
    let names = (0..<300).map { "item \($0)" }.joined(separator: "\n")
    #expect(try grocery.run(["add", "-"], stdin: names).status == 0)
    let state = disk.path + "/state/grocery"
    let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: state).first)
    let cache = state + "/" + folder + "/cache.sqlite"
    for suffix in ["", "-wal", "-shm"] { unlink(cache + suffix) }
    var junk = SeededRandom(seed: 7)
    try Data((0..<600_000).map { _ in UInt8.random(in: 0...255, using: &junk) }).write(
      to: URL(fileURLWithPath: cache))
    try disk.fill(leaving: 100_000)
    let list = try grocery.run(["list"])
    #expect(list.status == 0 && list.stdout.hasSuffix("300 items to buy, 0 bought today\n"), "\(list)")
    let header = try #require(FileManager.default.contents(atPath: cache)).prefix(16)
    #expect(header == Data("SQLite format 3\0".utf8))
    let check = try grocery.run(["check"])
    #expect(check.status == 0 && check.stdout.hasSuffix("all is well\n"), "\(check)")
  }

  /// A machine whose household is on the tiny disk and whose HOME (and state folder) is `home`, elsewhere.
  func machine(of disk: TinyDisk, at home: TemporaryDirectory) -> GroceryProcess {
    var grocery = GroceryProcess(folder: home.path)
    grocery.environment["GROCERY_STORE"] = disk.path + "/household"
    return grocery
  }

  /// The machine identities kept in state folders under `home`.
  func identities(at home: TemporaryDirectory) -> [String] {
    let state = home.path + "/.local/state/grocery"
    return ((try? FileManager.default.contentsOfDirectory(atPath: state)) ?? []).map {
      state + "/" + $0 + "/identity.json"
    }.filter { FileManager.default.fileExists(atPath: $0) }
  }

  @Test func twoRestocksStartedTogetherAddEachDueStapleExactlyOnce() throws {
    try scenario.given(["staple", "milk", "eggs", "flour"])
    for day in ["2026-11-07", "2026-11-14"] {
      try scenario.given(["purchase", "milk", "eggs", "flour", "--on", day])
    }
    try scenario.given(["purchase", "flour", "--on", "2026-11-20"])
    let first = try scenario.grocery.start(["restock", "--due"])
    let second = try scenario.grocery.start(["restock", "--due"])
    let outcomes = [first.wait(), second.wait()]
    #expect(outcomes.allSatisfy { $0.status == 0 }, "\(outcomes)")
    let added = outcomes.flatMap { $0.stdout.split(separator: "\n") }.filter { $0.hasPrefix("added: ") }
    #expect(added.sorted() == ["added: eggs", "added: milk"])
    let list = try scenario.grocery.run(["list"])
    #expect(list.stdout == "Uncategorized\n  [ ] eggs\n  [ ] milk\n\n2 items to buy, 0 bought today\n")
  }
}

/// Collects failures from concurrent work.
final class Failures: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [String] = []

  func add(_ text: String) {
    lock.lock()
    defer { lock.unlock() }
    items.append(text)
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return items
  }
}

/// A 1 MiB tmpfs mounted for one test.
struct TinyDisk {
  let folder = TemporaryDirectory()
  var path: String { folder.path }

  static let (available, reason): (Bool, String) = {
    guard getuid() == 0 else { return (false, "not running as root") }
    let probe = TemporaryDirectory()
    guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe.path]) == 0 else {
      return (false, "mount -t tmpfs failed")
    }
    _ = run("/bin/umount", [probe.path])
    return (true, "")
  }()

  init() throws {
    guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m,mode=0700", "tmpfs", folder.path]) == 0 else {
      throw CocoaError(.fileWriteUnknown)
    }
  }

  /// Fills the disk so that only about `bytes` are free.
  func fill(leaving bytes: Int) throws {
    var info = statvfs()
    _ = statvfs(path, &info)
    let free = Int(info.f_bavail) * Int(info.f_bsize)
    _ = FileManager.default.createFile(atPath: path + "/filler", contents: Data(count: max(0, free - bytes)))
  }

  func emptyFiller() { unlink(path + "/filler") }

  func unmount() { _ = Self.run("/bin/umount", [path]) }

  @discardableResult
  static func run(_ tool: String, _ arguments: [String]) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
      process.waitUntilExit()
      return process.terminationStatus
    } catch {
      return -1
    }
  }
}
