#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Text that comes from outside (arguments, standard input), read whole and refused unless it is UTF-8.
public enum InputText {
  /// Returns the bytes as text, refusing invalid UTF-8 with the offset of the first bad byte.
  ///
  /// `what` names the source in the message ("argument 2", "standard input"); with `lines`, the message
  /// also gives the line the bad byte is on and shows that line rather than the whole text.
  public static func decode(_ bytes: [UInt8], what: String, lines: Bool = false) throws -> String {
    guard let offset = firstInvalidOffset(bytes) else { return String(decoding: bytes, as: UTF8.self) }
    var shown = bytes[...]
    var position = "byte 0x\(hex(bytes[offset])) at offset \(offset)"
    if lines {
      let start = bytes[..<offset].lastIndex(of: 10).map { $0 + 1 } ?? 0
      let end = bytes[offset...].firstIndex(of: 10) ?? bytes.count
      shown = bytes[start..<end]
      position += ", line \(bytes[..<offset].lazy.filter { $0 == 10 }.count + 1)"
    }
    // A long text is shown by its beginning, cut before a lead byte so the cut adds no false escape.
    var suffix = ""
    if shown.count > 120 {
      var cut = shown.startIndex + 120
      while cut > shown.startIndex + 116, (0x80...0xBF).contains(bytes[cut]) { cut -= 1 }
      shown = shown[..<cut]
      suffix = "..."
    }
    throw GroceryError.invalidValue(
      what: what, value: escaped(Array(shown)) + suffix, reason: "it is not valid UTF-8: \(position)")
  }

  /// Returns the standard input's text: read to the end, refused unless UTF-8, a leading byte-order mark dropped.
  public static func standardInput() throws -> String {
    var bytes = try readAll(STDIN_FILENO, what: "standard input")
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    return try decode(bytes, what: "standard input", lines: true)
  }

  /// Reads a file descriptor to its end.
  public static func readAll(_ fd: Int32, what: String) throws -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      switch chunk.withUnsafeMutableBytes({ SystemCall.readBytes(fd, into: $0) }) {
      case .success(0): return bytes
      case .success(let count): bytes += chunk[0..<count]
      case .failure(let error) where error.code == EBADF:
        throw GroceryError.io(path: what, operation: "read", reason: "it is closed")
      case .failure(let error): throw error.io(what, "read")
      }
    }
  }

  /// Returns the offset of the first byte that does not begin or continue a valid UTF-8 sequence.
  static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
    var i = 0
    let n = bytes.count
    while i < n {
      let lead = bytes[i]
      if lead < 0x80 {
        i += 1
        continue
      }
      var need = 0
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: need = 1
      case 0xE0: (need, low) = (2, 0xA0)
      case 0xE1...0xEC, 0xEE...0xEF: need = 2
      case 0xED: (need, high) = (2, 0x9F)
      case 0xF0: (need, low) = (3, 0x90)
      case 0xF1...0xF3: need = 3
      case 0xF4: (need, high) = (3, 0x8F)
      default: return i
      }
      for k in 1...need {
        guard i + k < n else { return i }
        let byte = bytes[i + k]
        if k == 1 ? !(low...high).contains(byte) : !(0x80...0xBF).contains(byte) { return i }
      }
      i += need + 1
    }
    return nil
  }

  /// Returns the bytes as text with each byte that is not part of valid UTF-8 written `\xNN`.
  static func escaped(_ bytes: [UInt8]) -> String {
    var out = ""
    var rest = bytes[...]
    while !rest.isEmpty {
      let bad = firstInvalidOffset(Array(rest)).map { rest.startIndex + $0 } ?? rest.endIndex
      out += String(decoding: rest[..<bad], as: UTF8.self)
      if bad < rest.endIndex { out += "\\x" + hex(rest[bad]).lowercased() }
      rest = rest[min(bad + 1, rest.endIndex)...]
    }
    return Names.printable(out)
  }

  static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
  }
}
