/// The checksum a cache row carries: FNV-1a (64 bits) over each column's kind, length and bytes, so that a
/// flipped bit, or a value moved from one column to the next, changes it.
struct RowSum {
  private(set) var hash: UInt64 = 0xcbf2_9ce4_8422_2325

  var value: Int64 { Int64(bitPattern: hash) }

  mutating func add(_ byte: UInt8) {
    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
  }

  /// A column's kind, then its length in four bytes, lowest first.
  mutating func add(_ kind: UInt8, length: Int) {
    add(kind)
    for shift in stride(from: 0, to: 32, by: 8) { add(UInt8(truncatingIfNeeded: length >> shift)) }
  }

  mutating func add(_ bytes: UnsafeRawBufferPointer) {
    for byte in bytes { add(byte) }
  }
}
