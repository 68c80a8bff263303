#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension UnsafeBufferPointer<UInt8> {
  /// Whether these bytes are those, compared at once: a typo is compared with 100,000 keys, where `elementsEqual`
  /// steps through both a byte at a time.
  func isSame(as other: UnsafeBufferPointer<UInt8>) -> Bool {
    count == other.count && (count == 0 || memcmp(baseAddress!, other.baseAddress!, count) == 0)
  }

  /// Whether these bytes start with those.
  func hasPrefix(_ prefix: UnsafeBufferPointer<UInt8>) -> Bool {
    count >= prefix.count && UnsafeBufferPointer(rebasing: self[..<prefix.count]).isSame(as: prefix)
  }
}
