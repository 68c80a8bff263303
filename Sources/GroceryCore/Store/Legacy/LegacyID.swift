#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The id a version-1 category or location takes when it is migrated, which grocery 1 gave none: made from its
/// name, so that two machines that each migrate a copy of one store give it the same one, and a rename or
/// removal either makes after its migration is the household's, where two ids made each its own copy that the
/// other's migration kept (found by a trial).
enum LegacyID {
  enum Kind: String {
    case category, location
  }

  /// A version-8 (made by grocery) UUID from two 64-bit FNV-1a hashes of the kind and the name as written.
  static func of(_ kind: Kind, named name: String) -> UUID {
    let bytes = Array(("grocery 1 " + kind.rawValue + "\u{0}" + name).utf8)
    let (high, low) = (FNV.hash(bytes), FNV.hash(bytes, basis: 0x6C62_272E_07BB_0142))
    var raw =
      (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) }
      + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
    raw[6] = raw[6] & 0x0F | 0x80
    raw[8] = raw[8] & 0x3F | 0x80
    return UUID(
      uuid: (
        raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7], raw[8], raw[9], raw[10], raw[11],
        raw[12], raw[13], raw[14], raw[15]
      ))
  }
}
