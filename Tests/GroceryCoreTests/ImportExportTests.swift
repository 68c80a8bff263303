import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// grocery's own export, written and read back: into a value and through a real store.
@Suite struct ImportExportTests {
  let folder = TemporaryDirectory()

  /// The sample household with what it lacks: a note, a snoozed staple, a store order and purchases by two people.
  static func household() throws -> Groceries {
    var groceries = SampleHousehold.make(today: Fixed.today, now: Fixed.now)
    _ = try groceries.addCategory("Pharmacy", id: UUID(uuidString: "00000000-0000-4000-8000-0000000000a1")!)
    _ = try groceries.reorderCategories(["pharmacy", "dairy"], at: nil)
    _ = try groceries.reorderCategories(["produce"], at: "Costco")
    _ = try groceries.setCategoryColor("produce", .brightGreen)
    _ = try groceries.edit(
      "milk", changes: ItemChanges(category: "pharmacy", note: "oat, \"barista\""), today: Fixed.today,
      now: Fixed.now)
    let index = try groceries.itemIndex(named: "bananas")
    groceries.items[index].record(Purchase(date: Fixed.day(-3), quantity: 2, by: "ann@laptop"))
    groceries.items[index].skipUntil = Fixed.day(5)
    // A note an older grocery kept, with a character that reorders text (`edit --note` now refuses it), and the
    // marks right-to-left text carries: the export must come back in whole.
    groceries.items[try groceries.itemIndex(named: "eggs")].note = "ok \u{202E}live, \u{200F}שלום"
    return groceries
  }

  func renderings(_ groceries: Groceries) throws -> (list: String, history: String) {
    let view = try groceries.listView(ListQuery(mode: .all, today: Fixed.today))
    return (
      try JSONListRenderer.render(view), try HistoryRenderer.json(try groceries.history([], since: nil))
    )
  }

  @Test func anExportImportedIntoAnEmptyHouseholdListsAndHistoriesTheSame() throws {
    let original = try Self.household()
    let text = ExportDocument(original).json()
    let document = try Importer.read([ImportFile(name: "export.json", text: text)])
    #expect(document.format == .grocery)
    var copy = Groceries()
    let report = copy.importing(document, today: Fixed.today, now: Fixed.now, newID: Fixed.ids())
    #expect(report.added.count == original.items.count)
    #expect(report.purchases == original.items.map(\.purchases.count).reduce(0, +))
    #expect(copy.newPurchases.count == report.purchases)
    let (list, history) = try renderings(copy)
    let (originalList, originalHistory) = try renderings(original)
    #expect(list == originalList)
    #expect(history == originalHistory)
    #expect(history.contains("\"by\" : \"ann@laptop\""))
    #expect(copy.walkOrder(at: "Costco") == original.walkOrder(at: "Costco"))
    #expect(ExportDocument(copy).json() == text)
    #expect(text.contains(#""name": "Produce", "color": "bright-green"}"#))
    #expect(copy.categories.first { $0.name == "Produce" }?.color == .brightGreen)
  }

  @Test func anImportSaysWhenItRecoloursACategoryOrReordersAStoreTheHouseholdHad() throws {
    var groceries = Groceries()
    _ = try groceries.addLocation("costco")
    let text = """
      {"format": "grocery-export", "version": 1, "locations": [{"name": "costco", "categoryOrder": ["Deli & Meat",
      "Produce"]}], "categories": [{"name": "Produce", "color": "red"}, {"name": "Deli & Meat"}], "items": []}
      """
    let document = try Importer.read([ImportFile(name: "export.json", text: text)])
    let report = groceries.importing(document, today: Fixed.today, now: Fixed.now, newID: Fixed.ids())
    #expect(report.recoloured == ["Produce"] && report.reorderedLocations == ["costco"])
    #expect(groceries.categories.first { $0.name == "Produce" }?.color == .red)
    #expect(Array(groceries.walkOrder(at: "costco").prefix(2)) == ["Deli & Meat", "Produce"])
    let again = groceries.importing(document, today: Fixed.today, now: Fixed.now, newID: Fixed.ids())
    #expect(again.recoloured.isEmpty && again.reorderedLocations.isEmpty, "nothing changed the second time")
  }

  @Test func namesThatDifferOnlyByACurlyQuoteStayTwoItemsWithTheirOwnPurchases() throws {
    // Two items apart, as two machines can make them (`add` takes the second name for the first item now).
    let ids = Fixed.ids()
    var original = Groceries()
    for name in ["Ben's cookies", "Ben’s cookies"] {
      original.items.append(Item(id: ids(), name: name, isOnList: true, now: Fixed.now))
    }
    _ = try original.purchase(["Ben's cookies"], on: Fixed.day(-1), today: Fixed.today, now: Fixed.now)
    _ = try original.purchase(["Ben’s cookies"], on: Fixed.today, today: Fixed.today, now: Fixed.now)
    let document = try Importer.read([ImportFile(name: "export.json", text: ExportDocument(original).json())])
    #expect(document.merged.isEmpty)
    var copy = Groceries()
    _ = copy.importing(document, today: Fixed.today, now: Fixed.now, newID: Fixed.ids())
    #expect(try renderings(copy).history == renderings(original).history)
    #expect(copy.items.map(\.purchases.count) == [1, 1])
  }

