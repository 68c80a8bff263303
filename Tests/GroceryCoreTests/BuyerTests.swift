import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// Purchases that name their buyer: written on version-3 log lines, folded, kept in the cache and undone.
@Suite struct BuyerTests {
  let folder = TemporaryDirectory()
  let item = UUID(uuidString: "00000000-0000-4000-8000-000000000001")!

  func machine(_ name: String) -> HouseholdStore {
    HouseholdStore(
      path: folder.file("household"), folder: folder.file("household"),
      stateFolder: folder.file("state-" + name), defaultMachineName: name)
  }

  /// A change of 2026-11-18 holding the operation.
  func change(_ operation: GroceryCore.Operation) -> Change {
    Change(
      id: "c1", stamp: Stamp(milliseconds: 1_795_000_000_000, counter: 0, machine: "00000000000000aa"),
      summary: "s", undoes: nil, operations: [operation])
  }

  /// An export of two purchases of bananas by two people, and one of milk by nobody named.
  static let export = """
    {"format": "grocery-export", "version": 1, "locations": [], "categories": [{"name": "Produce"}],
    "items": [{"name": "Bananas", "category": "Produce", "staple": true, "onList": false, "purchases": [
    {"date": "2026-11-10", "quantity": 2, "by": "ann@laptop"}, {"date": "2026-11-17", "quantity": 1, "by": "bob"}]},
    {"name": "Milk", "staple": true, "onList": true, "purchases": [{"date": "2026-11-18", "quantity": 1}]}]}
    """

  func importExport(into store: HouseholdStore) throws {
    let document = try Importer.read([ImportFile(name: "export.json", text: Self.export)])
    try store.update(summary: { _ in "import export.json" }, now: Fixed.now) {
      _ = $0.importing(document, today: Fixed.today, now: Fixed.now, newID: Fixed.ids())
    }
  }

  func buyers(_ groceries: Groceries) -> [String] {
    groceries.items.flatMap { item in item.purchases.map { "\(item.name) \($0.date) \($0.by ?? "-")" } }
  }

  @Test func aPurchaseNamingItsBuyerIsWrittenOnAVersion3LineAndReadBack() throws {
    let named = change(.buy(item: item, day: Fixed.day(-3), quantity: 2, by: "ann@laptop"))
    let line = ChangeCodec.encode(named)
    #expect(
      line
        == "{\"v\":3,\"id\":\"c1\",\"at\":\"2026-11-18T11:06:40.000Z\",\"seq\":0,\"machine\":\"00000000000000aa\","
        + "\"summary\":\"s\",\"ops\":[{\"op\":\"buy\",\"item\":\"00000000-0000-4000-8000-000000000001\","
        + "\"day\":\"2026-11-18\",\"quantity\":2,\"by\":\"ann@laptop\"}]}\n")
    let bytes = Array(line.utf8.dropLast())
    #expect(try ChangeCodec.decode(bytes, from: 0, to: bytes.count) == named)
  }

  @Test func aPurchaseWithoutABuyerStaysOnAVersion2Line() {
    let line = ChangeCodec.encode(change(.buy(item: item, day: Fixed.day(-3), quantity: 2)))
    #expect(
      line
        == "{\"v\":2,\"id\":\"c1\",\"at\":\"2026-11-18T11:06:40.000Z\",\"seq\":0,\"machine\":\"00000000000000aa\","
        + "\"summary\":\"s\",\"ops\":[{\"op\":\"buy\",\"item\":\"00000000-0000-4000-8000-000000000001\","
        + "\"day\":\"2026-11-18\",\"quantity\":2}]}\n")
  }

  @Test(arguments: [
    (2, "\"ann@laptop\"", "ops[0].by: a purchase naming its buyer needs a version-3 line"),
    (3, "\"\"", "ops[0].by: expected a machine name, but it is empty"),
    (3, "\" ann\"", "ops[0].by: expected a machine name without space around it, in NFC"),
    (3, "\"ann\\u0007\"", "ops[0].by: expected a machine name, but it contains a control character"),
    (3, "null", "ops[0].by: expected a string"),
  ])
  func aBuyerTheLogCannotHoldIsRefusedNamingItsField(version: Int, by: String, message: String) {
    let op =
      "{\"op\":\"buy\",\"item\":\"00000000-0000-4000-8000-000000000001\",\"day\":\"2026-11-21\",\"quantity\":1,"
      + "\"by\":\(by)}"
    #expect(LogLine.refusal(of: op, version: version) == message)
  }

  @Test func aBuyerOnAnOperationOtherThanAPurchaseIsRefused() {
    let op = "{\"op\":\"item\",\"id\":\"00000000-0000-4000-8000-000000000001\",\"set\":{},\"by\":\"ann\"}"
    #expect(LogLine.refusal(of: op, version: 3) == "ops[0].by: 'item' operations have no such field")
  }

  @Test func anOrdinaryPurchaseNamesNoBuyerInTheLog() throws {
    let alice = machine("alice")
    try importExport(into: alice)
    try alice.update(summary: { _ in "purchase" }, now: Fixed.now + 60) {
      _ = try $0.purchase(["milk"], on: Fixed.today, today: Fixed.today, now: Fixed.now + 60)
    }
    let log = try String(
      contentsOfFile: alice.logsFolder + "/" + (try alice.identity().id) + ".jsonl", encoding: .utf8)
    let last = try #require(log.split(separator: "\n").last)
    #expect(last.hasPrefix("{\"v\":2,") && !last.contains("\"by\""))
    #expect(buyers(try alice.load()).last == "Milk 2026-11-21 -")
  }

  @Test func importedBuyersAreShownWhateverTheNumberOfMachinesAndKeptByTheCache() throws {
    let alice = machine("alice")
    try importExport(into: alice)
    let expected = ["Bananas 2026-11-10 ann@laptop", "Bananas 2026-11-17 bob", "Milk 2026-11-18 -"]
    #expect(buyers(try alice.load()) == expected)
    #expect(buyers(try alice.loadHistory()) == expected)
    let (cached, folded) = try alice.cachedAndFolded()
    #expect(cached.state == folded.state)
    #expect(buyers(cached.view.groceries) == expected)
  }

  @Test func aCacheOfAnotherLayoutIsRebuiltAndTheBuyersComeBack() throws {
    let alice = machine("alice")
    try importExport(into: alice)
    try alice.spoilCache()
    #expect(
      buyers(try alice.load()) == [
        "Bananas 2026-11-10 ann@laptop", "Bananas 2026-11-17 bob", "Milk 2026-11-18 -",
      ])
  }

  @Test func undoingTheImportTakesBackThePurchasesWithTheirBuyers() throws {
    let alice = machine("alice")
    try alice.update(summary: { _ in "add" }, now: Fixed.now - 60) {
      _ = try $0.add(
        ["Bananas"], changes: ItemChanges(), today: Fixed.today, now: Fixed.now - 60, newID: UUID.init)
      _ = try $0.purchase(["bananas"], on: Fixed.day(-11), today: Fixed.today, now: Fixed.now - 60)
    }
    try importExport(into: alice)
    #expect(
      buyers(try alice.load()) == [
        "Bananas 2026-11-10 -", "Bananas 2026-11-10 ann@laptop", "Bananas 2026-11-17 bob",
        "Milk 2026-11-18 -",
      ])
    _ = try alice.undo(now: Fixed.now + 60)
    #expect(buyers(try alice.load()) == ["Bananas 2026-11-10 -"])
    #expect(buyers(try alice.loadHistory()) == ["Bananas 2026-11-10 -"])
  }
}
