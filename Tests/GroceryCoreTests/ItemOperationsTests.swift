import Foundation
import TestSupport
import Testing

@testable import GroceryCore

@Suite struct ItemOperationsTests {
  var groceries = Groceries(locations: [Location(name: "Costco"), Location(name: "Corner Market")])
  let ids = Fixed.ids()
  let now = Fixed.now
  let today = Fixed.today

  mutating func add(_ names: [String], _ changes: ItemChanges = ItemChanges()) throws -> [AddOutcome] {
    try groceries.add(names, changes: changes, today: today, now: now, newID: ids)
  }

  func item(_ name: String) throws -> Item {
    try #require(groceries.items.first { $0.name == name })
  }

  @Test mutating func addCreatesItemsOnTheListInUncategorized() throws {
    #expect(try add(["milk", "Eggs"]) == [.added("milk"), .added("Eggs")])
    #expect(try item("milk").isOnList)
    #expect(try item("milk").category == Category.uncategorized)
    #expect(try item("milk").quantity == 1)
    #expect(groceries.items.map(\.name) == ["Eggs", "milk"])
  }

  @Test mutating func addingAKnownItemKeepsItsCategoryStapleAndHistory() throws {
    _ = try add(["Milk"], ItemChanges(category: "dairy", isStaple: true))
    _ = try groceries.purchase(["milk"], on: today, today: today, now: now)
    #expect(try add(["MILK"]) == [.returned("Milk")])
    let milk = try item("Milk")
    #expect(milk.category == "Dairy & Fridge")
    #expect(milk.isStaple)
    #expect(milk.purchases == [Purchase(date: today, quantity: 1)])
    #expect(try add(["milk"]) == [.alreadyOnList("Milk")])
  }

