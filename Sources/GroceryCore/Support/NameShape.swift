/// What a name typed where a quantity or a list was meant looks like: `add`, `staple`, `purchase --new`, `edit
/// --rename` and a phone's checklist refuse such a name for a new item (`2`, `x2`, `milk,`), as the household's
/// items are named otherwise.
public enum NameShape {
  /// The number, in ASCII digits, when the name is only decimal digits of any script (`2`, the full-width `２` an
  /// East Asian keyboard types, `١٢`), else nil.
  public static func digits(_ name: String) -> String? {
    let trimmed = UnicodeText.trimmed(name)
    var number = ""
    for scalar in trimmed.unicodeScalars {
      guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue,
        let digit = Unicode.Scalar(0x30 + UInt32(value))
      else { return nil }
      number.unicodeScalars.append(digit)
    }
    return number.isEmpty ? nil : number
  }

  /// The count of `x2`, `X2` or `×2`, else nil.
  public static func times(_ name: String) -> String? {
    let trimmed = UnicodeText.trimmed(name)
    guard let first = trimmed.first, let last = trimmed.last, trimmed.count > 1 else { return nil }
    if "xX×".contains(first) { return digits(String(trimmed.dropFirst())) }
    // `2x`, and `(2)` as a pasted list writes it after a name.
    if "xX×".contains(last) { return digits(String(trimmed.dropLast())) }
    if first == "(" && last == ")" { return digits(String(trimmed.dropFirst().dropLast())) }
    return nil
  }

  /// Whether a name is part of a list typed with commas: a comma alone, or a name starting or ending with one.
  public static func isList(_ name: String) -> Bool {
    let trimmed = UnicodeText.trimmed(name)
    return trimmed.first.map(isComma) == true || trimmed.last.map(isComma) == true
  }

  /// A comma as a list is typed with it: ASCII's, the full-width `，` and the ideographic `、` an East Asian keyboard
  /// types, and the Arabic `،` (found by a trial: `add 牛乳、` made an item named so).
  public static func isComma(_ character: Character) -> Bool { ",，、،".contains(character) }

  /// What a name that `looksLikeQuantityOrList` looks like, as an error says it.
  public static func whatItLooksLike(_ name: String) -> String {
    let trimmed = UnicodeText.trimmed(name)
    if digits(trimmed) != nil { return "is only digits" }
    // `x1000` and `x0` are no quantity -q takes: they only look like one.
    if let count = times(trimmed) {
      return Int(count).map(Limits.quantity.contains) == true ? "is a quantity" : "looks like a quantity"
    }
    return trimmed.allSatisfy(isComma)
      ? "is a comma" : trimmed.last.map(isComma) == true ? "ends in a comma" : "starts with a comma"
  }

  /// Whether a name is what `add` refuses as a new item's name: a quantity typed as a name (`2`, `x2`) or part of a
  /// list typed with commas (`milk,`).
  public static func looksLikeQuantityOrList(_ name: String) -> Bool {
    let trimmed = UnicodeText.trimmed(name)
    return digits(trimmed) != nil || times(trimmed) != nil || isList(trimmed)
  }
}
