import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// The household store: logs per machine, folding, undo, migration and damaged files.
@Suite struct StoreTests {
  let folder = TemporaryDirectory()

  /// A machine: its own state folder, sharing or not the household folder.
  func machine(_ name: String, household: String = "household") -> HouseholdStore {
    HouseholdStore(
      path: folder.file(household), folder: folder.file(household), stateFolder: folder.file("state-" + name),
      defaultMachineName: name)
  }

  /// A machine joining under a name another goes by says the name it took, but not when it is given a name of its
  /// own at once (`sync setup --name`): then only the name it asked for, if taken, is said.
  @Test func aMachineJoiningUnderATakenNameSaysSoUnlessItIsNamedAtOnce() throws {
    try add(["milk"], to: machine("ann"))
    let said = Said()
    try add(["eggs"], to: machine("ann").renamed(state: "ann-2").warning(into: said))
    #expect(said.lines == ["another machine of the household goes by 'ann', so this one is now 'ann #2'"])
    let named = Said()
    try machine("ann").renamed(state: "ann-3").warning(into: named).setMachineName("bob", now: Fixed.now + 1)
    #expect(named.lines == [])
  }

  func add(_ names: [String], to store: HouseholdStore, at now: Date = Fixed.now) throws {
    try store.update(summary: { _ in "add " + names.joined(separator: ", ") }, now: now) { groceries in
      _ = try groceries.add(names, changes: ItemChanges(), today: Fixed.today, now: now, newID: UUID.init)
    }
  }

  func changes(_ store: HouseholdStore) throws -> [Change] {
    var all: [Change] = []
    for (machine, _) in try store.logFiles() {
      _ = try ChangeLog.read(
        store.logsFolder + "/" + machine + ".jsonl", machine: machine,
        from: ChangeLog.Position(offset: 0, lines: 0, last: .zero), shownAs: "log"
      ) { change, _, _ in all.append(change) }
    }
    return all
  }