  /// An item on the list that the options change is said to be updated; one they leave as it was is not.
  @Test mutating func addingAListedItemWithOptionsThatChangeItSaysItIsUpdated() throws {
    _ = try add(["milk"])
    #expect(try add(["milk"], ItemChanges(quantity: 2, isStaple: true)) == [.updated("milk")])
    #expect(try item("milk").quantity == 2 && item("milk").isStaple)
    #expect(try add(["milk"], ItemChanges(quantity: 2, isStaple: true)) == [.alreadyOnList("milk")])
    #expect(try add(["MILK"], ItemChanges(note: "skim")) == [.updated("milk")])
    // The stores an item is bought at are a set: the same ones in another order, or one given twice, change nothing.
    #expect(try add(["milk"], ItemChanges(locations: ["Costco", "Corner Market"])) == [.updated("milk")])
    #expect(
      try add(["milk"], ItemChanges(locations: ["corner market", "costco"])) == [.alreadyOnList("milk")])
    #expect(
      try add(["milk"], ItemChanges(locations: ["Costco", "costco", "Corner Market"])) == [
        .alreadyOnList("milk")
      ])
    #expect(try item("milk").locations == ["Costco", "Corner Market"])
  }

  /// A name typed as paper spells it is the item `buy` would find: no near twin is made. A spelling two items
  /// share picks neither, and a new name is still new.
  @Test mutating func addingANameAsPaperSpellsItFindsTheItem() throws {
    #expect(try add(["Œufs", "Straße", "ﬁsh"]) == [.added("Œufs"), .added("Straße"), .added("ﬁsh")])
    #expect(
      try add(["oeufs", "STRASSE", "fish"])
        == [.alreadyOnList("Œufs"), .alreadyOnList("Straße"), .alreadyOnList("ﬁsh")])
    #expect(groceries.items.count == 3)
    #expect(try add(["Løgismose", "logismose"]) == [.added("Løgismose"), .alreadyOnList("Løgismose")])
    #expect(try add(["Oeufs"]) == [.alreadyOnList("Œufs")])
    #expect(try add(["fisk"]) == [.added("fisk")])
    #expect(groceries.items.count == 5)
  }

  /// A name that is another's as paper spells it (a curly apostrophe for a straight one, `Straße` for
  /// `Strasse`) is that one: a new category or store of that name is refused, and so is a rename to it, where
  /// they made two stores a list could not tell apart. Changing only how a name is spelled is a rename.
  @Test mutating func aNameThatIsAnothersAsPaperSpellsItIsRefusedForANewOneOrARename() throws {
    _ = try groceries.addLocation("Trader Joe's")
    _ = try groceries.addCategory("Kid's snacks")
    _ = try add(["Ben's cookies", "tea"])
    for attempt in [
      { (g: inout Groceries) in _ = try g.addLocation("trader joe’s") },
      { (g: inout Groceries) in _ = try g.renameLocation("Costco", to: "TRADER JOE’S") },
      { (g: inout Groceries) in _ = try g.addCategory("kid’s snacks") },
      { (g: inout Groceries) in _ = try g.addCategory("Kid’s Snacks") },
      { (g: inout Groceries) in _ = try g.renameCategory("Produce", to: "kid’s snacks") },
      { (g: inout Groceries) in _ = try g.addCategory("Deli & Meat") },
      {
        (g: inout Groceries) in
        _ = try g.edit(
          "tea", changes: ItemChanges(rename: "ben’s cookies"), today: Fixed.today, now: Fixed.now)
      },
    ] as [(inout Groceries) throws -> Void] {
      var copy = groceries
      #expect(throws: GroceryError.self) { try attempt(&copy) }
    }
    #expect(
      try groceries.renameLocation("Trader Joe's", to: "Trader Joe’s") == ("Trader Joe's", "Trader Joe’s"))
    #expect(
      try groceries.renameCategory("Kid's snacks", to: "Kid’s snacks") == ("Kid's snacks", "Kid’s snacks"))
    #expect(
      try groceries.edit("ben's", changes: ItemChanges(rename: "Ben’s Cookies"), today: today, now: now)
        == ("Ben's cookies", "Ben’s Cookies"))
  }

  /// An import finds a category (or a store, by the same code) as paper spells its name, as `category add` does:
  /// a list naming `Feinkost Strasse` goes into `Feinkost Straße`, where it made a second category beside it.
  @Test mutating func anImportFindsACategoryOrStoreAsPaperSpellsIt() throws {
    _ = try groceries.addCategory("Feinkost Straße")
    let csv = "name,category\nsalami,Feinkost Strasse\n"
    let document = try Importer.read([ImportFile(name: "list.csv", text: csv)])
    let report = groceries.importing(document, today: today, now: now, newID: ids)
    #expect(report.addedCategories.isEmpty)
    #expect(try item("salami").category == "Feinkost Straße")
    #expect(groceries.categories.filter { $0.name.hasPrefix("Feinkost") }.count == 1)
  }

  @Test mutating func addOptionsOverrideAKnownItem() throws {
    _ = try add(["Milk"], ItemChanges(quantity: 2, note: "2%"))
    _ = try add(["Milk"], ItemChanges(quantity: 3, category: "Dairy & Fridge", locations: ["costco"]))
    let milk = try item("Milk")
    #expect(milk.quantity == 3)
    #expect(milk.note == "2%")
    #expect(milk.locations == ["Costco"])
  }

  @Test mutating func addingManyNamesAtOnceMatchesAddingThemOneByOne() throws {
    var random = SeededRandom(seed: 12)
    _ = try add(["Milk", "Bread"])
    _ = try groceries.purchase(["Milk"], on: today, today: today, now: now)
    let words = ["milk", "bread", "Äpfel", "apfel", "tea", "Tea bags", "rice", "Crème", "creme", "oats"]
    let names = (0..<600).map { _ -> String in
      let word = words.randomElement(using: &random)!
      let number = Int.random(in: 0..<100, using: &random)
      let shown = Bool.random(using: &random) ? word.uppercased() : word
      return number < 10 ? shown : "\(shown) \(number)"
    }
    var oneByOne = groceries
    let oneByOneIDs = Fixed.ids()
    _ = oneByOneIDs()
    _ = oneByOneIDs()
    var expected: [AddOutcome] = []
    for name in names {
      expected += try oneByOne.add([name], changes: ItemChanges(), today: today, now: now, newID: oneByOneIDs)
    }
    #expect(try add(names) == expected)
    #expect(groceries == oneByOne)
    #expect(groceries.items.count > 300)
  }

  @Test mutating func purchaseNewCreatesAndBuysAnUnknownItemOffTheList() throws {
    _ = try add(["milk"])
    let outcomes = try groceries.purchaseNew(
      ["paper towels", "MILK", "paper towels"], on: today, today: today, now: now, newID: ids)
    #expect(
      outcomes == [
        PurchaseOutcome(name: "paper towels", quantity: 1, wasOnList: false, isNew: true),
        PurchaseOutcome(name: "milk", quantity: 1, wasOnList: true),
      ])
    #expect(try !item("paper towels").isOnList)
    #expect(try item("paper towels").lastPurchased == today)
    #expect(groceries.newPurchases.count == 2)
  }

  @Test mutating func purchaseNewMatchesWholeNamesOnly() throws {
    _ = try add(["paper towels"])
    let outcomes = try groceries.purchaseNew(["paper"], on: today, today: today, now: now, newID: ids)
    #expect(outcomes.map(\.isNew) == [true])
    #expect(groceries.items.map(\.name) == ["paper", "paper towels"])
  }

  @Test mutating func removeTakesWholeNamesOnly() throws {
    _ = try add(["lemons"])
    #expect(throws: GroceryError.unknownName(kind: .item, name: "lemon", suggestions: ["lemons"])) {
      try groceries.remove(["lemon"])
    }
    #expect(try groceries.remove(["LEMONS"]) == ["lemons"])
  }

  @Test mutating func categoryAndLocationRemovalTakeWholeNamesOnly() throws {
    #expect(throws: GroceryError.unknownName(kind: .location, name: "cost", suggestions: ["Costco"])) {
      try groceries.removeLocation("cost", now: now)
    }
    #expect(throws: GroceryError.unknownName(kind: .category, name: "dairy", suggestions: ["Dairy & Fridge"]))
    {
      try groceries.removeCategory("dairy", force: true, now: now)
    }
  }

  @Test mutating func purchaseFindsAnItemByWhatPaperSpells() throws {
    _ = try add(["Œufs"])
    #expect(try groceries.purchase(["oeufs"], on: today, today: today, now: now).map(\.name) == ["Œufs"])
    #expect(
      try groceries.purchaseNew(["OEUFS"], on: today, today: today, now: now, newID: ids).map(\.isNew) == [
        false
      ])
  }

  @Test mutating func addMatchesExactlySoAShorterNameIsANewItem() throws {
    _ = try add(["Apple juice"])
    #expect(try add(["Apple"]) == [.added("Apple")])
  }

  @Test mutating func addRefusesAnUnknownCategoryWithASuggestion() throws {
    #expect(throws: GroceryError.unknownName(kind: .category, name: "dary", suggestions: ["Dairy & Fridge"]))
    {
      try add(["Milk"], ItemChanges(category: "dary"))
    }
  }

  @Test mutating func purchaseTakesItemOffTheListAndRecordsTheDateAndQuantity() throws {
    _ = try add(["Milk"], ItemChanges(quantity: 2))
    let outcome = try groceries.purchase(["mil"], on: Fixed.day(-1), today: today, now: now)
    #expect(outcome == [PurchaseOutcome(name: "Milk", quantity: 2, wasOnList: true)])
    let milk = try item("Milk")
    #expect(!milk.isOnList)
    #expect(milk.lastPurchased == Fixed.day(-1))
    #expect(milk.purchases == [Purchase(date: Fixed.day(-1), quantity: 2)])
  }

  /// An old receipt entered late (a purchase dated before the item's latest) is recorded but leaves the item on
  /// the list, where it took off what is needed now; one dated on or after the latest takes it off as ever.
  @Test mutating func aPurchaseDatedBeforeTheLatestLeavesTheItemOnTheList() throws {
    _ = try add(["Milk"])
    _ = try groceries.purchase(["Milk"], on: Fixed.day(-3), today: today, now: now)
    _ = try add(["Milk"])
    // A tick on the phone (no olderStaysListed) takes it off whatever its day.
    var phone = groceries
    _ = try phone.purchase(["Milk"], on: Fixed.day(-20), today: today, now: now)
    #expect(phone.items.first { $0.name == "Milk" }?.isOnList == false)
    let old = try groceries.purchase(
      ["Milk"], on: Fixed.day(-20), today: today, now: now, olderStaysListed: true)
    #expect(old == [PurchaseOutcome(name: "Milk", quantity: 1, wasOnList: true, boughtSince: Fixed.day(-3))])
    #expect(try item("Milk").isOnList)
    #expect(try item("Milk").purchases.map(\.date) == [Fixed.day(-20), Fixed.day(-3)])
    let sameDay = try groceries.purchase(
      ["Milk"], on: Fixed.day(-3), today: today, now: now, olderStaysListed: true)
    #expect(sameDay == [PurchaseOutcome(name: "Milk", quantity: 1, wasOnList: true)])
    #expect(try !item("Milk").isOnList)
  }

  @Test mutating func purchaseOfAnItemNotOnTheListSaysSo() throws {
    _ = try add(["Milk"])
    _ = try groceries.purchase(["Milk"], on: today, today: today, now: now)
    let again = try groceries.purchase(["Milk"], on: today, today: today, now: now)
    #expect(again == [PurchaseOutcome(name: "Milk", quantity: 1, wasOnList: false)])
    #expect(try item("Milk").purchases.count == 2)
  }

  @Test mutating func backdatedPurchasesKeepTheHistoryInOrder() throws {
    _ = try add(["Milk"])
    _ = try groceries.purchase(["Milk"], on: today, today: today, now: now)
    _ = try groceries.purchase(["Milk"], on: Fixed.day(-10), today: today, now: now)
    #expect(try item("Milk").purchases.map(\.date) == [Fixed.day(-10), today])
    #expect(try item("Milk").lastPurchased == today)
  }

  @Test mutating func purchaseRefusesTheFuture() throws {
    _ = try add(["Milk"])
    #expect(
      throws: GroceryError.invalidValue(what: "date", value: "2026-11-22", reason: "it is in the future")
    ) {
      try groceries.purchase(["Milk"], on: Fixed.day(1), today: today, now: now)
    }
  }

  @Test mutating func purchaseAllSkipsUnavailableItemsAndKeepsToTheLocation() throws {
    _ = try add(["Milk", "Bread"])
    _ = try add(["Salmon"], ItemChanges(locations: ["Costco"]))
    _ = try add(["Stamps"], ItemChanges(locations: ["Corner Market"]))
    _ = try groceries.edit("Bread", changes: ItemChanges(isAvailable: false), today: today, now: now)
    let result = try groceries.purchaseAll(at: "costco", on: today, today: today, now: now)
    #expect(result.bought.map(\.name) == ["Milk", "Salmon"])
    #expect(result.skipped == ["Bread"])
    #expect(try item("Stamps").isOnList)
    #expect(try item("Bread").isOnList)
  }

  @Test mutating func purchaseAllWithNothingOnTheListIsRefused() {
    #expect(throws: GroceryError.nothingOnList(location: nil)) {
      try groceries.purchaseAll(at: nil, on: today, today: today, now: now)
    }
  }

  @Test mutating func unavailableLastsOnlyForTheDay() throws {
    _ = try add(["Bread"])
    _ = try groceries.edit("bread", changes: ItemChanges(isAvailable: false), today: today, now: now)
    #expect(try item("Bread").isUnavailable(on: today))
    #expect(!(try item("Bread").isUnavailable(on: Fixed.day(1))))
  }

  /// The day after, the mark has lapsed: `--available` finds the item available already, and changes nothing;
  /// the same day it takes the mark off.
  @Test mutating func availableAfterTheMarkLapsedChangesNothing() throws {
    _ = try add(["Bread"])
    _ = try groceries.edit("bread", changes: ItemChanges(isAvailable: false), today: today, now: now)
    let before = try item("Bread")
    let later = now + 86_400
    let next = try groceries.edit(
      "bread", changes: ItemChanges(isAvailable: true), today: Fixed.day(1), now: later)
    #expect(next == (old: "Bread", new: "Bread"))
    #expect(try item("Bread") == before, "nothing changed, not even the item's time")
    _ = try groceries.edit("bread", changes: ItemChanges(isAvailable: true), today: today, now: later)
    #expect(!(try item("Bread").isUnavailable(on: today)))
    #expect(try item("Bread").updated == later)
  }

  @Test mutating func markingAnItemNotOnTheListUnavailableIsRefused() throws {
    _ = try groceries.setStaple(["Tea"], remove: false, now: now, newID: ids)
    #expect(throws: GroceryError.notOnList(name: "Tea")) {
      try groceries.edit("Tea", changes: ItemChanges(isAvailable: false), today: today, now: now)
    }
  }

  @Test mutating func stapleCreatesUnknownItemsOffTheList() throws {
    let outcomes = try groceries.setStaple(["Coffee"], remove: false, now: now, newID: ids)
    #expect(outcomes == [.created("Coffee")])
    #expect(try item("Coffee").isStaple)
    #expect(!(try item("Coffee").isOnList))
    #expect(try groceries.setStaple(["coffee"], remove: false, now: now, newID: ids) == [.already("Coffee")])
    #expect(try groceries.setStaple(["cof"], remove: true, now: now, newID: ids) == [.unmarked("Coffee")])
    #expect(!(try item("Coffee").isStaple))
  }

  @Test mutating func restockPutsEveryStapleBackOnceAndASecondRunAddsNothing() throws {
    _ = try groceries.setStaple(["Milk", "Eggs"], remove: false, now: now, newID: ids)
    _ = try add(["Bread"])
    #expect(groceries.restock(.all, today: today, now: now) == ["Eggs", "Milk"])
    let after = groceries
    #expect(groceries.restock(.all, today: today, now: now) == [])
    #expect(groceries == after)
  }

  @Test mutating func restockLeavesSnoozedStaplesAlone() throws {
    _ = try groceries.setStaple(["Milk"], remove: false, skipUntil: Fixed.day(3), now: now, newID: ids)
    #expect(groceries.restock(.all, today: today, now: now) == [])
    #expect(groceries.restock(.all, today: Fixed.day(3), now: now) == ["Milk"])
  }

  @Test mutating func removeDeletesItemsAndRefusesUnknownOnesWithoutChangingAnything() throws {
    _ = try add(["Milk", "Eggs"])
    #expect(try groceries.remove(["milk"]) == ["Milk"])
    #expect(groceries.items.map(\.name) == ["Eggs"])
    #expect(throws: GroceryError.unknownName(kind: .item, name: "nope", suggestions: [])) {
      try groceries.remove(["Eggs", "nope"])
    }
  }

  @Test mutating func editRenamesAndRefusesATakenName() throws {
    _ = try add(["Milk", "Eggs"])
    #expect(
      try groceries.edit("milk", changes: ItemChanges(rename: "Oat milk"), today: today, now: now)
        == ("Milk", "Oat milk"))
    #expect(throws: GroceryError.duplicateName(kind: .item, name: "Eggs")) {
      try groceries.edit("oat", changes: ItemChanges(rename: "EGGS"), today: today, now: now)
    }
    #expect(
      try groceries.edit("oat", changes: ItemChanges(rename: "Oat Milk"), today: today, now: now)
        == ("Oat milk", "Oat Milk"))
  }

  @Test mutating func editClearsANote() throws {
    _ = try add(["Milk"], ItemChanges(note: "2%"))
    _ = try groceries.edit("Milk", changes: ItemChanges(note: .some(nil)), today: today, now: now)
    #expect(try item("Milk").note == nil)
  }
}

