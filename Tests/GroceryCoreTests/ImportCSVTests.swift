import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// The CSV `list --format csv --all` writes, edited in a spreadsheet and brought back.
@Suite struct ImportCSVTests {
  @Test func theFixtureIsReadWithQuotingAndTheFormulaGuardUndone() throws {
    let document = try Importer.read([ImportFixture.file("list.csv")])
    #expect(document.format == .csv)
    #expect(
      document.items.map {
        "\($0.category!)|\($0.name)|\($0.quantity!)|\(($0.note ?? nil) ?? "-")|\($0.isOnList!)|\($0.isUnavailable!)|\($0.isStaple!)"
      } == [
        "Produce|Apples|6|-|true|false|true",
        "Dairy & Fridge|Milk|2|skim, not whole|true|true|true",
        "Pantry|Chips \"salted\"|1|- big bag|false|false|false",
        "Uncategorized|=cmd|1|@home|true|false|false",
      ])
    #expect(document.categories.map(\.name) == ["Produce", "Dairy & Fridge", "Pantry"])
    #expect(!document.setsCategoryOrder)
  }

  @Test func namesStartingWithAQuoteOrAFormulaCharacterComeBackUnchanged() throws {
    var groceries = Groceries()
    let names = ["'-x", "'=y", "'plain", "-x", "=1+1", "''z"]
    _ = try groceries.add(
      names, changes: ItemChanges(), today: Fixed.today, now: Fixed.now, newID: Fixed.ids())
    let csv = CSVRenderer.render(try groceries.listView(ListQuery(mode: .all, today: Fixed.today)))
    let document = try Importer.read([ImportFile(name: "list.csv", text: csv)])
    #expect(document.items.map(\.name) == ["''z", "'-x", "'=y", "'plain", "-x", "=1+1"])
  }

  @Test func aListWrittenAsCSVComesBackTheSame() throws {
    let original = SampleHousehold.make(today: Fixed.today, now: Fixed.now)
    let query = ListQuery(mode: .all, today: Fixed.today)
    let csv = CSVRenderer.render(try original.listView(query))
    var copy = Groceries()
    let report = copy.importing(
      try Importer.read([ImportFile(name: "list.csv", text: csv)]), today: Fixed.today, now: Fixed.now,
      newID: Fixed.ids())
    #expect(report.added.count == original.items.count)
    // A CSV list carries no purchases, so the last two columns are left out of the comparison.
    func rows(_ text: String) -> [String] {
      text.split(separator: "\r\n").map {
        $0.split(separator: ",", omittingEmptySubsequences: false).dropLast(2).joined(separator: ",")
      }.sorted()
    }
    #expect(rows(CSVRenderer.render(try copy.listView(query))) == rows(csv))
  }

  /// A spreadsheet where the comma is the decimal mark saves CSV with semicolons; a range copied from one is
  /// tab-separated. Both read as the comma-separated file does, a comma then being plain text.
  @Test(arguments: [";", "\t"])
  func aSpreadsheetsSemicolonsOrTabsReadAsCommas(_ separator: String) throws {
    let rows = [
      ["category", "name", "quantity", "note", "on_list"], ["Dairy", "Milk", "2", "skim, not whole", "true"],
      ["Pantry", "Chips \"salted\"", "1", "", "false"],
    ]
    func text(_ separator: String) -> String {
      rows.map { $0.map(CSVRenderer.field).joined(separator: separator) }.joined(separator: "\r\n") + "\r\n"
    }
    let expected = try Importer.read([ImportFile(name: "list.csv", text: text(","))])
    let document = try Importer.read([ImportFile(name: "list.csv", text: text(separator))])
    #expect(document.format == .csv)
    #expect(document == expected)
    #expect(document.items.map(\.note) == [.some("skim, not whole"), .some(nil)])
  }

  /// A spreadsheet's list with a column of its own (a price), or with every field quoted, is still CSV: the
  /// columns grocery writes are read, the others left out. A text list whose first line merely has `name` in it
  /// stays text.
  @Test(arguments: [
    "Name,Quantity,Price\nmilk,2,1.99\n", "\"Name\";\"Quantity\";\"Notiz\"\n\"milk\";\"2\";\"rot\"\n",
    "name\tquantity\tprice\taisle\nmilk\t2\t1\t4\n", "name,quantity,Price,Price\nmilk,2,1,1\n",
    "name,quantity,,\r\nmilk,2,,\r\n",
  ])
  func aColumnOfItsOwnOrQuotedHeadersAreStillCSV(_ text: String) throws {
    let document = try Importer.read([ImportFile(name: "list.csv", text: text)])
    #expect(document.format == .csv)
    #expect(document.items.map { "\($0.name)|\($0.quantity.map(String.init) ?? "-")" } == ["milk|2"])
  }

  @Test(arguments: ["milk, name, eggs\nbread\n", "name,price\nmilk,2\n", "Name;Notiz\nmilk;x\n"])
  func aFirstLineWithNameAndNoOtherColumnOfOursIsText(_ text: String) throws {
    #expect(try Importer.read([ImportFile(name: "list.txt", text: text)]).format == .text)
  }

  /// A spreadsheet's list of names is a shopping list: without an `on_list` column, or with its cell empty, an
  /// item goes on the list, as a pasted list's do; the other columns' empty cells change nothing.
  @Test func anAbsentOrEmptyOnListPutsTheItemOnTheList() throws {
    let text = "Name;Quantity\nTomaten;4\n"
    let document = try Importer.read([ImportFile(name: "list.csv", text: text)])
    #expect(document.format == .csv)
    #expect(document.items.map(\.isOnList) == [true])
    var groceries = Groceries()
    let report = groceries.importing(document, today: Fixed.today, now: Fixed.now, newID: Fixed.ids())
    #expect(report.added == ["Tomaten"])
    #expect(groceries.items.map { "\($0.name)|\($0.quantity)|\($0.isOnList)" } == ["Tomaten|4|true"])

    let cells = "name,on_list,available,staple\nMilk,,,\nEggs,false,false,true\n"
    let items = try Importer.read([ImportFile(name: "list.csv", text: cells)]).items
    #expect(items.map(\.name) == ["Milk", "Eggs"])
    #expect(items.map(\.isOnList) == [true, false])
    #expect(items.map(\.isUnavailable) == [nil, true])
    #expect(items.map(\.isStaple) == [nil, true])
  }

  /// Spreadsheets in other languages write their own words for true and false; every boolean column reads them,
  /// in any case.
  @Test(arguments: [
    ("TRUE", true), ("False", false), ("WAHR", true), ("FALSCH", false), ("VRAI", true), ("faux", false),
    ("VERDADERO", true), ("FALSO", false), ("Vero", true), ("WAAR", true), ("ONWAAR", false), ("SANT", true),
    ("FALSKT", false),
  ])
  func theBooleanWordsOfSpreadsheetsInOtherLanguagesAreRead(word: String, value: Bool) throws {
    let text = "name,on_list,available,staple\nMilk,\(word),\(word),\(word)\n"
    let item = try #require(try Importer.read([ImportFile(name: "list.csv", text: text)]).items.first)
    #expect(item.isOnList == value)
    #expect(item.isUnavailable == !value)
    #expect(item.isStaple == value)
  }

  @Test func aNeutralisedFieldComesBackAsTyped() throws {
    let text =
      CSVRenderer.header.joined(separator: ",") + "\r\n"
      + ["-Snacks", "+1 soda", "1", "=SUM(A1)", "true", "true", "false", "", "false"].map(CSVRenderer.field)
      .joined(separator: ",") + "\r\n"
    let item = try #require(try Importer.read([ImportFile(name: "edited.csv", text: text)]).items.first)
    #expect(item.category == "-Snacks" && item.name == "+1 soda" && item.note == .some("=SUM(A1)"))
  }

  @Test(arguments: [
    ("name,quantity\nMilk,2\nEggs\n", "cannot import 'list.csv': line 3: expected 2 fields, found 1"),
    (
      "name,quantity\nMilk,0\n",
      "cannot import 'list.csv': line 2: expected 'quantity' to be a whole number from 1 to 999, found '0'"
    ),
    (
      "name,on_list\nMilk,yes\n",
      "cannot import 'list.csv': line 2: expected 'on_list' to be true or false, found 'yes'"
    ),
    (
      "name,note\n\"Milk\",\"two\nlines\"\nEggs,\"open\n",
      "cannot import 'list.csv': line 4: a quoted field is never closed"
    ),
    (
      "name,note\n\"Milk\",\"two\nlines\"\nEggs,x\"y\n",
      "cannot import 'list.csv': line 4: a quote inside a field that does not start with one"
    ),
    (
      "name,note\nMilk,\"two\nlines\"\n",
      "cannot import 'list.csv': line 2: note 'two\\nlines': it contains a control character"
    ),
  ])
  func aMalformedRowIsRefusedWithItsLine(text: String, message: String) {
    #expect(
      ImportFixture.failure { _ = try Importer.read([ImportFile(name: "list.csv", text: text)]) } == message)
  }

  /// A CSV list takes exactly the notes `add -n` keeps: up to `Limits.noteLength` characters, however many bytes.
  @Test(arguments: ["x", "é", "👍🏽"])
  func aNoteIsReadUpToTheLengthAddKeeps(_ character: String) throws {
    func text(_ count: Int) -> String { "name,note\nMilk,\(String(repeating: character, count: count))\n" }
    let document = try Importer.read([ImportFile(name: "list.csv", text: text(Limits.noteLength))])
    #expect(document.items.map(\.note) == [.some(String(repeating: character, count: Limits.noteLength))])
    let message = ImportFixture.failure {
      _ = try Importer.read([ImportFile(name: "list.csv", text: text(Limits.noteLength + 1))])
    }
    #expect(message?.hasPrefix("cannot import 'list.csv': line 2: note '\(character)") == true)
    #expect(message?.hasSuffix("...': it is longer than 500 characters") == true)
  }

  @Test func aCSVFileGivenAsShoppingList14IsRefusedNamingTheFile() throws {
    #expect(
      ImportFixture.failure {
        _ = try Importer.read([ImportFixture.file("list.csv")], format: .shoppingList14)
      }
        == "'list.csv' is not a ShoppingList14 file; it looks like a grocery CSV list")
  }

  /// A header naming one of grocery's columns twice is refused, where the file was read as a pasted list and its
  /// header and rows became items.
  @Test func aHeaderNamingAColumnTwiceIsRefused() throws {
    #expect(
      throws: GroceryError.malformedImport(
        file: "list.csv", line: 1, reason: "the header names the column 'quantity' twice")
    ) {
      try Importer.read([ImportFile(name: "list.csv", text: "name,quantity,Quantity\nx,1,2\n")])
    }
    let own = try Importer.read([
      ImportFile(name: "list.csv", text: "name,quantity,Price,Price\nmilk,1,2,3\n")
    ])
    #expect(own.format == .csv && own.items.map(\.name) == ["milk"], "a spreadsheet's own column may repeat")
  }
}
