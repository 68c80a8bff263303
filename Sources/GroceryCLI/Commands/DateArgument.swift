import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A date as typed: resolved against the run's day when the command runs.
enum DateArgument: Sendable, Equatable {
  case relative(Int)
  case day(Day)

  /// Reads a date; `past` is false for an option that takes no day gone by (`--skip-until`), whose error then
  /// offers no `yesterday`.
  init(_ text: String, past: Bool = true) throws {
    switch text.lowercased() {
    case "today": self = .relative(0)
    case "yesterday" where !past:
      // Said as typed, where it was said as the day it is (found by a trial).
      throw GroceryError.invalidValue(what: "date", value: Names.printable(text), reason: Self.beforeToday)
    case "yesterday": self = .relative(-1)
    default:
      guard let day = Day(text) else {
        // A date written as it should be that no calendar has (the 30th of February) is said as that.
        throw GroceryError.invalidValue(
          what: "date", value: Names.printable(text),
          reason: Day.isShaped(text)
            ? "there is no such day"
            : past
              ? "expected YYYY-MM-DD, 'today' or 'yesterday'"
              : "expected YYYY-MM-DD or 'today'")
      }
      self = .day(day)
    }
  }

  /// Why a day gone by is refused where only today and later are taken (`--skip-until`).
  static let beforeToday = "it is before today ('--skip-until today' ends a skip)"

  /// Returns the day meant, refusing one grocery could not write (the day before 0001-01-01).
  func resolve(today: Day) throws -> Day {
    switch self {
    case .relative(let offset):
      let shown = offset == 0 ? "today" : "yesterday"
      return try LocalTime.checked(today.adding(days: offset), what: "date", value: shown)
    case .day(let day): return day
    }
  }
}