@Suite struct CategoryOperationsTests {
  var groceries = Groceries(locations: [Location(name: "Costco")])

  @Test func defaultsWalkInStoreOrderWithUncategorizedLast() {
    #expect(
      groceries.walkOrder() == [
        "Produce", "Deli & Meat", "Dairy & Fridge", "Bread & Frozen", "Boxed & Canned",
        "Snacks, Drinks & Other",
        "Uncategorized",
      ])
  }

  @Test mutating func reorderPutsNamedFirstAndKeepsTheRest() throws {
    let order = try groceries.reorderCategories(["dairy", "boxed"], at: nil)
    #expect(
      order == [
        "Dairy & Fridge", "Boxed & Canned", "Produce", "Deli & Meat", "Bread & Frozen",
        "Snacks, Drinks & Other",
        "Uncategorized",
      ])
  }

  @Test mutating func reorderRefusesUncategorizedAndRepeats() {
    #expect(throws: GroceryError.self) { try groceries.reorderCategories(["uncategorized"], at: nil) }
    #expect(throws: GroceryError.categoryRepeated(name: "Produce")) {
      try groceries.reorderCategories(["produce", "Produce"], at: nil)
    }
  }

  @Test mutating func resetRestoresDefaultsAndKeepsAddedCategoriesAfterThem() throws {
    _ = try groceries.addCategory("Pharmacy")
    _ = try groceries.reorderCategories(["pharmacy", "snacks"], at: nil)
    let order = try groceries.resetCategoryOrder(at: nil)
    #expect(order == Category.defaults + ["Pharmacy", "Uncategorized"])
  }

  /// A built-in category is one by its id: renamed (its case only, or wholly) it keeps its default place, and a
  /// category of the household's own that took a built-in name takes none.
  @Test mutating func resetKnowsBuiltInCategoriesByWhatTheyAreNotWhatTheyAreCalled() throws {
    _ = try groceries.renameCategory("produce", to: "PRODUCE")
    _ = try groceries.renameCategory("dairy & fridge", to: "Dairy")
    _ = try groceries.removeCategory("deli & meat", force: true, now: Fixed.now)
    _ = try groceries.addCategory("Deli & Meat")
    _ = try groceries.reorderCategories(["deli", "dairy"], at: nil)
    #expect(
      try groceries.resetCategoryOrder(at: nil) == [
        "PRODUCE", "Dairy", "Bread & Frozen", "Boxed & Canned", "Snacks, Drinks & Other", "Deli & Meat",
        "Uncategorized",
      ])
  }

  @Test mutating func aLocationHasItsOwnOrderAndTheRestFollowTheGeneralOne() throws {
    _ = try groceries.reorderCategories(["snacks"], at: nil)
    _ = try groceries.reorderCategories(["bread"], at: "costco")
    #expect(
      groceries.walkOrder(at: "Costco") == [
        "Bread & Frozen", "Snacks, Drinks & Other", "Produce", "Deli & Meat", "Dairy & Fridge",
        "Boxed & Canned",
        "Uncategorized",
      ])
    #expect(groceries.walkOrder().first == "Snacks, Drinks & Other")
    _ = try groceries.resetCategoryOrder(at: "costco")
    #expect(groceries.walkOrder(at: "Costco") == groceries.walkOrder())
  }

  @Test mutating func removingABuiltInNeedsForceAndMovesItsItems() throws {
    _ = try groceries.add(
      ["Milk"], changes: ItemChanges(category: "Dairy"), today: Fixed.today, now: Fixed.now,
      newID: Fixed.ids())
    #expect(throws: GroceryError.builtInCategory(name: "Dairy & Fridge")) {
      try groceries.removeCategory("dairy & fridge", force: false, now: Fixed.now)
    }
    let result = try groceries.removeCategory("dairy & fridge", force: true, now: Fixed.now)
    #expect(result.moved == 1)
    #expect(groceries.items[0].category == "Uncategorized")
    #expect(!groceries.walkOrder().contains("Dairy & Fridge"))
  }

  /// Built in goes with the category, not its name: renamed, it still needs `--force`; a category of the user's
  /// that takes a built-in name does not.
  @Test mutating func aRenamedBuiltInStillNeedsForceAndATakenNameDoesNot() throws {
    _ = try groceries.renameCategory("produce", to: "Fruit")
    #expect(throws: GroceryError.builtInCategory(name: "Fruit")) {
      try groceries.removeCategory("fruit", force: false, now: Fixed.now)
    }
    _ = try groceries.addCategory("Produce")
    #expect(try groceries.removeCategory("produce", force: false, now: Fixed.now).name == "Produce")
  }

  @Test mutating func uncategorizedCannotBeRemovedOrRenamed() {
    #expect(throws: GroceryError.uncategorizedRemoved) {
      try groceries.removeCategory("uncategorized", force: true, now: Fixed.now)
    }
    #expect(throws: GroceryError.uncategorizedRenamed) {
      try groceries.renameCategory("Uncategorized", to: "Misc")
    }
  }

  @Test mutating func renamingACategoryFollowsEverywhere() throws {
    _ = try groceries.add(
      ["Milk"], changes: ItemChanges(category: "Dairy"), today: Fixed.today, now: Fixed.now,
      newID: Fixed.ids())
    _ = try groceries.reorderCategories(["dairy"], at: "Costco")
    _ = try groceries.renameCategory("dairy", to: "Fridge")
    #expect(groceries.items[0].category == "Fridge")
    #expect(groceries.walkOrder(at: "Costco").first == "Fridge")
    #expect(throws: GroceryError.duplicateName(kind: .category, name: "Produce")) {
      try groceries.renameCategory("fridge", to: "produce")
    }
  }

  @Test mutating func removingALocationMakesItsItemsAvailableAnywhere() throws {
    _ = try groceries.add(
      ["Salmon"], changes: ItemChanges(locations: ["Costco"]), today: Fixed.today, now: Fixed.now,
      newID: Fixed.ids())
    _ = try groceries.addLocation("Aldi")
    _ = try groceries.add(
      ["Tuna"], changes: ItemChanges(locations: ["Costco", "Aldi"]), today: Fixed.today, now: Fixed.now,
      newID: UUID.init)
    #expect(
      groceries.locationSummaries().map { "\($0.name) \($0.itemCount)" }.sorted() == ["Aldi 0", "Costco 1"],
      "only the salmon is bought only at one store")
    let result = try groceries.removeLocation("costco", now: Fixed.now)
    #expect(result.name == "Costco")
    #expect(result.affected == 1, "the salmon, bought only there; the tuna is still bought at Aldi")
    #expect(groceries.items.map(\.locations) == [[], ["Aldi"]])
    #expect(throws: GroceryError.duplicateName(kind: .location, name: "Home")) {
      _ = try groceries.addLocation("Home")
      _ = try groceries.addLocation("home")
    }
  }
}

