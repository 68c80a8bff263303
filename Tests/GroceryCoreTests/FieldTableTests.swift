import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// Every field of the item, category and location tables survives everything that carries it: a change written
/// to the log and folded back, the cache, undo, and grocery's export read back by an import. A field added to a
/// table fails here until it has a value below and goes through all of them.
@Suite struct FieldTableTests {
  let folder = TemporaryDirectory()

  /// A value of each item field, unlike a new item's: every field of `ItemFields.table` but `alive`, which
  /// removing an item tests.
  static let itemValues: [String: @Sendable (inout Item) -> Void] = [
    "name": { $0.name = "Oat milk" },
    "quantity": { $0.quantity = 3 },
    "note": { $0.note = "the \"barista\" one" },
    "category": { $0.category = "Dairy & Fridge" },
    "locations": { $0.locations = ["Costco"] },
    "staple": { $0.isStaple = true },
    "onList": { $0.isOnList = true },
    "unavailableOn": { $0.unavailableOn = Fixed.day(-2) },
    "skipUntil": { $0.skipUntil = Fixed.day(5) },
    "created": { $0.created = Fixed.now - 86_400 * 30 },
  ]

  static let categoryValues: [String: @Sendable (inout Category) -> Void] = [
    "name": { $0.name = "Pantry" },
    "color": { $0.color = .brightBlue },
  ]

  static let locationValues: [String: @Sendable (inout Location) -> Void] = [
    "name": { $0.name = "Aldi" },
    "order": { $0.categoryOrder = ["Dairy & Fridge", "Produce"] },
  ]

  static let itemID = UUID(uuidString: "00000000-0000-4000-8000-0000000000f1")!
  static let categoryID = UUID(uuidString: "00000000-0000-4000-8000-0000000000f2")!
  static let locationID = UUID(uuidString: "00000000-0000-4000-8000-0000000000f3")!

