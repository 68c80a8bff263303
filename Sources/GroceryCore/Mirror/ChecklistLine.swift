/// One item line of a checklist, as a file holds it.
struct ChecklistLine: Equatable, Sendable {
  /// The line's number in the file, from 1.
  var number: Int
  /// The heading (Markdown) or context (todo.txt) the line is under, as written.
  var category: String?
  /// The line's text without its box, tick, date and contexts: `bananas x2 - not too ripe`.
  var body: String
  var ticked: Bool
  /// The day a tick carries (`x 2026-11-23` in todo.txt, `✅ 2026-11-23` or `@done(2026-11-23)` in Markdown).
  var day: Day?
  /// The todo.txt `@context` the category was read from, as written (`snack_bar`); nil in Markdown.
  var context: String?

  /// The body without spaces that do not matter and without case, for matching a line to the one written.
  var key: String { Names.key(body.split(separator: " ").joinedText(separator: " ")) }

  /// The one item the line names, read as `add` reads names; nil for a line that does not read back as one item (a
  /// name with a comma, say, or one `add` refuses), which is then matched only by its text. Why it does not read is
  /// not asked here: a line of the file being diffed that cannot be read is said by `entries(file:)`.
  var entry: (entry: TextLine.Entry, note: String?)? {
    do {
      let entries = try entries(file: "")
      return entries.count == 1 ? entries[0] : nil
    } catch {
      return nil
    }
  }

  /// Returns the items the line names, as `add` would take them, with the note after ` - `.
  func entries(file: String) throws -> [(entry: TextLine.Entry, note: String?)] {
    if let quoted = ChecklistText.quoted(body) {
      // A name grocery wrote in quotes is taken as it is; its quantity and note pass the checks `add` makes.
      let name = try ImportName.clean(quoted.name, what: "item name", file: file, line: number)
      if let quantity = quoted.quantity, !(1...999).contains(quantity) {
        throw GroceryError.malformedImport(
          file: file, line: number, reason: TextImporter.quantityRefused(body, String(quantity)))
      }
      return [
        (
          TextLine.Entry(quantity: quoted.quantity, name: name),
          try quoted.note.flatMap { try Values.note($0, disguisable: true) }
        )
      ]
    }
    var text = body
    var note: String?
    if let dash = body.firstRange(of: " - ") {
      text = String(body[..<dash.lowerBound])
      // As the file holds it: a note an older grocery kept comes back as it was written.
      note = try Values.note(String(body[dash.upperBound...]), disguisable: true)
    }
    let entries = try TextLine.entries(text, whole: body, file: file, line: number)
    return entries.map { ($0, entries.count == 1 ? note : nil) }
  }
}
