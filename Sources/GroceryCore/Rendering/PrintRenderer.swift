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
    func ascii(_ text: String) -> String { utf8 ? text : Self.ascii(text) }
    var heading = ascii(title ?? "Groceries") + " - \(weekdays[view.today.weekday]) \(view.today)"
    if let location = view.location { heading += " - " + ascii(location) }
    var lines = TextLayout.wrap(heading, width: width, first: "", rest: "")
    lines.append(String(repeating: "=", count: min(width, lines.map(TextLayout.width).max() ?? 0)))
    lines.append("")
    if view.isEmpty {
      lines.append(ascii(TextRenderer.emptyMessage(view)))
      return lines.joinedText(separator: "\n") + "\n"
    }
    let gutter = 2
    let columnWidth = columns == 2 ? (width - gutter) / 2 : width
    var body: [String] = []
    var blockStarts: [Int] = []
    for section in view.sections {
      if !body.isEmpty { body.append("") }
      blockStarts.append(body.count)
      // Capitals set a heading apart from the items under it in plain text, which enscript and lp print as is.
      body += TextLayout.wrap(ascii(section.title).uppercased(), width: columnWidth, first: "", rest: "  ")
      for entry in section.entries {
        var text = ascii(TextRenderer.describe(entry.item))
        if entry.isUnavailable { text += " (unavailable today)" }
        let box = view.mode == .purchased ? "[x] " : "[ ] "
        body += TextLayout.wrap(text, width: columnWidth, first: box, rest: "    ")
      }
    }
    if columns == 2 && body.count > 1 {
      // Break at the section start nearest the middle, so a heading never ends a column.
      let middle = (body.count + 1) / 2
      let split = blockStarts.filter { $0 > 0 }.min { abs($0 - middle) < abs($1 - middle) } ?? middle
      // The left column without the blank lines at its end; a plain loop, which the library's reversed views
      // were not (their types were looked up at run time).
      var end = split
      while end > 0 && body[end - 1].isEmpty { end -= 1 }
      let left = Array(body[..<end])
      let right = Array(body[split...])
      for row in 0..<max(left.count, right.count) {
        let l = row < left.count ? left[row] : ""
        let r = row < right.count ? right[row] : ""
        let padding = columnWidth + gutter - TextLayout.width(l)
        let line = r.isEmpty ? l : l + String(repeating: " ", count: padding) + r
        lines.append(line)
      }
    } else {
      lines += body
    }
    lines.append("")
    lines.append("\(view.toBuy) to buy")
    return lines.map(TextLayout.trimmingTrailingSpaces).joinedText(separator: "\n") + "\n"
  }

  /// Returns the text in printable ASCII: accents dropped, letters without a decomposition spelled the usual
  /// Latin way by `LatinSpelling` (Ł as L, Æ as AE, Þ as TH), anything else shown as '?'.
  public static func ascii(_ text: String) -> String {
    LatinSpelling.spell(text) { _ in "?" }
  }
}
