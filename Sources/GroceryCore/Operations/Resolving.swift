#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Groceries {
  /// Returns the names of every item, category (in walk order) or location.
  public func names(of kind: NameKind) -> [String] {
    switch kind {
    case .item: return items.map(\.name)
    case .category: return walkOrder()
    case .location: return locations.map(\.name)
    }
  }

  /// Returns the index of the item a name resolves to: exact match, then unique prefix; `whole` refuses a
  /// prefix.
  public func itemIndex(named name: String, whole: Bool = false) throws -> Int {
    let cleaned = try Names.clean(name, what: "item name")
    let match = try Names.resolve(cleaned, among: Array(items.indices), kind: .item, whole: whole) {
      items[$0].name
    }
    return match
  }

  /// Returns the index of the item whose name matches exactly (after folding), if any.
  public func exactItemIndex(named name: String) -> Int? {
    let wanted = Names.key(name)
    return items.firstIndex { Names.key($0.name) == wanted }
  }

  /// Returns the canonical name of the category a name resolves to, Uncategorized included.
  public func categoryName(_ name: String) throws -> String { try categoryName(name, whole: false) }

  /// Returns the canonical name of the category a name resolves to, Uncategorized included; `whole` refuses
  /// a prefix.
  public func categoryName(_ name: String, whole: Bool) throws -> String {
    let cleaned = try Names.clean(name, what: "category name")
    return try Names.resolve(
      cleaned, among: categories.map(\.name) + [Category.uncategorized], kind: .category, whole: whole
    ) { $0 }
  }

  /// Returns the canonical name of the location a name resolves to.
  public func locationName(_ name: String) throws -> String { try locationName(name, whole: false) }

  /// Returns the canonical name of the location a name resolves to; `whole` refuses a prefix.
  public func locationName(_ name: String, whole: Bool) throws -> String {
    let cleaned = try Names.clean(name, what: "location name")
    return try Names.resolve(cleaned, among: locations.map(\.name), kind: .location, whole: whole) { $0 }
  }

  /// Returns the item indices for the names, an item named twice once; `whole` refuses a prefix. Every name
  /// that matches no item, or several, is said in one error (`Names.resolveEach`).
  func itemIndices(named names: [String], whole: Bool = false) throws -> [Int] {
    var seen = Set<Int>()
    return try Names.resolveEach(names, kind: .item) { try itemIndex(named: $0, whole: whole) }
      .filter { seen.insert($0).inserted }
  }

  /// Returns the canonical names of the categories named, in order, every one not found said at once.
  func categoryNames(_ names: [String]) throws -> [String] {
    try Names.resolveEach(names, kind: .category) { try categoryName($0) }
  }

  /// Returns the canonical names of the locations named, in order, every one not found said at once.
  func locationNames(_ names: [String]) throws -> [String] {
    try Names.resolveEach(names, kind: .location) { try locationName($0) }
  }
}

/// Validation of the values users type, shared by every command.
public enum Values {
  /// Returns a quantity parsed from plain digits, within `Limits.quantity`.
  public static func quantity(_ text: String) throws -> Int {
    try whole(text, what: "quantity", range: Limits.quantity)
  }

  /// Returns a note trimmed, refusing control characters, bidirectional formatting characters that reorder text
  /// (`Names.isDisguising`; the marks right-to-left text carries are kept), a note with nothing visible (spaces
  /// alone too) and more than `Limits.noteLength` characters; empty means none. A note read from a file (a log,
  /// an import, a mirror: `disguisable`) may hold a character that reorders text, as an older grocery took one,
  /// or nothing visible: it is read, and a list shows such a character as an escape.
  public static func note(_ text: String) throws -> String? { try note(text, disguisable: false) }

  static func note(_ text: String, disguisable: Bool) throws -> String? {
    let note = UnicodeText.nfc(UnicodeText.trimmedOfSpaces(text))
    if Names.containsControl(note) {
      throw GroceryError.invalidValue(
        what: "note", value: Names.printable(String(note.prefix(40))),
        reason: "it contains a control character")
    }
    if !disguisable, let scalar = note.unicodeScalars.first(where: Names.isDisguising) {
      throw GroceryError.invalidValue(
        what: "note", value: Names.printable(String(note.prefix(40))),
        reason:
          "it contains a bidirectional formatting character (\(Names.codePoint(scalar))), which can disguise it"
      )
    }
    // Only marks (a right-to-left mark alone) would list as a note with nothing in it; said with every scalar
    // escaped, as a name with nothing visible is, since none of them shows.
    // Spaces alone are typed by mistake: only an empty note clears one. Said as typed, as a blank name is.
    if !disguisable, !text.isEmpty, note.isEmpty, UnicodeText.trimmed(text).isEmpty {
      throw GroceryError.invalidValue(
        what: "note", value: Names.printable(String(text.prefix(40))),
        reason: "it is blank; an empty note ('') is none")
    }
    if !disguisable, !text.isEmpty, !note.unicodeScalars.contains(where: Names.isVisible) {
      let shown = note.isEmpty ? text : note
      throw GroceryError.invalidValue(
        what: "note", value: Names.escapingAll(String(shown.prefix(40))),
        reason: "it has no visible character")
    }
    if note.count > Limits.noteLength {
      throw GroceryError.invalidValue(
        what: "note", value: String(note.prefix(20)) + "...",
        reason: "it is longer than \(Limits.noteLength) characters")
    }
    return note.isEmpty ? nil : note
  }

  /// Returns a whole number within the range, e.g. days or columns (`unit` names them in the message).
  ///
  /// Only ASCII digits are accepted; leading zeros are ignored (`007` is 7), whatever their number.
  public static func whole(_ text: String, what: String, range: ClosedRange<Int>, unit: String = "") throws
    -> Int
  {
    let significant = text.drop { $0 == "0" }
    guard !text.isEmpty, significant.count <= String(range.upperBound).count,
      text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = significant.isEmpty ? 0 : Int(significant),
      range.contains(value)
    else {
      throw GroceryError.invalidValue(
        what: what, value: Names.printable(text),
        reason:
          "expected a whole number\(unit.isEmpty ? "" : " of " + unit) from \(range.lowerBound) to \(range.upperBound)"
      )
    }
    return value
  }
}
