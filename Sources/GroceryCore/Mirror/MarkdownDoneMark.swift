/// The day a ticked Markdown task carries at its end, as apps write it (` ✅ 2026-11-23`, Obsidian Tasks;
/// ` @done(2026-11-23)`), and how a line grocery writes keeps such a mark as text.
///
/// A note `sale ✅ 2026-11-23` would be read back as a tick's day, so grocery writes a `\` before every such mark
/// in a name or note (`sale \✅ 2026-11-23`), and reads a mark with `\` before it as text, one `\` fewer, wherever
/// it stands: after a tick's own day an app added, or with words typed after it.
enum MarkdownDoneMark {
  /// A mark naming a day, after a space and any `\` before it.
  struct Found {
    /// Where the mark begins, after the `\` before it.
    var mark: String.Index
    /// How many `\` stand before the mark: none for a day.
    var backslashes: Int
    /// The day, or nil for a date no calendar has (`2026-02-30`), which is the app's mark all the same.
    var day: Day?
    /// Whether the mark and its day end the text.
    var ends: Bool
  }

  static let marks: [(open: String, close: String)] = [("✅ ", ""), ("@done(", ")")]

  /// Every mark in the text, in order.
  static func all(_ text: String) -> [Found] {
    var found: [Found] = []
    for (open, close) in marks {
      for range in text.ranges(of: open) {
        let rest = text[range.upperBound...]
        let date = String(rest.prefix(10))
        guard Day.isShaped(date), rest.dropFirst(10).hasPrefix(close) else { continue }
        let day = Day(date)
        var start = range.lowerBound
        var backslashes = 0
        while start > text.startIndex, text[text.index(before: start)] == "\\" {
          start = text.index(before: start)
          backslashes += 1
        }
        guard start > text.startIndex, text[text.index(before: start)] == " " else { continue }
        let ends = rest.dropFirst(10).count == close.count
        found.append(Found(mark: range.lowerBound, backslashes: backslashes, day: day, ends: ends))
      }
    }
    return found.sorted { $0.mark < $1.mark }
  }

  /// Returns a line's text and the day a mark ending it carries; every mark with `\` before it is text, one `\`
  /// fewer.
  static func read(_ body: String) -> (text: String, day: Day?) {
    var text = body
    var day: Day?
    if let last = all(text).last, last.ends, last.backslashes == 0 {
      day = last.day
      text = UnicodeText.trimmed(String(text[..<text.index(before: last.mark)]))
    }
    let escapes = all(text).filter { $0.backslashes > 0 }.map { offset($0.mark, in: text) - 1 }
    var bytes = Array(text.utf8)
    for at in escapes.reversed() { bytes.remove(at: at) }
    return (String(decoding: bytes, as: UTF8.self), day)
  }

  /// Returns the text as grocery writes it on a line, a `\` before every mark.
  static func escaped(_ text: String) -> String {
    var bytes = Array(text.utf8)
    for found in all(text).reversed() { bytes.insert(UInt8(ascii: "\\"), at: offset(found.mark, in: text)) }
    return String(decoding: bytes, as: UTF8.self)
  }

  static func offset(_ index: String.Index, in text: String) -> Int {
    text.utf8.distance(from: text.startIndex, to: index)
  }
}
