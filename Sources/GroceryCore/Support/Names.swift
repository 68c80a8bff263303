#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Name normalisation, matching and suggestions shared by items, categories, locations and commands.
public enum Names {
  /// Returns the name trimmed and NFC-normalised, refusing names that are empty, invisible, over-long or that
  /// hold control or bidirectional formatting characters.
  public static func clean(
    _ raw: String, what: String = "name", maxLength: Int = Limits.nameLength, maxBytes: Int = Limits.nameBytes
  ) throws -> String {
    // The name as shown in a message is worked out only for a message.
    var shown: String { printable(raw) }
    // Bytes are bounded first, so a huge single-grapheme name is refused before any Unicode work.
    if raw.utf8.count > maxBytes * 4 {
      throw GroceryError.invalidValue(
        what: what, value: excerpt(shown), reason: "it is longer than \(maxBytes) bytes")
    }
    let name = trimmed(raw)
    if name.isEmpty && UnicodeText.trimmed(raw).isEmpty {
      // Spaces are not nothing: said as what was typed (found by a trial: `add '   '` said it was empty).
      throw GroceryError.invalidValue(
        what: what, value: shown, reason: raw.isEmpty ? "it is empty" : "it is blank")
    }
    if containsControl(name) {
      throw GroceryError.invalidValue(what: what, value: shown, reason: "it contains a control character")
    }
    if let scalar = name.unicodeScalars.first(where: \.properties.isBidiControl) {
      throw GroceryError.invalidValue(
        what: what, value: shown,
        reason:
          "it contains a bidirectional formatting character (\(codePoint(scalar))), which can disguise it")
    }
    if !name.unicodeScalars.contains(where: isVisible) {
      throw GroceryError.invalidValue(
        what: what, value: escapingAll(name.isEmpty ? UnicodeText.trimmed(raw) : name),
        reason: "it has no visible character")
    }
    if name.utf8.count > maxBytes {
      throw GroceryError.invalidValue(
        what: what, value: excerpt(shown), reason: "it is longer than \(maxBytes) bytes")
    }
    if name.count > maxLength {
      throw GroceryError.invalidValue(
        what: what, value: excerpt(shown), reason: "it is longer than \(maxLength) characters")
    }
    return name
  }

  /// The text without the white space around it and what is never seen at either end (`isEdgeBlank`), in NFC:
  /// what `clean` goes on to check. With `invisibleToo` false, without the white space alone, as a grocery before
  /// 2026-11-28 kept names.
  static func trimmed(_ text: String, invisibleToo: Bool = true) -> String {
    if let ascii = trimmedASCII(text) { return ascii }
    guard invisibleToo else {
      return UnicodeText.nfc(UnicodeText.trimmed(text, where: \.properties.isWhitespace))
    }
    let scalars = Array(text.unicodeScalars)
    var (start, end) = (0, scalars.count)
    // No emoji begins with a tag character.
    while start < end && (isEdgeBlank(scalars[start]) || isTag(scalars[start])) { start += 1 }
    while end > start {
      if isEdgeBlank(scalars[end - 1]) {
        end -= 1
        continue
      }
      guard isTag(scalars[end - 1]) else { break }
      // Tag characters end an emoji (a flag, `🏴` and its tags), and are kept after one; after anything else they
      // are never seen, and go (found by a trial).
      var run = end - 1
      while run > start && isTag(scalars[run - 1]) { run -= 1 }
      // An emoji's own variation selector or skin tone may come between (`☕️` then its tags).
      var base = run - 1
      while base > start
        && (scalars[base].properties.isVariationSelector || scalars[base].properties.isEmojiModifier)
      {
        base -= 1
      }
      if run > start && scalars[base].properties.isEmoji && scalars[base].value > 0xFF { break }
      end = run
    }
    return UnicodeText.nfc(String(String.UnicodeScalarView(scalars[start..<end])))
  }

  /// The tag characters, U+E0000 to U+E007F.
  static func isTag(_ scalar: Unicode.Scalar) -> Bool { (0xE0000...0xE007F).contains(scalar.value) }

