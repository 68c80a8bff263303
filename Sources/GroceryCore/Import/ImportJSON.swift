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
    var parser = Parser(bytes: Array(text.utf8))
    parser.skipSpace()
    let node = try parser.value(depth: 0)
    parser.skipSpace()
    if parser.index < parser.bytes.count { throw parser.fail("unexpected text after the end") }
    return node
  }

  private struct Parser {
    let bytes: [UInt8]
    var index = 0
    var line = 1

    init(bytes: [UInt8]) { self.bytes = bytes }

    func fail(_ reason: String) -> Failure {
      Failure(line: line, reason: index >= bytes.count ? "the file ends too early" : reason)
    }

    mutating func skipSpace() {
      while index < bytes.count {
        switch bytes[index] {
        case 0x0A: line += 1
        case 0x20, 0x09, 0x0D: break
        default: return
        }
        index += 1
      }
    }

    mutating func value(depth: Int) throws(Failure) -> Node {
      guard depth < 128 else { throw fail("it is nested too deeply") }
      guard index < bytes.count else { throw fail("expected a value") }
      let start = line
      switch bytes[index] {
      case UInt8(ascii: "{"):
        index += 1
        var members: [(key: String, node: Node)] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
          index += 1
          return Node(value: .object(members), line: start)
        }
        while true {
          skipSpace()
          guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw fail("expected a quoted key")
          }
          let key = try string()
          skipSpace()
          guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
          index += 1
          skipSpace()
          members.append((key, try value(depth: depth + 1)))
          if try close(UInt8(ascii: "}")) { return Node(value: .object(members), line: start) }
        }
      case UInt8(ascii: "["):
        index += 1
        var elements: [Node] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
          index += 1
          return Node(value: .array(elements), line: start)
        }
        while true {
          skipSpace()
          elements.append(try value(depth: depth + 1))
          if try close(UInt8(ascii: "]")) { return Node(value: .array(elements), line: start) }
        }
      case UInt8(ascii: "\""): return Node(value: .string(try string()), line: start)
      case UInt8(ascii: "t"):
        try literal("true")
        return Node(value: .bool(true), line: start)
      case UInt8(ascii: "f"):
        try literal("false")
        return Node(value: .bool(false), line: start)
      case UInt8(ascii: "n"):
        try literal("null")
        return Node(value: .null, line: start)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        return Node(value: try number(), line: start)
      default:
        throw fail(
          "unexpected character '\(Names.printable(String(decoding: [bytes[index]], as: UTF8.self)))'")
      }
    }

    /// Reads the ',' between elements (returning false) or the closing bracket (returning true).
    mutating func close(_ closing: UInt8) throws(Failure) -> Bool {
      skipSpace()
      guard index < bytes.count else { throw fail("") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        return false
      }
      if bytes[index] == closing {
        index += 1
        return true
      }
      throw fail("expected ',' or '\(Character(Unicode.Scalar(closing)))'")
    }

    mutating func literal(_ word: String) throws(Failure) {
      for byte in word.utf8 {
        guard index < bytes.count, bytes[index] == byte else { throw fail("expected '\(word)'") }
        index += 1
      }
    }

    mutating func string() throws(Failure) -> String {
      index += 1
      var out: [UInt8] = []
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""):
          return String(decoding: out, as: UTF8.self)
        case UInt8(ascii: "\\"):
          guard index < bytes.count else { throw fail("") }
          let escape = bytes[index]
          index += 1
          switch escape {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
          case UInt8(ascii: "b"): out.append(0x08)
          case UInt8(ascii: "f"): out.append(0x0C)
          case UInt8(ascii: "n"): out.append(0x0A)
          case UInt8(ascii: "r"): out.append(0x0D)
          case UInt8(ascii: "t"): out.append(0x09)
          case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800...0xDBFF).contains(scalar) {
              guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
                bytes[index + 1] == UInt8(ascii: "u")
              else { throw fail("a string has a lone surrogate") }
              index += 2
              let low = try hex4()
              guard (0xDC00...0xDFFF).contains(low) else { throw fail("a string has a lone surrogate") }
              scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let character = Unicode.Scalar(scalar) else { throw fail("a string has a lone surrogate") }
            out.append(contentsOf: Array(String(Character(character)).utf8))
          default: throw fail("a string has an unknown escape")
          }
        default:
          if byte < 0x20 { throw fail("a string holds a raw control character") }
          out.append(byte)
        }
      }
      throw fail("a string is not closed")
    }

    mutating func hex4() throws(Failure) -> UInt32 {
      var value: UInt32 = 0
      for _ in 0..<4 {
        guard index < bytes.count else { throw fail("") }
        let byte = bytes[index]
        let digit: UInt8
        switch byte {
        case 0x30...0x39: digit = byte - 0x30
        case 0x61...0x66: digit = byte - 0x61 + 10
        case 0x41...0x46: digit = byte - 0x41 + 10
        default: throw fail("a string has a bad \\u escape")
        }
        value = value << 4 | UInt32(digit)
        index += 1
      }
      return value
    }

    mutating func number() throws(Failure) -> ImportJSON {
      let start = index
      func digits() -> Int {
        let from = index
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
        return index - from
      }
      if bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard digits() > 0 else { throw fail("a malformed number") }
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        guard digits() > 0 else { throw fail("a malformed number") }
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
          index += 1
        }
        guard digits() > 0 else { throw fail("a malformed number") }
      }
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      guard let value = Double(text), value.isFinite else { throw fail("the number \(text) is too large") }
      return .number(value, text)
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
    case .number(_, let text): return text
    case .string(let text):
      let printable = Names.printable(text)
      return "\"" + (printable.count > 40 ? Names.excerpt(printable) : printable) + "\""
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
