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
    let bytes = Array(text.utf8)
    var reader = JSONReader(bytes)
    var lines = LineCounter(bytes)
    do {
      let node = try value(&reader, &lines, depth: 0)
      if !reader.isAtEnd { throw reader.fail("unexpected text after the end") }
      return node
    } catch let failure as JSONReader.Failure {
      let reason = failure.atEnd ? "the file ends too early" : failure.reason
      throw Failure(line: lines.line(at: failure.offset), reason: reason)
    } catch {
      throw Failure(line: lines.line(at: reader.offset), reason: "\(error)")
    }
  }

  /// Reads one value and everything inside it, each with the line it starts on.
  private static func value(_ reader: inout JSONReader, _ lines: inout LineCounter, depth: Int) throws -> Node
  {
    reader.skipSpace()
    let line = lines.line(at: reader.offset)
    if depth >= JSONReader.maximumDepth { throw reader.fail("it is nested too deeply") }
    switch try reader.nextKind() {
    case .object:
      try reader.beginObject()
      var members: [(key: String, node: Node)] = []
      var first = true
      while let key = try reader.nextKey(first: &first) {
        members.append((key, try value(&reader, &lines, depth: depth + 1)))
      }
      return Node(value: .object(members), line: line)
    case .array:
      try reader.beginArray()
      var elements: [Node] = []
      var first = true
      while try reader.nextElement(first: &first) {
        elements.append(try value(&reader, &lines, depth: depth + 1))
      }
      return Node(value: .array(elements), line: line)
    case .string: return Node(value: .string(try reader.readString()), line: line)
    case .number:
      let (number, text) = try reader.readNumber()
      return Node(value: .number(number, text), line: line)
    case let word:
      try reader.readWord(word)
      return Node(value: word == .null ? .null : .bool(word == .true), line: line)
    }
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
    try self[key].map { try $0.whole(key, in: range, file) }
  }

  /// Returns the value, the member `key` of its object, as a whole number within a range.
  func whole(_ key: String, in range: ClosedRange<Int>, _ file: String) throws -> Int {
    guard case .number(let number, _) = value, number == number.rounded(),
      let whole = Int(exactly: number), range.contains(whole)
    else {
      throw failure(
        file,
        "expected '\(key)' to be a whole number from \(range.lowerBound) to \(range.upperBound), found \(shown)"
      )
    }
    return whole
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
