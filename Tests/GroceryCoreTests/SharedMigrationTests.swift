import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// Two machines that each migrated their own copy of one version-1 store, then came to share one household: each
/// purchase the store held counts once, however the logs came together and whichever migration is taken back.
@Suite struct SharedMigrationTests {
  let folder = TemporaryDirectory()

  /// The fixture's store, with `extra` purchases more of its first item that has any, the same as its last; with
  /// `changedLater`, its last change a day later (a copy used once more); with `item`, an item more of that name;
  /// with `boughtOn`, one purchase more of that first item on that day.
  func store(extra: Int = 0, changedLater: Bool = false, item: String? = nil, boughtOn: String? = nil) throws
    -> Data
  {
    let url = try #require(
      Bundle.module.url(forResource: "store-v1", withExtension: "json", subdirectory: "Fixtures"))
    var object = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    var items = try #require(object["items"] as? [[String: Any]])
    let first = try #require(items.firstIndex { ($0["purchases"] as? [Any])?.isEmpty == false })
    var purchases = try #require(items[first]["purchases"] as? [[String: Any]])
    // On the day of its last, of the same quantity: each copy counts as many of those as it holds.
    let last = try #require(purchases.last)
    purchases += Array(repeating: last, count: extra)
    if let boughtOn { purchases.append(["date": boughtOn, "quantity": last["quantity"] ?? 1]) }
    items[first]["purchases"] = purchases
    if let item {
      var added = items[first]
      added["id"] = "0D1C2B3A-0000-4000-8000-000000000001"
      added["name"] = item
      items.append(added)
    }
    object["items"] = items
    if changedLater { object["change"] = ["at": "2026-11-21T18:30:00Z", "summary": "purchase Kale"] }
    return try JSONSerialization.data(withJSONObject: object)
  }

  /// A machine of its own, with its own copy of a version-1 store in its own folder, and its household there.
  func machine(_ name: String) -> HouseholdStore {
    HouseholdStore(
      path: folder.file(name + "/grocery"), folder: folder.file(name + "/grocery"),
      legacyFile: folder.file(name + "/grocery.json"), stateFolder: folder.file("state-" + name),
      defaultMachineName: name)
  }

  /// The same machine using another's household folder, as after a sync: its own state folder and identity.
  func machine(_ name: String, sharing other: String) -> HouseholdStore {
    HouseholdStore(
      path: folder.file(other + "/grocery"), folder: folder.file(other + "/grocery"),
      stateFolder: folder.file("state-" + name), defaultMachineName: name)
  }

  /// Migrates a copy of the store on a machine of its own.
  func migrate(_ name: String, _ data: Data) throws -> HouseholdStore {
    try FileManager.default.createDirectory(atPath: folder.file(name), withIntermediateDirectories: true)
    try data.write(to: URL(fileURLWithPath: folder.file(name + "/grocery.json")))
    let store = machine(name)
    _ = try store.load()
    return store
  }

  /// Copies a machine's logs into another's household folder, as a sync does.
  func copyLogs(from: HouseholdStore, to: HouseholdStore) throws {
    for (log, _) in try from.logFiles() {
      try FileManager.default.copyItem(
        atPath: from.logsFolder + "/" + log + ".jsonl", toPath: to.logsFolder + "/" + log + ".jsonl")
    }
  }

  /// How many purchases each item has, by name, over its whole history.
  func purchases(_ store: HouseholdStore) throws -> [String: Int] {
    Dictionary(uniqueKeysWithValues: try store.loadHistory().items.map { ($0.name, $0.purchases.count) })
  }

  /// What the store itself holds, by name.
  func held(_ data: Data) throws -> [String: Int] {
    let groceries = try StoreCodec.decode(data, path: "store").groceries
    return Dictionary(uniqueKeysWithValues: groceries.items.map { ($0.name, $0.purchases.count) })
  }

  @Test func aSecondMigrationOfTheSameStoreCountsEachPurchaseOnceInEveryWayOfReading() throws {
    let data = try store()
    let expected = try held(data)
    #expect(expected.values.reduce(0, +) > 1)
    let alice = try migrate("alice", data)
    let bob = try migrate("bob", data)
    // Alice's cache has read her own migration: Bob's arrives after it.
    #expect(try purchases(alice) == expected)
    try copyLogs(from: bob, to: alice)
    #expect(try purchases(alice) == expected)
    #expect(try alice.load().items.map(\.timesBought) == alice.loadHistory().items.map(\.purchases.count))
    #expect(try alice.check(now: Fixed.now).cache == nil, "the cache caught up holds what a rebuild would")
    // Rebuilt from the logs, and from a cache that read Bob's log first.
    unlink(alice.cachePath)
    #expect(try purchases(alice) == expected)
    let bobHere = machine("bob", sharing: "alice")
    #expect(try purchases(bobHere) == expected)
    #expect(try bobHere.load() == alice.load())
  }

  /// A category or store the first migration made, renamed or removed there afterwards, stays so when another
  /// machine's migration of a copy of the store arrives, on both machines: both migrations gave it one id, made
  /// from its name, where each gave its own and the other's came back (a removed store), or split in two with the
  /// items in the old name (found by a trial).
  @Test func aCategoryOrStoreChangedAfterOneMigrationStaysChangedWhenAnotherArrives() throws {
    var object = try #require(try JSONSerialization.jsonObject(with: store()) as? [String: Any])
    var items = try #require(object["items"] as? [[String: Any]])
    let stamps = try #require(items.firstIndex { $0["name"] as? String == "Stamps" })
    items[stamps]["category"] = "Pharmacy"
    object["items"] = items
    let data = try JSONSerialization.data(withJSONObject: object)
    let alice = try migrate("alice", data)
    try alice.update(summary: { _ in "rename category Pharmacy" }, now: Fixed.now) {
      _ = try $0.renameCategory("Pharmacy", to: "Chemist")
    }
    try alice.update(summary: { _ in "remove location Farmers Market" }, now: Fixed.now + 60) {
      _ = try $0.removeLocation("Farmers Market", now: Fixed.now + 60)
    }
    let bob = try migrate("bob", data)
    for (from, to) in [(alice, bob), (bob, alice)] {
      let own = try from.identity().id + ".jsonl"
      try FileManager.default.copyItem(atPath: from.logsFolder + "/" + own, toPath: to.logsFolder + "/" + own)
    }
    for store in [alice, bob] {
      let groceries = try store.load()
      #expect(
        groceries.categories.filter { $0.name == "Chemist" || $0.name == "Pharmacy" }.map(\.name) == [
          "Chemist"
        ])
      #expect(groceries.locations.isEmpty, "\(groceries.locations)")
      #expect(groceries.items.first { $0.name == "Stamps" }?.category == "Chemist")
      #expect(groceries.items.first { $0.name == "Kale" }?.locations == [])
    }
  }

  /// Imports a version-1 store's copy on a machine, as `grocery import grocery.json` does.
  func importCopy(_ data: Data, on store: HouseholdStore, at time: Date) throws {
    let document = try Importer.read([ImportFile(name: "grocery.json", bytes: Array(data))])
    let history = try store.loadHistory(document.scope)
    _ = try store.update(document.scope, summary: { _ in "import grocery.json" }, now: time) {
      $0.importing(document, today: Fixed.today, now: time, history: history, newID: UUID.init)
    }
  }

  /// A copy of the store that went on recording a purchase, imported on the machine that migrated first (a machine
  /// still on grocery 1), then migrated on its own machine once that upgrades: the purchase both recorded counts
  /// once, as it would had both migrated (found by a trial: it counted twice, for good).
  @Test func aCopyImportedHereThenMigratedOnItsOwnMachineCountsEachPurchaseOnce() throws {
    let later = try store(changedLater: true, boughtOn: "2026-11-21")
    let alice = try migrate("alice", try store())
    try importCopy(later, on: alice, at: Fixed.now)
    #expect(try purchases(alice) == held(later), "the import took the purchase the household lacked")
    let bob = try migrate("bob", later)
    try copyLogs(from: bob, to: alice)
    for _ in 0..<2 {
      #expect(try purchases(alice) == held(later))
      #expect(try alice.check(now: Fixed.now).cache == nil, "the cache caught up holds what a rebuild would")
      unlink(alice.cachePath)
    }
    #expect(try purchases(machine("bob", sharing: "alice")) == held(later))
  }

  /// An item the household removed comes back from a copy imported since with the copy's purchases alone: the
  /// history `remove` deleted, the household's own purchases among it, stays gone (found by a review, when the
  /// item was brought back under grocery 1's id).
  @Test func anItemRemovedSinceComesBackFromACopyWithoutTheHistoryRemoveDeleted() throws {
    let data = try store()
    let alice = try migrate("alice", data)
    let name = try #require(try held(data).first { $0.value > 0 }?.key)
    try alice.update(summary: { _ in "buy" }, now: Fixed.now) {
      _ = try $0.purchase([name], on: Fixed.today, today: Fixed.today, now: Fixed.now)
    }
    #expect(try purchases(alice)[name] == held(data)[name]! + 1)
    try alice.update(summary: { _ in "remove" }, now: Fixed.now + 1) { _ = try $0.remove([name]) }
    try importCopy(data, on: alice, at: Fixed.now + 2)
    for _ in 0..<2 {
      #expect(try purchases(alice)[name] == held(data)[name])
      unlink(alice.cachePath)
    }
  }

  /// One copy imported on two machines of the household before either synced: each purchase it brought counts
  /// once, and an undo of either import leaves the other's (found by a trial: every one counted twice).
  @Test func oneCopyImportedOnTwoMachinesCountsEachPurchaseOnce() throws {
    let later = try store(changedLater: true, boughtOn: "2026-11-21")
    let alice = try migrate("alice", try store())
    // Bob's machine holds the household as Alice's does, synced before either imported.
    let bob = machine("bob")
    try FileManager.default.createDirectory(atPath: bob.logsFolder, withIntermediateDirectories: true)
    try copyLogs(from: alice, to: bob)
    try FileManager.default.copyItem(
      atPath: alice.folder + "/" + HouseholdMarker.fileName,
      toPath: bob.folder + "/" + HouseholdMarker.fileName)
    try importCopy(later, on: alice, at: Fixed.now)
    try importCopy(later, on: bob, at: Fixed.now + 1)
    #expect(try purchases(bob) == held(later))
    let own = try bob.identity().id + ".jsonl"
    try FileManager.default.copyItem(atPath: bob.logsFolder + "/" + own, toPath: alice.logsFolder + "/" + own)
    for _ in 0..<2 {
      #expect(try purchases(alice) == held(later))
      #expect(try alice.check(now: Fixed.now).cache == nil, "the cache caught up holds what a rebuild would")
      unlink(alice.cachePath)
    }
    _ = try alice.undo(now: Fixed.now + 2)
    #expect(try purchases(alice) == held(later), "Bob's import still holds the purchase")
  }

  @Test func aCopyThatRecordedMorePurchasesAddsThoseOnly() throws {
    let alice = try migrate("alice", try store())
    let longer = try store(extra: 2)
    let bob = try migrate("bob", longer)
    try copyLogs(from: bob, to: alice)
    #expect(try purchases(alice) == held(longer))
    #expect(try alice.check(now: Fixed.now).cache == nil, "the cache caught up holds what a rebuild would")
    unlink(alice.cachePath)
    #expect(try purchases(alice) == held(longer))
  }

  /// Undo cannot put a field back as another migration of the same store left it, so undoing either migration
  /// while the other stands is refused, with nothing written; once one is undone, the other undoes as usual.
  @Test(arguments: [false, true])
  func undoingAMigrationWhileAnotherStandsIsRefusedWithNothingWritten(bobFirst: Bool) throws {
    let data = try store()
    let alice = try migrate("alice", data)
    let bob = try migrate("bob", try store(changedLater: true, item: "Tahini"))
    try copyLogs(from: bob, to: alice)
    let bobHere = machine("bob", sharing: "alice")
    #expect(try purchases(bobHere) == held(store(changedLater: true, item: "Tahini")))
    let before = try snapshot()
    for store in bobFirst ? [bobHere, alice] : [alice, bobHere] {
      #expect(throws: GroceryError.migrationShared(summary: "migrate grocery.json (version 1)")) {
        try store.undo(now: Fixed.now)
      }
      #expect(try snapshot() == before)
    }
  }

  /// A migration undone before another machine's migration of the same store arrived takes back its own items and
  /// purchases alone: what the other migration made stays, as that machine has it, however the logs are read.
  @Test(arguments: [false, true])
  func aMigrationUndoneBeforeAnotherArrivesTakesBackItsOwnAlone(bobChangedLater: Bool) throws {
    let alice = try migrate("alice", try store())
    _ = try alice.undo(now: Fixed.now)
    #expect(try alice.load().items.isEmpty)
    let copy = try store(changedLater: bobChangedLater, item: "Tahini")
    let bob = try migrate("bob", copy)
    try copyLogs(from: bob, to: alice)
    let expected = try bob.load()
    for _ in 0..<2 {
      #expect(try purchases(alice) == held(copy))
      #expect(try alice.check(now: Fixed.now).cache == nil, "the cache caught up holds what a rebuild would")
      let groceries = try alice.load()
      #expect(unnamed(groceries.items) == unnamed(expected.items))
      #expect(groceries.categories == expected.categories)
      #expect(groceries.locations == expected.locations)
      unlink(alice.cachePath)
    }
    #expect(try unnamed(machine("bob", sharing: "alice").load().items) == unnamed(expected.items))
  }

  /// An item the machine whose migration stands removed stays removed when a later migration of another copy is
  /// undone: the undone migration's purchases of it make it live no more than its fields do (found by a review).
  @Test func anItemRemovedSinceStaysRemovedWhenAnotherMigrationIsUndone() throws {
    let bob = try migrate("bob", try store())
    try bob.update(summary: { _ in "remove" }, now: Fixed.now) { _ = try $0.remove(["Crème fraîche"]) }
    // Alice's copy was changed a day later: her migration is stamped after Bob's removal.
    let alice = try migrate("alice", try store(changedLater: true))
    _ = try alice.undo(now: Fixed.now)
    try copyLogs(from: bob, to: alice)
    let expected = try bob.load().items.map(\.name)
    #expect(!expected.contains("Crème fraîche") && !expected.isEmpty)
    #expect(try alice.load().items.map(\.name) == expected)
    unlink(alice.cachePath)
    #expect(try alice.load().items.map(\.name) == expected)
  }

  /// The items without their buyers' names, which a household of one machine leaves out, nor when each last
  /// changed: taking a purchase back (the undone migration's) changes the item it was of.
  func unnamed(_ items: [Item]) -> [Item] {
    items.map { item in
      var item = item
      item.updated = item.created
      item.purchases = item.purchases.map { Purchase(date: $0.date, quantity: $0.quantity) }
      return item
    }
  }

  @Test func purchasesMadeAfterTheMigrationsCountEachTime() throws {
    let data = try store()
    let alice = try migrate("alice", data)
    let bob = try migrate("bob", data)
    try copyLogs(from: bob, to: alice)
    let name = try #require(try held(data).first { $0.value > 0 }?.key)
    let bobHere = machine("bob", sharing: "alice")
    for (store, time) in [(alice, Fixed.now), (bobHere, Fixed.now + 1)] {
      try store.update(summary: { _ in "buy" }, now: time) {
        _ = try $0.purchase([name], on: Fixed.today, today: Fixed.today, now: time)
      }
    }
    #expect(try purchases(alice)[name] == held(data)[name]! + 2)
    #expect(try alice.check(now: Fixed.now).cache == nil, "the cache caught up holds what a rebuild would")
    unlink(alice.cachePath)
    #expect(try purchases(alice)[name] == held(data)[name]! + 2)
  }

  /// A peer's line that takes back the purchases of the migration that counted, whatever it says it is (not an
  /// undo of a migration, or no undo at all), makes the next read fold every log: the other copy's count again.
  @Test(arguments: [false, true])
  func aLineTakingBackAMigrationsPurchasesIsKnownByWhatItDoes(withoutUndoes: Bool) throws {
    let data = try store()
    let expected = try held(data)
    // Alice's copy was used once more: Bob's migration is the earlier, whose purchases count.
    let alice = try migrate("alice", try store(changedLater: true))
    let bob = try migrate("bob", data)
    try copyLogs(from: bob, to: alice)
    #expect(try purchases(alice) == expected)
    // A line on Bob's log that takes his migration's purchases back, under another name.
    let log = try #require(try bob.recordedMachine())
    let path = alice.logsFolder + "/" + log + ".jsonl"
    var migration: Change?
    _ = try ChangeLog.read(
      path, machine: log, from: ChangeLog.Position(offset: 0, lines: 0, last: .zero), shownAs: "log"
    ) { change, _, _ in migration = change }
    let migrated = try #require(migration)
    let unbuys = migrated.operations.compactMap { operation -> GroceryCore.Operation? in
      guard case .buy(let item, let day, let quantity, _, _) = operation else { return nil }
      return .unbuy(item: item, change: migrated.id, day: day, quantity: quantity)
    }
    #expect(!unbuys.isEmpty)
    let line = ChangeCodec.encode(
      Change(
        id: "taken-back", stamp: Stamp.next(after: migrated.stamp, now: Fixed.now, machine: log),
        summary: "undo buy", undoes: withoutUndoes ? nil : migrated.id, operations: unbuys))
    let text = try String(contentsOfFile: path, encoding: .utf8) + line + "\n"
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    #expect(try purchases(alice) == expected)
    #expect(try alice.check(now: Fixed.now).cache == nil, "the cache caught up holds what a rebuild would")
    unlink(alice.cachePath)
    #expect(try purchases(alice) == expected)
  }

  /// Every file of the machines' own folders (their households and version-1 stores), by path, with its bytes;
  /// the state folders hold only this machine's cache, which a read may bring up to date.
  func snapshot() throws -> [String: Data] {
    var files: [String: Data] = [:]
    let root = URL(fileURLWithPath: folder.path)
    for case let url as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)! {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue,
        !url.path.contains("/state-")
      {
        files[url.path] = try Data(contentsOf: url)
      }
    }
    return files
  }
}
