import Foundation
import Testing
import TestSupport

@testable import GroceryCore

@Suite struct NamesTests {
  @Test(arguments: [("Crème", "creme"), ("MILK", "milk"), ("Cre\u{300}me", "crème"), ("Ærøskøbing", "ærøskøbing")])
  func foldingIgnoresCaseAndAccents(_ a: String, _ b: String) {
    #expect(Names.key(a) == Names.key(b))
  }

  @Test func foldingKeepsDifferentLettersApart() {
    #expect(Names.key("milk") != Names.key("silk"))
  }

  @Test func exactMatchWinsOverPrefix() throws {
    let found = try Names.resolve("apple", among: ["Apple juice", "Apple"], kind: .item) { $0 }
    #expect(found == "Apple")
  }

  @Test func uniquePrefixResolves() throws {
    #expect(try Names.resolve("mil", among: ["Milk", "Eggs"], kind: .item) { $0 } == "Milk")
  }

  @Test func ambiguousPrefixListsCandidatesInOrder() {
    #expect(throws: GroceryError.ambiguousName(kind: .item, name: "ch", candidates: ["Cheddar", "Chips"])) {
      try Names.resolve("ch", among: ["Chips", "Cheddar", "Milk"], kind: .item) { $0 }
    }
  }

  @Test func unknownNameSuggestsTheClosest() {
    #expect(throws: GroceryError.unknownName(kind: .item, name: "mlk", suggestions: ["Milk"])) {
      try Names.resolve("mlk", among: ["Milk", "Eggs", "Bread"], kind: .item) { $0 }
    }
    #expect(
      GroceryError.unknownName(kind: .item, name: "mlk", suggestions: ["Milk"]).message
        == "no item named 'mlk'; did you mean 'Milk'?")
  }

  @Test func cleanTrimsAndNormalises() throws {
    #expect(try Names.clean("  Cre\u{300}me  ") == "Crème")
  }

  @Test(arguments: [
    ("", "invalid name '': it is empty"),
    ("   ", "invalid name '   ': it is empty"),
    ("a\nb", "invalid name 'a\\nb': it contains a control character"),
    ("tab\there", "invalid name 'tab\\there': it contains a control character"),
    ("esc\u{1B}", "invalid name 'esc\\u{1b}': it contains a control character"),
  ])
  func cleanRefusesBadNames(_ raw: String, _ message: String) {
    #expect {
      try Names.clean(raw)
    } throws: { ($0 as? GroceryError)?.message == message }
  }

  @Test func cleanRefusesOverlongNames() throws {
    _ = try Names.clean(String(repeating: "a", count: 100))
    #expect(throws: GroceryError.self) { try Names.clean(String(repeating: "a", count: 101)) }
  }
}

@Suite struct DayTests {
  @Test(arguments: ["2026-11-21", "2024-02-29", "1970-01-01", "2000-12-31"])
  func parsesAndFormatsTheSameText(_ text: String) throws {
    #expect(try #require(Day(text)).description == text)
  }

  @Test(arguments: ["2026-13-01", "2026-02-29", "2026-1-01", "26-11-21", "2026/11/21", "2026-11-21x", "", "२०२६-११-२१"])
  func refusesMalformedDates(_ text: String) {
    #expect(Day(text) == nil)
  }

  @Test func countsDaysAcrossMonthsAndLeapYears() throws {
    let a = try #require(Day("2024-02-28"))
    #expect(a.adding(days: 2).description == "2024-03-01")
    #expect(a.days(to: try #require(Day("2025-02-28"))) == 366)
  }

  @Test func knowsTheWeekday() throws {
    #expect(try #require(Day("2026-11-21")).weekday == 5)  // Saturday
    #expect(try #require(Day("1970-01-01")).weekday == 3)  // Thursday
  }

  @Test func dayOfAMomentDependsOnTheTimeZone() throws {
    let late = try #require(Timestamp.parse("2026-11-21T23:30:00Z"))
    #expect(Day(late, in: TimeZone(identifier: "UTC")!).description == "2026-11-21")
    #expect(Day(late, in: TimeZone(secondsFromGMT: 3600)!).description == "2026-11-22")
    #expect(Day(late, in: TimeZone(secondsFromGMT: -3600 * 5)!).description == "2026-11-21")
  }

  @Test func timestampsRoundTripInWholeSeconds() throws {
    let text = "2026-11-21T08:05:09Z"
    #expect(Timestamp.format(try #require(Timestamp.parse(text))) == text)
    #expect(Timestamp.parse("2026-11-21 08:05:09") == nil)
  }
}

@Suite struct ValuesTests {
  @Test(arguments: [("1", 1), ("12", 12), ("999", 999)])
  func acceptsPlainWholeQuantities(_ text: String, _ value: Int) throws {
    #expect(try Values.quantity(text) == value)
  }

  @Test(arguments: ["0", "-1", "3.5", "1e3", "abc", "", "1000", " 2", "+2", "٣", "0x10", "0001"])
  func refusesOtherQuantities(_ text: String) {
    #expect {
      try Values.quantity(text)
    } throws: {
      ($0 as? GroceryError)?.message
        == "invalid quantity '\(text)': expected a whole number from 1 to 999"
    }
  }

  @Test func notesAreLimited() throws {
    #expect(try Values.note("  oat milk ") == "oat milk")
    #expect(try Values.note("") == nil)
    #expect(throws: GroceryError.self) { try Values.note("two\nlines") }
    #expect(throws: GroceryError.self) { try Values.note(String(repeating: "x", count: 501)) }
  }
}
