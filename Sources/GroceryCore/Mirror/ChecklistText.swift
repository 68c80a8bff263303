#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How a checklist line spells an item: as `list` describes it (`milk x2 - semi-skimmed`), which reads back as a
/// pasted list reads; or, for a name that reading would take for something else (`2 percent milk` as two of
/// `percent milk`, `salt, coarse` as two items, `pie - apple` as `pie` with a note), the name in double quotes,
/// a quote in it doubled (`"2 percent milk" x3`), which reads back as it is.
enum ChecklistText {
  /// The text of the line for an item.
  static func line(_ item: Item) -> String {
    let plain = TextRenderer.describe(item)
    do {
      let entries = try ChecklistLine(number: 1, body: plain, ticked: false).entries(file: "")
      if entries.count == 1, entries[0].entry.name == item.name,
        (entries[0].entry.quantity ?? 1) == item.quantity, entries[0].note == item.note
      {
        return plain
      }
    } catch {
      // A text the reader refuses (a number the name starts with, over 999) is one to write in quotes.
    }
    var text = "\"" + item.name.replacing("\"", with: "\"\"") + "\""
    if item.quantity > 1 { text += " x\(item.quantity)" }
    if let note = item.note { text += " - " + note }
    return text
  }

  /// Reads a line's text written with its name in quotes: the name, the quantity after it (` x3`, ` ×3`, ` (3)`)
  /// and the note after ` - `. Nil for any other text, which is read as a pasted list is.
  static func quoted(_ body: String) -> (name: String, quantity: Int?, note: String?)? {
    var characters = Substring(body)
    guard characters.first == "\"" else { return nil }
    characters.removeFirst()
    var name = ""
    while true {
      guard let next = characters.first else { return nil }
      characters.removeFirst()
      if next == "\"" {
        if characters.first == "\"" {
          characters.removeFirst()
          name.append("\"")
          continue
        }
        break
      }
      name.append(next)
    }
    var rest = String(characters)
    var note: String?
    if let dash = rest.firstRange(of: " - ") {
      note = String(rest[dash.upperBound...])
      rest = String(rest[..<dash.lowerBound])
    }
    if rest.isEmpty { return (name, nil, note) }
    guard rest.hasPrefix(" ") else { return nil }
    var count = rest.dropFirst()
    if count.hasPrefix("(") && count.hasSuffix(")") {
      count = count.dropFirst().dropLast()
    } else if let times = count.first, "xX×".contains(times) {
      count = count.dropFirst().drop { $0 == " " }
    } else {
      return nil
    }
    guard !count.isEmpty, count.allSatisfy({ $0.isASCII && $0.isNumber }), let quantity = Int(count) else {
      return nil
    }
    return (name, quantity, note)
  }
}
