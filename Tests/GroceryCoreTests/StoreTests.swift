import Foundation
import Testing
import TestSupport

@testable import GroceryCore

@Suite struct StoreTests {
  let folder = TemporaryDirectory()
  var path: String { folder.file("data/grocery.json") }
  var store: JSONFileStore { JSONFileStore(path: path) }

  func add(_ name: String, to store: JSONFileStore? = nil) throws {
    _ = try (store ?? self.store).update(summary: { _ in "add \(name)" }, now: Fixed.now) {
      try $0.add([name], changes: ItemChanges(), today: Fixed.today, now: Fixed.now, newID: UUID.init)
    }
  }

  func mode(_ path: String) throws -> mode_t {
    var info = stat()
    #expect(stat(path, &info) == 0)
    return info.st_mode & 0o777
  }

  @Test func aMissingFileIsAnEmptyStoreWithDefaultCategories() throws {
    let groceries = try store.load()
    #expect(groceries.items.isEmpty)
    #expect(groceries.walkOrder() == Category.defaults + [Category.uncategorized])
  }

  @Test func aRefusedOrEmptyChangeOnANewStoreWritesNothingAtAll() throws {
    #expect(throws: GroceryError.self) {
      try store.update(summary: { _ in "x" }, now: Fixed.now) { try $0.remove(["milk"]) }
    }
    _ = try store.update(summary: { _ in "x" }, now: Fixed.now) { $0.restock(.all, today: Fixed.today, now: Fixed.now) }
    #expect(!FileManager.default.fileExists(atPath: folder.file("data")))
  }

  @Test func theFirstChangeCreatesAPrivateFolderAndFile() throws {
    try add("Milk")
    #expect(try mode(folder.file("data")) == 0o700)
    #expect(try mode(path) == 0o600)
    #expect(try store.load().items.map(\.name) == ["Milk"])
  }

  @Test func aChangeKeepsTheFilesPermissions() throws {
    try add("Milk")
    #expect(chmod(path, 0o640) == 0)
    try add("Eggs")
    #expect(try mode(path) == 0o640)
  }

  @Test func aRefusedChangeLeavesTheStoreByteIdentical() throws {
    try add("Milk")
    let before = try #require(FileManager.default.contents(atPath: path))
    #expect(throws: GroceryError.self) {
      try store.update(summary: { _ in "x" }, now: Fixed.now) { groceries -> [String] in
        groceries.items[0].quantity = 5
        return try groceries.remove(["nope"])
      }
    }
    #expect(FileManager.default.contents(atPath: path) == before)
    #expect(try store.undoList().count == 1)
  }

  @Test func aChangeThatChangesNothingWritesNothing() throws {
    try add("Milk")
    let before = try #require(FileManager.default.contents(atPath: path))
    try add("Milk")
    #expect(FileManager.default.contents(atPath: path) == before)
    #expect(try store.undoList().count == 1)
  }

  @Test func aSymlinkedStoreStaysALinkAndItsTargetIsUpdated() throws {
    try FileManager.default.createDirectory(atPath: folder.file("real"), withIntermediateDirectories: true)
    let link = folder.file("link.json")
    #expect(symlink(folder.file("real/grocery.json"), link) == 0)
    let linked = JSONFileStore(path: link)
    try add("Milk", to: linked)
    try add("Eggs", to: linked)
    let attributes = try FileManager.default.attributesOfItem(atPath: link)
    #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
    #expect(try JSONFileStore(path: folder.file("real/grocery.json")).load().items.map(\.name) == ["Eggs", "Milk"])
    #expect(FileManager.default.fileExists(atPath: folder.file("real/grocery.json.lock")))
  }

  @Test func staleTemporaryFilesAreCleanedUpByTheNextChange() throws {
    try add("Milk")
    let stale = folder.file("data/.grocery.json.tmp-123-456")
    try folder.write("data/.grocery.json.tmp-123-456", "half a write")
    try add("Eggs")
    #expect(!FileManager.default.fileExists(atPath: stale))
  }

  @Test func theFileIsSortedPrettyAndStable() throws {
    try add("milk")
    try add("Apples")
    let data = try #require(FileManager.default.contents(atPath: path))
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.hasPrefix("{\n  \"categories\" : ["))
    #expect(text.hasSuffix("\"version\" : 1\n}\n"))
    #expect(try #require(text.range(of: "\"Apples\"")).lowerBound < (try #require(text.range(of: "\"milk\""))).lowerBound)
    let decoded = try StoreCodec.decode(data, path: path)
    #expect(try StoreCodec.encode(decoded.groceries, change: decoded.change) == data)
  }

  @Test func theVersionOneFixtureStillReads() throws {
    let url = try #require(Bundle.module.url(forResource: "store-v1", withExtension: "json", subdirectory: "Fixtures"))
    let data = try Data(contentsOf: url)
    let (groceries, change) = try StoreCodec.decode(data, path: "store-v1.json")
    #expect(change == ChangeNote(summary: "purchase Crème fraîche", at: Timestamp.parse("2026-11-20T18:30:00Z")!))
    #expect(groceries.walkOrder() == ["Dairy & Fridge", "Produce", "Pharmacy", "Uncategorized"])
    #expect(groceries.walkOrder(at: "Farmers Market").first == "Produce")
    #expect(groceries.items.map(\.name) == ["Crème fraîche", "Kale", "Stamps"])
    let creme = groceries.items[0]
    #expect(creme.isStaple && !creme.isOnList && creme.note == "full fat")
    #expect(creme.purchases.map(\.date.description) == ["2026-11-13", "2026-11-20"])
    #expect(creme.id == UUID(uuidString: "6A1F3C52-8E0B-4D7A-9C11-2B5E7F0A9D01"))
    #expect(groceries.items[1].quantity == 2 && groceries.items[1].locations == ["Farmers Market"])
    #expect(groceries.items[1].unavailableOn == Day("2026-11-20"))
    #expect(groceries.items[2].skipUntil == Day("2026-12-01"))
    #expect(try StoreCodec.encode(groceries, change: change) == data)
  }

  static let brokenFiles: [(String, [UInt8], String)] = [
    ("empty", [], "the file is empty"),
    ("truncated", Array("{\n  \"version\" : 1,\n  \"items\" : [".utf8), "line 3, column 14: the file ends too early"),
    ("garbage", Array("milk, eggs\n".utf8), "line 1, column 1: unexpected character 'm'"),
    ("invalid UTF-8", [0x7B, 0x22, 0xFF, 0x22, 0x7D], "not valid UTF-8 at byte 2"),
    ("not an object", Array("[1, 2]".utf8), "expected a JSON object at the top level"),
    ("no version", Array("{\"items\": []}".utf8), "version: missing"),
    ("version zero", Array("{\"version\": 0}".utf8), "version: 0 is not a store version"),
    ("version as text", Array("{\"version\": \"1\"}".utf8), "version: expected a whole number"),
    (
      "wrong type",
      Array(
        "{\"version\":1,\"categories\":[],\"locations\":[],\"items\":[{\"id\":\"6A1F3C52-8E0B-4D7A-9C11-2B5E7F0A9D01\",\"name\":\"Milk\",\"quantity\":\"two\"}]}"
          .utf8), "items[0].quantity: expected a whole number"
    ),
    ("missing field", Array("{\"version\":1,\"categories\":[],\"locations\":[]}".utf8), "items: missing"),
    (
      "bad quantity",
      Array(
        ("{\"version\":1,\"categories\":[],\"locations\":[],\"items\":[{\"id\":\"6A1F3C52-8E0B-4D7A-9C11-2B5E7F0A9D01\","
          + "\"name\":\"Milk\",\"quantity\":0,\"category\":\"Uncategorized\",\"locations\":[],\"staple\":false,"
          + "\"onList\":true,\"purchases\":[],\"created\":\"2026-11-21T12:00:00Z\",\"updated\":\"2026-11-21T12:00:00Z\"}]}")
          .utf8), "items[0].quantity: expected a whole number from 1 to 999"
    ),
    (
      "unknown category",
      Array(
        ("{\"version\":1,\"categories\":[],\"locations\":[],\"items\":[{\"id\":\"6A1F3C52-8E0B-4D7A-9C11-2B5E7F0A9D01\","
          + "\"name\":\"Milk\",\"quantity\":1,\"category\":\"Dairy\",\"locations\":[],\"staple\":false,"
          + "\"onList\":true,\"purchases\":[],\"created\":\"2026-11-21T12:00:00Z\",\"updated\":\"2026-11-21T12:00:00Z\"}]}")
          .utf8), "items[0].category: no category named 'Dairy'"
    ),
  ]

  @Test(arguments: brokenFiles)
  func aBrokenFileIsRefusedWithWhereItBrokeAndLeftAlone(_ name: String, _ bytes: [UInt8], _ reason: String) throws {
    try FileManager.default.createDirectory(atPath: folder.file("data"), withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: path, contents: Data(bytes))
    #expect(throws: GroceryError.unreadableStore(path: path, reason: reason)) { try store.load() }
    #expect(throws: GroceryError.unreadableStore(path: path, reason: reason)) { try add("Milk") }
    #expect(FileManager.default.contents(atPath: path) == Data(bytes))
  }

  @Test func aNewerVersionIsRefusedNamingBothVersions() throws {
    try FileManager.default.createDirectory(atPath: folder.file("data"), withIntermediateDirectories: true)
    try folder.write("data/grocery.json", "{\"version\": 2, \"whatever\": true}")
    #expect(throws: GroceryError.newerStoreVersion(path: path, found: 2, supported: 1)) { try add("Milk") }
    #expect(
      GroceryError.newerStoreVersion(path: "s.json", found: 2, supported: 1).message
        == "cannot read store 's.json': it is version 2, and this grocery understands versions up to 1; install a newer grocery")
  }

  @Test func undoStepsBackByteForByteToEachEarlierState() throws {
    var states: [Data?] = [nil]
    for name in ["Milk", "Eggs", "Bread", "Tea"] {
      try add(name)
      states.append(FileManager.default.contents(atPath: path))
    }
    _ = try store.update(summary: { _ in "purchase Milk" }, now: Fixed.now) {
      try $0.purchase(["milk"], on: Fixed.today, today: Fixed.today, now: Fixed.now)
    }
    #expect(try store.undoList().map(\.summary) == ["purchase Milk", "add Tea", "add Bread", "add Eggs", "add Milk"])
    #expect(try store.undo().summary == "purchase Milk")
    for expected in states.reversed().dropFirst() {
      _ = try store.undo()
      #expect(FileManager.default.contents(atPath: path) == expected)
    }
    #expect(throws: GroceryError.refused("nothing to undo")) { try store.undo() }
  }

  @Test func undoKeepsABoundedHistory() throws {
    let shallow = JSONFileStore(path: path, undoDepth: 3)
    for name in ["A", "B", "C", "D", "E", "F"] { try add(name, to: shallow) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: path + ".undo").count == 3)
    #expect(try shallow.undoList().map(\.summary) == ["add F", "add E", "add D"])
    for _ in 0..<3 { _ = try shallow.undo() }
    #expect(try shallow.load().items.map(\.name) == ["A", "B", "C"])
    #expect(throws: GroceryError.refused("nothing to undo")) { try shallow.undo() }
  }

  @Test func undoSkipsAStateACrashLeftBehind() throws {
    try add("Milk")
    try add("Eggs")
    // A crash between keeping the old file and renaming the new one leaves a link to the current file.
    #expect(link(path, path + ".undo/0000000099.json") == 0)
    #expect(try store.undo().summary == "add Eggs")
    #expect(try store.load().items.map(\.name) == ["Milk"])
  }

  @Test func aThousandRandomMutationsNeverCrashTheLoader() throws {
    let valid = try StoreCodec.encode(
      SampleHousehold.make(today: Fixed.today, now: Fixed.now), change: ChangeNote(summary: "x", at: Fixed.now))
    var random = SeededRandom(seed: 20261121)
    var accepted = 0
    for _ in 0..<1000 {
      var bytes = [UInt8](valid)
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        let index = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes[index] = UInt8.random(in: 0...255, using: &random)
        case 1: bytes.remove(at: index)
        default: bytes.insert(UInt8.random(in: 0...255, using: &random), at: index)
        }
      }
      do {
        _ = try StoreCodec.decode(Data(bytes), path: "fuzz")
        accepted += 1
      } catch let error as GroceryError {
        switch error {
        case .unreadableStore, .newerStoreVersion: break
        default: Issue.record("unexpected error \(error)")
        }
      }
    }
    #expect(accepted < 1000)
  }
}
