/// The rules a value read from a log must meet: the ones the commands apply to what a person types, so that a
/// line another machine (or a hand edit) wrote can bring in nothing a command would refuse.
enum LineRules {
  /// Why the text is not a name as `add` takes it (kept as `add` keeps it), or nil when it is one. A name an older
  /// grocery kept with something never seen at an end (a zero-width space), which `add` now leaves out, reads.
  static func name(_ text: String, what: String) -> String? {
    let expected = (what.first.map { "aeiou".contains($0) } == true ? "expected an " : "expected a ") + what
    do {
      let clean = try Names.clean(text, what: what)
      return clean == text || Names.trimmed(text, invisibleToo: false) == text
        ? nil : "\(expected) without space around it, in NFC"
    } catch GroceryError.invalidValue(_, _, let reason) {
      return "\(expected), but \(reason)"
    } catch {
      return expected
    }
  }

  static func itemName(_ text: String) -> String? { name(text, what: "item name") }
  static func categoryName(_ text: String) -> String? { name(text, what: "category name") }
  static func locationName(_ text: String) -> String? { name(text, what: "location name") }
  static func machineName(_ text: String) -> String? { name(text, what: "machine name") }

  /// Why the text is not a note as `add -n` keeps it, or nil when it is one. One with a character that reorders
  /// text, which `add -n` now refuses, is read: an older grocery took one, and its line must still read.
  static func note(_ text: String?) -> String? {
    guard let text else { return nil }
    do {
      return try Values.note(text, disguisable: true) == text
        ? nil : "expected a note without space around it, in NFC"
    } catch GroceryError.invalidValue(_, _, let reason) {
      return "expected a note, but \(reason)"
    } catch {
      return "expected a note"
    }
  }

  /// Why the text cannot be a change's summary or id: one line of printable text, of a bounded length.
  static func text(_ text: String, limit: Int) -> String? {
    if text.isEmpty { return "it is empty" }
    if Names.containsControl(text) { return "it contains a control character" }
    if text.utf8.count > limit { return "it is longer than \(limit) bytes" }
    return nil
  }
}
