/// Reads what a `ByteWriter` wrote; any shortfall is a `Database.Failure`, so that the cache is rebuilt.
struct ByteReader {
  private let bytes: [UInt8]
  private var offset = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var isAtEnd: Bool { offset >= bytes.count }

  mutating func integer() throws -> Int64 {
    guard offset + 8 <= bytes.count else {
      throw Database.Failure(code: 0, message: "a cached value is cut short")
    }
    var bits: UInt64 = 0
    for byte in bytes[offset..<offset + 8] { bits = bits << 8 | UInt64(byte) }
    offset += 8
    return Int64(bitPattern: bits)
  }

  mutating func text() throws -> String? {
    let count = try integer()
    if count < 0 { return nil }
    return String(decoding: try take(Int(count)), as: UTF8.self)
  }

  mutating func raw() throws -> [UInt8] { Array(try take(Int(try integer()))) }

  private mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
    guard count >= 0, offset + count <= bytes.count else {
      throw Database.Failure(code: 0, message: "a cached value is cut short")
    }
    defer { offset += count }
    return bytes[offset..<offset + count]
  }
}