@Suite struct CadenceTests {
  func item(purchasedOn offsets: [Int]) -> Item {
    var item = Item(id: Fixed.ids()(), name: "Milk", isStaple: true, now: Fixed.now)
    for offset in offsets { item.record(Purchase(date: Fixed.day(offset), quantity: 1)) }
    return item
  }

  @Test func learnsTheMedianGapBetweenPurchaseDays() {
    let cadence = Cadence(item(purchasedOn: [-30, -26, -20, -16, -10]), fallback: 7, today: Fixed.today)
    #expect(cadence.learned == 5)  // gaps 4, 6, 4, 6 -> median 5
    #expect(cadence.nextDue(today: Fixed.today) == Fixed.day(-5))
  }

  /// A purchase dated near the end of 9999 teaches an interval of millions of days: the staple is then due on the
  /// last day grocery keeps, never after it (a JSON list's `nextDue` stays a date it can write).
  @Test func aStapleIsNeverDueAfterTheLastDayGroceryKeeps() {
    let today = Day(year: 9999, month: 12, day: 28)!
    var item = Item(id: Fixed.ids()(), name: "Bread", isStaple: true, now: Fixed.now)
    item.record(Purchase(date: Fixed.today, quantity: 1))
    item.record(Purchase(date: Day(year: 9999, month: 12, day: 30)!, quantity: 1))
    let cadence = Cadence(item, fallback: 7, today: today)
    #expect(cadence.interval > 2_900_000)
    #expect(cadence.nextDue(today: today) == Day(year: 9999, month: 12, day: 31))
    #expect(!cadence.isDue(today: today, within: 2))
    item.record(Purchase(date: .last, quantity: 1))
    #expect(Cadence(item, fallback: 7, today: today).nextDue(today: today) == .last)
  }

