/// The names closest to a typed key by edit distance, up to three, closest first, taken one name at a time: what
/// `Names.suggestions` gives of a list, and what a typo's pass over the cache's 100,000 keys gives without making
/// a `String` of each.
///
/// A name is close when the whole of it, or its beginning, is within a third of the typed key's length in edits
/// (`PrefixSharingCloseness`), so "dary" finds "Dairy & Fridge". Names as close are in `Names.ordered`'s order,
/// and a name given twice is kept once.
struct ClosestNames {
  private let wanted: String
  private let wantedSpelled: String
  private let limit: Int
  /// For a typed key in printable ASCII, where a byte is a character: names in printable ASCII are compared as
  /// bytes in place. Names that start alike, as the cache gives them in order, share the work of their first
  /// bytes.
  private var shared: PrefixSharingCloseness<UInt8>?
  private var byCharacters: PrefixSharingCloseness<Character>
  private var bySpelling: PrefixSharingCloseness<Character>
  /// Each close name with its key and its sort form, which order a tie without making them again.
  private var close: [(name: String, key: String, form: String, distance: Int)] = []

  init(to wanted: String) {
    let characters = Array(wanted)
    limit = max(1, characters.count / 3)
    self.wanted = wanted
    wantedSpelled = Names.spelledKey(wanted)
    shared =
      Names.allBytes(of: wanted, Self.isPrintableASCII)
      ? PrefixSharingCloseness(to: Array(wanted.utf8), within: limit) : nil
    byCharacters = PrefixSharingCloseness(to: characters, within: limit)
    bySpelling = PrefixSharingCloseness(to: Array(wantedSpelled), within: limit)
  }

  /// The close names so far, closest first.
  var names: [String] { close.map(\.name) }

  /// Takes a name with its key.
  mutating func consider(_ candidate: String, key other: String) {
    let bytewise = shared != nil && Names.allBytes(of: other, Self.isPrintableASCII)
    var best: Int
    if bytewise {
      best =
        other.utf8.withContiguousStorageIfAvailable { shared!.closeness($0) }
        ?? Array(other.utf8).withUnsafeBufferPointer { shared!.closeness($0) }
    } else {
      best = byCharacters.closeness(Array(other))
      // Letters in other scripts are as close as paper spells them (`oefus` is a swap from `Œufs`, `oeufs`).
      let otherSpelled = Names.spelledKey(other)
      if best > 0 && (otherSpelled != other || wantedSpelled != wanted) {
        best = min(best, bySpelling.closeness(Array(otherSpelled)))
      }
    }
    keep(candidate, key: other, bytewise: bytewise, distance: best)
  }

  /// Takes a name that is its own key, as the cache's index gives it, in its UTF-8 bytes in place: one in
  /// printable ASCII is made a `String` only when it is kept.
  mutating func consider(key bytes: UnsafeBufferPointer<UInt8>) {
    guard shared != nil, bytes.allSatisfy(Self.isPrintableASCII) else {
      let key = String(decoding: bytes, as: UTF8.self)
      consider(key, key: key)
      return
    }
    let best = shared!.closeness(bytes)
    guard admits(best) else { return }
    // Most names as close as the third are after it: told from the bytes, by the first test of `Names.ordered`
    // (which `keep` asks), for sort forms that differ (printable ASCII is its own sort form). Anything that test
    // does not settle goes to `keep`. A test holds this path to the one through `String`s.
    if close.count == 3 && best == close[2].distance {
      let after = close[2].form.utf8.withContiguousStorageIfAvailable { third in
        // The same sort form (a name in other letters spelled as this one) is told by more than the bytes.
        !bytes.isSame(as: third) && Names.naturalOrder(bytes, third) == false
      }
      if after == true { return }
    }
    let key = String(decoding: bytes, as: UTF8.self)
    keep(key, key: key, bytewise: true, distance: best)
  }

  /// Whether a name this close may be one of the three.
  private func admits(_ distance: Int) -> Bool {
    distance <= limit && (close.count < 3 || distance <= close[2].distance)
  }

  /// The three closest so far, in order, each name once: a name that every name is close to does not sort them
  /// all. A name given twice ranks as its first, so it is never kept twice.
  private mutating func keep(_ candidate: String, key other: String, bytewise: Bool, distance best: Int) {
    guard admits(best) else { return }
    // Printable ASCII sorts as it is.
    let form = bytewise ? other : Names.sortForm(other)
    var index = close.count
    while index > 0,
      best < close[index - 1].distance
        || best == close[index - 1].distance
          && Names.ordered(
            candidate, key: other, form: form, close[index - 1].name, key: close[index - 1].key,
            form: close[index - 1].form)
    {
      index -= 1
    }
    if index < 3, !close.contains(where: { $0.name == candidate }) {
      close.insert((candidate, other, form, best), at: index)
      if close.count > 3 { close.removeLast() }
    }
  }

  private static func isPrintableASCII(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }
}
