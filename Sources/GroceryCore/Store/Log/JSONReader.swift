#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The one JSON scanner: a pull reader, one value at a time, straight from the bytes, with no intermediate tree.
///
/// It reads the logs, `household.json` and the identity file by what each position must hold (`readString`,
/// `readInt`, …), and any JSON at all by what comes next (`nextKind`, `readNumber`, `skipValue`), which is how an
/// import builds its tree (`ImportJSON`) and how a version-1 store file that does not decode is told where it
/// breaks. Log lines are read on every command that catches up and on every rebuild, so this is the hot path.
struct JSONReader {
  /// Why the bytes could not be read, and at which byte.
  struct Failure: Error, Equatable {
    var reason: String
    var offset: Int
    /// True when the text ran out before the value was whole: a file cut short, whatever was expected next.
    var atEnd = false
  }

  /// What the next value is, told by its first byte.
  enum Kind: Equatable {
    case object, array, string, number, `true`, `false`, null
  }

  /// How deeply arrays and objects may nest in a value read by what comes next.
  static let maximumDepth = 128

  private let bytes: [UInt8]
  private(set) var offset: Int
  private let end: Int

  init(_ bytes: [UInt8], from start: Int = 0, to end: Int? = nil) {
    self.bytes = bytes
    offset = start
    self.end = end ?? bytes.count
  }

  var isAtEnd: Bool {
    mutating get {
      skipSpace()
      return offset >= end
    }
  }

  func fail(_ reason: String) -> Failure { Failure(reason: reason, offset: offset, atEnd: offset >= end) }

  mutating func skipSpace() {
    while offset < end {
      let b = bytes[offset]
      if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { offset += 1 } else { return }
    }
  }

  private mutating func peek() throws -> UInt8 {
    skipSpace()
    guard offset < end else { throw fail("the line ends too early") }
    return bytes[offset]
  }

  private mutating func expect(_ byte: UInt8, _ what: String) throws {
    guard try peek() == byte else { throw fail("expected \(what)") }
    offset += 1
  }

  mutating func beginObject() throws { try expect(0x7B, "an object") }

  mutating func beginArray() throws { try expect(0x5B, "an array") }

  /// Returns the next key of the object being read, or nil at its end.
  mutating func nextKey(first: inout Bool) throws -> String? {
    if try peek() == 0x7D {
      offset += 1
      return nil
    }
    if !first { try expect(0x2C, "',' or '}'") }
    first = false
    let key = try readString(key: true)
    try expect(0x3A, "':'")
    return key
  }

  /// Returns true when the array being read has another element.
  mutating func nextElement(first: inout Bool) throws -> Bool {
    if try peek() == 0x5D {
      offset += 1
      return false
    }
    if !first { try expect(0x2C, "',' or ']'") }
    first = false
    return true
  }

  /// Consumes `null` and returns true, or returns false when the next value is something else.
  mutating func readNull() throws -> Bool {
    guard try peek() == 0x6E else { return false }
    guard offset + 4 <= end, bytes[offset + 1] == 0x75, bytes[offset + 2] == 0x6C, bytes[offset + 3] == 0x6C
    else {
      throw fail("expected a value")
    }
    offset += 4
    return true
  }

  mutating func readBool() throws -> Bool {
    let b = try peek()
    if b == 0x74, offset + 4 <= end, bytes[offset + 1] == 0x72, bytes[offset + 2] == 0x75,
      bytes[offset + 3] == 0x65
    {
      offset += 4
      return true
    }
    if b == 0x66, offset + 5 <= end, bytes[offset + 1] == 0x61, bytes[offset + 2] == 0x6C,
      bytes[offset + 3] == 0x73,
      bytes[offset + 4] == 0x65
    {
      offset += 5
      return false
    }
    throw fail("expected true or false")
  }

  /// Reads a whole number written without a fraction or exponent.
  mutating func readInt() throws -> Int {
    var negative = false
    if try peek() == 0x2D {
      negative = true
      offset += 1
    }
    let start = offset
    var value = 0
    while offset < end, bytes[offset] >= 0x30, bytes[offset] <= 0x39 {
      let (times, o1) = value.multipliedReportingOverflow(by: 10)
      let (plus, o2) = times.addingReportingOverflow(Int(bytes[offset] - 0x30))
      if o1 || o2 { throw fail("the number is too large") }
      value = plus
      offset += 1
    }
    if offset == start { throw fail("expected a whole number") }
    if offset < end, bytes[offset] == 0x2E || bytes[offset] == 0x65 || bytes[offset] == 0x45 {
      throw fail("expected a whole number")
    }
    return negative ? -value : value
  }

