import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// The household as commands see it: categories and locations that two machines made apart under one name are
/// shown as one.
@Suite struct HouseholdViewTests {
  let folder = TemporaryDirectory()

  func machine(_ name: String, household: String) -> HouseholdStore {
    HouseholdStore(
      path: folder.file(household), folder: folder.file(household), stateFolder: folder.file("state-" + name),
      defaultMachineName: name)
  }

  @Test func aCategoryOrStoreMadeOnTwoMachinesIsOneWithTheOldestsSpellingAndTheNewestValues() throws {
    let alice = machine("alice", household: "here")
    try alice.create(Groceries(), summary: "init", now: Fixed.now)
    try FileManager.default.copyItem(atPath: folder.file("here"), toPath: folder.file("there"))
    let bob = machine("bob", household: "there")
    func change(_ store: HouseholdStore, at seconds: Double, _ body: (inout Groceries) throws -> Void) throws
    {
      try store.update(summary: { _ in "change" }, now: Fixed.now + seconds, body)
    }
    try change(alice, at: 10) { _ = try $0.addCategory("Pantry", id: UUID()) }
    try change(bob, at: 20) { _ = try $0.addCategory("pantry", id: UUID()) }
    try change(alice, at: 30) { _ = try $0.setCategoryColor("pantry", .red) }
    try change(bob, at: 40) { _ = try $0.setCategoryColor("pantry", .blue) }
    try change(bob, at: 50) { _ = try $0.addLocation("aldi") }
    try change(alice, at: 60) { _ = try $0.addLocation("Aldi") }
    try change(bob, at: 70) { _ = try $0.reorderCategories(["dairy", "pantry"], at: "aldi") }
    try change(alice, at: 80) { _ = try $0.reorderCategories(["produce"], at: "aldi") }
    // An item at each machine's own store of the name.
    try change(bob, at: 90) { g in
      _ = try g.add(
        ["milk"], changes: ItemChanges(locations: ["aldi"]), today: Fixed.today, now: Fixed.now + 90,
        newID: UUID.init)
    }
    try change(alice, at: 100) { g in
      _ = try g.add(
        ["eggs"], changes: ItemChanges(locations: ["Aldi"]), today: Fixed.today, now: Fixed.now + 100,
        newID: UUID.init)
    }
    let log = "logs/" + (try bob.identity().id) + ".jsonl"
    try FileManager.default.copyItem(atPath: folder.file("there/" + log), toPath: folder.file("here/" + log))

    let groceries = try alice.load()
    let pantry = groceries.categories.filter { Names.key($0.name) == "pantry" }
    #expect(pantry.map(\.name) == ["Pantry"], "one category, spelt as the oldest")
    #expect(pantry.map(\.color) == [.blue], "the colour set last")
    #expect(groceries.locations.map(\.name) == ["aldi"], "one store, spelt as the oldest")
    #expect(groceries.locations.map { $0.categoryOrder.first } == ["Produce"], "the order set last")
    #expect(groceries.items.map(\.locations) == [["aldi"], ["aldi"]], "each item at the one store, so spelt")
    #expect(groceries.locationSummaries().map(\.itemCount) == [2])
    let query = ListQuery(mode: .all, location: "ALDI", today: Fixed.today)
    #expect(try groceries.listView(query).entries.map(\.item.name) == ["eggs", "milk"])
    // Removing the store takes it off both items.
    var removed = groceries
    #expect(try removed.removeLocation("aldi", now: Fixed.now + 110).affected == 2)
  }
}
