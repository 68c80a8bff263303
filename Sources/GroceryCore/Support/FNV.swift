/// The 64-bit FNV-1a hash of bytes: a log line's check, a state folder's name, a version-1 name's id, a warning's
/// key. Not for secrets; the same everywhere and always.
enum FNV {
  static let basis: UInt64 = 0xCBF2_9CE4_8422_2325

  static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes, basis: UInt64 = FNV.basis) -> UInt64 {
    var hash = basis
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }
}