  /// Reads a string's raw UTF-8 bytes when it has no escapes (the usual case), without making a String; `key`
  /// says what a value that is not a string was expected to be.
  mutating func readRawString(key: Bool = false) throws -> ArraySlice<UInt8>? {
    guard try peek() == 0x22 else { throw fail(key ? "expected a quoted key" : "expected a string") }
    var i = offset + 1
    while i < end {
      let b = bytes[i]
      if b == 0x22 {
        let slice = bytes[(offset + 1)..<i]
        offset = i + 1
        return slice
      }
      if b == 0x5C || b < 0x20 { return nil }
      i += 1
    }
    throw Failure(reason: "a string is not closed", offset: offset, atEnd: true)
  }

  mutating func readString(key: Bool = false) throws -> String {
    let start = offset
    if let raw = try readRawString(key: key) {
      if raw.allSatisfy({ $0 < 0x80 }) { return String(decoding: raw, as: UTF8.self) }
      guard let text = String(validating: raw, as: UTF8.self) else {
        offset = start
        throw fail("a string is not valid UTF-8")
      }
      return text
    }
    offset += 1
    var out: [UInt8] = []
    while offset < end {
      let b = bytes[offset]
      offset += 1
      switch b {
      case 0x22:
        guard let text = String(validating: out, as: UTF8.self) else {
          throw fail("a string is not valid UTF-8")
        }
        return text
      case 0x5C:
        guard offset < end else { throw fail("a string is not closed") }
        let e = bytes[offset]
        offset += 1
        switch e {
        case 0x22, 0x5C, 0x2F: out.append(e)
        case 0x62: out.append(0x08)
        case 0x66: out.append(0x0C)
        case 0x6E: out.append(0x0A)
        case 0x72: out.append(0x0D)
        case 0x74: out.append(0x09)
        case 0x75:
          var scalar = try readHex4()
          if (0xD800...0xDBFF).contains(scalar) {
            guard offset + 2 <= end, bytes[offset] == 0x5C, bytes[offset + 1] == 0x75 else {
              throw fail("a string has a lone surrogate")
            }
            offset += 2
            let low = try readHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw fail("a string has a lone surrogate") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          } else if (0xDC00...0xDFFF).contains(scalar) {
            throw fail("a string has a lone surrogate")
          }
          out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
        default:
          throw Failure(reason: "a string has an unknown escape", offset: offset - 1, atEnd: offset >= end)
        }
      default:
        if b < 0x20 {
          throw Failure(
            reason: "a string holds a raw control character", offset: offset - 1, atEnd: offset >= end)
        }
        out.append(b)
      }
    }
    throw fail("a string is not closed")
  }