  @Test func everyFieldOfTheTablesHasAValueHere() {
    let stored: Set = ["alive"]
    #expect(Set(ItemFields.table.map(\.key)).subtracting(stored) == Set(Self.itemValues.keys))
    #expect(
      Set(CategoryFields.table.map(\.key)).subtracting(stored + ["created"]) == Set(Self.categoryValues.keys))
    #expect(
      Set(LocationFields.table.map(\.key)).subtracting(stored + ["created"]) == Set(Self.locationValues.keys))
  }

  func store(_ name: String = "household") -> HouseholdStore {
    HouseholdStore(
      path: folder.file(name), folder: folder.file(name), stateFolder: folder.file(name + "-state"))
  }

  /// A household with a store to buy at, a category of its own and an item in Uncategorized.
  func household(_ store: HouseholdStore, item: Item? = nil) throws {
    try store.update(summary: { _ in "set up" }, now: Fixed.now) { groceries in
      _ = try groceries.addLocation("Costco", id: Self.locationID)
      _ = try groceries.addCategory("Baking", id: Self.categoryID)
      groceries.items.append(item ?? Item(id: Self.itemID, name: "Milk", now: Fixed.now))
    }
  }

  /// The household as the cache gives it back and as a fold of its logs gives it, which must be the same.
  func reread(_ store: HouseholdStore) throws -> Groceries {
    let (cached, folded) = try store.cachedAndFolded()
    #expect(cached.view.groceries == folded.view.groceries, "the cache gives back what the logs fold to")
    return cached.view.groceries
  }

  /// Returns the household after the export of `groceries` is imported into one with `into`'s items.
  func exportedAndImported(_ groceries: Groceries, into: Groceries = Groceries()) throws -> Groceries {
    let text = ExportDocument(groceries).json()
    let document = try Importer.read([ImportFile(name: "export.json", text: text)])
    var copy = into
    _ = copy.importing(document, today: Fixed.today, now: Fixed.now, newID: Fixed.ids())
    return copy
  }

  /// The item with the time of its last change left out, which each path sets to its own.
  func item(_ groceries: Groceries) throws -> Item {
    normal(try #require(groceries.items.first { $0.id == Self.itemID }))
  }

  func normal(_ item: Item) -> Item {
    var item = item
    item.updated = .distantPast
    return item
  }

  @Test(arguments: itemValues.keys.sorted())
  func anItemFieldGoesThroughTheLogTheCacheUndoExportAndImport(_ key: String) throws {
    let set = try #require(Self.itemValues[key])
    let plain = Item(id: Self.itemID, name: "Milk", now: Fixed.now)
    var changed = plain
    set(&changed)
    #expect(changed != plain, "the value differs from a new item's")

    // A new item with the value.
    let new = store("new")
    try household(new, item: changed)
    let made = try reread(new)
    #expect(try item(made) == normal(changed), "written as a new item and read back")
    #expect(
      try item(exportedAndImported(made)) == item(made), "exported and imported into an empty household")

    // An item changed to the value, and the change undone. When an item was made is never changed.
    guard key != "created" else { return }
    let edited = store()
    try household(edited)
    let before = try reread(edited)
    try edited.update(summary: { _ in "edit" }, now: Fixed.now + 60) { groceries in
      let index = try #require(groceries.items.firstIndex { $0.id == Self.itemID })
      set(&groceries.items[index])
    }
    let after = try reread(edited)
    #expect(try item(after) == item(made), "changed and read back")
    let log = try String(
      contentsOfFile: folder.file("household/logs/" + (try edited.identity().id) + ".jsonl"), encoding: .utf8)
    #expect(log.split(separator: "\n").last?.contains("\"\(key)\":") == true, "the log line sets '\(key)'")
    _ = try edited.undo(now: Fixed.now + 120)
    #expect(try item(reread(edited)) == item(before), "undone")
    // An import matches items by name, so a new name is a new item, not a change to this one.
    guard key != "name" else { return }
    #expect(try item(exportedAndImported(after, into: before)) == item(after), "imported over the item")
  }

  @Test(arguments: categoryValues.keys.sorted())
  func aCategoryFieldGoesThroughTheLogTheCacheUndoExportAndImport(_ key: String) throws {
    let set = try #require(Self.categoryValues[key])
    let edited = store()
    try household(edited)
    let before = try reread(edited)
    try edited.update(summary: { _ in "edit" }, now: Fixed.now + 60) { groceries in
      let index = try #require(groceries.categories.firstIndex { $0.id == Self.categoryID })
      set(&groceries.categories[index])
    }
    let after = try reread(edited)
    var expected = try #require(before.categories.first { $0.id == Self.categoryID })
    set(&expected)
    #expect(after.categories.first { $0.id == Self.categoryID } == expected, "changed and read back")
    #expect(try exportedAndImported(after).categories.first { $0.id == Self.categoryID } == expected)
    _ = try edited.undo(now: Fixed.now + 120)
    #expect(try reread(edited).categories == before.categories, "undone")
  }

  @Test(arguments: locationValues.keys.sorted())
  func aLocationFieldGoesThroughTheLogTheCacheUndoExportAndImport(_ key: String) throws {
    let set = try #require(Self.locationValues[key])
    let edited = store()
    try household(edited)
    let before = try reread(edited)
    try edited.update(summary: { _ in "edit" }, now: Fixed.now + 60) { groceries in
      let index = try #require(groceries.locations.firstIndex { $0.id == Self.locationID })
      set(&groceries.locations[index])
    }
    let after = try reread(edited)
    var expected = try #require(before.locations.first { $0.id == Self.locationID })
    set(&expected)
    #expect(after.locations.first { $0.id == Self.locationID } == expected, "changed and read back")
    #expect(try exportedAndImported(after).locations.first { $0.id == Self.locationID } == expected)
    _ = try edited.undo(now: Fixed.now + 120)
    #expect(try reread(edited).locations == before.locations, "undone")
  }
}
