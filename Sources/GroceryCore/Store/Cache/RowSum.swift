/// The checksum a cache row carries, over each column's kind, length and bytes, so that a flipped bit, or a value
/// moved from one column to the next, changes it.
///
/// The bytes are taken eight at a time, little-endian (the last few padded with zeros, which the length already
/// tells apart), each word mixed in FNV-1a's way and the result rotated, so that a high bit reaches the low ones
/// of later steps. Every step is one-to-one, so a change in any one word always changes the sum. A list of
/// thousands checks every row it reads, which a byte at a time made a tenth of its time.
///
/// Written from values (`HouseholdCache.sum`) and checked from a row read in place (`Statement.sum`); both feed
/// it through these, so the two always agree.
struct RowSum {
  private(set) var hash: UInt64 = 0xcbf2_9ce4_8422_2325

  var value: Int64 { Int64(bitPattern: hash) }

  mutating func addNull() { mix(0) }

  /// An integer, as its eight bytes.
  mutating func add(integer: Int64) {
    addKind(1, length: 8)
    mix(UInt64(bitPattern: integer))
  }

  /// A text's UTF-8 bytes.
  mutating func add(text bytes: UnsafeRawBufferPointer) {
    addKind(2, length: bytes.count)
    add(bytes)
  }

  mutating func add(blob bytes: UnsafeRawBufferPointer) {
    addKind(3, length: bytes.count)
    add(bytes)
  }

  private mutating func mix(_ word: UInt64) {
    let product = (hash ^ word) &* 0x0000_0100_0000_01B3
    hash = product << 29 | product >> 35
  }

  /// A column's kind and its length.
  private mutating func addKind(_ kind: UInt8, length: Int) {
    mix(UInt64(kind) | UInt64(UInt32(truncatingIfNeeded: length)) << 8)
  }

  private mutating func add(_ bytes: UnsafeRawBufferPointer) {
    var index = 0
    while index + 8 <= bytes.count {
      mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
      index += 8
    }
    guard index < bytes.count else { return }
    var tail: UInt64 = 0
    for (shift, byte) in bytes[index...].enumerated() { tail |= UInt64(byte) << (8 * shift) }
    mix(tail)
  }
}
