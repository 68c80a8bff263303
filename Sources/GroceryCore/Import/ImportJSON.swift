/// A JSON value read from an import file, each value with the line it starts on, so a problem in one element
/// can be reported at its line.
indirect enum ImportJSON: Sendable {
  case null
  case bool(Bool)
  /// A number, with its text as written.
  case number(Double, String)
  case string(String)
  case array([Node])
  case object([(key: String, node: Node)])

  /// A value and the line (from 1) it starts on.
  struct Node: Sendable {
    var value: ImportJSON
    var line: Int

    /// Returns the value of a key of an object, or nil when it is absent or the value is not an object.
    subscript(key: String) -> Node? {
      guard case .object(let members) = value else { return nil }
      return members.last { $0.key == key }?.node
    }

    /// The keys of an object, or none.
    var keys: [String] {
      guard case .object(let members) = value else { return [] }
      return members.map(\.key)
    }
  }

  /// Why the text is not JSON, and on which line.
  struct Failure: Error, Equatable {
    var line: Int
    var reason: String
  }

  /// Parses a whole text, refusing anything but one JSON value surrounded by white space.
  static func parse(_ text: String) throws(Failure) -> Node {
    var parser = ImportJSONParser(bytes: Array(text.utf8))
    parser.skipSpace()
    let node = try parser.value(depth: 0)
    parser.skipSpace()
    if parser.index < parser.bytes.count { throw parser.fail("unexpected text after the end") }
    return node
  }

}

extension ImportJSON.Node {
  /// Returns the error for this value, naming the file and the value's line.
  func failure(_ file: String, _ reason: String) -> GroceryError {
    .malformedImport(file: file, line: line, reason: reason)
  }

  /// The value as written, shortened, for messages.
  var shown: String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(_, let text): return ImportName.shown(text)
    case .string(let text): return "\"" + ImportName.shown(text) + "\""
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  /// Returns the elements of an array, or throws naming `what` was expected.
  func elements(_ file: String, what: String) throws -> [ImportJSON.Node] {
    guard case .array(let elements) = value else { throw failure(file, "expected \(what), found \(shown)") }
    return elements
  }

  /// Returns a member, throwing when an object lacks it.
  func required(_ key: String, _ file: String) throws -> ImportJSON.Node {
    guard case .object = value else { throw failure(file, "expected an object, found \(shown)") }
    guard let node = self[key] else { throw failure(file, "'\(key)' is missing") }
    return node
  }

  /// Returns a string member, or nil when it is absent or null.
  func string(_ key: String, _ file: String) throws -> String? {
    guard let node = self[key] else { return nil }
    switch node.value {
    case .null: return nil
    case .string(let text): return text
    default: throw node.failure(file, "expected '\(key)' to be a string, found \(node.shown)")
    }
  }

  /// Returns a true-or-false member, or nil when it is absent.
  func bool(_ key: String, _ file: String) throws -> Bool? {
    guard let node = self[key] else { return nil }
    guard case .bool(let flag) = node.value else {
      throw node.failure(file, "expected '\(key)' to be true or false, found \(node.shown)")
    }
    return flag
  }

  /// Returns a number member, or nil when it is absent.
  func number(_ key: String, _ file: String) throws -> Double? {
    guard let node = self[key] else { return nil }
    guard case .number(let number, _) = node.value else {
      throw node.failure(file, "expected '\(key)' to be a number, found \(node.shown)")
    }
    return number
  }

  /// Returns a whole-number member within a range, or nil when it is absent.
  func whole(_ key: String, in range: ClosedRange<Int>, _ file: String) throws -> Int? {
    guard let node = self[key] else { return nil }
    guard case .number(let number, _) = node.value, number == number.rounded(),
      range.contains(Int(exactly: number) ?? -1)
    else {
      throw node.failure(
        file,
        "expected '\(key)' to be a whole number from \(range.lowerBound) to \(range.upperBound), found \(node.shown)"
      )
    }
    return Int(number)
  }

  /// Returns a `YYYY-MM-DD` member grocery can keep, `.some(nil)` when null, or nil when absent.
  func day(_ key: String, _ file: String) throws -> Day?? {
    guard let node = self[key] else { return nil }
    if case .null = node.value { return .some(nil) }
    guard case .string(let text) = node.value, let day = Day(text), LocalTime.keptDays.contains(day) else {
      throw node.failure(file, "expected '\(key)' to be a date as YYYY-MM-DD, found \(node.shown)")
    }
    return .some(day)
  }
}