  /// A purchase a clock years ahead dated (a phone set to 2031) would keep the staple off `restock --due` until
  /// then, on every machine: it is not counted until its day is near, and the staple comes due by the purchases
  /// before it. One dated up to two days ahead (another time zone's midnight passed) counts.
  @Test(arguments: [3, 4, 1_600])
  func aPurchaseDatedFarAheadIsNotCountedUntilItsDayIsNear(ahead: Int) {
    var item = item(purchasedOn: [-24, -17, -10])
    item.record(Purchase(date: Fixed.day(ahead), quantity: 1))
    let cadence = Cadence(item, fallback: 3, today: Fixed.today)
    #expect(cadence.learned == 7 && cadence.lastPurchased == Fixed.day(-10))
    #expect(cadence.aheadOfToday == Fixed.day(ahead))
    #expect(cadence.isDue(today: Fixed.today, within: 0))
    // Its day near, it counts.
    let near = Cadence(item, fallback: 3, today: Fixed.day(ahead - 2))
    #expect(near.lastPurchased == Fixed.day(ahead) && near.aheadOfToday == nil)
    #expect(!near.isDue(today: Fixed.day(ahead - 2), within: 0))
  }

  @Test func aPurchaseDatedTwoDaysAheadCounts() {
    var item = item(purchasedOn: [-12, -5])
    item.record(Purchase(date: Fixed.day(2), quantity: 1))
    let cadence = Cadence(item, fallback: 3, today: Fixed.today)
    #expect(cadence.lastPurchased == Fixed.day(2) && cadence.aheadOfToday == nil)
    #expect(!cadence.isDue(today: Fixed.today, within: 0))
  }

