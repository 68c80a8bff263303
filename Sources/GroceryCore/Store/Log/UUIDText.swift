#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads and writes ids as lowercase text without going through the C library's formatted input and output,
/// which dominated the profile of every command.
enum UUIDText {
  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// Parses `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` (either case).
  static func parse<C: Collection>(_ text: C) -> UUID? where C.Element == UInt8 {
    guard text.count == 36 else { return nil }
    var bytes = [UInt8](repeating: 0, count: 16)
    var index = 0
    var high: UInt8?
    var position = 0
    for character in text {
      defer { position += 1 }
      if position == 8 || position == 13 || position == 18 || position == 23 {
        if character != 0x2D { return nil }
        continue
      }
      let value: UInt8
      switch character {
      case 0x30...0x39: value = character - 0x30
      case 0x61...0x66: value = character - 0x61 + 10
      case 0x41...0x46: value = character - 0x41 + 10
      default: return nil
      }
      if let h = high {
        bytes[index] = h << 4 | value
        index += 1
        high = nil
      } else {
        high = value
      }
    }
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
        bytes[10],
        bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }

  /// Orders ids by their bytes, as their text sorts, without making the text.
  static func less(_ a: UUID, _ b: UUID) -> Bool {
    withUnsafeBytes(of: a.uuid) { x in
      withUnsafeBytes(of: b.uuid) { y in
        for i in 0..<16 where x[i] != y[i] { return x[i] < y[i] }
        return false
      }
    }
  }

  /// Formats an id in lowercase.
  static func format(_ id: UUID) -> String {
    let u = id.uuid
    let bytes = [u.0, u.1, u.2, u.3, u.4, u.5, u.6, u.7, u.8, u.9, u.10, u.11, u.12, u.13, u.14, u.15]
    var out = [UInt8]()
    out.reserveCapacity(36)
    for (i, byte) in bytes.enumerated() {
      if i == 4 || i == 6 || i == 8 || i == 10 { out.append(0x2D) }
      out.append(hexDigits[Int(byte >> 4)])
      out.append(hexDigits[Int(byte & 0x0F)])
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The id's 16 bytes, as the cache keeps it.
  static func bytes(_ id: UUID) -> [UInt8] {
    withUnsafeBytes(of: id.uuid) { Array($0) }
  }

  /// The id of 16 bytes where they lie (a cache column read in place), or nil when there are not 16.
  static func id(_ bytes: UnsafeRawBufferPointer) -> UUID? {
    guard bytes.count == 16 else { return nil }
    return UUID(uuid: bytes.loadUnaligned(as: uuid_t.self))
  }

  /// The id of 16 bytes, or nil when there are not 16.
  static func id(_ b: ArraySlice<UInt8>) -> UUID? {
    guard b.count == 16 else { return nil }
    let s = b.startIndex
    return UUID(
      uuid: (
        b[s], b[s + 1], b[s + 2], b[s + 3], b[s + 4], b[s + 5], b[s + 6], b[s + 7], b[s + 8], b[s + 9],
        b[s + 10],
        b[s + 11], b[s + 12], b[s + 13], b[s + 14], b[s + 15]
      ))
  }
}