  @Test func theVersionOneFixtureMigratesWithNothingLostAndStaysBeside() throws {
    let url = try #require(
      Bundle.module.url(forResource: "store-v1", withExtension: "json", subdirectory: "Fixtures"))
    let original = try Data(contentsOf: url)
    try original.write(to: URL(fileURLWithPath: folder.file("grocery.json")))
    let store = try StorePath.locate(
      explicit: folder.file("grocery.json"), environment: ["HOME": folder.path])
    #expect(store.folder == folder.file("grocery"))
    let expected = try StoreCodec.decode(original, path: "store-v1.json").groceries
    let migrated = try store.loadHistory()
    #expect(migrated.walkOrder() == expected.walkOrder())
    for location in expected.locations {
      #expect(migrated.walkOrder(at: location.name) == expected.walkOrder(at: location.name))
    }
    #expect(migrated.locations.map(\.name) == expected.locations.map(\.name))
    #expect(migrated.items.count == expected.items.count)
    for (item, old) in zip(migrated.items, expected.items) {
      #expect(item.id == old.id)
      #expect(item.name == old.name && item.quantity == old.quantity && item.note == old.note)
      #expect(item.category == old.category && item.locations == old.locations)
      #expect(item.isStaple == old.isStaple && item.isOnList == old.isOnList)
      #expect(item.unavailableOn == old.unavailableOn && item.skipUntil == old.skipUntil)
      #expect(item.purchases == old.purchases)
      #expect(Int(item.created.timeIntervalSince1970) == Int(old.created.timeIntervalSince1970))
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file("grocery.json"))) == original)
    // Using it again reads the household; it does not migrate a second time.
    _ = try store.load()
    #expect(try changes(store).count == 1)
    #expect(try store.undoList().map(\.summary) == ["migrate grocery.json (version 1)"])
  }

  /// Names grocery 1 kept apart that this grocery reads as one (a zero-width space, a run of spaces) stay two
  /// items, the later numbered by the first number no name holds, each with its own quantity, note and purchases, where they were merged and one's
  /// quantity and note lost; a name holding a bidirectional mark, which this grocery refuses, migrates without it.
  @Test func aVersionOneStoreWithNamesThisGroceryReadsOtherwiseMigratesWithNothingLost() throws {
    let url = try #require(
      Bundle.module.url(forResource: "store-v1", withExtension: "json", subdirectory: "Fixtures"))
    var object = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    var items = try #require(object["items"] as? [[String: Any]])
    let name = try #require(items[0]["name"] as? String)
    /// The fixture's first item, with another id (ending in `last`), another name and no purchases.
    func item(_ last: String, _ named: String) -> [String: Any] {
      var copy = items[0]
      (copy["id"], copy["name"], copy["purchases"]) = ("6A1F3C52-8E0B-4D7A-9C11-2B5E7F0A9D" + last, named, [])
      return copy
    }
    var twin = item("99", name + "\u{200B}")
    (twin["quantity"], twin["note"]) = (5, "curly")
    twin["purchases"] = [["date": "2026-11-01", "quantity": 2]]
    let family = "Cake \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
    let wide = String(repeating: "\u{0915}\u{094D}\u{0937}\u{093F}", count: 33)
    items += [
      twin, item("98", name.replacing(" ", with: "  ")), item("97", "caf\u{E9}\u{200E}"),
      // An item of grocery 1's own named as a kept-apart or an unnamed one would be keeps its name; one named
      // only by a mark nothing shows gets a name that can be typed.
      item("95", "\u{200E}"), item("96", name + " (2)"), item("94", "Unnamed item"),
      // A mark beside a space goes with the space; an emoji keeps its joiners; a long name kept apart stays
      // within the bytes a name may hold.
      item("93", "Chard \u{200E}"), item("92", family), item("91", family + "\u{200B}"), item("90", wide),
      item("8F", wide + "\u{200B}"),
    ]
    object["items"] = items
    try JSONSerialization.data(withJSONObject: object).write(
      to: URL(fileURLWithPath: folder.file("grocery.json")))
    let store = try StorePath.locate(
      explicit: folder.file("grocery.json"), environment: ["HOME": folder.path])
    let migrated = try store.loadHistory()
    #expect(migrated.items.count == items.count)
    func item(_ wanted: String) throws -> Item { try #require(migrated.items.first { $0.name == wanted }) }
    let original = try item(name)
    #expect(original.purchases.map(\.date.description) == ["2026-11-13", "2026-11-20"])
    let kept = try item(name + " (3)")
    #expect(
      kept.quantity == 5 && kept.note == "curly" && kept.purchases.map(\.date.description) == ["2026-11-01"])
    #expect(try item(name + " (4)").purchases.isEmpty)
    #expect(try item(name + " (2)").id == UUID(uuidString: "6A1F3C52-8E0B-4D7A-9C11-2B5E7F0A9D96"))
    #expect(try item("Unnamed item (2)").id == UUID(uuidString: "6A1F3C52-8E0B-4D7A-9C11-2B5E7F0A9D95"))
    #expect(try item("Unnamed item").id == UUID(uuidString: "6A1F3C52-8E0B-4D7A-9C11-2B5E7F0A9D94"))
    #expect(try item("Chard").id == UUID(uuidString: "6A1F3C52-8E0B-4D7A-9C11-2B5E7F0A9D93"))
    #expect(try item(family + " (2)").id == UUID(uuidString: "6A1F3C52-8E0B-4D7A-9C11-2B5E7F0A9D91"))
    let apart = try #require(
      migrated.items.first { $0.id == UUID(uuidString: "6A1F3C52-8E0B-4D7A-9C11-2B5E7F0A9D8F") })
    #expect(apart.name.hasSuffix(" (2)") && apart.name.utf8.count <= Limits.nameBytes, "\(apart.name)")
    #expect(try item("caf\u{E9}").id == UUID(uuidString: "6A1F3C52-8E0B-4D7A-9C11-2B5E7F0A9D97"))
  }

  @Test func aChangeToAHouseholdInsideARegularFileIsRefusedBeforeTheStateFolderIsMade() throws {
    try folder.write("file", "hi\n")
    let store = HouseholdStore(
      path: folder.file("file/sub"), folder: folder.file("file/sub"), stateFolder: folder.file("state"))
    #expect(
      throws: GroceryError.io(
        path: folder.file("file/sub"), operation: "use", reason: "a part of it is a file, not a folder")
    ) { try add(["milk"], to: store) }
    #expect(!FileManager.default.fileExists(atPath: folder.file("state")))
  }

  @Test func aFileGivenAsTheStoreThatIsNotOneIsRefusedBeforeTheStateFolderIsMade() throws {
    try folder.write("list.json", "[]\n")
    let store = try StorePath.locate(explicit: folder.file("list.json"), environment: ["HOME": folder.path])
    let reason =
      "it is not a grocery household folder, and as a version-1 store file: expected a JSON object at"
      + " the top level"
    #expect(throws: GroceryError.unreadableStore(path: folder.file("list.json"), reason: reason)) {
      try store.load()
    }
    #expect(!FileManager.default.fileExists(atPath: folder.file(".local")))
    #expect(!FileManager.default.fileExists(atPath: folder.file("list")))
  }

  @Test func foldingTheSameChangesInAnyOrderGivesTheSameHousehold() throws {
    let alice = machine("alice")
    let bob = machine("bob", household: "bobs-copy")
    try add(["Milk", "Eggs"], to: alice)
    try add(["Oat milk", "Bread"], to: bob, at: Fixed.now + 1)
    try add(["Oat milk"], to: alice, at: Fixed.now + 2)
    try alice.update(summary: { _ in "edit" }, now: Fixed.now + 3) {
      _ = try $0.edit("eggs", changes: ItemChanges(quantity: 6), today: Fixed.today, now: Fixed.now + 3)
    }
    try bob.update(summary: { _ in "buy" }, now: Fixed.now + 4) {
      _ = try $0.purchase(["bread"], on: Fixed.today, today: Fixed.today, now: Fixed.now + 4)
    }
    let all = try changes(alice) + changes(bob)
    var forward = HouseholdState.initial
    for change in all { forward.apply(change) }
    var backward = HouseholdState.initial
    for change in all.reversed() { backward.apply(change) }
    var shuffled = HouseholdState.initial
    var random = SeededRandom(seed: 7)
    for change in all.shuffled(using: &random) { shuffled.apply(change) }
    let views = [forward, backward, shuffled].map { HouseholdView($0).groceries }
    #expect(views[0] == views[1] && views[1] == views[2])
    let names = views[0].items.map(\.name)
    #expect(names == ["Bread", "Eggs", "Milk", "Oat milk"], "two machines adding Oat milk end with one")
    #expect(views[0].items.first { $0.name == "Eggs" }?.quantity == 6)
    #expect(views[0].items.first { $0.name == "Bread" }?.timesBought == 1)
  }

  @Test func twoMachinesSharingAFolderEachWriteOnlyTheirOwnLogAndSeeTheSameList() throws {
    let alice = machine("alice")
    let bob = machine("bob")
    try add(["Milk"], to: alice)
    try add(["Eggs"], to: bob, at: Fixed.now + 1)
    #expect(try alice.logFiles().count == 2)
    #expect(try alice.load() == bob.load())
    #expect(try alice.load().items.map(\.name) == ["Eggs", "Milk"])
  }

  @Test func undoRevertsOnlyThisMachinesChangeAndNeverAnotherMachines() throws {
    let alice = machine("alice")
    let bob = machine("bob")
    try add(["Milk"], to: alice)
    try bob.update(summary: { _ in "buy milk" }, now: Fixed.now + 1) {
      _ = try $0.purchase(["milk"], on: Fixed.today, today: Fixed.today, now: Fixed.now + 1)
    }
    // Alice's add is undone, but Bob has bought milk since: the item and his purchase stay, and undo says so.
    let undone = try alice.undo(now: Fixed.now + 2)
    #expect(undone.summary == "add Milk")
    #expect(undone.lifeKept.map(\.name) == ["Milk"])
    #expect(undone.lifeKept.map(\.removed) == [false])
    let milk = try #require(try alice.load().items.first)
    #expect(milk.timesBought == 1)
    #expect(try bob.undoList().map(\.summary) == ["buy milk"])
    // Bob's undo of his own purchase has no one else's touch to leave alone: it says nothing more.
    #expect(try bob.undo(now: Fixed.now + 3).lifeKept.isEmpty)
    #expect(try alice.load().items.first?.timesBought == 0)
    #expect(throws: GroceryError.nothingToUndo) { try bob.undo(now: Fixed.now + 4) }
  }

  @Test func undoingARemovalAnotherMachineHasTouchedSinceSaysItStays() throws {
    // Bob changed milk's quantity; alice removed milk; bob undid his change, having seen her removal, which
    // keeps milk removed. Alice's undo of her removal then leaves it so (another machine touched it since),
    // and says so rather than seem to have put it back.
    let alice = machine("alice")
    let bob = machine("bob")
    try add(["Milk", "Eggs"], to: alice)
    try bob.update(summary: { _ in "edit" }, now: Fixed.now + 2) {
      _ = try $0.edit("milk", changes: ItemChanges(quantity: 2), today: Fixed.today, now: Fixed.now + 2)
    }
    try alice.update(summary: { _ in "remove" }, now: Fixed.now + 3) { _ = try $0.remove(["milk", "eggs"]) }
    #expect(try bob.undo(now: Fixed.now + 4) == UndoEntry(summary: "edit", at: Fixed.now + 2))
    #expect(try bob.load().items.isEmpty, "bob's undo does not bring milk back")
    let undone = try alice.undo(now: Fixed.now + 5)
    #expect(undone.lifeKept.map(\.name) == ["Milk"])
    #expect(undone.lifeKept.map(\.removed) == [true])
    #expect(try alice.load().items.map(\.name) == ["Eggs"], "eggs, which no one else touched, is back")
  }

  /// `household.json` saved by an editor with a byte-order mark and Windows line ends reads as it did, as a log
  /// does: it was unreadable (`byte 0: expected an object`), said on every command.
  @Test func aHouseholdMarkerSavedWithAByteOrderMarkAndCRLFReads() throws {
    let alice = machine("alice")
    try add(["Milk"], to: alice)
    let marker = try Array(Data(contentsOf: URL(fileURLWithPath: alice.markerPath)))
    let id = try HouseholdMarker.parse(marker, shown: "household.json").id
    let saved =
      ChangeLog.byteOrderMark
      + Array(
        String(decoding: marker, as: UTF8.self)
          .replacingOccurrences(of: "\n", with: "\r\n").replacingOccurrences(of: ",", with: ",\r\n  ").utf8)
    #expect(try HouseholdMarker.parse(saved, shown: "household.json").id == id)
    try Data(saved).write(to: URL(fileURLWithPath: alice.markerPath))
    #expect(try HouseholdMarker.read(alice.markerPath, shown: "household.json")?.id == id)
    #expect(try alice.load().items.map(\.name) == ["Milk"])
  }

  @Test func aNameAddedOnTwoMachinesShowsWhatEitherGaveOnPurposeOverTheOthersDefaults() throws {
    // Alice adds milk as a staple, two of them, in a category; bob, who had not seen her log, adds milk later
    // with nothing more. His add says nothing of those fields: hers show. A value bob gives on purpose, later,
    // shows over hers, as the newest does.
    let alice = machine("alice")
    let bob = machine("bob", household: "bobs")
    try alice.update(summary: { _ in "add" }, now: Fixed.now) {
      _ = try $0.add(
        ["Milk"], changes: ItemChanges(quantity: 2, category: "Dairy", isStaple: true), today: Fixed.today,
        now: Fixed.now, newID: UUID.init)
    }
    try FileManager.default.createDirectory(atPath: folder.file("bobs"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: folder.file("household/household.json"), toPath: folder.file("bobs/household.json"))
    try add(["Milk", "Tea"], to: bob, at: Fixed.now + 60)
    try bob.update(summary: { _ in "edit" }, now: Fixed.now + 70) {
      _ = try $0.edit("tea", changes: ItemChanges(quantity: 3), today: Fixed.today, now: Fixed.now + 70)
    }
    let bobsLog = try bob.identity().id + ".jsonl"
    try FileManager.default.copyItem(
      atPath: folder.file("bobs/logs/" + bobsLog), toPath: folder.file("household/logs/" + bobsLog))
    let milk = try #require(try alice.load().items.first { $0.name == "Milk" })
    #expect(milk.isStaple)
    #expect(milk.quantity == 2)
    #expect(milk.category == "Dairy & Fridge")
    #expect(
      try alice.load(.restock(.all, today: Fixed.today)).items.contains { $0.name == "Milk" && $0.isStaple })
    // Bob now says on purpose that milk is one, not two: the newest value given shows.
    try FileManager.default.removeItem(atPath: folder.file("household/logs/" + bobsLog))
    for log in try FileManager.default.contentsOfDirectory(atPath: folder.file("household/logs")) {
      try? FileManager.default.copyItem(
        atPath: folder.file("household/logs/" + log), toPath: folder.file("bobs/logs/" + log))
    }
    try bob.update(summary: { _ in "edit" }, now: Fixed.now + 80) {
      _ = try $0.edit("milk", changes: ItemChanges(quantity: 1), today: Fixed.today, now: Fixed.now + 80)
    }
    try FileManager.default.copyItem(
      atPath: folder.file("bobs/logs/" + bobsLog), toPath: folder.file("household/logs/" + bobsLog))
    #expect(try alice.load().items.first { $0.name == "Milk" }?.quantity == 1)
  }

  @Test func aNameBoughtNewOnOneMachineAfterTheOtherAddedItIsOffTheList() throws {
    // Bob added tea (on the list); alice, who had not seen it, bought tea as a new item a minute later (not on
    // the list): whether an item is on the list is said on purpose either way, and the later purchase shows.
    let alice = machine("alice")
    let bob = machine("bob", household: "bobs")
    try add(["Eggs"], to: alice)
    try FileManager.default.createDirectory(atPath: folder.file("bobs"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: folder.file("household/household.json"), toPath: folder.file("bobs/household.json"))
    try add(["Tea"], to: bob, at: Fixed.now + 60)
    try alice.update(summary: { _ in "buy" }, now: Fixed.now + 120) {
      _ = try $0.purchaseNew(
        ["tea"], on: Fixed.today, today: Fixed.today, now: Fixed.now + 120, newID: UUID.init)
    }
    let bobsLog = try bob.identity().id + ".jsonl"
    try FileManager.default.copyItem(
      atPath: folder.file("bobs/logs/" + bobsLog), toPath: folder.file("household/logs/" + bobsLog))
    let tea = try #require(try alice.load().items.first { $0.name.lowercased() == "tea" })
    #expect(!tea.isOnList)
    #expect(tea.timesBought == 1)
  }

  @Test func aLineReadTwiceChangesNothing() throws {
    let alice = machine("alice")
    try add(["Milk"], to: alice)
    try alice.update(summary: { _ in "buy" }, now: Fixed.now + 1) {
      _ = try $0.purchase(["milk"], on: Fixed.today, today: Fixed.today, now: Fixed.now + 1)
    }
    let before = try alice.load()
    let log = try #require(try alice.logFiles().keys.first)
    let path = alice.logsFolder + "/" + log + ".jsonl"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try (text + text.split(separator: "\n").last! + "\n").write(
      toFile: path, atomically: false, encoding: .utf8)
    #expect(try alice.load() == before)
    #expect(before.items[0].timesBought == 1)
  }

  @Test func nothingIsWrittenForARefusedOrEmptyChange() throws {
    let alice = machine("alice")
    #expect(throws: GroceryError.self) {
      try alice.update(summary: { _ in "x" }, now: Fixed.now) { _ = try $0.remove(["nothing"]) }
    }
    try alice.update(summary: { _ in "x" }, now: Fixed.now) { _ in }
    #expect(!FileManager.default.fileExists(atPath: alice.folder))
    #expect(!FileManager.default.fileExists(atPath: alice.stateFolder))
  }

  /// A log read a few bytes at a time reads as the log read whole: every change at its offset, every refusal on
  /// its line, and the same position (a torn last line left for later), whatever lines the chunks cut.
  @Test func aLogReadInChunksOfAnySizeReadsAsTheLogReadWhole() throws {
    let alice = machine("alice")
    try add(["milk"], to: alice)
    try add((0..<60).map { "item \($0)" }, to: alice, at: Fixed.now + 1)
    try add(["eggs"], to: alice, at: Fixed.now + 2)
    try add(["bread"], to: alice, at: Fixed.now + 3)
    let (machineID, _) = try #require(try alice.logFiles().first)
    let file = alice.logsFolder + "/" + machineID + ".jsonl"
    let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map { $0 + "\n" }
    #expect(lines.count == 4 && lines[1].utf8.count > 5000)
    // A repeated line, a line that is not a change, a line older than the one above it, a torn last line.
    let damaged = [lines[0], lines[1], lines[1], "{\"v\":2,\"id\n", lines[2], lines[0], lines[3], "{\"v\":2"]
    try damaged.joined().write(toFile: file, atomically: false, encoding: .utf8)
    func transcript(chunk: Int) throws -> [String] {
      var said: [String] = []
      let end = try ChangeLog.read(
        file, machine: machineID, from: ChangeLog.Position(offset: 0, lines: 0, last: .zero), shownAs: "log",
        refused: { said.append("refused line \($0.line): \($0.reason)") }, chunk: chunk
      ) { change, offset, length in said.append("\(change.id) at \(offset), \(length) bytes") }
      return said + ["end \(end.offset) \(end.lines) \(end.last) \(end.check)"]
    }
    let whole = try transcript(chunk: 1 << 20)
    let read = damaged.dropLast().joined().utf8.count
    #expect(whole.count == 4 + 3 + 1, "four changes, three refusals: \(whole.map { $0.prefix(80) })")
    #expect(whole.last?.hasPrefix("end \(read) 7 ") == true, "the torn line is left for later")
    for chunk in [1, 2, 3, 7, 64, 1000, 4096] {
      #expect(try transcript(chunk: chunk) == whole, "chunks of \(chunk) bytes")
    }
  }

  /// What `check` counts of a log (each line's version, the line each change starts on) is the same read in
  /// chunks of any size as read whole.
  @Test func checkCountsALogReadInChunksAsReadWhole() throws {
    let file = folder.file("log.jsonl")
    let lines = [
      "{\"v\":2,\"id\":\"a\"}", "", "{\"v\":3,\"x\":1}", "not json", "{ \"v\" : 2 }", "{\"w\":2,\"v\":4}",
      "{\"v\":2,\"long\":\"" + String(repeating: "x", count: 300) + "\"}", "{\"v\":-1}", "{\"v\":9",
    ]
    let text = lines.joined(separator: "\n")
    try text.write(toFile: file, atomically: false, encoding: .utf8)
    let bytes = Array(text.utf8)
    let offsets = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
    let lineOf = offsets.map { offset in 1 + bytes[..<offset].filter { $0 == 0x0A }.count }
    // Not JSON, or a version below any grocery writes: 0 (`v?`, where `"v":-1` was shown as `v-1`); a `v` after
    // other keys is the line's all the same (another JSON writer's order); the torn last line, not read yet, counts
    // nowhere.
    let counts: [Int: Int] = [2: 3, 3: 1, 4: 1, 0: 2]
    #expect(try HouseholdStore.versions(file) == counts)
    #expect(try HouseholdStore.lineNumbers(file, at: offsets) == lineOf)
    for chunk in [1, 2, 5, 17, 64, 301] {
      #expect(try HouseholdStore.versions(file, chunk: chunk) == counts, "chunks of \(chunk)")
      #expect(try HouseholdStore.lineNumbers(file, at: offsets, chunk: chunk) == lineOf, "chunks of \(chunk)")
    }
  }

  @Test func aDamagedLineIsLeftOutAndNamedWithItsFileLineAndFieldOnEveryRead() throws {
    let said = Said()
    let alice = machine("alice").warning(into: said)
    try add(["Milk"], to: alice)
    let log = try #require(try alice.logFiles().keys.first)
    let path = alice.logsFolder + "/" + log + ".jsonl"
    var text = try String(contentsOfFile: path, encoding: .utf8)
    text = text.replacingOccurrences(of: "\"quantity\":1", with: "\"quantity\":0")
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    // The cache trusts what it has already read; once it is gone (or stale), the logs are read again.
    unlink(alice.cachePath)
    #expect(try alice.load().items.isEmpty, "the one change, refused, is left out")
    _ = try alice.load()
    let expected =
      "'\(path)' line 1: ops[1].set.quantity: expected a whole number from 1 to 999; that change is left out"
      + " ('grocery check' lists every one)"
    #expect(said.lines == [expected, expected], "said on every read, the cache's too")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text, "never rewritten")
  }

  @Test func randomDamageToALogIsAlwaysReportedNeverACrash() throws {
    let said = Said()
    let alice = machine("alice").warning(into: said)
    try add(["Milk", "Eggs"], to: alice)
    try alice.update(summary: { _ in "buy" }, now: Fixed.now + 1) {
      _ = try $0.purchase(["milk"], on: Fixed.today, today: Fixed.today, now: Fixed.now + 1)
    }
    let log = try #require(try alice.logFiles().keys.first)
    let path = alice.logsFolder + "/" + log + ".jsonl"
    let valid = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    var random = SeededRandom(seed: 42)
    var reported = 0
    for _ in 0..<300 {
      var bytes = valid
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let index = Int.random(in: 0..<bytes.count - 1, using: &random)
        bytes[index] = UInt8.random(in: 0...255, using: &random)
      }
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      // The cache trusts the lines it has read; without it, every damaged line goes through the reader.
      unlink(alice.cachePath)
      said.lines = []
      do {
        _ = try alice.load()
      } catch is GroceryError {
        // A byte that breaks a line's end can make it a torn last line, or a file no longer UTF-8 named.
      }
      if !said.lines.isEmpty { reported += 1 }
    }
    #expect(reported > 100)
  }

  @Test func aCacheThatIsMissingDamagedOfAnotherLogOrOfAnotherVersionIsRebuilt() throws {
    let alice = machine("alice")
    try add(["Milk"], to: alice)
    try add(["Eggs"], to: alice, at: Fixed.now + 1)
    let expected = try alice.load()
    #expect(FileManager.default.fileExists(atPath: alice.cachePath))
    try alice.spoilCache(with: "{\"snapshot\":2,\"folder\":")
    #expect(try alice.load() == expected)
    // A log put back to an older copy (a restored backup) no longer holds what the cache read: rebuilt.
    let log = try #require(try alice.logFiles().keys.first)
    let path = alice.logsFolder + "/" + log + ".jsonl"
    let older = try Data(contentsOf: URL(fileURLWithPath: path))
    try add(["Tea"], to: alice, at: Fixed.now + 2)
    #expect(try alice.load().items.map(\.name) == ["Eggs", "Milk", "Tea"])
    try older.write(to: URL(fileURLWithPath: path))
    #expect(try alice.load() == expected)
    // A cache from a newer grocery (or an older one) is rebuilt, never refused.
    try Database(path: alice.cachePath, create: false).execute("PRAGMA user_version = 99")
    #expect(try alice.load() == expected)
    unlink(alice.cachePath)
    #expect(try alice.load() == expected)
  }

  @Test func theCacheReadsBackAsTheStateAFoldOfTheLogsGives() throws {
    let alice = machine("alice")
    let bob = machine("bob")
    try add(["Milk", "Eggs"], to: alice)
    try bob.update(summary: { _ in "buy" }, now: Fixed.now + 1) {
      _ = try $0.purchase(["milk", "eggs"], on: Fixed.today, today: Fixed.today, now: Fixed.now + 1)
    }
    _ = try alice.undo(now: Fixed.now + 2)
    let (cached, folded) = try alice.cachedAndFolded()
    #expect(cached.state == folded.state)
    #expect(cached.positions == folded.positions)
    #expect(cached.undo == folded.undo)
    #expect(cached.view.groceries.items.first?.purchases.first?.by == "bob")
  }

  @Test func aCacheCutShortOrWithBytesAddedIsRebuiltNotACrash() throws {
    let alice = machine("alice")
    try add(["Milk"], to: alice)
    let expected = try alice.load()
    let whole = try Data(contentsOf: URL(fileURLWithPath: alice.cachePath))
    try (whole + Data("\n[\n".utf8)).write(to: URL(fileURLWithPath: alice.cachePath))
    #expect(try alice.load() == expected)
    try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: alice.cachePath))
    #expect(try alice.load() == expected)
  }

  @Test func aCounterTooLargeForAStampIsLeftOutWithItsLine() throws {
    let said = Said()
    let alice = machine("alice").warning(into: said)
    try add(["Milk"], to: alice)
    let log = try #require(try alice.logFiles().keys.first)
    let path = alice.logsFolder + "/" + log + ".jsonl"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try (text + text.replacingOccurrences(of: "\"seq\":0", with: "\"seq\":9223372036854775807"))
      .write(toFile: path, atomically: false, encoding: .utf8)
    #expect(try alice.load().items.map(\.name) == ["Milk"])
    #expect(said.lines.first?.contains("line 2: seq: expected a whole number from 0 to 4294967296") == true)
    // The stamp left out is never adopted: the next change is one every grocery reads.
    try add(["Eggs"], to: alice, at: Fixed.now + 1)
    #expect(try alice.load().items.map(\.name) == ["Eggs", "Milk"])
  }

  @Test func aStampNoGroceryCouldWriteIsLeftOutAndNeverAdopted() throws {
    let said = Said()
    let alice = machine("alice").warning(into: said)
    try add(["Milk"], to: alice)
    let log = try #require(try alice.logFiles().keys.first)
    let path = alice.logsFolder + "/" + log + ".jsonl"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let at = try #require(text.range(of: "\"at\":\"")).upperBound
    let late = text.replacingCharacters(
      in: at..<text.index(at, offsetBy: 24), with: "9999-12-31T23:59:59.999Z")
    try (text + late).write(toFile: path, atomically: false, encoding: .utf8)
    _ = try alice.load()
    #expect(
      said.lines.first?.contains(
        "line 2: at: a time after 9999-12-31T23:59:58.999Z, the last a line may carry")
        == true)
    try add(["Eggs"], to: alice, at: Fixed.now + 1)
    let written = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").last ?? ""
    #expect(written.contains("\"at\":\"2026-"), "stamped by this machine's clock, not the year 9999")
  }

  /// The last stamp a line may carry leaves no later one: a peer's line so stamped (a clock at the end of 9999,
  /// or written by hand) must not stop every change after it, on any machine, nor the order of the changes made
  /// after it: one made after seeing another is still later than it.
  /// At the very end, and at the edge of what is followed (a second before), with the counter at its maximum.
  @Test(arguments: ["9999-12-31T23:59:58.999Z", "9999-12-31T23:59:57.999Z"])
  func aPeersStampAtTheEndOfTimeJamsNoChangeAndOrdersNoneWrongly(_ at: String) throws {
    let (alice, bob) = (machine("alice"), machine("bob"))
    try add(["Milk"], to: bob)
    let line =
      "{\"v\":2,\"id\":\"11111111-1111-4111-8111-111111111111\",\"at\":\"\(at)\","
      + "\"seq\":\(Change.maximumCounter),\"machine\":\"cccccccccccccccc\",\"summary\":\"x\",\"ops\":[]}\n"
    try line.write(toFile: bob.logsFolder + "/cccccccccccccccc.jsonl", atomically: false, encoding: .utf8)
    #expect(try bob.check(now: Fixed.now).logs.allSatisfy { $0.refused.isEmpty }, "the line is read")
    // Both machines go on making changes, each after what it has seen, and every grocery reads them all.
    for (index, name) in ["Eggs", "Bread", "Jam"].enumerated() {
      try add([name], to: alice, at: Fixed.now + Double(index + 1))
      try add([name + "s"], to: bob, at: Fixed.now + Double(index + 1))
    }
    // Bob removes what Alice added, having seen it, by a clock behind hers: the removal is later, on both.
    try add(["Tea"], to: alice, at: Fixed.now + 100)
    try bob.update(summary: { _ in "remove" }, now: Fixed.now + 10) { _ = try $0.remove(["Eggs", "Tea"]) }
    for store in [alice, bob] {
      #expect(
        try store.load().items.map(\.name).sorted() == ["Bread", "Breads", "Eggss", "Jam", "Jams", "Milk"])
      let log = try store.identity().id
      let lines = try String(contentsOfFile: store.logsFolder + "/" + log + ".jsonl", encoding: .utf8)
      #expect(!lines.contains("\"at\":\"9999-"), "stamped by the clocks, never after the line of 9999")
    }
    #expect(try bob.check(now: Fixed.now).logs.allSatisfy { $0.refused.isEmpty }, "no line refused")
  }

  /// A peer's last line cut short is a write under way: not read, counted nowhere, and said by `check` (no
  /// problem: it is read once it ends). A whole change that lacks only its newline (a sync tool's copy) is read.
  @Test func aPeersUnendedLastLineIsCountedNowhereAndSaid() throws {
    let (alice, bob) = (machine("alice"), machine("bob"))
    try add(["Milk"], to: bob)
    try add(["Eggs"], to: bob, at: Fixed.now + 1)
    let log = try bob.identity().id
    let path = bob.logsFolder + "/" + log + ".jsonl"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try String(text.dropLast(10)).write(toFile: path, atomically: false, encoding: .utf8)
    let check = try alice.check(now: Fixed.now + 2)
    let peer = try #require(check.logs.first { $0.machine == log })
    #expect(peer.lines == 1 && peer.versions.values.reduce(0, +) == 1 && peer.unended)
    #expect(check.problems == 0)
    #expect(CheckRenderer.text(check).contains("its last line has no end yet"))
    #expect(try alice.load().items.map(\.name) == ["Milk"])
    try String(text.dropLast()).write(toFile: path, atomically: false, encoding: .utf8)
    let whole = try alice.check(now: Fixed.now + 2)
    #expect(whole.logs.first { $0.machine == log }.map { $0.lines == 2 && !$0.unended } == true)
    #expect(try alice.load().items.map(\.name) == ["Eggs", "Milk"], "only the newline is missing: read")
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    let ended = try alice.check(now: Fixed.now + 2)
    #expect(ended.logs.first { $0.machine == log }.map { $0.lines == 2 && !$0.unended } == true)
    #expect(try alice.load().items.map(\.name) == ["Eggs", "Milk"])
  }

  /// This machine's own log copied back all but its last newline (a sync tool): the change is kept, and the next
  /// change is written after it on a line of its own, where the whole line was cut off as a crash's.
  @Test func aWholeLastLineWithoutItsNewlineIsKeptWhenTheNextChangeIsWritten() throws {
    let alice = machine("alice")
    try add(["Milk"], to: alice)
    try add(["Eggs"], to: alice, at: Fixed.now + 1)
    let path = alice.logsFolder + "/" + (try alice.identity().id) + ".jsonl"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try String(text.dropLast()).write(toFile: path, atomically: false, encoding: .utf8)
    try add(["Tea"], to: alice, at: Fixed.now + 2)
    let after = try String(contentsOfFile: path, encoding: .utf8)
    #expect(after.hasPrefix(text) && after.split(separator: "\n").count == 3)
    #expect(try alice.load().items.map(\.name) == ["Eggs", "Milk", "Tea"])
    #expect(try alice.check(now: Fixed.now + 3).problems == 0)
    // One line alone after a byte-order mark, without its newline, is kept the same way.
    let bob = machine("bob", household: "bobs")
    try add(["Jam"], to: bob)
    let bobs = bob.logsFolder + "/" + (try bob.identity().id) + ".jsonl"
    let line = try String(contentsOfFile: bobs, encoding: .utf8)
    try ("\u{FEFF}" + line.dropLast()).write(toFile: bobs, atomically: false, encoding: .utf8)
    try add(["Bread"], to: bob, at: Fixed.now + 1)
    let kept = Array(try Data(contentsOf: URL(fileURLWithPath: bobs)))
    #expect(kept.starts(with: [0xEF, 0xBB, 0xBF] + Array(line.utf8)))
    #expect(kept.filter { $0 == 0x0A }.count == 2, "the line kept, and the next on a line of its own")
  }

  /// A whole last line without its newline that the gate refuses (from a newer grocery, or failing a check) is a line
  /// like any other: kept, and said, when the next change is written after it, where it was cut out as a crash's
  /// line cut short (found by a trial).
  @Test(arguments: [
    #"{"v":99,"id":"from-the-future","at":1,"seq":0,"machine":"x","summary":"","ops":[]}"#, "quantity0",
  ])
  func aWholeLastLineTheGateRefusesIsKeptWhenTheNextChangeIsWritten(_ line: String) throws {
    let alice = machine("alice")
    try add(["Milk"], to: alice)
    let path = alice.logsFolder + "/" + (try alice.identity().id) + ".jsonl"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let refused =
      line == "quantity0"
      ? String(text.dropLast()).replacingOccurrences(of: "\"quantity\":1", with: "\"quantity\":0") : line
    #expect(refused != String(text.dropLast()))
    try (text + refused).write(toFile: path, atomically: false, encoding: .utf8)
    #expect(try alice.check(now: Fixed.now + 1).problems == 1)
    try add(["Tea"], to: alice, at: Fixed.now + 2)
    let after = try String(contentsOfFile: path, encoding: .utf8)
    #expect(after.hasPrefix(text + refused + "\n"), "\(after)")
    #expect(after.split(separator: "\n").count == 3)
    #expect(try alice.load().items.map(\.name) == ["Milk", "Tea"])
    #expect(try alice.check(now: Fixed.now + 3).problems == 1)
  }

  @Test func aNewIdentityDoesNotInheritTheOldMachinesUndo() throws {
    let alice = machine("alice")
    try add(["Milk"], to: alice)
    try add(["Eggs"], to: alice, at: Fixed.now + 1)
    #expect(try alice.undoList().count == 2)
    // The host name changed: this state folder now belongs to a new machine, with its own log.
    let identity =
      "{\"machine\":\"00000000000000f1\",\"name\":\"alice@new\",\"host\":\"\(Machine.currentHost)\"}\n"
    try identity.write(toFile: alice.identityPath, atomically: false, encoding: .utf8)
    #expect(try alice.undoList().isEmpty)
    #expect(throws: GroceryError.nothingToUndo) { try alice.undo(now: Fixed.now + 2) }
    #expect(try alice.load().items.map(\.name) == ["Eggs", "Milk"])
  }

  @Test func undoingAPurchaseTakesBackThatMachinesPurchaseInEveryReadingOrder() throws {
    let alice = machine("alice")
    let bob = machine("bob")
    try add(["Milk"], to: alice)
    for (store, time) in [(bob, Fixed.now + 1), (alice, Fixed.now + 2)] {
      try store.update(summary: { _ in "buy" }, now: time) {
        _ = try $0.purchase(["milk"], on: Fixed.today, today: Fixed.today, now: time)
      }
    }
    _ = try bob.undo(now: Fixed.now + 3)
    let incremental = try alice.load()
    #expect(incremental.items.first?.purchases.map(\.by) == ["alice"])
    unlink(alice.cachePath)
    #expect(try alice.load() == incremental)
    #expect(try alice.loadHistory().items.first?.purchases.map(\.by) == ["alice"])
  }

  @Test func aLogThatIsNotARegularFileIsLeftOutAtOnceAndSaid() throws {
    let said = Said()
    let alice = machine("alice").warning(into: said)
    try add(["Milk"], to: alice)
    let log = try #require(try alice.logFiles().keys.first)
    let path = alice.logsFolder + "/" + log + ".jsonl"
    unlink(path)
    #expect(mkfifo(path, 0o600) == 0)
    #expect(try alice.load().items.isEmpty)
    #expect(said.lines.contains { $0.hasPrefix("'\(path)' is not a regular file") }, "\(said.lines)")
    #expect(try alice.logFiles().isEmpty)
    #expect(try alice.check(now: Fixed.now).leftOut == [HouseholdCheck.LeftOut(file: path, size: nil)])
  }

  /// A log of many lines no grocery reads costs every command what a few do: the cache keeps each log's first
  /// lines left out and counts the rest, read on by a later read or made whole by a rebuild alike, and every
  /// command says them as before; `check` finds the cache agreeing with the logs (found by a trial: two million
  /// such lines took every command four seconds and 450 MB).
  @Test func aLogOfManyLinesLeftOutKeepsItsFirstFewAndCountsTheRest() throws {
    let said = Said()
    let alice = machine("alice").warning(into: said)
    try add(["Milk"], to: alice)
    let peer = alice.logsFolder + "/1111111111111111.jsonl"
    try (String(repeating: "x\n", count: 1000) + "{\"v\":9}\n").write(
      toFile: peer, atomically: false, encoding: .utf8)
    _ = try alice.load()
    let more = try FileHandle(forWritingTo: URL(fileURLWithPath: peer))
    try more.seekToEnd()
    try more.write(contentsOf: Data((String(repeating: "y\n", count: 500) + "{\"v\":9}\n").utf8))
    try more.close()
    func warnings() throws -> [String] {
      said.lines = []
      _ = try alice.load()
      return said.lines
    }
    let caughtUp = try warnings()
    #expect(caughtUp.count == 7, "\(caughtUp)")
    #expect(caughtUp.last == "'\(peer)': 1495 more lines left out ('grocery check' lists every one)")
    #expect(caughtUp.filter { $0.contains("newer grocery, the first on line 1001") }.count == 1)
    let kept = try Database(path: alice.cachePath, create: false).statement("SELECT count(*) FROM refused")
      .first { Int($0.integer(0)) }
    #expect(kept == RefusalTally.kept + 1, "the first lines and the first newer grocery's")
    #expect(try alice.check(now: Fixed.now).cache == nil, "the cache agrees with the logs")
    unlink(alice.cachePath)
    _ = try alice.load()
    #expect(try warnings() == caughtUp, "a rebuilt cache says the same")
    #expect(try alice.check(now: Fixed.now).cache == nil)
  }

  /// What undo puts back is what the newest change stamped before the undone one set, another machine's unseen
  /// too, however the logs are read: in chunks of a few bytes, each line read across many, as in one.
  @Test(arguments: [7, 1 << 20]) func undoFindsTheNewestEarlierChangeAcrossChunks(chunk: Int) throws {
    let alice = machine("alice", household: "a")
    let bob = machine("bob", household: "b")
    try add(["Milk", "Tea"], to: alice, at: Fixed.now)
    func carry(_ from: HouseholdStore, to: HouseholdStore) throws {
      let log = try from.identity().id + ".jsonl"
      let target = to.logsFolder + "/" + log
      try? FileManager.default.removeItem(atPath: target)
      try FileManager.default.copyItem(atPath: from.logsFolder + "/" + log, toPath: target)
    }
    try FileManager.default.createDirectory(atPath: bob.logsFolder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: alice.markerPath, toPath: bob.markerPath)
    try carry(alice, to: bob)
    try add(["Jam"], to: bob, at: Fixed.now + 30)
    try bob.update(summary: { _ in "edit" }, now: Fixed.now + 60) { g in
      _ = try g.edit("milk", changes: ItemChanges(quantity: 5), today: Fixed.today, now: Fixed.now + 60)
    }
    try alice.update(summary: { _ in "edit" }, now: Fixed.now + 120) { g in
      _ = try g.edit("milk", changes: ItemChanges(quantity: 3), today: Fixed.today, now: Fixed.now + 120)
    }
    try carry(bob, to: alice)
    let reading = try alice.read(machine: try alice.identity().id)
    let ref = try #require(reading.undo.last)
    let log = alice.logsFolder + "/" + (try alice.identity().id) + ".jsonl"
    let change = try #require(try ChangeLog.line(log, at: ref.offset, length: ref.length, shownAs: log))
    let prior = try #require(try alice.prior(of: change, positions: reading.positions, chunk: chunk))
    let milk = try #require(reading.view.groceries.items.first { $0.name == "Milk" }?.id)
    #expect(prior.items[milk]?.quantity.value == 5, "bob's, unseen, stamped before alice's")
    #expect(prior.items[milk]?.name.value == "Milk")
    // Where alice had read all bob wrote, what she saw is what goes back, read from nothing; where she had read
    // none of it, bob's edit is found.
    let all = reading.positions.mapValues(\.offset)
    #expect(try alice.prior(of: change, positions: reading.positions, seen: all, chunk: chunk) == nil)
    let none = try alice.prior(of: change, positions: reading.positions, seen: [:], chunk: chunk)
    #expect(none?.items[milk]?.quantity.value == 5)
    // What the cache keeps of her change: how far she had read bob's log, which then held his edit unseen.
    let kept = try #require(try alice.read().cache).undo(of: try alice.identity().id)
    let bobs = try bob.identity().id
    #expect(kept.last?.seen.map { $0[bobs] == nil } == true, "bob's log was not there when alice edited")
  }

  /// A peer's log that ends in a line cut short is read no further while it stays so (a line cut short of half a
  /// gigabyte was read whole by every command), and read again once it changes, even to the same length: its last
  /// bytes are checked.
  @Test func aLogEndingInALineCutShortIsReadAgainOnlyOnceItChanges() throws {
    let alice = machine("alice")
    let bob = machine("bob")
    try add(["Milk"], to: alice)
    try add(["Tea"], to: bob)
    let log = try bob.identity().id
    let path = bob.logsFolder + "/" + log + ".jsonl"
    let whole = Array(try Data(contentsOf: URL(fileURLWithPath: path))).dropLast()
    let torn = Array(whole.dropLast()) + [0x20]
    try Data(torn).write(to: URL(fileURLWithPath: path))
    #expect(try alice.load().items.map(\.name) == ["Milk"])
    let kept = try #require(try alice.read().cache).positions()[log]
    #expect(kept?.torn == torn.count && kept?.offset == 0, "\(String(describing: kept))")
    #expect(try alice.load().items.map(\.name) == ["Milk"])
    try Data(whole).write(to: URL(fileURLWithPath: path))
    #expect(try alice.load().items.map(\.name) == ["Milk", "Tea"], "the same length, now a whole change")
  }

  /// A line cut short replaced by a whole change and another line cut short, of the same length and ending in the
  /// same bytes, is read again: the check holds both ends of what was cut short (found by a trial).
  @Test func aLineCutShortReplacedAtTheSameLengthWithTheSameEndIsReadAgain() throws {
    let alice = machine("alice")
    let bob = machine("bob")
    try add(["Milk"], to: alice)
    try add(["Tea"], to: bob)
    let path = bob.logsFolder + "/" + (try bob.identity().id) + ".jsonl"
    let line = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    let end = Array(repeating: UInt8(ascii: "z"), count: 100)
    let torn = Array(repeating: UInt8(ascii: "{"), count: line.count) + end
    try Data(torn).write(to: URL(fileURLWithPath: path))
    #expect(try alice.load().items.map(\.name) == ["Milk"])
    try Data(line + end).write(to: URL(fileURLWithPath: path))
    #expect(try alice.load().items.map(\.name) == ["Milk", "Tea"])
  }

  /// A peer's log larger than any grocery writes (a sparse file of a GiB and a byte here) is left out and said, as
  /// one that is not a file is, where every command, `check` too, failed reading it (found by a trial).
  /// A peer's log read before that grows past what any grocery writes is said as that alone, not also as a log
  /// gone (found by a trial).
  @Test func aPeerLogReadBeforeThatGrowsTooLargeIsNotSaidGone() throws {
    let said = Said()
    let alice = machine("alice").warning(into: said)
    let bob = machine("bob")
    try add(["Milk"], to: alice)
    try add(["Tea"], to: bob)
    #expect(try alice.load().items.map(\.name) == ["Milk", "Tea"])
    let peer = bob.logsFolder + "/" + (try bob.identity().id) + ".jsonl"
    #expect(truncate(peer, off_t(ChangeLog.maximumSize + 1)) == 0)
    said.lines = []
    try add(["Eggs"], to: alice)
    #expect(said.lines.contains { $0.contains("larger than any grocery writes") }, "\(said.lines)")
    #expect(!said.lines.contains { $0.contains("is gone") }, "\(said.lines)")
  }

  /// This machine's own log grown past what any grocery writes is left out as a peer's is: every read goes on with
  /// the cache it had (where every command failed), `check` names it, and a change is refused with the log
  /// untouched, as a line added to it would never show (found by a trial).
  @Test func thisMachinesLogGrownTooLargeIsLeftOutAndAChangeRefused() throws {
    let said = Said()
    let alice = machine("alice").warning(into: said)
    try add(["Milk"], to: alice)
    let own = alice.logsFolder + "/" + (try alice.identity().id) + ".jsonl"
    #expect(truncate(own, off_t(ChangeLog.maximumSize + 1)) == 0)
    #expect(try alice.load().items.isEmpty)
    #expect(said.lines.contains { $0.contains("larger than any grocery writes") }, "\(said.lines)")
    #expect(try alice.check(now: Fixed.now).leftOut.map(\.file) == [own])
    #expect(throws: GroceryError.self) { try add(["Eggs"], to: alice) }
    var size = stat()
    #expect(stat(own, &size) == 0 && Int(size.st_size) == ChangeLog.maximumSize + 1, "the log untouched")
  }

  @Test func aPeerLogLargerThanAnyGroceryWritesIsLeftOutAndSaid() throws {
    let said = Said()
    let alice = machine("alice").warning(into: said)
    try add(["Milk"], to: alice)
    let peer = alice.logsFolder + "/1111111111111111.jsonl"
    #expect(FileManager.default.createFile(atPath: peer, contents: Data("{".utf8)))
    #expect(truncate(peer, off_t(ChangeLog.maximumSize + 1)) == 0)
    #expect(try alice.load().items.map(\.name) == ["Milk"])
    try add(["Eggs"], to: alice)
    #expect(try alice.load().items.map(\.name) == ["Eggs", "Milk"])
    #expect(
      said.lines.contains(
        "'\(peer)' is \(ChangeLog.maximumSize + 1) bytes, larger than any grocery writes: its"
          + " machine's changes are left out"), "\(said.lines)")
    let check = try alice.check(now: Fixed.now)
    #expect(check.leftOut == [HouseholdCheck.LeftOut(file: peer, size: ChangeLog.maximumSize + 1)])
    #expect(check.problems > 0)
  }
}

extension HouseholdStore {
  /// The same household seen from another state folder: another machine with the same default name.
  fileprivate func renamed(state: String) -> HouseholdStore {
    HouseholdStore(
      path: path, folder: folder, stateFolder: FileSystem.folder(of: stateFolder) + "/state-" + state,
      defaultMachineName: defaultMachineName)
  }
}
