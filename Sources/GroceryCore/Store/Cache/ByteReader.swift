/// Reads what a `ByteWriter` wrote, where the bytes lie (a cache column read in place); any shortfall is a
/// `Database.Failure`, so that the cache is rebuilt. The bytes must outlive the reader.
struct ByteReader {
  private let bytes: UnsafeRawBufferPointer
  private var offset = 0

  init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  var isAtEnd: Bool { offset >= bytes.count }

  mutating func integer() throws -> Int64 {
    guard offset + 8 <= bytes.count else {
      throw Database.Failure(code: 0, message: "a cached value is cut short")
    }
    defer { offset += 8 }
    return Int64(bitPattern: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
  }

  mutating func text() throws -> String? {
    let count = try integer()
    if count < 0 { return nil }
    return String(decoding: try take(Int(count)), as: UTF8.self)
  }

  /// Passes over integers without reading them.
  mutating func skip(integers count: Int) throws { _ = try take(8 * count) }

  /// Passes over a text without building it.
  mutating func skipText() throws {
    let count = try integer()
    if count > 0 { _ = try take(Int(count)) }
  }

  mutating func raw() throws -> [UInt8] { Array(try take(Int(try integer()))) }

  private mutating func take(_ count: Int) throws -> UnsafeRawBufferPointer {
    guard count >= 0, count <= bytes.count - offset else {
      throw Database.Failure(code: 0, message: "a cached value is cut short")
    }
    defer { offset += count }
    return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
  }
}
