import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// Random texts built from the pieces of every import format: each is read or refused, never anything else.
@Suite struct ImportFuzzTests {
  static let pieces = [
    "[", "]", "{", "}", "\"", ",", ":", "\n", "\r\n", " ", "x", "×", "2", "0", "1000", "-", "*", "•", "[ ]",
    "[x]",
    "1.", "(3)", "#", "milk", "Milk ", "’", "—", "\u{7}", "\u{202E}", "\\u00e9", "\"name\"", "\"onList\"",
    "\"visitationOrder\"", "true", "null", "0.5", "\"format\": \"grocery-export\"", "\"version\": 1",
    "category,name,quantity\r\n", "'=", "\"\"",
  ]

  @Test(arguments: [ImportFormat?.none, .text, .csv, .shoppingList14, .grocery])
  func anyTextIsReadIntoValidItemsOrRefusedWithALine(format: ImportFormat?) throws {
    var random = SeededRandom(seed: 11)
    for _ in 0..<1500 {
      let text = (0..<Int.random(in: 1...30, using: &random)).map { _ in
        Self.pieces.randomElement(using: &random)!
      }.joined()
      do {
        let document = try Importer.read([ImportFile(name: "fuzz", text: text)], format: format)
        var groceries = Groceries()
        _ = groceries.importing(document, today: Fixed.today, now: Fixed.now, newID: UUID.init)
        for item in groceries.items {
          #expect(try Names.clean(item.name) == item.name)
          #expect((1...999).contains(item.quantity))
        }
      } catch let error as GroceryError {
        switch error {
        case .malformedImport(let file, let line, _):
          #expect(file == "fuzz" && line >= 1 && line <= text.count + 1)
        case .importFormatMismatch(let file, _, _), .newerExportVersion(let file, _, _):
          #expect(file == "fuzz")
        default:
          Issue.record("unexpected \(error) for \(text.debugDescription)")
        }
      }
    }
  }
}
