import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// Finding an import's format from its content, refusing a format that does not fit, and mapping colours.
@Suite struct ImportFormatTests {
  @Test(
    arguments: [
      ("[{\"name\": \"Milk\", \"onList\": true}]", ImportFormat.shoppingList14),
      ("[{\"name\": \"Dairy\", \"visitationOrder\": 0}]", .shoppingList14),
      (
        "{\"format\": \"grocery-export\", \"version\": 1, \"categories\": [], \"locations\": [], \"items\": []}",
        .grocery
      ),
      ("[]", .shoppingList14),
      ("category,name,quantity,note,on_list,available,staple,last_purchased,bought_today\r\n", .csv),
      ("name,quantity\nMilk,2\n", .csv),
      ("[ ] milk\n[x] eggs\n", .text),
      ("milk, eggs\n", .text),
      ("- milk\n", .text),
    ] as [(String, ImportFormat)])
  func theFormatIsFoundFromTheContent(text: String, format: ImportFormat) throws {
    #expect(try ImportFormat.detect(text, file: "in") == format)
    #expect(try Importer.read([ImportFile(name: "in", text: text)]).format == format)
  }

  @Test func jsonOfAnotherKindIsRefusedRatherThanReadAsLines() {
    #expect(
      ImportFixture.failure { _ = try Importer.read([ImportFile(name: "data.json", text: "{\"a\": 1}")]) }
        == "'data.json' is not a file grocery imports; it looks like JSON of another kind")
  }

  @Test func brokenJSONIsRefusedWithItsLine() {
    #expect(
      ImportFixture.failure {
        _ = try Importer.read([
          ImportFile(name: "items.json", text: "[\n  {\"name\": \"Milk\",\n  \"onList\": tru}\n]")
        ])
      } == "cannot import 'items.json': line 3: expected 'true'")
  }

  @Test(arguments: [
    (ImportFormat.grocery, "'list.txt' is not a grocery export; it looks like plain text"),
    (.csv, "'list.txt' is not a grocery CSV list; it looks like plain text"),
    (.shoppingList14, "'list.txt' is not a ShoppingList14 file; it looks like plain text"),
  ])
  func aFormatGivenThatDoesNotFitIsRefusedNamingTheFile(format: ImportFormat, message: String) throws {
    let list = try ImportFixture.file("list.txt")
    #expect(ImportFixture.failure { _ = try Importer.read([list], format: format) } == message)
  }

  @Test func plainTextFitsAnyFile() throws {
    let document = try Importer.read([ImportFixture.file("list.csv")], format: .text)
    // The header's nine column names split at their commas; every other row has a part without a letter.
    #expect(document.format == .text && document.items.count == 13)
  }

  @Test func onlyShoppingList14FilesGoTogether() throws {
    let (list, items) = (try ImportFixture.file("list.txt"), try ImportFixture.file("items.json"))
    #expect(
      ImportFixture.failure { _ = try Importer.read([items, list]) }
        == "cannot import 'items.json', 'list.txt' together: only ShoppingList14's items.json and"
        + " locations.json are imported together")
  }

  @Test(
    arguments: [
      (0.0, 0.0, 0.0, NamedColor.black), (1, 1, 1, .brightWhite), (0.9, 0.9, 0.9, .white),
      (0.5, 0.5, 0.5, .brightBlack), (0.8, 0, 0, .red), (1, 0, 0, .brightRed), (0, 0.8, 0, .green),
      (0, 1, 0, .brightGreen), (0.8, 0.8, 0, .yellow), (1, 1, 0, .brightYellow), (0, 0, 0.93, .blue),
      (0.36, 0.36, 1, .brightBlue), (0.8, 0, 0.8, .magenta), (1, 0, 1, .brightMagenta), (0, 0.8, 0.8, .cyan),
      (0, 1, 1, .brightCyan), (1.7, -3, 0, .brightRed),
    ] as [(Double, Double, Double, NamedColor)])
  func aColourMapsToTheNearestTerminalColour(red: Double, green: Double, blue: Double, expected: NamedColor) {
    #expect(NamedColor.nearest(red: red, green: green, blue: blue) == expected)
  }

  @Test func theColourNamesAreTheOnesCategoryColorTakes() {
    #expect(
      NamedColor.allCases.map(\.rawValue) == [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white", "bright-black", "bright-red",
        "bright-green", "bright-yellow", "bright-blue", "bright-magenta", "bright-cyan", "bright-white",
      ])
  }
}
