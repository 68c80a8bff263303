import Foundation
import GroceryCore
import TestSupport
import Testing

@Suite struct ImportExportTests {
  let scenario = Scenario()

  /// A ShoppingList14 pair with its oddities: a trailing space, a name twice in two cases, a curly apostrophe,
  /// an unavailable item, and the "Unknown Location" that locations.json never lists.
  static let items = """
    [
      {"name": "Milk ", "quantity": 2, "onList": true, "isAvailable": true, "locationName": "Dairy"},
      {"name": "milk", "quantity": 1, "onList": false, "isAvailable": true, "locationName": "Dairy"},
      {"name": "Apples", "quantity": 6, "onList": true, "isAvailable": true, "locationName": "Fruit"},
      {"name": "Ben’s cookies", "quantity": 1, "onList": true, "isAvailable": false, "locationName": "Snacks"},
      {"name": "Bread", "quantity": 1, "onList": false, "isAvailable": true, "locationName": "Bakery"},
      {"name": "Batteries", "quantity": 4, "onList": true, "isAvailable": true, "locationName": "Unknown Location"}
    ]

    """
  static let locations = """
    [
      {"name": "Snacks", "visitationOrder": 3, "red": 1, "green": 1, "blue": 0, "opacity": 1},
      {"name": "Dairy", "visitationOrder": 1, "red": 0.1, "green": 0.2, "blue": 0.9, "opacity": 1},
      {"name": "Fruit", "visitationOrder": 0, "red": 0, "green": 1, "blue": 0, "opacity": 1},
      {"name": "Bakery", "visitationOrder": 2, "red": 0.8, "green": 0.45, "blue": 0.1, "opacity": 0.5}
    ]

    """

  init() throws {
    try scenario.folder.write("items.json", Self.items)
    try scenario.folder.write("locations.json", Self.locations)
  }

  @Test func shoppingList14PairComesInInWalkOrderAndOneUndoRevertsIt() throws {
    try scenario.expect(
      ["import", scenario.folder.file("items.json"), scenario.folder.file("locations.json")],
      stdout: """
        added 5, updated 0, skipped 0
        new categories: 'Fruit', 'Dairy', 'Bakery', 'Snacks'
        walk order set from the import
        merged item 'Milk' from 'Milk', 'milk'

        """)
    try scenario.expect(
      ["list"],
      stdout: """
        Fruit
          [ ] Apples x6

        Dairy
          [ ] Milk x2

        Snacks
          [ ] Ben’s cookies (unavailable today)

        Uncategorized
          [ ] Batteries x4

        4 items to buy, 0 bought today

        """)
    try scenario.expect(["undo"], stdout: "undid: import items.json, locations.json\n")
    try scenario.expect(["list", "--all"], stdout: "No items yet.\n")
    try scenario.expect(
      ["category"],
      stdout: """
        1. Produce  (0 items)
        2. Deli & Meat  (0 items)
        3. Dairy & Fridge  (0 items)
        4. Bread & Frozen  (0 items)
        5. Boxed & Canned  (0 items)
        6. Snacks, Drinks & Other  (0 items)
        7. Uncategorized  (0 items)

        """)
  }

  @Test func eitherFileOfThePairComesInAlone() throws {
    try scenario.expect(
      ["import", scenario.folder.file("locations.json")],
      stdout: """
        added 0, updated 0, skipped 0
        new categories: 'Fruit', 'Dairy', 'Bakery', 'Snacks'
        walk order set from the import

        """)
  }

  @Test func aPastedListOnStandardInputComesIn() throws {
    try scenario.expect(
      ["import", "-"],
      stdout: """
        added 4, updated 0, skipped 1
        skipped 'butter': checked off on line 5

        """, stdin: "# for the weekend\n- milk\n* 2 eggs\n- [ ] bread x2\n[x] butter\n\n1. coffee (3)\n")
    try scenario.expect(
      ["list"],
      stdout: """
        Uncategorized
          [ ] bread x2
          [ ] coffee x3
          [ ] eggs x2
          [ ] milk

        4 items to buy, 0 bought today

        """)
    try scenario.expect(
      ["import", "--format", "text", "-"], stdout: "added 2, updated 0, skipped 0\n",
      stdin: "name,quantity\n")
    try scenario.expectRefused(
      ["import", "-f", "csv", "-"],
      stderr: "grocery: error: 'standard input' is not a grocery CSV list; it looks like plain text\n",
      status: 65, stdin: "milk\n")
  }

  @Test func aCSVListMovesToAnotherHouseholdWithoutItsPurchaseDates() throws {
    try scenario.given(
      ["add", "milk", "-q", "2", "-c", "dairy", "-n", "skim, not whole", "--staple"],
      ["add", "apples", "-c", "produce"], ["add", "=cmd"], ["purchase", "apples", "--on", "2026-11-14"])
    let csv = try scenario.grocery.run(["list", "--format", "csv", "--all"]).stdout
    let other = Scenario()
    try other.folder.write("x.csv", csv)
    try other.expect(["import", other.folder.file("x.csv")], stdout: "added 3, updated 0, skipped 0\n")
    try other.expect(
      ["list", "--format", "csv", "--all"],
      stdout: csv.replacingOccurrences(of: "2026-11-14", with: ""))
    try other.expect(
      ["list", "--all"],
      stdout: """
        Produce
              apples (never bought)

        Dairy & Fridge
          [ ] milk x2 - skim, not whole (on the list; staple; never bought)

        Uncategorized
          [ ] =cmd (on the list; never bought)

        2 items to buy, 0 bought today

        """)
  }

