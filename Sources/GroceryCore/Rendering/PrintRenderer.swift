#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Renders a list for paper: plain ASCII, a dated title, `[ ]` boxes, one or two columns within a width.
public enum PrintRenderer {
  static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

  public static func render(_ view: ListView, title: String? = nil, columns: Int = 2, width: Int = 80)
    -> String
  {
    var heading = ascii(title ?? "Groceries") + " - \(weekdays[view.today.weekday]) \(view.today)"
    if let location = view.location { heading += " - " + ascii(location) }
    var lines = TextLayout.wrap(heading, width: width, first: "", rest: "")
    lines.append(String(repeating: "=", count: min(width, lines.map(\.count).max() ?? 0)))
    lines.append("")
    if view.isEmpty {
      lines.append(ascii(TextRenderer.emptyMessage(view)))
      return lines.joined(separator: "\n") + "\n"
    }
    let gutter = 2
    let columnWidth = columns == 2 ? (width - gutter) / 2 : width
    var body: [String] = []
    var blockStarts: [Int] = []
    for section in view.sections {
      if !body.isEmpty { body.append("") }
      blockStarts.append(body.count)
      body += TextLayout.wrap(ascii(section.title), width: columnWidth, first: "", rest: "  ")
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
      let left = Array(body[..<split].reversed().drop { $0.isEmpty }.reversed())
      let right = Array(body[split...])
      for row in 0..<max(left.count, right.count) {
        let l = row < left.count ? left[row] : ""
        let r = row < right.count ? right[row] : ""
        let line = r.isEmpty ? l : l + String(repeating: " ", count: columnWidth + gutter - l.count) + r
        lines.append(line)
      }
    } else {
      lines += body
    }
    lines.append("")
    lines.append("\(view.toBuy) to buy")
    return lines.map(TextLayout.trimmingTrailingSpaces).joined(separator: "\n") + "\n"
  }

  /// Returns the text in printable ASCII: accents dropped, letters without a decomposition spelled the usual
  /// Latin way (Ł as L, Æ as AE, Þ as TH), a few marks replaced, anything else shown as '?'.
  public static func ascii(_ text: String) -> String {
    var out = ""
    for scalar in UnicodeText.nfd(text) {
      if scalar.properties.generalCategory == .nonspacingMark { continue }
      if scalar.isASCII && scalar.value >= 0x20 && scalar.value < 0x7F {
        out.unicodeScalars.append(scalar)
      } else {
        out += spelled[scalar] ?? "?"
      }
    }
    return out
  }

  /// The ASCII spelling of the letters and marks that lose nothing worth keeping; accented letters are not
  /// here because their accents are dropped after decomposition.
  static let spelled: [Unicode.Scalar: String] = [
    "\u{2018}": "'", "\u{2019}": "'", "\u{201A}": "'", "\u{201C}": "\"", "\u{201D}": "\"", "\u{201E}": "\"",
    "\u{00AB}": "\"", "\u{00BB}": "\"", "\u{2013}": "-", "\u{2014}": "-", "\u{2026}": "...", "\u{00A0}": " ",
    "\u{00D7}": "x",
    "\u{00C6}": "AE", "\u{00E6}": "ae", "\u{0152}": "OE", "\u{0153}": "oe", "\u{00D8}": "O", "\u{00F8}": "o",
    "\u{00DF}": "ss", "\u{1E9E}": "SS", "\u{00DE}": "TH", "\u{00FE}": "th", "\u{00D0}": "D", "\u{00F0}": "d",
    "\u{0110}": "D", "\u{0111}": "d", "\u{0126}": "H", "\u{0127}": "h", "\u{0131}": "i", "\u{0141}": "L",
    "\u{0142}": "l", "\u{013F}": "L", "\u{0140}": "l", "\u{014A}": "NG", "\u{014B}": "ng", "\u{0132}": "IJ",
    "\u{0133}": "ij", "\u{0166}": "T", "\u{0167}": "t", "\u{017F}": "s", "\u{0149}": "'n", "\u{0138}": "q",
    "\u{0191}": "F", "\u{0192}": "f", "\u{0197}": "I", "\u{0268}": "i", "\u{0180}": "b", "\u{0243}": "B",
    "\u{01B5}": "Z", "\u{01B6}": "z", "\u{FB01}": "fi", "\u{FB02}": "fl", "\u{FB00}": "ff",
  ]
}