  @Test func samedayPurchasesDoNotShortenTheInterval() {
    #expect(Cadence(item(purchasedOn: [-14, -7, -7, 0]), fallback: 3, today: Fixed.today).learned == 7)
  }

  /// Only the latest `Cadence.days` different days count: the median of their gaps, read from the newest back,
  /// is the one a plain reading of every day gives, for histories short and long, with repeats and out of order.
  @Test func learnsFromTheLatestDaysAlone() {
    func plain(_ days: [Day]) -> Int? {
      var distinct: [Day] = []
      for day in days where distinct.last != day { distinct.append(day) }
      let gaps = zip(distinct.suffix(Cadence.days), distinct.suffix(Cadence.days).dropFirst())
        .map { $0.days(to: $1) }.sorted()
      if gaps.isEmpty { return nil }
      return gaps.count % 2 == 1
        ? gaps[gaps.count / 2] : (gaps[gaps.count / 2 - 1] + gaps[gaps.count / 2] + 1) / 2
    }
    var random = SystemRandomNumberGenerator()
    for count in [0, 1, 2, 3, 26, 27, 28, 29, 60] {
      for _ in 0..<20 {
        var offset = -400
        let days = (0..<count).map { _ in
          offset += Int.random(in: -1...9, using: &random)
          return Fixed.day(offset)
        }
        #expect(Cadence.learned(days) == plain(days), "\(days.map(\.ordinal))")
      }
    }
    // 40 weekly days, then 5 daily ones: the 27 latest days hold 5 one-day gaps and 21 weekly ones.
    let days = (0..<40).map { Fixed.day(-400 + 7 * $0) } + (1...5).map { Fixed.day(-127 + $0) }
    #expect(Cadence.learned(days) == 7)
    #expect(Cadence.learned(Array(days.suffix(10))) == 1)
  }

