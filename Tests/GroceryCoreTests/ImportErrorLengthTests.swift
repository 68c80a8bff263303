import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// An import error shows a short cut of the offending value, never the whole of a huge field or line.
@Suite struct ImportErrorLengthTests {
  let digits = String(repeating: "9", count: 5000)

  func message(_ text: String, format: ImportFormat? = nil) -> String? {
    do {
      _ = try Importer.read([ImportFile(name: "in", text: text)], format: format)
      return nil
    } catch let error as GroceryError {
      return error.message
    } catch {
      return "\(error)"
    }
  }

  @Test func aDeeplyNestedArrayFailsWithOneShortLine() {
    #expect(
      message(String(repeating: "[", count: 100_000) + "\n")
        == "cannot import 'in': line 1: it is nested too deeply")
  }

  @Test func aHugeCSVQuantityIsCut() {
    #expect(
      message("name,quantity\nmilk,\(digits)\n")
        == "cannot import 'in': line 2: expected 'quantity' to be a whole number from 1 to 999, found "
        + "'99999999999999999999...'")
  }

  @Test func aHugeCSVFlagIsCut() {
    #expect(
      message("name,staple\nmilk,\(String(repeating: "y", count: 5000))\n")
        == "cannot import 'in': line 2: expected 'staple' to be true or false, found 'yyyyyyyyyyyyyyyyyyyy...'"
    )
  }

  @Test func aHugeJSONQuantityIsCut() {
    #expect(
      message("[{\"name\": \"milk\", \"onList\": true, \"quantity\": \(digits)}]")
        == "cannot import 'in': line 1: the number 99999999999999999999... is too large")
    #expect(
      message(
        "[{\"name\": \"milk\", \"onList\": true, \"quantity\": 1\(String(repeating: "0", count: 300))}]")
        == "cannot import 'in': line 1: expected 'quantity' to be a whole number from 1 to 999, found "
        + "10000000000000000000...")
  }

  @Test func aHugeTextLineIsCut() {
    let dashes = String(repeating: "!", count: 100_000)
    #expect(
      message(dashes + "\n")
        == "cannot import 'in': line 1: '!!!!!!!!!!!!!!!!!!!!...' has no item name (no letter or digit)")
    #expect(
      message("\(digits) milk\n")
        == "cannot import 'in': line 1: '99999999999999999999...' has quantity 99999999999999999999..., and a "
        + "quantity is a whole number from 1 to 999")
    #expect(
      message(dashes + "\u{7}\n")
        == "cannot import 'in': line 1: '!!!!!!!!!!!!!!!!!!!!...' contains a control character")
  }

  @Test func aShortValueIsShownWhole() {
    #expect(
      message("name,quantity\nmilk,1000\n")
        == "cannot import 'in': line 2: expected 'quantity' to be a whole number from 1 to 999, found '1000'")
  }
}
