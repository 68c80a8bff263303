#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Finds where a JSON text first breaks, for error messages; used only after a decode has failed.
enum JSONSyntax {
  /// Returns "line L, column C: what was wrong", or nil when the text is well-formed JSON.
  static func firstError(in data: Data) -> String? {
    let bytes = [UInt8](data)
    var scanner = Scanner(bytes: bytes)
    do {
      scanner.skipSpace()
      try scanner.value(depth: 0)
      scanner.skipSpace()
      if scanner.index < bytes.count {
        throw Failure(index: scanner.index, reason: "unexpected text after the end")
      }
      return nil
    } catch let failure as Failure {
      var line = 1
      var column = 1
      for byte in bytes[0..<min(failure.index, bytes.count)] {
        if byte == 0x0A {
          line += 1
          column = 1
        } else if byte & 0xC0 != 0x80 {
          column += 1
        }
      }
      return "line \(line), column \(column): \(failure.reason)"
    } catch {
      return nil
    }
  }

  private struct Failure: Error {
    var index: Int
    var reason: String
  }

  private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func skipSpace() {
      while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    func fail(_ reason: String) -> Failure {
      Failure(index: index, reason: index >= bytes.count ? "the file ends too early" : reason)
    }

    mutating func value(depth: Int) throws {
      guard depth < 512 else { throw fail("nested too deeply") }
      guard index < bytes.count else { throw fail("expected a value") }
      switch bytes[index] {
      case UInt8(ascii: "{"): try sequence(closing: UInt8(ascii: "}"), keyed: true, depth: depth)
      case UInt8(ascii: "["): try sequence(closing: UInt8(ascii: "]"), keyed: false, depth: depth)
      case UInt8(ascii: "\""):
        try string()
      case UInt8(ascii: "t"): try literal("true")
      case UInt8(ascii: "f"): try literal("false")
      case UInt8(ascii: "n"): try literal("null")
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        try number()
      default:
        throw fail("unexpected character '\(String(decoding: [bytes[index]], as: UTF8.self))'")
      }
    }

    /// Scans an object (`keyed`) or an array from its opening bracket through `closing`.
    mutating func sequence(closing: UInt8, keyed: Bool, depth: Int) throws {
      index += 1
      skipSpace()
      if index < bytes.count, bytes[index] == closing {
        index += 1
        return
      }
      while true {
        skipSpace()
        if keyed {
          guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw fail("expected a quoted key")
          }
          try string()
          skipSpace()
          guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
          index += 1
          skipSpace()
        }
        try value(depth: depth + 1)
        skipSpace()
        guard index < bytes.count else { throw fail("") }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          continue
        }
        if bytes[index] == closing {
          index += 1
          return
        }
        throw fail("expected ',' or '\(Character(Unicode.Scalar(closing)))'")
      }
    }

    mutating func literal(_ word: String) throws {
      for byte in word.utf8 {
        guard index < bytes.count, bytes[index] == byte else { throw fail("expected '\(word)'") }
        index += 1
      }
    }

    mutating func string() throws {
      index += 1
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          index += 1
          return
        }
        if byte < 0x20 { throw fail("a control character inside a string") }
        if byte == UInt8(ascii: "\\") {
          index += 1
          guard index < bytes.count else { break }
          if bytes[index] == UInt8(ascii: "u") {
            for _ in 0..<4 {
              index += 1
              guard index < bytes.count, (bytes[index] as UInt8).isHexDigit else {
                throw fail("a bad \\u escape")
              }
            }
          } else if !"\"\\/bfnrt".utf8.contains(bytes[index]) {
            throw fail("a bad escape in a string")
          }
        }
        index += 1
      }
      throw fail("an unterminated string")
    }

    mutating func number() throws {
      let start = index
      if bytes[index] == UInt8(ascii: "-") { index += 1 }
      var digits = 0
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
        digits += 1
      }
      if digits == 0 {
        index = start
        throw fail("a malformed number")
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
          throw fail("a malformed number")
        }
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
          index += 1
        }
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
          index += 1
        }
        guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
          throw fail("a malformed number")
        }
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
          index += 1
        }
      }
    }
  }
}

extension UInt8 {
  fileprivate var isHexDigit: Bool {
    (48...57).contains(self) || (65...70).contains(self) || (97...102).contains(self)
  }
}