  @Test func anExportThatNamesOneItemTwiceKeepsThePurchasesOfBoth() throws {
    let text = """
      {"format": "grocery-export", "version": 1, "categories": [], "locations": [], "items": [
      {"name": "Milk", "purchases": [{"date": "2026-11-01", "quantity": 1}]},
      {"name": "milk", "purchases": [{"date": "2026-11-08", "quantity": 2}]}]}
      """
    let document = try Importer.read([ImportFile(name: "export.json", text: text)])
    #expect(document.items.map(\.name) == ["Milk"])
    #expect(document.items[0].purchases.map(\.quantity) == [1, 2])
    #expect(document.merged.map(\.spellings) == [["Milk", "milk"]])
  }

  /// A paste or spreadsheet naming one item as paper spells it and as it is spelled (`Strasse brot`, `Straße Brot`)
  /// names it twice, as it names `Milk` and `milk` twice: one item, with the purchases of both. An export keeps
  /// grocery's names exactly, so there the two stay two items.
  @Test func aFileNamingAnItemAsPaperSpellsItAndAsItIsSpelledNamesItTwice() throws {
    let csv = "name,on_list\nStrasse brot,false\nStraße Brot,true\nŒufs,false\noeufs,false\nmilk,true\n"
    let document = try Importer.read([ImportFile(name: "list.csv", text: csv)])
    #expect(document.items.map(\.name) == ["Straße Brot", "Œufs", "milk"])
    #expect(document.merged.map(\.spellings) == [["Strasse brot", "Straße Brot"], ["Œufs", "oeufs"]])
    let export = """
      {"format": "grocery-export", "version": 1, "categories": [], "locations": [], "items": [
      {"name": "Strasse brot"}, {"name": "Straße Brot"}]}
      """
    let exported = try Importer.read([ImportFile(name: "export.json", text: export)])
    #expect(exported.items.map(\.name) == ["Strasse brot", "Straße Brot"])
    #expect(exported.merged.isEmpty)
  }

