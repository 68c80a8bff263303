import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// Lists pasted from an email or a notes app.
@Suite struct ImportTextTests {
  @Test func bulletsBoxesNumbersAndQuantitiesAreReadAndCheckedItemsSkipped() throws {
    let document = try Importer.read([ImportFixture.file("list.txt")])
    #expect(document.format == .text)
    #expect(
      document.items.map { "\($0.name)|\($0.quantity.map(String.init) ?? "-")|line \($0.line)" } == [
        "milk|-|line 3", "eggs|2|line 4", "bread|2|line 5", "apples|6|line 6", "coffee|2|line 8",
        "yoghurt|3|line 9", "Ben’s cookies|-|line 10", "2% milk|-|line 12",
      ])
    #expect(document.items.allSatisfy { $0.isOnList == true && $0.category == nil })
    #expect(document.skipped == [ImportSkip(name: "butter", reason: "checked off on line 7")])
  }

  /// A text as an app that trims every line pastes it: without its indent.
  func withoutIndent(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.drop { $0 == " " }) }
      .joined(separator: "\n")
  }

  @Test(
    arguments: [
      ("- milk x2", "milk", 2), ("milk ×3", "milk", 3), ("milk x 4", "milk", 4), ("5X milk", "milk", 5),
      ("milk (7)", "milk", 7), ("- [ ] 2 x milk", "milk", 2), ("10) milk", "milk", nil), ("7up", "7up", nil),
      ("Box (large)", "Box (large)", nil), ("tax", "tax", nil), ("milk  chocolate", "milk chocolate", nil),
      ("flour 1,5 kg", "flour 1,5 kg", nil), ("2 x bread", "bread", 2), ("bread x2", "bread", 2),
      ("2 bread", "bread", 2), ("2× bread", "bread", 2), ("bread X 3", "bread", 3),
      ("bread 2", "bread 2", nil),
      ("2bread", "2bread", nil), ("bread(2)", "bread(2)", nil), ("007 bread", "bread", 7),
      ("bread×2", "bread×2", nil), ("2 X bread", "bread", 2), ("2x bread", "bread", 2),
    ] as [(String, String, Int?)])
  func aQuantityIsReadTheWaysPeopleWriteIt(line: String, name: String, quantity: Int?) throws {
    let document = try Importer.read([ImportFile(name: "list.txt", text: line)])
    #expect(document.items.map(\.name) == [name])
    #expect(document.items.map(\.quantity) == [quantity])
  }

  @Test(arguments: [
    (
      "milk\n\n0 eggs\n",
      "cannot import 'list.txt': line 3: '0 eggs' has quantity 0, and a quantity is a whole number from 1 to 999"
    ),
    (
      "milk x1000",
      "cannot import 'list.txt': line 1: 'milk x1000' has quantity 1000, and a quantity is a whole number from 1 to 999"
    ),
    ("milk\n- !!!", "cannot import 'list.txt': line 2: '- !!!' has no item name (no letter or digit)"),
    ("milk\neggs\u{7}", "cannot import 'list.txt': line 2: 'eggs\\u{7}' contains a control character"),
  ])
  func aLineThatCannotBeReadIsRefusedWithItsNumber(text: String, message: String) {
    #expect(
      ImportFixture.failure { _ = try Importer.read([ImportFile(name: "list.txt", text: text)]) } == message)
  }

  @Test func aLineEndingInAColonIsAHeadingForTheLinesUnderIt() throws {
    let text = "Shopping for Sunday:\nmilk\n\nDairy:\n- cream\nD:\nbrie\nFruit:\napples\n"
    let document = try Importer.read([ImportFile(name: "list.txt", text: text)])
    #expect(document.headings.map(\.name) == ["Shopping for Sunday", "Dairy", "D", "Fruit"])
    #expect(
      document.items.map { "\($0.name)|\($0.headingLine.map(String.init) ?? "-")" } == [
        "milk|1", "cream|4", "brie|6", "apples|8",
      ])
    var groceries = Groceries()
    let report = groceries.importing(document, today: Fixed.today, now: Fixed.now, newID: Fixed.ids())
    #expect(
      report.headings.map { $0.category ?? $0.reason! } == [
        "no category by that name", "Dairy & Fridge", "it could be 'Dairy & Fridge', 'Deli & Meat'",
        "no category by that name",
      ])
    #expect(
      groceries.items.map { "\($0.name)|\($0.category)" } == [
        "apples|Uncategorized", "brie|Uncategorized", "cream|Dairy & Fridge", "milk|Uncategorized",
      ])
    #expect(report.addedCategories.isEmpty, "a heading never makes a category")
  }

  /// Only a heading ends a heading: a blank line and a `#` comment (`## Bakery`) do not; a heading that names no
  /// category ends the one above it; a bulleted heading keeps its bullet in its name.
  @Test func aHeadingLastsUntilTheNextHeadingWhateverComesBetween() throws {
    let text = "Dairy:\nmilk\n\n## Bakery\nrolls\nNowhere:\njam\n- Produce:\napples\nuncat:\ntea\n"
    let document = try Importer.read([ImportFile(name: "list.txt", text: text)])
    #expect(document.headings.map(\.name) == ["Dairy", "Nowhere", "- Produce", "uncat"])
    var groceries = Groceries()
    let ids = Fixed.ids()
    _ = try groceries.add(
      ["tea"], changes: ItemChanges(category: "produce"), today: Fixed.today, now: Fixed.now,
      newID: ids)
    let report = groceries.importing(document, today: Fixed.today, now: Fixed.now, newID: ids)
    #expect(
      report.headings.map { $0.category ?? $0.reason! } == [
        "Dairy & Fridge", "no category by that name", "no category by that name", "Uncategorized",
      ])
    #expect(
      groceries.items.map { "\($0.name)|\($0.category)" } == [
        "apples|Uncategorized", "jam|Uncategorized", "milk|Dairy & Fridge", "rolls|Dairy & Fridge",
        "tea|Uncategorized",
      ])
  }

  @Test(
    arguments: [
      ("- milk, eggs, bread", ["milk", "eggs", "bread"]), ("2 milk, 3x eggs", ["milk", "eggs"]),
      ("[x] tea, coffee", []), ("1,5 kg flour", ["1,5 kg flour"]), ("salt, ", ["salt,"]),
      ("Ben & Jerry's, cookies", ["Ben & Jerry's", "cookies"]), ("a:b", ["a:b"]),
      ("Tomatoes, chopped", ["Tomatoes", "chopped"]), ("flour 1,5 kg", ["flour 1,5 kg"]),
      ("2,5 kg potatoes, 1,5 l milk", ["2,5 kg potatoes", "1,5 l milk"]),
      ("eggs 6,milk", ["eggs 6", "milk"]),
      ("milk 1, 5 eggs", ["milk 1", "eggs"]),
    ] as [(String, [String])])
  func commasSplitALineWhenEveryPartReadsAsAnItem(line: String, names: [String]) throws {
    let document = try Importer.read([ImportFile(name: "list.txt", text: line)])
    #expect(document.items.map(\.name) == names)
  }

  @Test func emptyBulletsAndBoxesAreBlankLines() throws {
    let document = try Importer.read([ImportFile(name: "list.txt", text: "- milk\n-\n- [ ]\n[x]\n•\n* \n")])
    #expect(document.items.map(\.name) == ["milk"])
    #expect(document.skipped.isEmpty)
  }

  @Test func aNameGivenTwiceIsMergedAndReported() throws {
    let document = try Importer.read([ImportFile(name: "list.txt", text: "Milk\n2 milk\n")])
    #expect(document.items.map(\.name) == ["Milk"])
    #expect(document.merged == [ImportMerge(kind: .item, name: "Milk", spellings: ["Milk", "milk"])])
  }

  @Test func applyingPutsNewAndKnownItemsOnTheListAndLeavesCheckedOnesAlone() throws {
    var groceries = Groceries()
    let ids = Fixed.ids()
    _ = try groceries.add(["Milk"], changes: ItemChanges(), today: Fixed.today, now: Fixed.now, newID: ids)
    _ = try groceries.purchase(["milk"], on: Fixed.today, today: Fixed.today, now: Fixed.now)
    _ = try groceries.add(["Butter"], changes: ItemChanges(), today: Fixed.today, now: Fixed.now, newID: ids)
    groceries.newPurchases = []
    let document = try Importer.read([ImportFile(name: "list.txt", text: "- 2 milk\n- [x] butter\n- tea\n")])
    let report = groceries.importing(document, today: Fixed.today, now: Fixed.now, newID: ids)
    #expect(
      ImportReportRenderer.render(report, dryRun: true) == """
        would add 1, update 1, skip 1
        would add: 'tea'
        would update: 'Milk'
        skipped 'butter': checked off on line 2

        """)
    #expect(
      groceries.items.map { "\($0.name) \($0.quantity) \($0.isOnList)" } == [
        "Butter 1 true", "Milk 2 true", "tea 1 true",
      ])
    #expect(groceries.newPurchases.isEmpty)
  }

  @Test func curlyApostrophesAndDashesFoldIntoTheStraightSpellingsAlreadyKept() throws {
    var groceries = Groceries()
    _ = try groceries.add(
      ["Ben's cookies"], changes: ItemChanges(), today: Fixed.today, now: Fixed.now, newID: Fixed.ids())
    let text = "Ben’s cookies\nBatteries — AA\nbatteries - aa\n"
    let document = try Importer.read([ImportFile(name: "list.txt", text: text)])
    #expect(document.items.map(\.name) == ["Ben’s cookies", "Batteries — AA"])
    #expect(
      document.merged == [
        ImportMerge(kind: .item, name: "Batteries — AA", spellings: ["Batteries — AA", "batteries - aa"])
      ])
    let report = groceries.importing(document, today: Fixed.today, now: Fixed.now, newID: Fixed.ids())
    #expect(report.added == ["Batteries — AA"])
    #expect(report.skipped == [ImportSkip(name: "Ben's cookies", reason: "nothing to change")])
    #expect(groceries.items.map(\.name) == ["Batteries — AA", "Ben's cookies"])
  }

  /// A list `grocery list` printed, pasted back from an email, plain (with a title, a wrapped line) or as Markdown:
  /// its headings, items, quantities and notes as they were, its count and title no items.
  @Test func aListGroceryPrintedReadsBackAsItsItemsUnderItsHeadings() throws {
    var groceries = Groceries()
    let ids = Fixed.ids()
    func add(_ names: [String], _ changes: ItemChanges) throws {
      _ = try groceries.add(names, changes: changes, today: Fixed.today, now: Fixed.now, newID: ids)
    }
    try add(["milk", "eggs"], ItemChanges(quantity: 2, category: "dairy"))
    try add(["bananas"], ItemChanges(category: "produce", note: "not too ripe - or green"))
    let long = "a very long item name that goes on and on and on and on and on and on until it wraps around"
    try add(["AA batteries", "salt, coarse", "*starred* & <tagged>", long], ItemChanges())
    try add(["2 percent milk"], ItemChanges(quantity: 3))
    _ = try groceries.purchase(["milk"], on: Fixed.today, today: Fixed.today, now: Fixed.now)
    let view = try groceries.listView(ListQuery(today: Fixed.today))
    let expected = [
      "bananas|1|not too ripe - or green|Produce", "eggs|2|-|Dairy & Fridge",
      "*starred* & <tagged>|1|-|Uncategorized",
      "2 percent milk|3|-|Uncategorized", long + "|1|-|Uncategorized", "AA batteries|1|-|Uncategorized",
      "salt, coarse|1|-|Uncategorized",
    ]
    for text in [
      TextRenderer.render(view, title: "Groceries for Saturday"), TextRenderer.render(view),
      MarkdownRenderer.render(view, title: "Groceries"),
    ] {
      let document = try Importer.read([ImportFile(name: "mail.txt", text: text)])
      let headings = Dictionary(uniqueKeysWithValues: document.headings.map { ($0.line, $0.name) })
      #expect(
        document.items.map {
          "\($0.name)|\($0.quantity ?? 1)|\($0.note.flatMap { $0 } ?? "-")|\($0.headingLine.flatMap { headings[$0] } ?? "-")"
        } == expected, Comment(rawValue: text))
      #expect(
        document.headings.map(\.name) == ["Produce", "Dairy & Fridge", "Uncategorized"],
        Comment(rawValue: text))
      #expect(document.skipped.isEmpty)
    }
    let flatView = try groceries.listView(ListQuery(today: Fixed.today, flat: true))
    let flat = try Importer.read([ImportFile(name: "mail.txt", text: TextRenderer.render(flatView))])
    #expect(flat.items.count == 7 && flat.headings.isEmpty)
  }

  /// A word longer than a line is cut by the printed list, and joins again without a space: a name of 100 letters
  /// and one of Japanese come back as they were, and a name of words wrapped at a space keeps its space.
  @Test func aWordThePrintedListCutJoinsAgainWithoutASpace() throws {
    var groceries = Groceries()
    let names = [
      String(repeating: "X", count: 100), "日本のお茶とても長い名前のアイテムでございますよとても長い名前のアイテムでございますよ",
      "word " + String(repeating: "Y", count: 80) + " end",
      "Extra virgin olive oil from the little shop on the corner, the green tin and more",
    ]
    _ = try groceries.add(
      names, changes: ItemChanges(), today: Fixed.today, now: Fixed.now, newID: Fixed.ids())
    let text = TextRenderer.render(try groceries.listView(ListQuery(today: Fixed.today)))
    let document = try Importer.read([ImportFile(name: "mail.txt", text: text)])
    #expect(Set(document.items.map(\.name)) == Set(names), Comment(rawValue: text))
  }

  /// A name of one word that fills its line exactly is followed on the next by its quantity, its note or the notes
  /// of `--all`: those keep their space, where they were joined to the name as the rest of a cut word.
  @Test(arguments: [ListMode.shopping, .all])
  func aOneWordNameThatFillsItsLineKeepsItsQuantityAndNote(mode: ListMode) throws {
    var groceries = Groceries()
    let ids = Fixed.ids()
    // Each fills the 74 columns after `  [ ] `: in letters, in wide characters, and both.
    let letters = String(repeating: "a", count: 74)
    let wide = "北海道産の特選有機栽培コシヒカリ新米五キロ袋入りを二袋と国産大豆の絹ごし豆"
    let mixed = String(repeating: "b", count: 70) + "牛乳"
    #expect([letters, wide, mixed].allSatisfy { TextLayout.width($0) == 74 })
    _ = try groceries.add(
      [letters], changes: ItemChanges(quantity: 2), today: Fixed.today, now: Fixed.now, newID: ids)
    _ = try groceries.add(
      [wide], changes: ItemChanges(note: "not too ripe"), today: Fixed.today, now: Fixed.now, newID: ids)
    _ = try groceries.add([mixed], changes: ItemChanges(), today: Fixed.today, now: Fixed.now, newID: ids)
    let text = TextRenderer.render(try groceries.listView(ListQuery(mode: mode, today: Fixed.today)))
    let document = try Importer.read([ImportFile(name: "mail.txt", text: text)])
    #expect(
      Set(document.items.map { "\($0.name)|\($0.quantity ?? 1)|\($0.note.flatMap { $0 } ?? "-")" }) == [
        letters + "|2|-", wide + "|1|not too ripe", mixed + "|1|-",
      ], Comment(rawValue: text))
  }

  /// `list --all` and `--staples`, plain or as Markdown, read back as they were: what they note after each item
  /// (on the list or not, a staple, when bought) is no part of its name or note, an item off the list (no box, or
  /// ticked in Markdown when bought today) stays off it, and a line wrapped under an item whose notes
  /// are whole is the next item, never its continuation. `--purchased` is what was bought, and its headings no
  /// categories.
  @Test(arguments: [ListMode.all, .staples, .purchased])
  func everyListGroceryPrintsReadsBackAsItWasShown(mode: ListMode) throws {
    var groceries = Groceries()
    let ids = Fixed.ids()
    func add(_ names: [String], _ changes: ItemChanges) throws {
      _ = try groceries.add(names, changes: changes, today: Fixed.today, now: Fixed.now, newID: ids)
    }
    try add(["milk", "eggs"], ItemChanges(quantity: 2, category: "dairy", note: "2% (semi)"))
    try add(["butter"], ItemChanges(category: "dairy"))
    let long = "a very long item name that goes on and on - with a long note that will certainly wrap (twice)"
    try add([long], ItemChanges())
    _ = try groceries.setStaple(["milk", "butter"], remove: false, now: Fixed.now, newID: ids)
    _ = try groceries.purchase(["milk"], on: Fixed.today, today: Fixed.today, now: Fixed.now)
    _ = try groceries.purchase(
      ["butter"], on: Fixed.today.adding(days: -3), today: Fixed.today, now: Fixed.now)
    let view = try groceries.listView(ListQuery(mode: mode, today: Fixed.today))
    if mode != .purchased {
      // Markdown boxes only what is on the list, as text does: butter, off it, is a bullet; eggs a task.
      let markdown = MarkdownRenderer.render(view)
      #expect(
        markdown.contains("\n- butter _(") && !markdown.contains("] butter"), Comment(rawValue: markdown))
      #expect(markdown.contains("\n- [x] milk x2"), Comment(rawValue: markdown))
      #expect(markdown.contains("\n- [ ] eggs x2") == (mode == .all), Comment(rawValue: markdown))
    }
    for text in [TextRenderer.render(view), MarkdownRenderer.render(view)] {
      let document = try Importer.read([ImportFile(name: "mail.txt", text: text)])
      let read = document.items.map {
        "\($0.name)|\($0.quantity ?? 1)|\($0.note.flatMap { $0 } ?? "-")|"
          + "\($0.isOnList == true ? "on" : "off")|\($0.isStaple == true ? "staple" : "-")"
      }
      switch mode {
      case .all:
        #expect(
          read == [
            "butter|1|-|off|staple", "eggs|2|2% (semi)|on|-", "milk|2|2% (semi)|off|staple",
            "a very long item name that goes on and on|1|with a long note that will certainly wrap (twice)|on|-",
          ], Comment(rawValue: text))
      case .staples:
        #expect(read == ["butter|1|-|off|staple", "milk|2|2% (semi)|off|staple"], Comment(rawValue: text))
      default:
        #expect(read.isEmpty && document.headings.isEmpty, Comment(rawValue: text))
        #expect(document.skipped.map(\.name) == ["milk", "butter"], Comment(rawValue: text))
      }
      #expect(!text.contains("Nothing"))
    }
  }

  /// A staple last bought on a day too far ahead to count is noted so in `list --staples`, and the note is no part
  /// of its name when the list is read back.
  @Test func aPurchaseNotCountedReadsBackAsNoPartOfTheName() throws {
    var groceries = Groceries()
    let ids = Fixed.ids()
    _ = try groceries.setStaple(["milk", "bread", "eggs"], remove: false, now: Fixed.now, newID: ids)
    _ = try groceries.purchase(["milk"], on: Fixed.day(-9), today: Fixed.today, now: Fixed.now)
    _ = try groceries.purchase(["eggs"], on: Fixed.today, today: Fixed.today, now: Fixed.now)
    _ = try groceries.purchase(
      ["milk", "bread", "eggs"], on: Fixed.day(400), today: Fixed.day(400), now: Fixed.now)
    let view = try groceries.listView(ListQuery(mode: .staples, today: Fixed.today))
    let wide = TextRenderer.render(view, style: TextStyle(width: 200))
    // Bought only on the day ahead: nothing counted to say when; bought today as well: today's.
    for line in [
      "bread (every 7 days (assumed); due now; \(Fixed.day(400)) not counted (clock ahead))",
      "eggs (every 7 days (assumed); bought today; due \(Fixed.day(7)); \(Fixed.day(400)) not counted (clock ahead))",
      "milk (every 7 days (assumed); last bought \(Fixed.day(-9)); due now; \(Fixed.day(400)) not counted (clock ahead))",
    ] {
      #expect(wide.contains(line), Comment(rawValue: wide))
    }
    let text = TextRenderer.render(view)
    let read = try Importer.read([ImportFile(name: "mail.txt", text: text)]).items
    #expect(
      read.map(\.name) == ["bread", "eggs", "milk"] && read.allSatisfy { $0.isStaple == true }, "\(read)")
  }

  /// Brackets of an item's own at the end of its name or note are the item's, in every list `list` prints, even
  /// where they hold words `list` notes with (`by`, `staple`, `due now`): only what the list's mode writes, after
  /// every item, is taken off.
  @Test(arguments: [ListMode.shopping, .all])
  func bracketsOfAnItemsOwnStayItsOwn(mode: ListMode) throws {
    var groceries = Groceries()
    let ids = Fixed.ids()
    for (name, note) in [
      ("Tea (by Twinings)", nil), ("Bread (staple)", nil), ("cake", "for party (by Sunday)"),
      ("butter", "x (due now)"), ("milk", nil),
    ] as [(String, String?)] {
      _ = try groceries.add(
        [name], changes: ItemChanges(note: note), today: Fixed.today, now: Fixed.now, newID: ids)
    }
    let view = try groceries.listView(ListQuery(mode: mode, today: Fixed.today))
    for text in [TextRenderer.render(view), MarkdownRenderer.render(view)] {
      let document = try Importer.read([ImportFile(name: "mail.txt", text: text)])
      #expect(
        document.items.map { "\($0.name)|\($0.note.flatMap { $0 } ?? "-")|\($0.isOnList == true)" } == [
          "Bread (staple)|-|true", "butter|x (due now)|true", "cake|for party (by Sunday)|true",
          "milk|-|true",
          "Tea (by Twinings)|-|true",
        ], Comment(rawValue: text))
      #expect(document.items.allSatisfy { $0.isStaple == nil }, Comment(rawValue: text))
    }
  }

  /// A name or a note ending in ` -` reads back in `list --all` and `--staples`, which note something after every
  /// item: the notes are taken off it, and off every other item. It made the whole list read as a plain paste,
  /// every item keeping `(on the list; never bought)` in its name.
  @Test(arguments: [ListMode.all, .staples])
  func aNameOrNoteEndingInADashReadsBack(mode: ListMode) throws {
    var groceries = Groceries()
    let ids = Fixed.ids()
    for (name, note) in [("ends with -", nil), ("tea", "green -"), ("apples", nil)] as [(String, String?)] {
      _ = try groceries.add(
        [name], changes: ItemChanges(note: note), today: Fixed.today, now: Fixed.now, newID: ids)
    }
    _ = try groceries.setStaple(["ends with -", "tea", "apples"], remove: false, now: Fixed.now, newID: ids)
    let view = try groceries.listView(ListQuery(mode: mode, today: Fixed.today))
    for text in [TextRenderer.render(view), MarkdownRenderer.render(view)] {
      let document = try Importer.read([ImportFile(name: "mail.txt", text: text)])
      #expect(
        document.items.map { "\($0.name)|\($0.note.flatMap { $0 } ?? "-")|\($0.isStaple == true)" } == [
          "apples|-|true", "ends with -|-|true", "tea|green -|true",
        ], Comment(rawValue: text))
    }
  }

  /// `list --format print` lays a list out in columns for paper: import refuses it, saying what to import
  /// instead, where it read its underline as an item with no name, or two items of a line as one.
  @Test(arguments: [ListMode.shopping, .all, .staples, .purchased])
  func thePrintLayoutIsRefusedSayingWhatToImport(mode: ListMode) throws {
    var groceries = Groceries()
    let ids = Fixed.ids()
    _ = try groceries.add(
      ["milk", "eggs"], changes: ItemChanges(category: "dairy"), today: Fixed.today, now: Fixed.now,
      newID: ids)
    _ = try groceries.add(
      ["apples"], changes: ItemChanges(category: "produce"), today: Fixed.today, now: Fixed.now, newID: ids)
    _ = try groceries.setStaple(["milk"], remove: false, now: Fixed.now, newID: ids)
    _ = try groceries.purchase(["eggs"], on: Fixed.today, today: Fixed.today, now: Fixed.now)
    let view = try groceries.listView(ListQuery(mode: mode, today: Fixed.today))
    // An empty list's page too, and a title long enough to wrap, which moves the underline down.
    let empty = try Groceries().listView(ListQuery(mode: mode, today: Fixed.today))
    let long = "Groceries for the whole family and the neighbours, bought on the way back from work"
    for (page, title, line) in [
      (view, "Groceries", 2), (empty, "Groceries", 2), (view, long, 3), (empty, long, 3),
    ] {
      for columns in [1, 2] {
        let text = PrintRenderer.render(page, title: title, columns: columns)
        let error = #expect(throws: GroceryError.self, Comment(rawValue: text)) {
          try Importer.read([ImportFile(name: "paper.txt", text: text)])
        }
        #expect(
          error?.message
            == "cannot import 'paper.txt': line \(line): this is the layout 'list --format print' makes for paper,"
            + " in columns, which import does not read; import what 'grocery list' prints",
          Comment(rawValue: text))
      }
    }
  }

  /// A rule (`---`, `===`, `***`) is no item, and a line on its own underlined with `=` or `-` is a heading, as in
  /// Markdown; a bulleted line above a rule, or the last of a group of items, stays an item.
  @Test func rulesAreNoItemsAndAnUnderlinedLineIsAHeading() throws {
    let text = "Shopping\n========\n- milk\n---\nDairy\n-----\n- eggs\n***\nbread\n"
    let document = try Importer.read([ImportFile(name: "notes.md", text: text)])
    #expect(document.items.map(\.name) == ["milk", "eggs", "bread"])
    #expect(document.headings.map(\.name) == ["Shopping", "Dairy"])
    #expect(document.items.map(\.headingLine) == [1, 5, 5])
    let group = try Importer.read([ImportFile(name: "notes.txt", text: "milk\neggs\n---\nbread\ncheese\n")])
    #expect(group.items.map(\.name) == ["milk", "eggs", "bread", "cheese"] && group.headings.isEmpty)
  }

  /// A note whose ` - ` did not fit after its name wraps as `- note`: pasted back without its indent, it is still
  /// the note, where it read as a bulleted item of its own and the item lost its note.
  @Test func aNoteWrappedToItsOwnLineStaysTheNoteWithoutItsIndent() throws {
    var groceries = Groceries()
    let ids = Fixed.ids()
    // Both fill the 74 columns after `  [ ] `.
    let words = "Organic free range large brown eggs from the farm shop on Mill Lane roadxy"
    let word = String(repeating: "N", count: 74)
    #expect(words.count == 74)
    _ = try groceries.add(
      [words], changes: ItemChanges(note: "fresh"), today: Fixed.today, now: Fixed.now, newID: ids)
    _ = try groceries.add(
      [word], changes: ItemChanges(note: "a"), today: Fixed.today, now: Fixed.now, newID: ids)
    let printed = TextRenderer.render(try groceries.listView(ListQuery(today: Fixed.today)))
    #expect(printed.contains("\n      - fresh\n"), Comment(rawValue: printed))
    let unindented = withoutIndent(printed)
    for text in [printed, unindented] {
      let document = try Importer.read([ImportFile(name: "mail.txt", text: text)])
      #expect(
        Set(document.items.map { "\($0.name)|\($0.note.flatMap { $0 } ?? "-")" }) == [
          "\(words)|fresh", "\(word)|a",
        ], Comment(rawValue: text))
    }
  }

  /// A printed list pasted back with its indent lost (an app that trims lines), and one with lines added by hand
  /// (bulleted or not), reads every item: a wrapped line is still joined to its item, a cut word without a space,
  /// and a line added by hand is an item of its own, where such lines were dropped without a word.
  @Test func aPrintedListThatLostItsIndentOrGainedLinesByHandReadsEveryItem() throws {
    var groceries = Groceries()
    let ids = Fixed.ids()
    let long = "a very long item name that goes on and on and on"
    let note = "with a long note that will certainly need wrapping past eighty cols"
    let word = String(repeating: "X", count: 100)
    _ = try groceries.add(
      [long], changes: ItemChanges(category: "produce", note: note), today: Fixed.today, now: Fixed.now,
      newID: ids)
    _ = try groceries.add(
      [word, "Qux"], changes: ItemChanges(), today: Fixed.today, now: Fixed.now, newID: ids)
    _ = try groceries.edit(
      "Qux", changes: ItemChanges(note: "(unavailable today)"), today: Fixed.today, now: Fixed.now)
    let printed = TextRenderer.render(try groceries.listView(ListQuery(today: Fixed.today)))
    let unindented = withoutIndent(printed)
    for text in [printed, unindented] {
      let document = try Importer.read([ImportFile(name: "mail.txt", text: text)])
      #expect(
        document.items.map { "\($0.name)|\($0.note.flatMap { $0 } ?? "-")" } == [
          "\(long)|\(note)", "Qux|(unavailable today)", "\(word)|-",
        ], Comment(rawValue: text))
    }
    // A line added under an item, with the list's indent kept, is an item under its heading, not a heading; one
    // bulleted after a long item is no more of it.
    let added = try Importer.read([
      ImportFile(
        name: "mail.txt",
        text:
          "Produce\n  [ ] apples - red\ncheese\n  [ ] carrots\n\nDairy & Fridge\n  [ ] \(long) eggs\n- butter\n"
          + "\n3 items to buy, 0 bought today\n")
    ])
    let headings = Dictionary(uniqueKeysWithValues: added.headings.map { ($0.line, $0.name) })
    #expect(
      added.items.map { "\($0.name)|\($0.headingLine.flatMap { headings[$0] } ?? "-")" } == [
        "apples|Produce", "cheese|Produce", "carrots|Produce", "\(long) eggs|Dairy & Fridge",
        "butter|Dairy & Fridge",
      ])
    // `--all` and `--staples` that lost their indent: an item off the list is an item, never a heading, and a
    // heading is still one.
    _ = try groceries.setStaple(["Qux"], remove: false, now: Fixed.now, newID: ids)
    _ = try groceries.purchase(["Qux"], on: Fixed.today, today: Fixed.today, now: Fixed.now)
    for mode in [ListMode.all, .staples] {
      let printed = TextRenderer.render(try groceries.listView(ListQuery(mode: mode, today: Fixed.today)))
      let unindented = withoutIndent(printed)
      for text in [printed, unindented] {
        let document = try Importer.read([ImportFile(name: "mail.txt", text: text)])
        let headings = Dictionary(uniqueKeysWithValues: document.headings.map { ($0.line, $0.name) })
        let read = document.items.map {
          "\($0.name)|\($0.isOnList == true)|\($0.headingLine.flatMap { headings[$0] } ?? "-")"
        }
        #expect(
          read
            == (mode == .all
              ? ["\(long)|true|Produce", "Qux|false|Uncategorized", "\(word)|true|Uncategorized"]
              : ["Qux|false|Uncategorized"]),
          Comment(rawValue: text))
      }
    }
    for text in [
      "  [ ] milk x2\n- cheese\n\n1 item to buy, 0 bought today\n",
      "## Produce\n\n- [ ] milk x2\n- cheese\n\n_1 item to buy, 0 bought today_\n",
      "milk x2\ncheese\n\n2 items to buy, 0 bought today\n",
    ] {
      let document = try Importer.read([ImportFile(name: "mail.txt", text: text)])
      #expect(document.items.map(\.name) == ["milk", "cheese"], Comment(rawValue: text))
      #expect(document.items.first?.quantity == 2, Comment(rawValue: text))
    }
  }

  /// A list of the user's own that only ends like `--purchased`'s count is read as any pasted list.
  @Test func aListEndingLikeThePurchasedCountIsReadAsAnyPastedList() throws {
    let document = try Importer.read([
      ImportFile(name: "list.txt", text: "- milk\n- eggs\n- bread\n\n2 bought today\n")
    ])
    #expect(document.items.map(\.name) == ["milk", "eggs", "bread", "bought today"])
  }

  /// An empty list as `list` prints it, under a title or not, holds no item: nothing to import.
  @Test(arguments: [
    "Nothing on the list.\n", "Weekend\n\nNothing on the list.\n", "No staples yet.\n",
    "Nothing on the list at Aldi.\n", "_Nothing on the list in Produce._\n", "No items yet.\n",
    "Nothing bought yet.\n",
  ])
  func anEmptyListGroceryPrintedHoldsNoItem(text: String) throws {
    let document = try Importer.read([ImportFile(name: "mail.txt", text: text)])
    #expect(document.items.isEmpty && document.headings.isEmpty && document.skipped.isEmpty)
  }

  /// A list that only ends like grocery's count is read as any pasted list.
  @Test func aListEndingInAnotherCountIsReadAsAnyPastedList() throws {
    let document = try Importer.read([
      ImportFile(name: "list.txt", text: "Produce\n2 apples\n3 items to buy\n")
    ])
    #expect(document.items.map(\.name) == ["Produce", "apples", "items to buy"])
  }
}
