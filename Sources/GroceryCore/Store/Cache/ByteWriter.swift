/// Writes the cache's small binary values: whole numbers as 8 big-endian bytes, text with its length first.
struct ByteWriter {
  private(set) var bytes: [UInt8] = []

  mutating func integer(_ value: Int64) {
    let bits = UInt64(bitPattern: value)
    for shift in stride(from: 56, through: 0, by: -8) {
      bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
    }
  }

  mutating func text(_ value: String?) {
    guard let value else {
      integer(-1)
      return
    }
    let utf8 = Array(value.utf8)
    integer(Int64(utf8.count))
    bytes += utf8
  }

  mutating func raw(_ value: [UInt8]) {
    integer(Int64(value.count))
    bytes += value
  }
}