  @Test func fallsBackWithTooLittleHistory() {
    #expect(Cadence(item(purchasedOn: [-3]), fallback: 7, today: Fixed.today).interval == 7)
    #expect(
      Cadence(item(purchasedOn: []), fallback: 7, today: Fixed.today).isDue(today: Fixed.today, within: 0))
    #expect(
      !Cadence(item(purchasedOn: [-3]), fallback: 7, today: Fixed.today).isDue(today: Fixed.today, within: 0))
    #expect(
      Cadence(item(purchasedOn: [-3]), fallback: 7, today: Fixed.today).isDue(today: Fixed.today, within: 4))
  }

  @Test func dueRestockTakesOnlyDueStaples() throws {
    var groceries = Groceries()
    let ids = Fixed.ids()
    _ = try groceries.setStaple(["Milk", "Flour"], remove: false, now: Fixed.now, newID: ids)
    for offset in [-12, -8, -4] {
      _ = try groceries.purchase(["Milk"], on: Fixed.day(offset), today: Fixed.today, now: Fixed.now)
    }
    for offset in [-50, -20] {
      _ = try groceries.purchase(["Flour"], on: Fixed.day(offset), today: Fixed.today, now: Fixed.now)
    }
    #expect(
      groceries.restockCandidates(.due(within: 0, every: 7), today: Fixed.today).map {
        groceries.items[$0].name
      } == ["Milk"])
    #expect(groceries.restockCandidates(.due(within: 0, every: 7), today: Fixed.day(-1)).isEmpty)
    #expect(groceries.restockCandidates(.due(within: 1, every: 7), today: Fixed.day(-1)).count == 1)
  }
}
