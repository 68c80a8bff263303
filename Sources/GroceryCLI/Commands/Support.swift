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

  init(_ text: String, what: String = "date") throws {
    switch text.lowercased() {
    case "today": self = .relative(0)
    case "yesterday": self = .relative(-1)
    default:
      guard let day = Day(text) else {
        throw GroceryError.invalidValue(
          what: what, value: Names.printable(text), reason: "expected YYYY-MM-DD, 'today' or 'yesterday'")
      }
      self = .day(day)
    }
  }

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

/// Short descriptions of changes, for `undo`.
enum Summary {
  static func names(_ names: [String]) -> String {
    if names.count <= 3 { return names.joined(separator: ", ") }
    return names.prefix(3).joined(separator: ", ") + " and \(names.count - 3) more"
  }
}

extension ParsedArguments {
  /// The option's value as a quantity, if given.
  func quantity() throws -> Int? { try value("quantity").map(Values.quantity) }

  /// The option's value as a note change: absent, a new note, or cleared by an empty value.
  func note() throws -> String?? {
    guard let text = value("note") else { return nil }
    return .some(try Values.note(text))
  }

  /// The option's value as a date, if given.
  func date(_ name: String) throws -> DateArgument? { try value(name).map { try DateArgument($0) } }

  /// The option's value as whole days, if given.
  func days(_ name: String, range: ClosedRange<Int> = 0...3650) throws -> Int? {
    try value(name).map { try Values.whole($0, what: "--\(name)", range: range, unit: "days") }
  }
}

/// Reads names from standard input for `-`: one a line, skipping blank lines and `#` comments.
enum InputNames {
  static func read(_ text: String) -> [String] {
    text.split(whereSeparator: \.isNewline)
      .map { UnicodeText.trimmedOfSpaces(String($0)) }
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
  }

  /// Returns the names given, with `-` replaced by the lines of standard input.
  static func expand(_ names: [String], console: Console) throws -> [String] {
    guard names.contains("-") else { return names }
    let input = read(try console.readInput())
    return names.flatMap { $0 == "-" ? input : [$0] }
  }
}
