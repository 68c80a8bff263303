/// The day a ticked Markdown task carries at its end, as apps write it (` ✅ 2026-11-23`, Obsidian Tasks;
/// ` @done(2026-11-23)`), and how a line grocery writes keeps such an end as text.
///
/// A note ending `sale ✅ 2026-11-23` would be read back as a tick's day, so grocery writes a `\` before the mark
/// (`sale \✅ 2026-11-23`), and reads a mark with `\` before it as text, one `\` fewer.
enum MarkdownDoneMark {
  /// A mark found at the end of a line's text.
  struct Found {
    /// Where the mark begins, after any `\` before it.
    var mark: String.Index
    /// How many `\` stand before the mark: none for a day.
    var backslashes: Int
    var day: Day
  }

  /// Finds the first mark, in the order apps write them, that ends the text after a space and names a day.
  static func find(_ text: String) -> Found? {
    for (open, close) in [("✅ ", ""), ("@done(", ")")] {
      guard text.hasSuffix(close), let range = text.ranges(of: open).last else { continue }
      let inner = text[range.upperBound...].dropLast(close.count)
      guard let day = Day(String(inner.prefix(10))) else { continue }
      var start = range.lowerBound
      var backslashes = 0
      while start > text.startIndex, text[text.index(before: start)] == "\\" {
        start = text.index(before: start)
        backslashes += 1
      }
      guard start > text.startIndex, text[text.index(before: start)] == " " else { continue }
      return Found(mark: range.lowerBound, backslashes: backslashes, day: day)
    }
    return nil
  }

  /// Returns a line's text and the day its end carries; a mark with `\` before it is text, one `\` fewer.
  static func read(_ body: String) -> (text: String, day: Day?) {
    guard let found = find(body) else { return (body, nil) }
    if found.backslashes > 0 {
      var text = body
      text.remove(at: text.index(before: found.mark))
      return (text, nil)
    }
    let space = body.index(before: found.mark)
    return (UnicodeText.trimmed(String(body[..<space])), found.day)
  }

  /// Returns the text as grocery writes it on a line, a `\` before a mark it ends with.
  static func escaped(_ text: String) -> String {
    guard let found = find(text) else { return text }
    var escaped = text
    escaped.insert("\\", at: found.mark)
    return escaped
  }
}