  /// A spreadsheet's column of names, saved with semicolons, is a shopping list: without an `on_list` column, or
  /// with its cell empty, the items go on the list.
  @Test func aSpreadsheetListWithoutOnListGoesOnTheList() throws {
    try scenario.expect(
      ["import", "-"], stdout: "added 1, updated 0, skipped 0\n", stdin: "Name;Quantity\nTomaten;4\n")
    try scenario.expect(
      ["import", "-"], stdout: "added 1, updated 0, skipped 0\n",
      stdin: "name,on_list,staple\r\nGurken,,WAHR\r\n")
    try scenario.expect(
      ["list"],
      stdout: """
        Uncategorized
          [ ] Gurken
          [ ] Tomaten x4

        2 items to buy, 0 bought today

        """)
    #expect(try scenario.grocery.run(["list", "--staples"]).stdout.contains("Gurken"))
  }

  /// The longest notes `add` keeps, in plain letters, accented letters and emoji (many bytes each), come back
  /// whole through an export and through a CSV list, read from a file and from standard input.
  @Test func theLongestNotesAddKeepsComeBackThroughAnExportAndACSVList() throws {
    let notes = [
      "plain": String(repeating: "x", count: 500), "accented": String(repeating: "é", count: 500),
      "emoji": String(repeating: "🍅👍🏽", count: 250),
    ]
    for (name, note) in notes.sorted(by: { $0.key < $1.key }) {
      #expect(note.count == 500)
      try scenario.given(["add", name, "-n", note])
    }
    func notesListed(_ scenario: Scenario) throws -> [String: String] {
      let json = try scenario.grocery.run(["list", "--all", "--format", "json"]).stdout
      let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
      let items = object?["items"] as? [[String: Any]] ?? []
      return Dictionary(
        uniqueKeysWithValues: items.map { ($0["name"] as? String ?? "", $0["note"] as? String ?? "") })
    }
    #expect(try notesListed(scenario) == notes)

    try scenario.expect(["export", "-o", scenario.folder.file("household.json")])
    let fromExport = Scenario()
    try fromExport.expect(
      ["import", scenario.folder.file("household.json")], stdout: "added 3, updated 0, skipped 0\n")
    #expect(try notesListed(fromExport) == notes)

    let csv = try scenario.grocery.run(["list", "--format", "csv", "--all"]).stdout
    try scenario.folder.write("list.csv", csv)
    let fromCSV = Scenario()
    try fromCSV.expect(
      ["import", scenario.folder.file("list.csv")], stdout: "added 3, updated 0, skipped 0\n")
    #expect(try notesListed(fromCSV) == notes)
    let fromStandardInput = Scenario()
    try fromStandardInput.expect(["import", "-"], stdout: "added 3, updated 0, skipped 0\n", stdin: csv)
    #expect(try notesListed(fromStandardInput) == notes)
  }

  @Test func aNameWithARunOfSpacesComesBackThroughAnExportAndACSVListSpelledAsItWas() throws {
    try scenario.given(
      ["category", "add", "dairy  case"], ["add", "x  y", "-q", "2", "-n", "first", "-c", "dairy  case"],
      ["add", "eggs"])
    // The text layout prints a run of spaces as one, and the name is found as paper shows it.
    try scenario.expect(["add", "x y", "-q", "5"], stdout: "updated: x  y\n")
    try scenario.expect(["buy", "x y", "--on", "2026-11-20"], stdout: "bought: x  y x5 on 2026-11-20\n")
    let listed = try scenario.grocery.run(["list", "--all", "--format", "json"])
    #expect(listed.stdout.contains("\"x  y\"") && listed.stdout.contains("\"dairy  case\""))

    try scenario.expect(["export", "-o", scenario.folder.file("household.json")])
    let fromExport = Scenario()
    try fromExport.expect(
      ["import", scenario.folder.file("household.json")],
      stdout: "added 2, updated 0, skipped 0\nnew categories: 'dairy  case'\npurchases recorded: 1\n")
    for command in [["list", "--all", "--format", "json"], ["history", "--format", "json"]] {
      #expect(try fromExport.grocery.run(command) == scenario.grocery.run(command), "\(command)")
    }

    let csv = try scenario.grocery.run(["list", "--format", "csv", "--all"]).stdout
    #expect(csv.contains("dairy  case,x  y,5,first,"))
    try scenario.folder.write("list.csv", csv)
    let fromCSV = Scenario()
    try fromCSV.given(["import", scenario.folder.file("list.csv")])
    // A CSV list carries no purchase days, so only the names and what the list says of them are compared.
    let relisted = try fromCSV.grocery.run(["list", "--format", "csv", "--all"]).stdout
    #expect(relisted.contains("dairy  case,x  y,5,first,false"), "\(relisted)")
  }