  private mutating func readHex4() throws -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard offset < end else { throw fail("a string is not closed") }
      guard let digit = JSONText.hexDigit(bytes[offset]) else { throw fail("a string has a bad \\u escape") }
      value = value << 4 | digit
      offset += 1
    }
    return value
  }

  mutating func readUUID() throws -> UUID {
    let start = offset
    guard let raw = try readRawString(), let id = UUIDText.parse(raw) else {
      offset = start
      throw fail("expected an id")
    }
    return id
  }

  mutating func readDay() throws -> Day {
    let start = offset
    guard let raw = try readRawString(), raw.count == 10, let day = Day(String(decoding: raw, as: UTF8.self))
    else {
      offset = start
      throw fail("expected a date as YYYY-MM-DD")
    }
    return day
  }

  mutating func readUUIDs() throws -> [UUID] {
    try beginArray()
    var ids: [UUID] = []
    var first = true
    while try nextElement(first: &first) { ids.append(try readUUID()) }
    return ids
  }

  // MARK: - Any JSON

  /// Returns what the next value is, refusing a byte no value starts with.
  mutating func nextKind() throws -> Kind {
    switch try peek() {
    case 0x7B: return .object
    case 0x5B: return .array
    case 0x22: return .string
    case 0x74: return .true
    case 0x66: return .false
    case 0x6E: return .null
    case 0x2D, 0x30...0x39: return .number
    case let byte:
      throw fail("unexpected character '\(Names.printable(String(decoding: [byte], as: UTF8.self)))'")
    }
  }

  /// Reads `true`, `false` or `null` as spelt, once `nextKind` has told which.
  mutating func readWord(_ kind: Kind) throws {
    let word = kind == .true ? "true" : kind == .false ? "false" : "null"
    skipSpace()
    for byte in word.utf8 {
      guard offset < end, bytes[offset] == byte else { throw fail("expected '\(word)'") }
      offset += 1
    }
  }

  /// Reads any JSON number: its value and its text as written.
  mutating func readNumber() throws -> (value: Double, text: String) {
    skipSpace()
    let start = offset
    func digits() -> Bool {
      let from = offset
      while offset < end, bytes[offset] >= 0x30, bytes[offset] <= 0x39 { offset += 1 }
      return offset > from
    }
    if offset < end, bytes[offset] == 0x2D { offset += 1 }
    guard digits() else { throw Failure(reason: "a malformed number", offset: start, atEnd: offset >= end) }
    if offset < end, bytes[offset] == 0x2E {
      offset += 1
      guard digits() else { throw fail("a malformed number") }
    }
    if offset < end, bytes[offset] == 0x65 || bytes[offset] == 0x45 {
      offset += 1
      if offset < end, bytes[offset] == 0x2B || bytes[offset] == 0x2D { offset += 1 }
      guard digits() else { throw fail("a malformed number") }
    }
    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw fail("the number \(text.count > 40 ? Names.excerpt(text) : text) is too large")
    }
    return (value, text)
  }

  /// Skips one value of any kind, nested at most `maximumDepth` deep.
  mutating func skipValue(depth: Int = 0) throws {
    if depth >= Self.maximumDepth {
      skipSpace()
      throw fail("it is nested too deeply")
    }
    switch try nextKind() {
    case .object:
      try beginObject()
      var first = true
      while try nextKey(first: &first) != nil { try skipValue(depth: depth + 1) }
    case .array:
      try beginArray()
      var first = true
      while try nextElement(first: &first) { try skipValue(depth: depth + 1) }
    case .string: _ = try readString()
    case .number: _ = try readNumber()
    case let word: try readWord(word)
    }
  }
}

/// Counts the lines of a text up to an offset, going on from the last offset asked about, so that asking in
/// order reads the text once.
struct LineCounter {
  private let bytes: [UInt8]
  private var offset = 0
  private var line = 1

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The line (from 1) that the byte at `target` is on.
  mutating func line(at target: Int) -> Int {
    if target < offset { (offset, line) = (0, 1) }
    let stop = min(target, bytes.count)
    while offset < stop {
      if bytes[offset] == 0x0A { line += 1 }
      offset += 1
    }
    return line
  }

  /// The column (from 1, in characters as UTF-8 starts them) that the byte at `target` is at.
  func column(at target: Int) -> Int {
    var column = 1
    var index = min(target, bytes.count)
    while index > 0, bytes[index - 1] != 0x0A {
      index -= 1
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
    }
    return column
  }
}

/// Writes the JSON the store reads back with `JSONReader`.
enum JSONText {
  /// Returns the value of one hexadecimal digit of a `\\u` escape, or nil when the byte is not one.
  static func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: return UInt32(byte - 0x30)
    case 0x61...0x66: return UInt32(byte - 0x61 + 10)
    case 0x41...0x46: return UInt32(byte - 0x41 + 10)
    default: return nil
    }
  }

  /// Returns the text as a JSON string literal.
  static func quote(_ text: String) -> String {
    var needsEscape = false
    for b in text.utf8 where b < 0x20 || b == 0x22 || b == 0x5C {
      needsEscape = true
      break
    }
    if !needsEscape { return "\"" + text + "\"" }
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  static func id(_ id: UUID) -> String { "\"" + UUIDText.format(id) + "\"" }

  static func ids(_ ids: [UUID]) -> String { "[" + ids.map(id).joinedText(separator: ",") + "]" }

  /// Returns texts as an array, a space after each comma, as an export writes names: `["Costco", "Aldi"]`.
  static func strings(_ texts: [String]) -> String {
    "[" + texts.map(quote).joinedText(separator: ", ") + "]"
  }
}
