/// One line of pasted text, the way the text importer and a mirror's checklist read it: a bullet, box or number
/// first, then one item or several between commas, each with its quantity.
enum TextLine {
  /// One item a line names: its quantity when the line gives one, and its name, cleaned.
  struct Entry: Equatable, Sendable {
    var quantity: Int?
    var name: String
  }

  /// Returns the line without its bullet (`-`, `*`, `•`), number (`1.`, `1)`) and box (`[ ]`, `[x]`), and whether
  /// the box is checked (nil without a box).
  static func marker(_ line: Substring) -> (checked: Bool?, body: Substring) {
    var rest = line
    if let first = rest.first, "-*•".contains(first), rest.count == 1 || rest.dropFirst().first == " " {
      rest = rest.dropFirst().drop(while: { $0 == " " })
    } else if let number = TextImporter.numbering(rest) {
      rest = rest.dropFirst(number).drop(while: { $0 == " " })
    }
    for (box, isChecked) in [("[ ]", false), ("[]", false), ("[x]", true), ("[X]", true)]
    where rest.hasPrefix(box) {
      return (isChecked, rest.dropFirst(box.count).drop(while: { $0 == " " }))
    }
    return (nil, rest)
  }

  /// Returns the items a line's text holds, refusing with the line number a quantity out of range, a name with no
  /// letter or digit, or one that `add` would refuse.
  static func entries(_ text: String, whole: String, file: String, line: Int) throws -> [Entry] {
    func fail(_ reason: String) -> GroceryError { .malformedImport(file: file, line: line, reason: reason) }
    return try TextImporter.parts(text).map { part in
      let (quantity, name) = try TextImporter.quantified(part, whole: whole, fail: fail)
      guard
        name.unicodeScalars.contains(where: {
          $0.properties.isAlphabetic || $0.properties.numericType != nil
        })
      else {
        throw fail("'\(ImportName.shown(whole))' has no item name (no letter or digit)")
      }
      return Entry(
        quantity: quantity, name: try ImportName.clean(name, what: "item name", file: file, line: line))
    }
  }
}
