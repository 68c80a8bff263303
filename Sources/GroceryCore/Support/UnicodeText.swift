@_spi(_Unicode) import Swift

/// Unicode normalisation and trimming from the standard library alone, so grocery needs no ICU: the same
/// results as Foundation's `precomposedStringWithCanonicalMapping`, `decomposedStringWithCanonicalMapping`
/// and `trimmingCharacters(in: .whitespacesAndNewlines)`, on every platform.
public enum UnicodeText {
  /// Returns the text in Normalization Form C.
  public static func nfc(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
    return String(decoding: text._nfcCodeUnits, as: UTF8.self)
  }

  /// Returns the text's scalars in Normalization Form D.
  public static func nfd(_ text: String) -> [Unicode.Scalar] {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return Array(text.unicodeScalars) }
    return Array(text._nfd)
  }

  /// Returns the text without white space (spaces, tabs, line breaks) at either end.
  public static func trimmed(_ text: String) -> String {
    trimmed(text) { $0.properties.isWhitespace }
  }

  /// Returns the text without spaces and tabs (but with line breaks) at either end.
  public static func trimmedOfSpaces(_ text: String) -> String {
    trimmed(text) { $0.properties.isWhitespace && !isLineBreak($0) }
  }

  static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
    default: return false
    }
  }

  /// Returns the text without the scalars `drop` takes at either end.
  static func trimmed(_ text: String, where drop: (Unicode.Scalar) -> Bool) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !drop($0) }) else { return "" }
    let last = scalars.lastIndex(where: { !drop($0) })!
    return String(scalars[first...last])
  }
}