  @Test func theExportLayoutIsDocumented() throws {
    var groceries = Groceries(categories: [Category(id: Category.defaultID("Produce")!, name: "Produce")])
    let ids = Fixed.ids()
    _ = try groceries.addLocation("Costco", id: ids())
    _ = try groceries.add(
      ["Milk"], changes: ItemChanges(note: "2%", locations: ["costco"], isStaple: true), today: Fixed.today,
      now: Fixed.now, newID: ids)
    _ = try groceries.purchase(["milk"], on: Fixed.day(-1), today: Fixed.today, now: Fixed.now)
    #expect(
      ExportDocument(groceries).json() == """
        {
          "format": "grocery-export",
          "version": 1,
          "categories": [
            {"id": "00000000-0000-4000-8000-00000000c001", "name": "Produce"}
          ],
          "locations": [
            {"id": "00000000-0000-4000-8000-000000000001", "name": "Costco", "categoryOrder": []}
          ],
          "items": [
            {
              "id": "00000000-0000-4000-8000-000000000002",
              "name": "Milk",
              "quantity": 1,
              "note": "2%",
              "category": "Uncategorized",
              "locations": ["Costco"],
              "staple": true,
              "onList": false,
              "unavailableOn": null,
              "skipUntil": null,
              "created": "2026-11-21T12:00:00Z",
              "purchases": [
                {"date": "2026-11-20", "quantity": 1, "by": null}
              ]
            }
          ]
        }

        """)
  }

  @Test func importingTheSameExportTwiceAddsNoPurchase() throws {
    let text = ExportDocument(try Self.household()).json()
    var copy = Groceries()
    let document = try Importer.read([ImportFile(name: "export.json", text: text)])
    _ = copy.importing(document, today: Fixed.today, now: Fixed.now, newID: Fixed.ids())
    copy.newPurchases = []
    let before = copy
    let report = copy.importing(document, today: Fixed.today, now: Fixed.now, newID: Fixed.ids())
    #expect(copy == before)
    #expect(report.purchases == 0 && report.added.isEmpty && report.updated.isEmpty)
  }

  @Test(arguments: [
    (
      "{\"format\": \"grocery-export\", \"version\": 2, \"items\": []}",
      "cannot import 'export.json': it is export version 2, and this grocery understands versions up to 1;"
        + " install a newer grocery"
    ),
    (
      "{\n\"format\": \"grocery-export\",\n\"version\": 1,\n\"categories\": [],\n\"locations\": [],\n\"items\": [\n"
        + "{\"name\": \"Milk\", \"purchases\": [\n{\"date\": \"2026-02-30\", \"quantity\": 1}]}]}",
      "cannot import 'export.json': line 8: expected 'date' to be a date as YYYY-MM-DD, found \"2026-02-30\""
    ),
    (
      "{\n\"format\": \"grocery-export\",\n\"version\": 1,\n\"categories\": [],\n\"items\": []}",
      "cannot import 'export.json': line 1: 'locations' is missing"
    ),
    (
      "{\"format\": \"grocery-export\", \"version\": 1, \"categories\": [], \"locations\": [], \"items\": [\n"
        + "{\"name\": \"Milk\", \"id\": \"nope\"}]}",
      "cannot import 'export.json': line 2: expected 'id' to be an id, found \"nope\""
    ),
    (
      "{\"format\": \"grocery-export\", \"version\": 1, \"locations\": [], \"items\": [], \"categories\": [\n"
        + "{\"name\": \"Produce\", \"color\": \"pink\"}]}",
      "cannot import 'export.json': line 2: expected 'color' to be one of black, red, green, yellow, blue, magenta,"
        + " cyan, white, bright-black, bright-red, bright-green, bright-yellow, bright-blue, bright-magenta,"
        + " bright-cyan, bright-white"
    ),
    (
      "{\"format\": \"grocery-export\", \"version\": 1, \"categories\": [], \"locations\": [], \"items\": [\n"
        + "{\"name\": \"Milk\", \"purchases\": [\n{\"date\": \"2026-11-20\", \"by\": \"ann\\u0007\"}]}]}",
      "cannot import 'export.json': line 3: buyer name 'ann\\u{7}': it contains a control character"
    ),
  ])
  func aMalformedExportIsRefusedWithItsLine(text: String, message: String) {
    #expect(
      ImportFixture.failure { _ = try Importer.read([ImportFile(name: "export.json", text: text)]) }
        == message)
  }

  @Test func anExportThroughARealStoreBecomesLogEntriesThatReloadTheSameAndOneUndoRevertsIt() throws {
    func store(_ name: String) -> HouseholdStore {
      HouseholdStore(
        path: folder.file(name), folder: folder.file(name), stateFolder: folder.file("state-" + name),
        defaultMachineName: name)
    }
    let source = store("source")
    try source.create(try Self.household(), summary: "init", now: Fixed.now)
    let text = ExportDocument(try source.loadHistory()).json()

    let target = store("target")
    let document = try Importer.read([ImportFile(name: "export.json", text: text)])
    let report = try target.update(summary: { _ in "import export.json" }, now: Fixed.now) {
      $0.importing(document, today: Fixed.today, now: Fixed.now, newID: UUID.init)
    }
    #expect(report.purchases > 0)
    func listJSON(_ store: HouseholdStore) throws -> String {
      try JSONListRenderer.render(try store.load().listView(ListQuery(mode: .all, today: Fixed.today)))
    }
    func historyJSON(_ store: HouseholdStore) throws -> String {
      try HistoryRenderer.json(try store.loadHistory().history([], since: nil))
    }
    #expect(try listJSON(target) == listJSON(source))
    #expect(try historyJSON(target) == historyJSON(source))
    #expect(try target.undoList().map(\.summary) == ["import export.json"])
    _ = try target.undo(now: Fixed.now.addingTimeInterval(60))
    #expect(try target.loadHistory().items.isEmpty)
  }

  @Test func reimportingAnExportIntoItsOwnStoreWithItsHistoryChangesNothing() throws {
    let store = HouseholdStore(
      path: folder.file("household"), folder: folder.file("household"), stateFolder: folder.file("state"),
      defaultMachineName: "ann")
    var household = try Self.household()
    // An item bought on more days than the everyday view keeps.
    var coffee = Item(
      id: UUID(uuidString: "00000000-0000-4000-8000-0000000000c0")!, name: "Coffee", now: Fixed.now)
    for offset in 1...90 { coffee.record(Purchase(date: Fixed.day(-offset), quantity: 1)) }
    household.items.append(coffee)
    household.sortItems()
    try store.create(household, summary: "init", now: Fixed.now)
    let history = try store.loadHistory()
    #expect(try store.load().items.contains { $0.earlierPurchases > 0 })
    let document = try Importer.read([ImportFile(name: "export.json", text: ExportDocument(history).json())])
    let report = try store.update(summary: { _ in "import export.json" }, now: Fixed.now) {
      $0.importing(document, today: Fixed.today, now: Fixed.now, history: history, newID: UUID.init)
    }
    #expect(report.added.isEmpty && report.updated.isEmpty && report.purchases == 0)
    #expect(try store.undoList().map(\.summary) == ["init"])
    #expect(try store.loadHistory() == history)
  }
}
