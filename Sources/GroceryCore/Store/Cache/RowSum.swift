/// The checksum a cache row carries: FNV-1a (64 bits) over each column's kind, length and bytes, so that a
/// flipped bit, or a value moved from one column to the next, changes it.
///
/// Written from values (`HouseholdCache.sum`) and checked from a row read in place (`Statement.sum`); both feed
/// it through these, so the two always agree.
struct RowSum {
  private(set) var hash: UInt64 = 0xcbf2_9ce4_8422_2325

  var value: Int64 { Int64(bitPattern: hash) }

  mutating func addNull() { add(0) }

  /// An integer, as its eight bytes, most significant first.
  mutating func add(integer: Int64) {
    addKind(1, length: 8)
    let bits = UInt64(bitPattern: integer)
    for shift in stride(from: 56, through: 0, by: -8) { add(UInt8(truncatingIfNeeded: bits >> shift)) }
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

  private mutating func add(_ byte: UInt8) {
    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
  }

  /// A column's kind, then its length in four bytes, lowest first.
  private mutating func addKind(_ kind: UInt8, length: Int) {
    add(kind)
    for shift in stride(from: 0, to: 32, by: 8) { add(UInt8(truncatingIfNeeded: length >> shift)) }
  }

  private mutating func add(_ bytes: UnsafeRawBufferPointer) {
    for byte in bytes { add(byte) }
  }
}