  /// True for what a name loses at either end: white space, and what is never seen (a zero-width space, a soft
  /// hyphen, a word joiner pasted in from a web page), which would make `tea` and `tea` two spellings to a
  /// script. A variation selector is kept, and so are tag characters after an emoji: they end it (`❤️`, a flag). A
  /// bidirectional formatting character is kept, for `clean` to refuse wherever it is.
  static func isEdgeBlank(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    return properties.isWhitespace
      || (properties.isDefaultIgnorableCodePoint && !properties.isVariationSelector
        && !properties.isBidiControl && !isTag(scalar))
      // The interlinear annotation characters: formatting, never seen, though not default-ignorable.
      || (0xFFF9...0xFFFB).contains(scalar.value)
  }

  /// Returns plain ASCII text without the white space around it (the same as trimming and normalising it),
  /// or nil when the text is not plain ASCII.
  static func trimmedASCII(_ text: String) -> String? {
    let bytes = text.utf8
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    guard let start = bytes.firstIndex(where: { !isSpace($0) }) else { return "" }
    let end = bytes.lastIndex(where: { !isSpace($0) })!
    return String(text.utf8[start...end])!
  }

  /// Returns true for a scalar that draws something by itself: not a space, a combining mark, a format or
  /// default-ignorable character, or a blank that only looks like a letter (Braille blank, Hangul fillers).
  static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control, .spaceSeparator, .lineSeparator,
      .paragraphSeparator:
      return false
    default:
      break
    }
    if properties.isWhitespace || properties.isDefaultIgnorableCodePoint || properties.isVariationSelector {
      return false
    }
    switch scalar.value {
    case 0x2800, 0x3164, 0xFFA0, 0x115F, 0x1160: return false
    default: return true
    }
  }

  /// Returns the first 20 scalars of a long text and an ellipsis, for messages.
  static func excerpt(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    out.append(contentsOf: text.unicodeScalars.prefix(20))
    return String(out) + "..."
  }

  /// Returns `U+XXXX` for a scalar.
  static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// Returns the text with every scalar that is not visible written as an escape, so it can be seen.
  static func escapingAll(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if isVisible(scalar) {
        out.unicodeScalars.append(scalar)
      } else {
        out += "\\u{" + String(scalar.value, radix: 16) + "}"
      }
    }
    return out
  }

  /// Returns true when the text holds a control character (newline, tab, escape, ...).
  public static func containsControl(_ text: String) -> Bool {
    // Printable ASCII holds none; asking each scalar's category made this a sixth of a cache rebuild.
    if isPrintableASCII(text) { return false }
    return text.unicodeScalars.contains {
      $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}"
    }
  }

  /// True when every character is printable ASCII: nothing to escape, one column each.
  static func isPrintableASCII(_ text: String) -> Bool {
    allBytes(of: text) { $0 >= 0x20 && $0 < 0x7F }
  }

  /// Whether every UTF-8 byte of the text passes `test`, looked at in place: a list checks every name several
  /// times, and stepping through the view cost more than the check.
  @inline(__always)
  static func allBytes(of text: String, _ test: (UInt8) -> Bool) -> Bool {
    text.utf8.withContiguousStorageIfAvailable { bytes in
      for byte in bytes where !test(byte) { return false }
      return true
    } ?? text.utf8.allSatisfy(test)
  }

  /// Whether the scalar is a bidirectional formatting character that can reorder the text after it (an embedding,
  /// override or isolate), which can make text read as other text. The marks (U+200E, U+200F, U+061C) are not:
  /// they come with right-to-left text pasted from elsewhere, and reorder nothing.
  static func isDisguising(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isBidiControl && scalar != "\u{200E}" && scalar != "\u{200F}" && scalar != "\u{061C}"
  }

  /// Returns the text with control and bidirectional formatting characters shown as escapes, so error messages
  /// stay on one line and read in order; `keepingMarks` keeps the marks right-to-left text carries, which reorder
  /// nothing (a note shown in a list).
  public static func printable(_ text: String, keepingMarks: Bool = false) -> String {
    if isPrintableASCII(text) { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        if scalar.properties.generalCategory == .control
          || (keepingMarks ? isDisguising(scalar) : scalar.properties.isBidiControl)
          || scalar == "\u{2028}" || scalar == "\u{2029}"
        {
          out += "\\u{" + String(scalar.value, radix: 16) + "}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }

  /// Returns the key names are compared by: NFC, without diacritics, lowercased, the same on every platform. A
  /// Greek final sigma is folded to the sigma it ends (`ΚΑΦΕΣ` lowercases to `καφεσ`, the way `καφές` is keyed).
  ///
  /// Diacritics are the combining marks on a letter of a script that writes accents with them (`accented`): in
  /// other scripts such a mark is part of the word (the voicing of `ぶどう`, the vowel of `दूध`), and is kept.
  public static func key(_ name: String) -> String {
    // Plain ASCII has no marks to strip and nothing to normalise; the fast path keeps `add -` of a long list quick,
    // and a name already in lower case, with no run of spaces, is its own key.
    var (ascii, upper, spaces, previous) = (true, false, false, UInt8(0))
    for byte in name.utf8 {
      if byte >= 0x80 {
        ascii = false
        break
      }
      if (0x41...0x5A).contains(byte) { upper = true }
      if (0x09...0x0D).contains(byte) || (byte == 0x20 && previous == 0x20) { spaces = true }
      previous = byte
    }
    if ascii && !spaces { return upper ? name.lowercased() : name }
    var scalars = String.UnicodeScalarView()
    var accentedBase = true
    for scalar in UnicodeText.nfd(name) {
      // What is never seen (a zero-width space or joiner, a soft hyphen, a word joiner pasted in from a web page)
      // is no part of the name: a name with one looks the same as the name without it, so it is that name.
      if scalar.properties.isDefaultIgnorableCodePoint || (0xFFF9...0xFFFB).contains(scalar.value) {
        continue
      }
      // A run of spaces is one, as the text layout prints it, so that a name typed from paper finds its item.
      if scalar.properties.isWhitespace {
        if scalars.last != " " { scalars.append(" ") }
        accentedBase = true
        continue
      }
      if scalar.properties.generalCategory == .nonspacingMark {
        // A variation selector changes how a character looks (an emoji's colour), never the word.
        if accentedBase || (0xFE00...0xFE0F).contains(scalar.value)
          || (0xE0100...0xE01EF).contains(scalar.value)
        {
          continue
        }
      } else {
        accentedBase = accented(scalar)
      }
      scalars.append(scalar)
    }
    var lowered = String(scalars).lowercased()
    if lowered.unicodeScalars.contains("\u{03C2}") {
      lowered = String(
        String.UnicodeScalarView(lowered.unicodeScalars.map { $0 == "\u{03C2}" ? "\u{03C3}" : $0 }))
    }
    return UnicodeText.nfc(lowered)
  }

  /// Whether a letter's combining marks are accents that names match without: Latin, Greek, Cyrillic and
  /// Armenian, and the optional vowel points of Hebrew and Arabic (the blocks of these scripts, with their
  /// presentation and full-width forms).
  static func accented(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0000...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0x1C80...0x1C8F, 0x1D00...0x1DBF, 0x1E00...0x1FFF,
      0x2C60...0x2C7F, 0x2DE0...0x2DFF, 0xA640...0xA69F, 0xA720...0xA7FF, 0xAB30...0xAB6F, 0xFB00...0xFDFF,
      0xFE70...0xFEFF, 0xFF00...0xFF5E:
      return true
    default:
      return false
    }
  }

  /// Resolves a name among the household's items, categories or locations, naming the kind in the error;
  /// `whole` refuses a prefix, for commands that delete.
  public static func resolve<T>(
    _ name: String, among candidates: [T], kind: NameKind, whole: Bool = false, name nameOf: (T) -> String
  ) throws -> T {
    do {
      return
        try whole
        ? matchWhole(name, among: candidates, name: nameOf) : match(name, among: candidates, name: nameOf)
    } catch .ambiguous(let found) {
      throw GroceryError.ambiguousName(kind: kind, name: printable(name), candidates: found)
    } catch .unknown(let suggestions) {
      throw GroceryError.unknownName(kind: kind, name: printable(name), suggestions: suggestions)
    }
  }

  /// Resolves every name with `resolve`, in order, and says every one that matched nothing, or several, in one
  /// error, each with the names it might have meant or could be, so that a line of typos is put right at once;
  /// one alone is said as it always was. Each name is said once, however it was cased or composed (by its `key`;
  /// `Œufz` and `oeufz`, alike only as paper spells them, are said apart). A name that is not one (a control
  /// character in it) is refused at once.
  static func resolveEach<T>(_ names: [String], kind: NameKind, _ resolve: (String) throws -> T) throws -> [T]
  {
    var result: [T] = []
    var unknown: [(name: String, suggestions: [String])] = []
    var ambiguous: [(name: String, candidates: [String])] = []
    var said = Set<String>()
    for name in names {
      do {
        result.append(try resolve(name))
      } catch GroceryError.unknownName(_, let shown, let suggestions) {
        if said.insert(key(name)).inserted { unknown.append((shown, suggestions)) }
      } catch GroceryError.ambiguousName(_, let shown, let candidates) {
        if said.insert(key(name)).inserted { ambiguous.append((shown, candidates)) }
      }
    }
    switch (unknown.count, ambiguous.count) {
    case (0, 0): return result
    case (1, 0):
      throw GroceryError.unknownName(kind: kind, name: unknown[0].name, suggestions: unknown[0].suggestions)
    case (0, 1):
      throw GroceryError.ambiguousName(
        kind: kind, name: ambiguous[0].name, candidates: ambiguous[0].candidates)
    default:
      throw GroceryError.unknownNames(
        kind: kind, names: unknown.map(\.name), suggestions: unknown.map(\.suggestions),
        ambiguous: ambiguous.map(\.name), candidates: ambiguous.map(\.candidates))
    }
  }

  /// Returns the key with the letters paper spells in ASCII spelled the same way (`Œufs` as `oeufs`, `Løgismose`
  /// as `logismose`), so a name typed from a printed list finds its item.
  public static func spelledKey(_ name: String) -> String {
    // Plain ASCII is spelled as it is, keyed as every name is (a run of spaces one).
    if allBytes(of: name, { $0 < 0x80 }) { return key(name) }
    return key(LatinSpelling.spell(name))
  }

  /// Matches a name among candidates: exact key match first, then the same as paper spells it, then a unique
  /// prefix.
  public static func match<T>(
    _ name: String, among candidates: [T], name nameOf: (T) -> String
  ) throws(NameMismatch) -> T {
    // Plain loops: the library's generic `first(where:)` looked up a conformance at runtime, on every `list`.
    let wanted = key(name)
    for candidate in candidates where key(nameOf(candidate)) == wanted { return candidate }
    let spelled = spelledKey(name)
    let spelledKeys = candidates.map { (spelledKey(nameOf($0)), $0) }
    for (key, candidate) in spelledKeys where key == spelled { return candidate }
    let prefixed = spelledKeys.filter { starts($0.0, with: spelled) }
    if prefixed.count == 1 { return prefixed[0].1 }
    if prefixed.count > 1 {
      throw .ambiguous(candidates: prefixed.map { nameOf($0.1) }.sorted(by: Names.ordered))
    }
    throw .unknown(suggestions: suggestions(for: name, among: candidates.map(nameOf)))
  }

  /// Matches a whole name among candidates, never a prefix: for commands that delete, where a prefix could
  /// take the wrong thing. A prefix of candidates is suggested, before the names close by edit distance.
  public static func matchWhole<T>(
    _ name: String, among candidates: [T], name nameOf: (T) -> String
  ) throws(NameMismatch) -> T {
    let wanted = key(name)
    if let exact = candidates.first(where: { key(nameOf($0)) == wanted }) { return exact }
    let spelled = spelledKey(name)
    let spelledKeys = candidates.map { (spelledKey(nameOf($0)), nameOf($0), $0) }
    if let exact = spelledKeys.first(where: { $0.0 == spelled }) { return exact.2 }
    let prefixed = spelledKeys.filter { starts($0.0, with: spelled) }.map(\.1).sorted(by: Names.ordered)
    let close = suggestions(for: name, among: candidates.map(nameOf)).filter { !prefixed.contains($0) }
    throw .unknown(suggestions: Array((prefixed + close).prefix(3)))
  }

  /// True when a key starts with another, scalar by scalar, as the cache's ranges find them: a prefix may end
  /// inside a letter and its marks (`द` starts `दूध`, `ก` starts `กินข้าว`), where `hasPrefix`, which compares
  /// whole characters, would say no. Keys are NFC, so the same text is the same scalars.
  static func starts(_ text: String, with prefix: String) -> Bool {
    // A typo's prefixes are looked for among 100,000 keys: most differ in length or in their first byte.
    let (text, prefix) = (text.utf8, prefix.utf8)
    guard prefix.count <= text.count else { return false }
    guard let first = prefix.first else { return true }
    guard text.first == first else { return false }
    let same = text.withContiguousStorageIfAvailable { text in
      prefix.withContiguousStorageIfAvailable(text.hasPrefix)
    }
    return (same ?? nil) ?? text.starts(with: prefix)
  }

  /// Returns the candidates a partly typed name could complete to, by the rule the commands match names with:
  /// without regard to case or accents, and as paper spells them (`cre` offers `crème fraîche`, `oe` offers
  /// `Œufs`), in their order.
  public static func completions(of typed: String, among candidates: [String]) -> [String] {
    if typed.isEmpty { return candidates }
    let (wanted, spelled) = (key(typed), spelledKey(typed))
    return candidates.filter { starts(key($0), with: wanted) || starts(spelledKey($0), with: spelled) }
  }

  /// Returns up to three candidates close to the name by edit distance, closest first.
  ///
  /// A candidate counts as close when the whole of it, or its beginning, is within a third of the name's
  /// length in edits, so "dary" finds "Dairy & Fridge".
  public static func suggestions(for name: String, among candidates: [String]) -> [String] {
    closest(to: key(name), among: candidates, key: key)
  }

  private static func closest(
    to wanted: String, among candidates: [String], key keyOf: (String) -> String
  ) -> [String] {
    var closest = ClosestNames(to: wanted)
    for candidate in candidates { closest.consider(candidate, key: keyOf(candidate)) }
    return closest.names
  }

  /// Returns names comma-separated for a one-line report, each name that holds a comma itself in single quotes
  /// (`bread, 'salt, coarse'`), so that a reader tells where one name ends.
  public static func commaList(_ names: some Sequence<String>) -> String {
    names.map { $0.contains(",") ? "'" + $0 + "'" : $0 }.joinedText(separator: ", ")
  }

  /// Returns names quoted and comma-separated, at most five of them: `'a', 'b' and 3 more`.
  public static func listing(_ names: [String], quote: (String) -> String = { $0 }) -> String {
    let shown = names.prefix(5).map { "'\(quote($0))'" }.joinedText(separator: ", ")
    return names.count > 5 ? shown + " and \(names.count - 5) more" : shown
  }

  /// Orders names naturally by their comparison key (`item 2` before `item 10`), then by their exact text,
  /// independent of locale.
  public static func ordered(_ a: String, _ b: String) -> Bool {
    ordered(a, key: key(a), b, key: key(b))
  }

  /// Orders names whose keys are already known, as `ordered(_:_:)` does: by their keys as paper spells them
  /// (`sortForm`), then by the keys themselves.
  public static func ordered(_ a: String, key ka: String, _ b: String, key kb: String) -> Bool {
    if ka == kb { return a < b }
    return ordered(a, key: ka, form: sortForm(ka), b, key: kb, form: sortForm(kb))
  }

  /// The same with their sort forms known too: a typo among 100,000 names compares each with the closest so far.
  static func ordered(
    _ a: String, key ka: String, form sa: String, _ b: String, key kb: String, form sb: String
  )
    -> Bool
  {
    if ka == kb { return a < b }
    if sa != sb, let less = naturalOrder(sa, sb) { return less }
    switch naturalOrder(ka, kb) {
    case .some(let less): return less
    case .none: return ka < kb
    }
  }

  /// What a key sorts by first: the key as paper spells it, so that a letter grocery spells in Latin letters sorts
  /// where it is spelled (`ﬁg` with `fig`, `œufs` with `oeufs`, `ıx` with `ix`), not after `z`.
  /// A digit of another script (`٣`, `४`) is its ASCII digit there, so that its number sorts by its value too.
  static func sortForm(_ key: String) -> String {
    if allBytes(of: key, { $0 < 0x80 }) { return key }
    let spelled = LatinSpelling.spell(key).lowercased()
    func digit(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
      guard scalar.value >= 0x80, scalar.properties.numericType == .decimal,
        let value = scalar.properties.numericValue, (0...9).contains(value)
      else { return nil }
      return Unicode.Scalar(0x30 + UInt8(value))
    }
    guard spelled.unicodeScalars.contains(where: { digit($0) != nil }) else { return spelled }
    return String(String.UnicodeScalarView(spelled.unicodeScalars.map { digit($0) ?? $0 }))
  }

  /// Compares two texts with runs of ASCII digits taken as numbers; nil when they differ only in leading
  /// zeros (or a fraction's trailing ones). Works on UTF-8, where a digit byte is always a digit and byte order is
  /// scalar order. The digits after a number's decimal point or comma (`1.5`, `1,25`) are its fraction, and sort
  /// by its value: `1.25 l` before `1.5 l` (found by a trial).
  static func naturalOrder(_ a: String, _ b: String) -> Bool? {
    // On the bytes in place: lists sort thousands of names, and stepping through the views costs more than the
    // comparing.
    let result: Bool?? = a.utf8.withContiguousStorageIfAvailable { x in
      b.utf8.withContiguousStorageIfAvailable { y in naturalOrder(x, y) } ?? naturalOrder(x, Array(b.utf8))
    }
    return result ?? naturalOrder(Array(a.utf8), Array(b.utf8))
  }

  static func naturalOrder(_ x: some Collection<UInt8>, _ y: some Collection<UInt8>) -> Bool? {
    var (i, j) = (x.startIndex, y.startIndex)
    func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    // Where the bytes just passed are a whole number and its decimal point: the digits next are its fraction.
    var (whole, fraction) = (false, false)
    while i != x.endIndex && j != y.endIndex {
      let (p, q) = (x[i], y[j])
      if isDigit(p) && isDigit(q) && fraction {
        // A fraction's digits, its trailing zeros left out: the first that differs decides, and a fraction that
        // ends first is the smaller.
        let (si, sj) = (i, j)
        while i != x.endIndex && isDigit(x[i]) { i = x.index(after: i) }
        while j != y.endIndex && isDigit(y[j]) { j = y.index(after: j) }
        let a = x[si..<i].reversed().drop { $0 == 0x30 }.reversed()
        let b = y[sj..<j].reversed().drop { $0 == 0x30 }.reversed()
        if let (da, db) = zip(a, b).first(where: { $0 != $1 }) { return da < db }
        if a.count != b.count { return a.count < b.count }
        (whole, fraction) = (false, false)
        continue
      }
      if isDigit(p) && isDigit(q) {
        // Skip leading zeros, then the longer run of significant digits is the larger number.
        while i != x.endIndex && x[i] == 0x30 { i = x.index(after: i) }
        while j != y.endIndex && y[j] == 0x30 { j = y.index(after: j) }
        let (si, sj) = (i, j)
        while i != x.endIndex && isDigit(x[i]) { i = x.index(after: i) }
        while j != y.endIndex && isDigit(y[j]) { j = y.index(after: j) }
        let (lengthA, lengthB) = (x.distance(from: si, to: i), y.distance(from: sj, to: j))
        if lengthA != lengthB { return lengthA < lengthB }
        if let (da, db) = zip(x[si..<i], y[sj..<j]).first(where: { $0 != $1 }) { return da < db }
        (whole, fraction) = (true, false)
        continue
      }
      if p != q { return p < q }
      (whole, fraction) = (false, whole && (p == 0x2E || p == 0x2C))
      i = x.index(after: i)
      j = y.index(after: j)
    }
    if i == x.endIndex && j == y.endIndex { return nil }
    return i == x.endIndex
  }

  /// Appends bytes that, compared as bytes (then the shorter first), order keys as `ordered` orders them: each run
  /// of ASCII digits becomes a digit, the count of its significant digits (four bytes) and those digits, so that a
  /// larger number sorts after a smaller one and a run meets another byte as its digits do; then a zero byte and
  /// the key itself, which breaks the ties of leading zeros as `ordered` does. Sorting thousands of names then
  /// costs one comparison of bytes each, not a walk through both.
  static func appendSortBytes(ofKey key: String, to out: inout [UInt8]) {
    // As `ordered` compares: the spelled form first (then a zero byte), when it is not the key itself.
    let spelled = sortForm(key)
    appendNaturalBytes(of: spelled, to: &out)
    appendNaturalBytes(of: key, to: &out)
    out.append(contentsOf: key.utf8)
  }

  /// Appends the text's digit runs as numbers, as `appendSortBytes` describes, then a zero byte.
  private static func appendNaturalBytes(of text: String, to out: inout [UInt8]) {
    var key = text
    key.withUTF8 { bytes in
      func isDigit(_ index: Int) -> Bool {
        index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39
      }
      var index = 0
      var (whole, fraction) = (false, false)
      while index < bytes.count {
        guard isDigit(index) else {
          (whole, fraction) = (false, whole && (bytes[index] == 0x2E || bytes[index] == 0x2C))
          out.append(bytes[index])
          index += 1
          continue
        }
        if fraction {
          // A fraction: its digits without trailing zeros (one zero for none, which meets another byte as its
          // first zero did), then a byte below every digit, so that the one that ends first is the smaller.
          let start = index
          while isDigit(index) { index += 1 }
          var end = index
          while end > start && bytes[end - 1] == 0x30 { end -= 1 }
          if end == start { out.append(0x30) } else { out.append(contentsOf: bytes[start..<end]) }
          out.append(0x01)
          (whole, fraction) = (false, false)
          continue
        }
        while index < bytes.count && bytes[index] == 0x30 { index += 1 }
        let start = index
        while isDigit(index) { index += 1 }
        let count = UInt32(index - start)
        out.append(0x30)
        for shift: UInt32 in [24, 16, 8, 0] { out.append(UInt8(truncatingIfNeeded: count >> shift)) }
        out.append(contentsOf: bytes[start..<index])
        (whole, fraction) = (true, false)
      }
      out.append(0)
    }
  }

  /// Returns the positions of the keys in `ordered`'s order, each key's sort bytes made once, so that sorting
  /// thousands compares bytes instead of walking keys. `first` orders two positions before their keys do (nil
  /// when it leaves them to the keys); `tie` orders two positions of the same key.
  static func order(
    ofKeys keys: [String], first: (Int, Int) -> Bool? = { _, _ in nil },
    tie: (Int, Int) -> Bool = { _, _ in false }
  ) -> [Int] {
    order(count: keys.count, key: { keys[$0] }, first: first, tie: tie)
  }

  /// `order(ofKeys:)` of the keys `key` gives for 0 to `count`, so that a caller holding them in rows of its own
  /// need not copy them into an array first.
  static func order(
    count: Int, key: (Int) -> String, first: (Int, Int) -> Bool? = { _, _ in nil },
    tie: (Int, Int) -> Bool = { _, _ in false }
  ) -> [Int] {
    // Each key's sort bytes are about three times its own (its spelled form's digits, its own, then itself) and
    // a number's few more: made room for at once, as a buffer grown by doubling held the old one beside the new
    // at a list's peak of memory.
    var size = 0
    for index in 0..<count { size += 3 * key(index).utf8.count + 12 }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(size)
    var ends: [Int] = []
    ends.reserveCapacity(count)
    for index in 0..<count {
      appendSortBytes(ofKey: key(index), to: &bytes)
      ends.append(bytes.count)
    }
    return bytes.withUnsafeBufferPointer { all in
      func sortBytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: all[(index == 0 ? 0 : ends[index - 1])..<ends[index]])
      }
      return (0..<count).sorted { i, j in
        if let before = first(i, j) { return before }
        let (x, y) = (sortBytes(i), sortBytes(j))
        if sortsBefore(x, y) { return true }
        if sortsBefore(y, x) { return false }
        return tie(i, j)
      }
    }
  }

  /// Whether the first bytes sort before the second: byte by byte, then the shorter first.
  static func sortsBefore(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    let common = min(a.count, b.count)
    if common > 0, let x = a.baseAddress, let y = b.baseAddress {
      let result = memcmp(x, y, common)
      if result != 0 { return result < 0 }
    }
    return a.count < b.count
  }
}
