import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// ShoppingList14's items.json and locations.json, with the oddities its users' files have.
@Suite struct ImportShoppingList14Tests {
  let both: ImportDocument

  init() throws {
    both = try Importer.read([ImportFixture.file("items.json"), ImportFixture.file("locations.json")])
  }

  @Test func locationsBecomeCategoriesInVisitationOrderWithTheirNearestColours() {
    #expect(both.format == .shoppingList14)
    #expect(both.setsCategoryOrder)
    #expect(both.categories.map(\.name) == ["Bakery", "Dairy", "Fridge", "Snacks"])
    #expect(both.categories.map(\.namedColor) == [.yellow, .blue, .brightCyan, .brightYellow])
    #expect(
      both.categories[0].red == 0.8 && both.categories[0].green == 0.45 && both.categories[0].blue == 0.1)
  }

  @Test func itemsAreFoldedByCaseSpacesAndCurlyMarksKeepingTheOneOnTheList() {
    let items = both.items.map {
      "\($0.name)|\($0.quantity!)|\($0.category!)|\($0.isOnList!)|\($0.isUnavailable!)"
    }
    #expect(
      items == [
        "Milk|2|Dairy|true|false", "Ben’s cookies|1|Snacks|true|true", "Eggs|12|Dairy|true|false",
        "Batteries – AA|1|Uncategorized|true|false", "Bread|1|Bakery|false|false",
      ])
    #expect(
      both.merged == [
        ImportMerge(kind: .category, name: "Bakery", spellings: ["Bakery", "bakery"]),
        ImportMerge(kind: .category, name: "Fridge", spellings: ["Fridge", "fridge"]),
        ImportMerge(kind: .item, name: "Milk", spellings: ["Milk", "milk"]),
        ImportMerge(kind: .item, name: "Ben’s cookies", spellings: ["Ben’s cookies", "Ben's Cookies"]),
        ImportMerge(
          kind: .item, name: "Eggs", spellings: ["Eggs", "Eggs"], places: ["Fridge", "Dairy"], kept: "Dairy"),
      ])
  }

  @Test func applyingAddsEverythingAsOneReportAndSetsTheWalkOrder() throws {
    var groceries = Groceries()
    let report = groceries.importing(both, today: Fixed.today, now: Fixed.now, newID: Fixed.ids())
    #expect(
      ImportReportRenderer.render(report) == """
        added 5, updated 0, skipped 0
        new categories: 'Bakery', 'Dairy', 'Fridge', 'Snacks'
        walk order set from the import
        merged category 'Bakery' from 'Bakery', 'bakery'
        merged category 'Fridge' from 'Fridge', 'fridge'
        merged item 'Milk' from 'Milk', 'milk'
        merged item 'Ben’s cookies' from 'Ben’s cookies', 'Ben's Cookies'
        merged item 'Eggs' (listed 2 times) under 'Fridge', 'Dairy'; kept 'Dairy'

        """)
    #expect(Array(groceries.walkOrder().prefix(5)) == ["Bakery", "Dairy", "Fridge", "Snacks", "Produce"])
    #expect(
      groceries.categories.prefix(4).map(\.color) == both.categories.map(\.namedColor)
        && groceries.categories.prefix(4).map(\.color) == [.yellow, .blue, .brightCyan, .brightYellow])
    let cookies = try #require(groceries.items.first { $0.name == "Ben’s cookies" })
    #expect(cookies.isOnList && cookies.unavailableOn == Fixed.today)
    let bread = try #require(groceries.items.first { $0.name == "Bread" })
    #expect(!bread.isOnList && bread.category == "Bakery" && bread.unavailableOn == nil)
  }

  @Test func importingAgainMatchesTheStraightSpellingsAndChangesNothing() throws {
    var groceries = Groceries()
    _ = groceries.importing(both, today: Fixed.today, now: Fixed.now, newID: Fixed.ids())
    let before = groceries
    let report = groceries.importing(both, today: Fixed.today, now: Fixed.now, newID: Fixed.ids())
    #expect(groceries == before)
    #expect(report.added.isEmpty && report.updated.isEmpty)
    #expect(report.skipped.map(\.name) == ["Milk", "Ben’s cookies", "Eggs", "Batteries – AA", "Bread"])
    #expect(report.skipped.allSatisfy { $0.reason == "nothing to change" })
  }

  @Test func itemsAloneGoToCategoriesNamedForTheirLocationsWithoutAnOrder() throws {
    let items = try Importer.read([ImportFixture.file("items.json")])
    #expect(!items.setsCategoryOrder)
    #expect(items.categories.map(\.name) == ["Dairy", "Snacks", "Fridge", "bakery"])
    #expect(items.merged.allSatisfy { $0.kind == .item })
    var groceries = Groceries()
    _ = groceries.importing(items, today: Fixed.today, now: Fixed.now, newID: Fixed.ids())
    #expect(
      groceries.walkOrder() == Category.defaults + ["Dairy", "Snacks", "Fridge", "bakery", "Uncategorized"])
  }

  @Test func locationsAloneGiveTheOrderAndNoItems() throws {
    let locations = try Importer.read([ImportFixture.file("locations.json")])
    #expect(locations.items.isEmpty && locations.categories.count == 4)
  }

  @Test(arguments: [
    (
      "[\n  {\"name\": \"Milk\", \"onList\": true},\n  {\"name\": \"Eggs\", \"quantity\": 0, \"onList\": true}\n]",
      "cannot import 'items.json': line 3: expected 'quantity' to be a whole number from 1 to 999, found 0"
    ),
    (
      "[\n  {\"name\": \"Milk\", \"onList\": \"yes\"}\n]",
      "cannot import 'items.json': line 2: expected 'onList' to be true or false, found \"yes\""
    ),
    (
      "[\n  {\"onList\": true}\n]",
      "cannot import 'items.json': line 2: 'name' is missing"
    ),
    (
      "[\n  {\"name\": \"  \", \"onList\": true}\n]",
      "cannot import 'items.json': line 2: item name '  ': it is blank"
    ),
    (
      "[\n  {\"name\": \"Milk\", \"onList\": true}\n  {\"name\": \"Eggs\"}\n]",
      "cannot import 'items.json': line 3: expected ',' or ']'"
    ),
    (
      "[{\"name\": \"Dairy\", \"visitationOrder\": 1, \"red\": 1.5}]",
      "cannot import 'items.json': line 1: expected 'red' to be from 0 to 1, found 1.5"
    ),
  ])
  func aMalformedFileIsRefusedWithTheLineOfTheElement(text: String, message: String) {
    #expect(
      ImportFixture.failure { _ = try Importer.read([ImportFile(name: "items.json", text: text)]) } == message
    )
  }

  @Test func twoItemsFilesAreRefusedTogether() throws {
    let items = try ImportFixture.file("items.json")
    #expect(
      throws: GroceryError.incompatibleImportFiles(
        files: ["items.json", "items.json"], reason: "both hold ShoppingList14 items")
    ) { try Importer.read([items, items]) }
  }
}
