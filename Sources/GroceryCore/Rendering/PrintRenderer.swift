#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Renders a list for paper: plain ASCII, a dated title, category headings in capitals, `[ ]` boxes, one or two
/// columns within a width. With `utf8`, every letter is kept as it is (for `paps`, or CUPS `lp`, which print
/// UTF-8), so a name in Cyrillic, Greek or CJK is not lost to question marks; columns are then measured in
/// terminal cells, a wide character taking two.
public enum PrintRenderer {
  static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

  public static func render(
    _ view: ListView, title: String? = nil, columns: Int = 2, width: Int = 80, utf8: Bool = false
  ) -> String {
    var writer = Writer(title: title, columns: columns, width: width, utf8: utf8)
    writer.add(view)
    return writer.finish(view)
  }

  /// Lays a list out for paper a part at a time, as `HouseholdStore.walkList` reads it: each part's lines are
  /// kept, not its entries, since two columns break at the middle of the whole. The same text as `render`.
  public struct Writer {
    let title: String?
    let columns: Int
    let width: Int
    let utf8: Bool
    /// The lines of every section so far, a blank line between sections.
    var body: [String] = []
    /// Where each section's heading starts in `body`.
    var blockStarts: [Int] = []
    /// Where each entry after its section's first starts in `body`: a column breaks only there, never inside an
    /// item's wrapped lines, nor after a heading.
    var entryStarts: [Int] = []
    /// Whether the last lines in `body` are an entry's (else a heading's).
    var afterEntry = false
    /// The section the last part ended in, which the next part goes on with.
    var section: String?

    public init(title: String? = nil, columns: Int = 2, width: Int = 80, utf8: Bool = false) {
      (self.title, self.columns, self.width, self.utf8) = (title, columns, width, utf8)
    }

    let gutter = 2
    var columnWidth: Int { columns == 2 ? (width - gutter) / 2 : width }

    func ascii(_ text: String) -> String { utf8 ? text : PrintRenderer.ascii(text) }

    /// Lays out a part's sections: a heading where a section starts, then its entries.
    public mutating func add(_ part: ListView) {
      for (index, section) in part.sections.enumerated() {
        if index > 0 || section.title != self.section {
          if !body.isEmpty { body.append("") }
          blockStarts.append(body.count)
          self.section = section.title
          // Capitals set a heading apart from its items in plain text, which enscript and lp print as is.
          body += TextLayout.wrap(
            ascii(section.title).uppercased(), width: columnWidth, first: "", rest: "  ")
          afterEntry = false
        }
        for entry in section.entries {
          var text = ascii(TextRenderer.describe(entry, mode: part.mode, today: part.today))
          // A box to tick for what is on the list; what is off it (with --all or --staples) has none, or a
          // tick when it was bought today; a purchase says its day when that was not today, and its buyer.
          let box: String
          if part.mode == .purchased {
            box = "[x] "
            let notes = TextRenderer.annotations(entry, mode: .purchased, today: part.today)
            if !notes.isEmpty { text += " (" + ascii(notes.joinedText(separator: "; ")) + ")" }
          } else {
            box = entry.item.isOnList ? "[ ] " : entry.boughtToday ? "[x] " : "    "
            if entry.isUnavailable { text += " (unavailable today)" }
          }
          if afterEntry { entryStarts.append(body.count) }
          afterEntry = true
          body += TextLayout.wrap(text, width: columnWidth, first: box, rest: "    ")
        }
      }
    }

    /// Returns the page: the dated title, the body in one or two columns, and the count the list's mode gives.
    public func finish(_ whole: ListView) -> String {
      var heading = ascii(title ?? "Groceries") + " - \(weekdays[whole.today.weekday]) \(whole.today)"
      if let location = whole.location { heading += " - " + ascii(location) }
      var lines = TextLayout.wrap(heading, width: width, first: "", rest: "")
      lines.append(String(repeating: "=", count: min(width, lines.map(TextLayout.width).max() ?? 0)))
      lines.append("")
      if body.isEmpty {
        lines += TextLayout.wrap(ascii(TextRenderer.emptyMessage(whole)), width: width, first: "", rest: "")
        return lines.joinedText(separator: "\n") + "\n"
      }
      if columns == 2 && body.count > 1 {
        // Break at the section start nearest the middle, so a heading never ends a column; in a list of one
        // section, at the item nearest it, so an item's wrapped lines stay in one column (a single item stays
        // in the left one).
        let middle = (body.count + 1) / 2
        func nearest(_ starts: [Int]) -> Int? {
          starts.filter { $0 > 0 }.min { abs($0 - middle) < abs($1 - middle) }
        }
        let split = nearest(blockStarts) ?? nearest(entryStarts) ?? body.count
        // The left column without the blank lines at its end; a plain loop, which the library's reversed views
        // were not (their types were looked up at run time).
        var end = split
        while end > 0 && body[end - 1].isEmpty { end -= 1 }
        for row in 0..<max(end, body.count - split) {
          let l = row < end ? body[row] : ""
          let r = split + row < body.count ? body[split + row] : ""
          let padding = columnWidth + gutter - TextLayout.width(l)
          let line = r.isEmpty ? l : l + String(repeating: " ", count: padding) + r
          lines.append(line)
        }
      } else {
        lines += body
      }
      lines.append("")
      // The count a list of its mode gives: to buy, or the text list's count of staples or of today's purchases,
      // within the width.
      let count =
        whole.mode == .shopping || whole.mode == .all ? "\(whole.toBuy) to buy" : TextRenderer.footer(whole)
      lines += TextLayout.wrap(count, width: width, first: "", rest: "")
      return lines.map(TextLayout.trimmingTrailingSpaces).joinedText(separator: "\n") + "\n"
    }
  }

  /// Returns the text in printable ASCII: accents dropped, letters without a decomposition spelled the usual
  /// Latin way by `LatinSpelling` (Ł as L, Æ as AE, Þ as TH), a space of another width as a space, what shows
  /// nothing (a soft hyphen, a zero-width space or joiner) left out, and anything else shown as '?': one for
  /// each character as it shows (a Hangul syllable, a flag, a family emoji), not one for each code point in it.
  public static func ascii(_ text: String) -> String {
    var shown = ""
    for character in text {
      var unknown = 0
      if !character.isASCII {
        _ = LatinSpelling.spell(String(character)) { scalar in
          if spelled(scalar) == "?" { unknown += 1 }
          return ""
        }
      }
      // U+FFFD is spelled as one '?'.
      if unknown > 1 { shown.append("\u{FFFD}") } else { shown.append(character) }
    }
    return LatinSpelling.spell(shown, other: spelled)
  }

  /// How the print layout spells a scalar `LatinSpelling` has no spelling for.
  private static func spelled(_ scalar: Unicode.Scalar) -> String {
    if scalar.properties.isDefaultIgnorableCodePoint { return "" }
    return scalar.properties.generalCategory == .spaceSeparator ? " " : "?"
  }
}
