/// Parses the JSON of an import file into `ImportJSON` values, counting lines as it goes.
struct ImportJSONParser {
  let bytes: [UInt8]
  var index = 0
  var line = 1

  init(bytes: [UInt8]) { self.bytes = bytes }

  func fail(_ reason: String) -> ImportJSON.Failure {
    ImportJSON.Failure(line: line, reason: index >= bytes.count ? "the file ends too early" : reason)
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

  mutating func value(depth: Int) throws(ImportJSON.Failure) -> ImportJSON.Node {
    guard depth < 128 else { throw fail("it is nested too deeply") }
    guard index < bytes.count else { throw fail("expected a value") }
    let start = line
    switch bytes[index] {
    case UInt8(ascii: "{"):
      index += 1
      var members: [(key: String, node: ImportJSON.Node)] = []
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
        index += 1
        return ImportJSON.Node(value: .object(members), line: start)
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
        if try close(UInt8(ascii: "}")) { return ImportJSON.Node(value: .object(members), line: start) }
      }
    case UInt8(ascii: "["):
      index += 1
      var elements: [ImportJSON.Node] = []
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
        index += 1
        return ImportJSON.Node(value: .array(elements), line: start)
      }
      while true {
        skipSpace()
        elements.append(try value(depth: depth + 1))
        if try close(UInt8(ascii: "]")) { return ImportJSON.Node(value: .array(elements), line: start) }
      }
    case UInt8(ascii: "\""): return ImportJSON.Node(value: .string(try string()), line: start)
    case UInt8(ascii: "t"):
      try literal("true")
      return ImportJSON.Node(value: .bool(true), line: start)
    case UInt8(ascii: "f"):
      try literal("false")
      return ImportJSON.Node(value: .bool(false), line: start)
    case UInt8(ascii: "n"):
      try literal("null")
      return ImportJSON.Node(value: .null, line: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return ImportJSON.Node(value: try number(), line: start)
    default:
      throw fail(
        "unexpected character '\(Names.printable(String(decoding: [bytes[index]], as: UTF8.self)))'")
    }
  }

  /// Reads the ',' between elements (returning false) or the closing bracket (returning true).
  mutating func close(_ closing: UInt8) throws(ImportJSON.Failure) -> Bool {
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

  mutating func literal(_ word: String) throws(ImportJSON.Failure) {
    for byte in word.utf8 {
      guard index < bytes.count, bytes[index] == byte else { throw fail("expected '\(word)'") }
      index += 1
    }
  }

  mutating func string() throws(ImportJSON.Failure) -> String {
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

  mutating func hex4() throws(ImportJSON.Failure) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count else { throw fail("") }
      guard let digit = JSONText.hexDigit(bytes[index]) else { throw fail("a string has a bad \\u escape") }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  mutating func number() throws(ImportJSON.Failure) -> ImportJSON {
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
    guard let value = Double(text), value.isFinite else {
      throw fail("the number \(ImportName.shown(text)) is too large")
    }
    return .number(value, text)
  }
}
