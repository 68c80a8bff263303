/// The fields the Obsidian Tasks plugin writes after a task's text, which are no part of an item's name: a date
/// after its sign (`➕ 2026-11-01` made, `📅 2026-11-25` due, `⏳` scheduled, `🛫` starts, `❌` cancelled) and a
/// priority sign (`⏫`, `🔼`, `🔽`, `🔺`, `⏬`). The done date (`✅`) is a tick's day: `MarkdownDoneMark`.
enum TaskFields {
  static let dated: [String] = ["➕", "📅", "⏳", "🛫", "❌"]
  static let priorities: [String] = ["⏫", "🔼", "🔽", "🔺", "⏬"]

  /// Returns the text without the fields that end it, in any order.
  static func strip(_ text: String) -> String {
    var text = UnicodeText.trimmed(text)
    while let shorter = withoutLastField(text) { text = UnicodeText.trimmed(shorter) }
    return text
  }

  /// The text without the field that ends it, or nil when none does. A sign may carry the emoji form's selector.
  static func withoutLastField(_ text: String) -> String? {
    func forms(_ sign: String) -> [String] { [" " + sign, " " + sign + "\u{FE0F}"] }
    if text.count > 11, Day(String(text.suffix(10))) != nil, text.dropLast(10).hasSuffix(" ") {
      let head = text.dropLast(11)
      for sign in dated {
        for form in forms(sign) where head.hasSuffix(form) { return String(head.dropLast(form.count)) }
      }
    }
    for sign in priorities {
      for form in forms(sign) where text.hasSuffix(form) { return String(text.dropLast(form.count)) }
    }
    return nil
  }
}