  /// A copy of grocery 1's store that went on being used after the household was migrated from it (another
  /// machine still on grocery 1) brings in only what the household lacks: the purchases it recorded since, on an
  /// item found by its id though the household renamed it, an item new to the household, and a store new to it
  /// with its own aisle order (which it lost, found by a trial). What the household changed since (a quantity, the
  /// walk order, a store's order) stays; importing it again adds nothing; a damaged one is refused, writing
  /// nothing.
  @Test func aVersionOneStoreImportsOnlyWhatTheHouseholdLacks() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../GroceryCoreTests/Fixtures/store-v1.json")
    let original = try Data(contentsOf: url)
    try original.write(to: URL(fileURLWithPath: scenario.folder.file("grocery.json")))
    var old = scenario.grocery
    old.environment["GROCERY_STORE"] = scenario.folder.file("grocery.json")
    var migrated = scenario.grocery
    migrated.environment["GROCERY_STORE"] = scenario.folder.file("grocery")
    #expect(
      try old.run(["--quiet", "history"]).stdout == "2026-11-20 Crème fraîche\n2026-11-13 Crème fraîche\n")
    for change in [
      ["edit", "Crème fraîche", "--rename", "Sour cream"], ["edit", "kale", "-q", "5"],
      ["reorder-categories", "Pharmacy"], ["reorder-categories", "--at", "Farmers Market", "Pharmacy"],
    ] {
      #expect(try migrated.run(change).status == 0)
    }
    func storeOrder(_ store: String) throws -> String {
      try migrated.run(["reorder-categories", "--at", store]).stdout
    }
    let farmers = try storeOrder("Farmers Market")
    #expect(farmers.hasPrefix("1. Pharmacy\n"), "\(farmers)")
    // The walk order, without the counts of items.
    func order() throws -> [String] {
      try migrated.run(["category", "list"]).stdout.split(separator: "\n").map {
        String($0.prefix { $0 != "(" })
      }
    }
    let walked = try order()
    var object = try #require(try JSONSerialization.jsonObject(with: original) as? [String: Any])
    var items = try #require(object["items"] as? [[String: Any]])
    var purchases = try #require(items[0]["purchases"] as? [[String: Any]])
    purchases.append(["date": "2026-11-21", "quantity": 1])
    items[0]["purchases"] = purchases
    var tahini = items[1]
    tahini["id"] = "0D1C2B3A-0000-4000-8000-000000000001"
    tahini["name"] = "Tahini"
    tahini["purchases"] = [["date": "2026-11-21", "quantity": 2]]
    tahini["locations"] = ["Corner Shop"]
    items.append(tahini)
    object["items"] = items
    var locations = try #require(object["locations"] as? [[String: Any]])
    locations[0]["categoryOrder"] = ["Produce", "Pharmacy"]
    locations.append(["name": "Corner Shop", "categoryOrder": ["Pharmacy", "Produce"]])
    object["locations"] = locations
    try JSONSerialization.data(withJSONObject: object).write(
      to: URL(fileURLWithPath: scenario.folder.file("copy.json")))
    let imported = try migrated.run(["import", scenario.folder.file("copy.json")])
    #expect(
      imported
        == Outcome(
          stdout: """
            added 1, updated 1, skipped 2
            new locations: 'Corner Shop'
            purchases recorded: 2
            skipped 'Kale': nothing to change
            skipped 'Stamps': nothing to change

            """, stderr: "", status: 0))
    let history = """
      2026-11-21 Sour cream
      2026-11-21 Tahini x2
      2026-11-20 Sour cream
      2026-11-13 Sour cream

      """
    #expect(try migrated.run(["history"]).stdout == history)
    #expect(try migrated.run(["list"]).stdout.contains("[ ] Kale x5"))
    #expect(try order() == walked)
    #expect(try storeOrder("Farmers Market") == farmers)
    let corner = try storeOrder("Corner Shop")
    #expect(corner.hasPrefix("1. Pharmacy\n2. Produce\n"), "\(corner)")
    let again = try migrated.run(["import", "--format", "grocery", scenario.folder.file("copy.json")])
    #expect(again.status == 0 && again.stdout.hasPrefix("added 0, updated 0, skipped 4\n"), "\(again)")
    func locationID(_ name: String) throws -> String? {
      let export = try migrated.run(["export"]).stdout
      let object = try JSONSerialization.jsonObject(with: Data(export.utf8)) as? [String: Any]
      let locations = object?["locations"] as? [[String: Any]] ?? []
      return locations.first { $0["name"] as? String == name }?["id"] as? String
    }
    let cornerID = try #require(try locationID("Corner Shop"))
    // A store and a category the household removed or renamed since do not come back by it (found by a review).
    #expect(try migrated.run(["category", "rename", "Pharmacy", "Chemist"]).status == 0)
    #expect(try migrated.run(["location", "remove", "Corner Shop"]).status == 0)
    let third = try migrated.run(["import", scenario.folder.file("copy.json")])
    #expect(third.stdout.hasPrefix("added 0, updated 0, skipped 4\nskipped"), "\(third)")
    #expect(!third.stdout.contains("new locations") && !third.stdout.contains("new categories"), "\(third)")
    #expect(!(try migrated.run(["category", "list"]).stdout.contains("Pharmacy")))
    #expect(try migrated.run(["history"]).stdout == history)
    // A new item of the file is put in the category and store the household renamed, by the ids their migration
    // gave them, where it brought the old names back beside the new (found by a trial).
    #expect(try migrated.run(["location", "rename", "Farmers Market", "Market"]).status == 0)
    // A built-in category too, whose migration gave it its well-known id (found by a review).
    #expect(try migrated.run(["category", "rename", "Dairy & Fridge", "Dairy"]).status == 0)
    var soap = items[1]
    soap["id"] = "0D1C2B3A-0000-4000-8000-000000000002"
    soap["name"] = "Soap"
    soap["category"] = "Pharmacy"
    soap["locations"] = ["Farmers Market"]
    soap["purchases"] = [] as [Any]
    var butter = soap
    butter["id"] = "0D1C2B3A-0000-4000-8000-000000000003"
    butter["name"] = "Butter"
    butter["category"] = "Dairy & Fridge"
    object["items"] = items + [soap, butter]
    try JSONSerialization.data(withJSONObject: object).write(
      to: URL(fileURLWithPath: scenario.folder.file("copy.json")))
    let fourth = try migrated.run(["import", scenario.folder.file("copy.json")])
    #expect(fourth.stdout.hasPrefix("added 2, updated 0, skipped 4\nskipped"), "\(fourth)")
    #expect(
      !fourth.stdout.contains("new locations") && !fourth.stdout.contains("new categories"), "\(fourth)")
    let export = try migrated.run(["export"]).stdout
    let exported = try #require(try JSONSerialization.jsonObject(with: Data(export.utf8)) as? [String: Any])
    let soaps = (exported["items"] as? [[String: Any]] ?? []).filter { $0["name"] as? String == "Soap" }
    #expect(soaps.count == 1, "\(export)")
    #expect(soaps.first?["category"] as? String == "Chemist", "\(soaps)")
    #expect(soaps.first?["locations"] as? [String] == ["Market"], "\(soaps)")
    let butters = (exported["items"] as? [[String: Any]] ?? []).filter { $0["name"] as? String == "Butter" }
    #expect(butters.first?["category"] as? String == "Dairy", "\(butters)")
    // A store new to the household that a new item brings takes the file's aisle order of the household's
    // categories, one renamed since too; a store the household removed comes back under the id it had, as another
    // machine knows it, where it took a new one (found by a trial).
    var tape = soap
    tape["id"] = "0D1C2B3A-0000-4000-8000-000000000004"
    tape["name"] = "Tape"
    tape["locations"] = ["Hardware", "Corner Shop"]
    locations.append(["name": "Hardware", "categoryOrder": ["Pharmacy", "Produce"]])
    object["items"] = items + [soap, butter, tape]
    object["locations"] = locations
    try JSONSerialization.data(withJSONObject: object).write(
      to: URL(fileURLWithPath: scenario.folder.file("copy.json")))
    let fifth = try migrated.run(["import", scenario.folder.file("copy.json")])
    #expect(fifth.stdout.hasPrefix("added 1, updated 0, skipped 6\n"), "\(fifth)")
    let hardware = try storeOrder("Hardware")
    #expect(hardware.hasPrefix("1. Chemist\n2. Produce\n"), "\(hardware)")
    #expect(try locationID("Corner Shop") == cornerID)
    try scenario.folder.write("broken.json", #"{"version": 1, "items": [{"name": 3}]}"#)
    let before = migrated.storeBytes()
    #expect(
      try migrated.run(["import", scenario.folder.file("broken.json")])
        == Outcome(
          stdout: "",
          stderr:
            "grocery: error: cannot import '\(scenario.folder.file("broken.json"))': line 1: as a grocery 1"
            + " store, categories: missing\n", status: 65))
    #expect(migrated.storeBytes() == before)
  }

  @Test func anExportImportedIntoAnEmptyHouseholdListsAndHistoriesTheSame() throws {
    try scenario.given(
      ["add", "milk", "eggs", "-c", "dairy", "--staple"], ["add", "bread", "-n", "sourdough"],
      ["location", "add", "Costco"], ["edit", "bread", "--at", "Costco"],
      ["reorder-categories", "--at", "Costco", "dairy", "produce"],
      ["purchase", "milk", "--on", "2026-11-07"], ["add", "milk", "-q", "2"],
      ["purchase", "milk", "eggs", "--on", "2026-11-14"], ["add", "milk"], ["purchase", "milk"],
      // Bread three times one day, more then fewer: the import records them in one change, and its history
      // keeps the order they were bought in.
      ["edit", "bread", "-q", "3"], ["purchase", "bread", "--on", "2026-11-12"],
      ["edit", "bread", "-q", "1"],
      ["purchase", "bread", "--on", "2026-11-12"], ["edit", "bread", "-q", "2"],
      ["purchase", "bread", "--on", "2026-11-12"])
    let export = try scenario.grocery.run(["export"])
    #expect(export.status == 0 && export.stderr.isEmpty)
    try scenario.expect(["export", "-o", scenario.folder.file("household.json")])
    #expect(scenario.folder.bytes("household.json") == Data(export.stdout.utf8))

    let other = Scenario()
    try other.expect(
      ["import", scenario.folder.file("household.json")],
      stdout: """
        added 3, updated 0, skipped 0
        new locations: 'Costco'
        purchases recorded: 7

        """)
    let commands = [
      ["list", "--all", "--format", "json"], ["history", "--format", "json"], ["history"],
      ["history", "--format", "csv", "--since", "2026-11-12"],
    ]
    for command in commands {
      #expect(try other.grocery.run(command) == scenario.grocery.run(command), "\(command)")
    }
    #expect(
      try other.grocery.run(["history", "bread"]).stdout.contains("x3\n2026-11-12 bread\n2026-11-12 bread x2")
    )
    #expect(try other.grocery.run(["export"]) == export)

    let before = other.grocery.storeBytes()
    try other.expect(
      ["import", scenario.folder.file("household.json")],
      stdout: """
        added 0, updated 0, skipped 3
        skipped 'bread': nothing to change
        skipped 'eggs': nothing to change
        skipped 'milk': nothing to change

        """)
    #expect(other.grocery.storeBytes() == before, "importing the same export twice adds nothing")
  }

  /// A built-in category renamed (its id is every household's) and a store renamed come back as they were named:
  /// the household's category or store of that id is renamed, and said, where a second one of the new name came in
  /// beside it (found by a trial: an empty Dairy & Fridge beside Dairy).
  @Test func anExportImportedIntoAnEmptyHouseholdKeepsARenamedBuiltInCategory() throws {
    try scenario.given(
      ["add", "milk", "-c", "dairy"], ["category", "rename", "Dairy & Fridge", "Dairy"],
      ["category", "color", "dairy", "blue"], ["location", "add", "Costco"],
      ["export", "-o", scenario.folder.file("first.json")],
      ["location", "rename", "Costco", "Costco Wholesale"],
      ["category", "rename", "Produce", "Fruit & Veg"])
    try scenario.expect(["export", "-o", scenario.folder.file("household.json")])
    let other = Scenario()
    try other.expect(
      ["import", scenario.folder.file("household.json")],
      stdout: """
        added 1, updated 0, skipped 0
        new locations: 'Costco Wholesale'
        renamed categories: 'Produce' to 'Fruit & Veg', 'Dairy & Fridge' to 'Dairy'
        colours set: 'Dairy'

        """)
    for command in [["category", "list"], ["location", "list"], ["list", "--all", "--format", "json"]] {
      #expect(try other.grocery.run(command) == scenario.grocery.run(command), "\(command)")
    }
    // The household's own export, from before a store was renamed, names the store by its id: renamed back.
    try other.expect(
      ["import", scenario.folder.file("first.json")],
      stdout: """
        added 0, updated 0, skipped 1
        renamed categories: 'Fruit & Veg' to 'Produce'
        renamed locations: 'Costco Wholesale' to 'Costco'
        skipped 'milk': nothing to change

        """)
  }

  /// A built-in renamed and a new category given its old name, walked first: the rename by id comes before any
  /// name is matched, so the new one comes in with its own id and the walk order is the export's (found by a review:
  /// the order was lost, matched by a name the rename then changed).
  @Test func anExportWithANewCategoryOfARenamedBuiltInsNameKeepsItsWalkOrder() throws {
    try scenario.given(
      ["category", "rename", "Dairy & Fridge", "Dairy"], ["category", "add", "Dairy & Fridge"],
      ["reorder-categories", "Dairy & Fridge"], ["add", "cheese", "-c", "Dairy"],
      ["add", "yogurt", "-c", "Dairy & Fridge"])
    try scenario.expect(["export", "-o", scenario.folder.file("household.json")])
    let other = Scenario()
    try other.given(["import", scenario.folder.file("household.json")])
    for command in [["category", "list"], ["list"], ["export"]] {
      #expect(try other.grocery.run(command) == scenario.grocery.run(command), "\(command)")
    }
  }

  /// Stores are listed oldest first; an import makes its new ones in one change, in the order the file gives.
  @Test func anExportImportedIntoAnEmptyHouseholdKeepsTheStoresInTheirOrder() throws {
    let stores = ["Costco", "Trader Joe's", "market", "Aldi", "Lidl", "corner shop"]
    for (minute, store) in stores.enumerated() {
      let added = try scenario.grocery.run(
        ["location", "add", store], extra: ["GROCERY_NOW": "2026-11-21T12:0\(minute):00Z"])
      #expect(added.status == 0, "\(added)")
    }
    let listed = try scenario.grocery.run(["location", "list"]).stdout
    #expect(
      listed.split(separator: "\n").map { String($0.prefix { $0 != " " || false }) }.count == stores.count)
    try scenario.expect(["export", "-o", scenario.folder.file("household.json")])
    let other = Scenario()
    try other.given(["import", scenario.folder.file("household.json")])
    #expect(try other.grocery.run(["location", "list"]).stdout == listed)
    #expect(try other.grocery.run(["names", "locations"]).stdout == stores.joined(separator: "\n") + "\n")
  }

  @Test func anExportOfATwoMachineHouseholdImportedIntoAnEmptyOneKeepsWhoBoughtWhat() throws {
    // Two state folders on one household folder are two machines. No day has purchases of one item by both,
    // whose order would follow the machines' random ids.
    var ann = scenario.grocery
    ann.environment["USER"] = "ann"
    ann.environment["XDG_STATE_HOME"] = scenario.folder.file("state-ann")
    var bob = scenario.grocery
    bob.environment["USER"] = "bob"
    bob.environment["XDG_STATE_HOME"] = scenario.folder.file("state-bob")
    for (machine, arguments) in [
      (ann, ["add", "milk", "eggs", "-c", "dairy", "--staple"]),
      (ann, ["purchase", "milk", "--on", "2026-11-07"]),
      (bob, ["purchase", "milk", "eggs", "--on", "2026-11-14"]),
      (ann, ["purchase", "milk", "--on", "2026-11-15"]),
      (bob, ["add", "milk"]), (bob, ["purchase", "milk"]),
    ] {
      let outcome = try machine.run(arguments)
      #expect(outcome.status == 0, "\(arguments): \(outcome)")
    }
    let host = Machine.currentHost
    #expect(
      try ann.run(["history"])
        == Outcome(
          stdout: """
            2026-11-21 milk (bob@\(host))
            2026-11-15 milk (ann@\(host))
            2026-11-14 eggs (bob@\(host))
            2026-11-14 milk (bob@\(host))
            2026-11-07 milk (ann@\(host))

            """))
    try scenario.folder.write("household.json", try ann.run(["export"]).stdout)

    let other = Scenario()
    try other.expect(
      ["import", scenario.folder.file("household.json")],
      stdout: """
        added 2, updated 0, skipped 0
        purchases recorded: 5

        """)
    for command in [["list", "--all", "--format", "json"], ["history", "--format", "json"]] {
      #expect(try other.grocery.run(command) == ann.run(command), "\(command)")
    }
    #expect(try other.grocery.run(["export"]) == ann.run(["export"]))
    try other.expect(["undo"], stdout: "undid: import household.json\n")
    try other.expect(["history"], stdout: "No purchases yet.\n")
  }

  /// An export killed while it wrote left its temporary file beside the target; the next one removes it, and
  /// never one of a grocery still running.
  @Test func anExportRemovesTheTemporaryFileAnExportKilledBeforeItLeft() throws {
    try scenario.given(["add", "milk"])
    let folder = scenario.folder
    let finished = Process()
    finished.executableURL = URL(fileURLWithPath: "/bin/true")
    try finished.run()
    finished.waitUntilExit()
    let stale = ".backup.json.tmp-\(finished.processIdentifier)-12345"
    let running = ".backup.json.tmp-\(getpid())-12345"
    try folder.write(stale, "half an export")
    try folder.write(running, "another one under way")
    try folder.write(".other.json.tmp-\(finished.processIdentifier)-1", "not this target's")
    try scenario.expect(["export", "-o", folder.file("backup.json")])
    #expect(folder.bytes(stale) == nil, "left by a process no longer running")
    #expect(
      folder.bytes(running) != nil && folder.bytes(".other.json.tmp-\(finished.processIdentifier)-1") != nil)
    #expect(folder.bytes("backup.json") == Data(try scenario.grocery.run(["export"]).stdout.utf8))
  }

  @Test func exportWritesThroughALinkIntoADeviceAndToStandardOutputWithoutReplacingThem() throws {
    try scenario.given(["add", "milk"])
    let export = try scenario.grocery.run(["export"]).stdout
    let folder = scenario.folder
    try folder.write("target.json", "old\n")
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("link.json"), withDestinationPath: folder.file("target.json"))
    try scenario.expect(["export", "-o", folder.file("link.json")])
    #expect(folder.bytes("target.json") == Data(export.utf8))
    let link = try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("link.json"))
    #expect(link == folder.file("target.json"), "the link is kept, its target written")
    // A device of its own, like /dev/null (made only as root), so a regression cannot replace the real one.
    let device = folder.file("null")
    let mknod = Process()
    mknod.executableURL = URL(fileURLWithPath: "/usr/bin/mknod")
    mknod.arguments = ["-m", "666", device, "c", "1", "3"]
    if getuid() == 0, (try? mknod.run()) != nil {
      mknod.waitUntilExit()
      try scenario.expect(["export", "-o", device])
      let info = try FileManager.default.attributesOfItem(atPath: device)
      #expect(info[.type] as? FileAttributeType == .typeCharacterSpecial, "the device is still a device")
    }
    try scenario.expect(["export", "-o", "-"], stdout: export)
    try scenario.expectRefused(
      ["export", "-o", folder.path],
      stderr: "grocery: error: cannot write '\(folder.path)': is a directory\n",
      status: 74)
  }

  @Test func exportOfAnEmptyHouseholdHasTheDefaultCategoriesAndNothingElse() throws {
    try scenario.expect(
      ["export"],
      stdout: """
        {
          "format": "grocery-export",
          "version": 1,
          "categories": [
            {"id": "00000000-0000-4000-8000-00000000c001", "name": "Produce"},
            {"id": "00000000-0000-4000-8000-00000000c002", "name": "Deli & Meat"},
            {"id": "00000000-0000-4000-8000-00000000c003", "name": "Dairy & Fridge"},
            {"id": "00000000-0000-4000-8000-00000000c004", "name": "Bread & Frozen"},
            {"id": "00000000-0000-4000-8000-00000000c005", "name": "Boxed & Canned"},
            {"id": "00000000-0000-4000-8000-00000000c006", "name": "Snacks, Drinks & Other"}
          ],
          "locations": [],
          "items": []
        }

        """)
    #expect(scenario.grocery.storeBytes() == nil, "export writes nothing to the store")
  }

  @Test func aPastedListWithHeadingsAndCommasIsReadAsItsItems() throws {
    try scenario.given(["add", "milk"])
    let pasted = """
      Shopping for Sunday:
      - milk, eggs, bread
      Dairy:
      - 2 yoghurt, cream
      - salt and pepper
      Produce:
      apples
      """
    try scenario.expect(
      ["import", "--dry-run", "-"],
      stdout: """
        would add 6, update 0, skip 1
        would add: 'eggs', 'bread', 'yoghurt', 'cream', 'salt and pepper', 'apples'
        skipped heading 'Shopping for Sunday' on line 1: no category by that name
        heading 'Dairy' on line 3: category 'Dairy & Fridge'
        heading 'Produce' on line 6: category 'Produce'
        skipped 'milk': nothing to change

        """, stdin: pasted)
  }

  /// A comma splits a line into items, but not a decimal comma between two digits.
  @Test func aPastedLineSplitsAtCommasButNotAtADecimalComma() throws {
    try scenario.expect(
      ["import", "-"], stdout: "added 3, updated 0, skipped 0\n", stdin: "Tomatoes, chopped\nflour 1,5 kg\n")
    try scenario.expect(["names", "items"], stdout: "chopped\nflour 1,5 kg\nTomatoes\n")
  }

  @Test func aDryRunSaysWhatItWouldAddAndWritesNothing() throws {
    try scenario.given(["add", "Milk", "-c", "dairy"])
    let before = scenario.grocery.storeBytes()
    try scenario.expect(
      ["import", "--dry-run", scenario.folder.file("items.json"), scenario.folder.file("locations.json")],
      stdout: """
        would add 4, update 1, skip 0
        would add: 'Apples', 'Ben’s cookies', 'Bread', 'Batteries'
        would update: 'Milk'
        new categories: 'Fruit', 'Dairy', 'Bakery', 'Snacks'
        walk order set from the import
        merged item 'Milk' from 'Milk', 'milk'

        """)
    try scenario.expect(
      ["import", "--dry-run", "--quiet", "-"], stdout: "would add 1, update 0, skip 0\nwould add: 'tea'\n",
      stdin: "tea\n")
    #expect(scenario.grocery.storeBytes() == before)
    try scenario.expect(["import", "--quiet", "-"], stdin: "tea\n")
    try scenario.expect(
      ["list", "--all", "--format", "csv"],
      stdout: "category,name,quantity,note,on_list,available,staple,last_purchased,bought_today\r\n"
        + "Dairy & Fridge,Milk,1,,true,true,false,,false\r\nUncategorized,tea,1,,true,true,false,,false\r\n")
  }

  /// A file whose name holds a control character (a tab) is imported as its dry run says, and named escaped by
  /// `undo`, where the change was refused for its name (found by a trial).
  @Test func aFileNamedWithATabIsImportedAndUndoNamesItEscaped() throws {
    let folder = scenario.folder
    try folder.write("tea\tlist.txt", "tea\n")
    let file = folder.file("tea\tlist.txt")
    let dry = try scenario.grocery.run(["import", file, "--dry-run"])
    let real = try scenario.grocery.run(["import", file])
    #expect(real.status == 0 && dry.stdout.hasSuffix("would add: 'tea'\n"), "\(dry) \(real)")
    try scenario.expect(["undo"], stdout: "undid: import tea\\tlist.txt\n")
  }

  @Test func aFileThatCannotBeImportedIsRefusedNamingItAndWritingNothing() throws {
    try scenario.given(["add", "milk"])
    let folder = scenario.folder
    try folder.write("broken.json", "[\n  {\"name\": \"Milk\", \"onList\": true,}\n]\n")
    try folder.write("two.json", "[{\"name\": \"Milk\", \"quantity\": \"two\", \"onList\": true}]\n")
    try folder.write("newer.json", "{\"format\": \"grocery-export\", \"version\": 2}\n")
    try Data([0x6D, 0x69, 0x6C, 0x6B, 0x0A, 0x63, 0x61, 0x66, 0xE9, 0x0A]).write(
      to: URL(fileURLWithPath: folder.file("latin1.txt")))
    try scenario.expectRefused(
      ["import", folder.file("broken.json")],
      stderr:
        "grocery: error: cannot import '\(folder.file("broken.json"))': line 2: expected a quoted key\n",
      status: 65)
    try scenario.expectRefused(
      ["import", folder.file("two.json")],
      stderr:
        "grocery: error: cannot import '\(folder.file("two.json"))': line 1: expected 'quantity' to be a whole"
        + " number from 1 to 999, found \"two\"\n", status: 65)
    try scenario.expectRefused(
      ["import", folder.file("newer.json")],
      stderr: "grocery: error: cannot import '\(folder.file("newer.json"))': it is export version 2, and this"
        + " grocery understands versions up to 1; install a newer grocery\n", status: 65)
    try scenario.expectRefused(
      ["import", folder.file("latin1.txt")],
      stderr: "grocery: error: cannot import '\(folder.file("latin1.txt"))': line 2: it is not valid UTF-8:"
        + " byte 0xE9 at offset 8\n", status: 65)
    try scenario.expectRefused(
      ["import", "-f", "grocery", folder.file("items.json")],
      stderr:
        "grocery: error: cannot import '\(folder.file("items.json"))': line 1: expected a grocery export"
        + " object\n", status: 65)
    // Bytes that are not UTF-8 are a malformed file whether named or on standard input: one exit code.
    try Data([0x63, 0x61, 0x66, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: folder.file("latin1.txt")))
    let before = scenario.grocery.storeBytes()
    let piped = try scenario.grocery.shell("\"$GROCERY\" import - < '\(folder.file("latin1.txt"))'")
    #expect(
      piped
        == Outcome(
          stderr:
            "grocery: error: cannot import 'standard input': line 1: it is not valid UTF-8: byte 0xE9 at"
            + " offset 3\n", status: 65))
    #expect(try scenario.grocery.run(["import", folder.file("latin1.txt")]).status == 65)
    #expect(scenario.grocery.storeBytes() == before)
    try scenario.expectRefused(
      ["import", "-"],
      stderr: "grocery: error: nothing to import: 'standard input' holds no items, categories"
        + " or locations\n", status: 1, stdin: "# only a comment\n\n")
    try scenario.expectRefused(
      ["import", folder.file("missing.json")],
      stderr: "grocery: error: cannot read '\(folder.file("missing.json"))': no such file or directory\n",
      status: 74)
    try scenario.expectRefused(
      ["import", folder.path],
      stderr: "grocery: error: cannot read '\(folder.path)': is a directory\n", status: 74)
    // A control character in a file's name is shown escaped, on the error's one line.
    try scenario.expectRefused(
      ["import", folder.file("no\nsuch\u{1B}]0;x\u{7}")],
      stderr: "grocery: error: cannot read '\(folder.file("no\\nsuch\\u{1b}]0;x\\u{7}"))': no such file or"
        + " directory\n", status: 74)
    try scenario.expectRefused(
      ["export", "-o", folder.file("gone/\u{1B}x")],
      stderr: "grocery: error: cannot write '\(folder.file("gone/\\u{1b}x"))': no such file or directory\n",
      status: 74)
    try folder.write("tea.txt", "tea\n")
    try scenario.expectRefused(
      ["import", folder.file("items.json"), folder.file("tea.txt")],
      stderr: "grocery: error: cannot import '\(folder.file("items.json"))', '\(folder.file("tea.txt"))'"
        + " together: only ShoppingList14's items.json and locations.json are imported together\n", status: 64
    )
    try scenario.expectRefused(
      ["import", "--format", "pdf", folder.file("items.json")],
      stderr: """
        grocery: error: unknown format 'pdf' for '--format'; expected shoppinglist14, text, csv or grocery
        usage: grocery import [OPTIONS] FILE... (see 'grocery import --help')

        """, status: 64)
    try scenario.expectRefused(
      ["import"],
      stderr: """
        grocery: error: missing FILE...
        usage: grocery import [OPTIONS] FILE... (see 'grocery import --help')

        """, status: 64)
    try scenario.expectRefused(
      ["import", "-", "-"],
      stderr: """
        grocery: error: standard input ('-') can be read only once
        usage: grocery import [OPTIONS] FILE... (see 'grocery import --help')

        """, status: 64)
    try scenario.expectRefused(
      ["export", "-o", folder.file("no/such/folder.json")],
      stderr:
        "grocery: error: cannot write '\(folder.file("no/such/folder.json"))': no such file or directory\n",
      status: 74)
  }

  /// A purchase dated after tomorrow is refused with its item's line, as `purchase --on` refuses a day in the
  /// future; tomorrow is taken, as an export made east of here may be dated so (found by a session: an export
  /// edited to 2031 came in, and its staple left restock until then).
  @Test func anExportedPurchaseDatedInTheFutureIsRefusedNamingItsItem() throws {
    try scenario.given(["add", "milk"], ["purchase", "milk", "--on", "2026-11-20"])
    let export = try scenario.grocery.run(["export"]).stdout
    #expect(export.contains("\"date\": \"2026-11-20\""))
    let folder = scenario.folder
    try folder.write("later.json", export.replacingOccurrences(of: "2026-11-20", with: "2026-11-23"))
    try folder.write("tomorrow.json", export.replacingOccurrences(of: "2026-11-20", with: "2026-11-22"))
    // The item's line is its opening brace's, two before its name (its id between).
    let line = export.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
      $0.contains("\"name\": \"milk\"")
    }
    let other = Scenario()
    try other.expectRefused(
      ["import", folder.file("later.json")],
      stderr: "grocery: error: cannot import '\(folder.file("later.json"))': line \((line ?? 1) - 1): 'milk'"
        + " has a purchase dated 2026-11-23, which is in the future\n", status: 65)
    try other.expect(
      ["import", folder.file("tomorrow.json")],
      stdout: "added 1, updated 0, skipped 0\npurchases recorded: 1\n")
    // Of a name given twice, the item the file dates so is named, not the one it is folded into (found by a
    // review).
    try folder.write(
      "twice.json",
      """
      {"format": "grocery-export", "version": 1, "categories": [], "locations": [],
       "items": [
        {"name": "eggs", "purchases": [{"date": "2026-11-20", "quantity": 1, "by": null}]},
        {"name": "Eggs",
         "purchases": [{"date": "2031-01-01", "quantity": 1, "by": null}]}
       ]}

      """)
    try other.expectRefused(
      ["import", folder.file("twice.json")],
      stderr:
        "grocery: error: cannot import '\(folder.file("twice.json"))': line 4: 'Eggs' has a purchase dated"
        + " 2031-01-01, which is in the future\n", status: 65)
  }

  /// An empty path is a mistake on the command line (an unset variable, `-o "$out"`), never a file to try.
  @Test(arguments: [
    (
      ["export", "-o", ""],
      "grocery: error: invalid --output '': expected a file name, or '-' for standard output\n"
        + "usage: grocery export [OPTIONS] (see 'grocery export --help')\n"
    ),
    (
      ["export", "--output="],
      "grocery: error: invalid --output '': expected a file name, or '-' for standard output\n"
        + "usage: grocery export [OPTIONS] (see 'grocery export --help')\n"
    ),
    (
      ["import", "--dry-run", ""],
      "grocery: error: invalid file '': expected a file name, or '-' for standard input\n"
        + "usage: grocery import [OPTIONS] FILE... (see 'grocery import --help')\n"
    ),
    (
      ["sync", "setup", ""],
      "grocery: error: invalid URL '': expected a git remote, a path or a URL\n"
        + "usage: grocery sync setup [OPTIONS] URL (see 'grocery sync setup --help')\n"
    ),
    (["--store", "", "export"], "grocery: error: invalid store path '': given by --store\n"),
    (["mirror", "add", ""], "grocery: error: invalid file '': it is not a path\n"),
  ])
  func anEmptyPathIsAUsageError(_ arguments: [String], _ stderr: String) throws {
    try scenario.given(["add", "milk"])
    try scenario.expectRefused(arguments, stderr: stderr, status: 64)
  }
}
