/// The keys, among the keys of a household's names, that `Names.match` and `Names.matchWhole` look at as they match
/// a typed name's key: the one it is, or else every one that is it as paper spells it; or else every one it is the
/// start of, and the closest by edit distance. Among the names of these keys alone, both give what they give among
/// every name: the same name, or the same error with the same names in it. A key two items share may come twice,
/// and be kept twice.
///
/// The keys are taken one at a time, in one pass: a typo is matched against the cache's 100,000 keys as its index
/// gives them, each key's bytes in place, and one in ASCII is made a `String` only when it is kept.
struct InvolvedKeys {
  private let wantedText: String
  private let wanted: [UInt8]
  private let spelled: [UInt8]
  private let spelledText: String
  private var found: String?
  private var same: [String] = []
  private var prefixed: [String] = []
  private var closest: ClosestNames

  init(of wanted: String) {
    wantedText = wanted
    self.wanted = Array(wanted.utf8)
    spelledText = Names.spelledKey(wanted)
    spelled = Array(spelledText.utf8)
    closest = ClosestNames(to: wanted)
  }

  /// The keys involved among those taken so far.
  var keys: [String] {
    if let found { return [found] }
    return same.isEmpty ? prefixed + closest.names : same
  }

  /// Takes a key.
  mutating func consider(_ key: String) {
    guard found == nil else { return }
    if key == wantedText {
      found = key
      return
    }
    // A key in plain ASCII is spelled as it is.
    let other = Names.allBytes(of: key, { $0 < 0x80 }) ? key : Names.spelledKey(key)
    if other == spelledText {
      same.append(key)
    } else if same.isEmpty && Names.starts(other, with: spelledText) {
      prefixed.append(key)
    }
    // Once a key is the typed one as paper spells it, no other is suggested.
    if same.isEmpty { closest.consider(key, key: key) }
  }

  /// Takes a key in its UTF-8 bytes, as the cache holds it.
  mutating func consider(key bytes: UnsafeBufferPointer<UInt8>) {
    guard found == nil else { return }
    guard bytes.allSatisfy({ $0 < 0x80 }) else {
      consider(String(decoding: bytes, as: UTF8.self))
      return
    }
    if wanted.withUnsafeBufferPointer(bytes.isSame) {
      found = String(decoding: bytes, as: UTF8.self)
    } else if spelled.withUnsafeBufferPointer(bytes.isSame) {
      same.append(String(decoding: bytes, as: UTF8.self))
    } else if same.isEmpty && spelled.withUnsafeBufferPointer(bytes.hasPrefix) {
      prefixed.append(String(decoding: bytes, as: UTF8.self))
    }
    if found == nil && same.isEmpty { closest.consider(key: bytes) }
  }
}
