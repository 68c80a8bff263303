/// Reads the CSV that `list --format csv --all` writes, also after a spreadsheet has saved it again.
///
/// Fields are read as RFC 4180 says (quotes doubled inside quoted fields, line breaks allowed there, CRLF or LF
/// line ends), and the `'` that `CSVRenderer` puts before a field a spreadsheet would run as a formula is taken
/// off. Columns are found by their header names, in any order; `name` is required, and a column grocery does not
/// write is left out. `available: false` makes an
/// item on the list unavailable today. Without an `on_list` column every item goes on the list, as a pasted list's
/// do; an empty cell of a boolean column reads as if the column were absent for that row, and the boolean words
/// of a few languages' spreadsheets (`WAHR`, `VRAI`, …) are read as `true` and `false` are. `last_purchased` and
/// `bought_today` are ignored: a CSV list carries no purchase history (a grocery export does).
enum CSVImporter {
  /// Returns true when the text starts with a header row that includes `name` and is made of `CSVRenderer.header`
  /// columns, or holds another of them beside it (a spreadsheet's list with a column of its own, `Price`).
  static func isHeader(_ text: String) -> Bool { separator(of: text) != nil }

  /// The separator the header row is written with: a comma, a semicolon (a spreadsheet's CSV where the comma is
  /// the decimal mark) or a tab; nil when the first line is no such header. A name in double quotes is read
  /// without them, as a spreadsheet may quote every field.
  static func separator(of text: String) -> Unicode.Scalar? {
    var firstLine = Substring(text.prefix { $0 != "\n" && $0 != "\r\n" })
    if firstLine.hasSuffix("\r") { firstLine = firstLine.dropLast() }
    if firstLine.hasPrefix("\u{FEFF}") { firstLine = firstLine.dropFirst() }
    return [",", ";", "\t"].first { (separator: Unicode.Scalar) in
      let names = firstLine.split(separator: Character(separator), omittingEmptySubsequences: false).map {
        var name = UnicodeText.trimmed(String($0))
        if name.count >= 2 && name.hasPrefix("\"") && name.hasSuffix("\"") {
          name = String(name.dropFirst().dropLast()).replacing("\"\"", with: "\"")
        }
        return UnicodeText.trimmed(name).lowercased()
      }
      // Columns of the spreadsheet's own may repeat or have no name (the empty cells it writes after the last).
      // One of grocery's named twice is still a header, which `read` refuses.
      let known = names.filter { CSVRenderer.header.contains($0) }
      return known.contains("name") && (known.count == names.count || known.count >= 2)
    }
  }

  static func read(_ text: String, file: String) throws -> ImportDocument {
    let rows = try CSVRecords.read(text, file: file, separator: separator(of: text) ?? ",")
    guard let header = rows.first, isHeader(header.fields.joinedText(separator: ",")) else {
      throw GroceryError.malformedImport(
        file: file, line: 1,
        reason:
          "expected the header '\(CSVRenderer.header.joinedText(separator: ","))' or some of its columns")
    }
    let columns = header.fields.map { UnicodeText.trimmed($0).lowercased() }
    var seen = Set<String>()
    for column in columns where CSVRenderer.header.contains(column) && !seen.insert(column).inserted {
      throw GroceryError.malformedImport(
        file: file, line: header.line, reason: "the header names the column '\(column)' twice")
    }
    var document = ImportDocument(format: .csv)
    var items: [ImportedItem] = []
    for row in rows.dropFirst() {
      if row.fields.allSatisfy({ UnicodeText.trimmed($0).isEmpty }) { continue }
      func fail(_ reason: String) -> GroceryError {
        .malformedImport(file: file, line: row.line, reason: reason)
      }
      guard row.fields.count == columns.count else {
        throw fail("expected \(columns.count) fields, found \(row.fields.count)")
      }
      var values: [String: String] = [:]
      for (column, field) in zip(columns, row.fields) { values[column] = neutralisationUndone(field) }
      // An empty cell is read as the column's absence, for that row alone.
      func flag(_ column: String) throws -> Bool? {
        guard let text = values[column] else { return nil }
        let word = UnicodeText.trimmed(text).lowercased()
        if word.isEmpty { return nil }
        guard let flag = booleans[word] else {
          throw fail("expected '\(column)' to be true or false, found '\(ImportName.shown(text))'")
        }
        return flag
      }
      // A spreadsheet keeps a name as it is, as grocery's own `--format csv` wrote it; runs of spaces are folded
      // for matching alone.
      let name = try ImportName.clean(
        values["name"] ?? "", what: "item name", file: file, line: row.line, collapsing: false)
      var item = ImportedItem(name: name, line: row.line)
      if let text = values["quantity"].map(UnicodeText.trimmed), !text.isEmpty {
        guard let quantity = Int(text), (1...999).contains(quantity) else {
          throw fail(
            "expected 'quantity' to be a whole number from 1 to 999, found '\(ImportName.shown(text))'")
        }
        item.quantity = quantity
      }
      if let text = values["category"] {
        item.category =
          UnicodeText.trimmed(text).isEmpty
          ? Category.uncategorized
          : try ImportName.clean(text, what: "category name", file: file, line: row.line, collapsing: false)
        if let category = item.category, category != Category.uncategorized,
          !document.categories.contains(where: { ImportName.key($0.name) == ImportName.key(category) })
        {
          document.categories.append(ImportedCategory(name: category))
        }
      }
      if let text = values["note"] {
        item.note = .some(UnicodeText.trimmed(text).isEmpty ? nil : try note(text, fail: fail))
      }
      // A spreadsheet's list of names is a shopping list, as a pasted one is.
      item.isOnList = try flag("on_list") ?? true
      item.isUnavailable = try flag("available").map { !$0 }
      item.isStaple = try flag("staple")
      items.append(item)
    }
    (document.items, document.merged) = ImportMerger.merge(items)
    return document
  }

  /// The words a boolean column is read by, lower-cased: `true` and `false` as grocery and English spreadsheets
  /// write them, and as spreadsheets write them in German, French, Spanish, Italian, Dutch and Swedish.
  static let booleans: [String: Bool] = [
    "true": true, "false": false,
    "wahr": true, "falsch": false,  // German
    "vrai": true, "faux": false,  // French
    "verdadero": true, "falso": false,  // Spanish; Italian's false too
    "vero": true,  // Italian
    "waar": true, "onwaar": false,  // Dutch
    "sant": true, "falskt": false,  // Swedish
  ]

  /// Returns a note as `add -n` and `edit --note` keep it, by their own rule (`Values.note`), so whatever they
  /// keep comes back in, with one an older grocery kept too (a character that reorders text in it, which a list
  /// shows as an escape); a note with nothing in it is refused, as the export never writes one.
  static func note(_ text: String, fail: (String) -> GroceryError) throws -> String {
    let note: String?
    do {
      note = try Values.note(text, disguisable: true)
    } catch GroceryError.invalidValue(_, let value, let reason) {
      throw fail("note '\(ImportName.shown(value))': \(reason)")
    }
    guard let note else { throw fail("note '\(ImportName.shown(text))': it is empty") }
    return note
  }

  /// Takes off the `'` that `CSVRenderer.field` puts before a field starting with `=`, `+`, `-`, `@`, a tab, a
  /// carriage return or a `'` of its own, and leaves any other leading `'` as part of the text.
  static func neutralisationUndone(_ field: String) -> String {
    let scalars = field.unicodeScalars
    guard scalars.first == "'", let second = scalars.dropFirst().first,
      "=+-@\t\r'".unicodeScalars.contains(second)
    else { return field }
    return String(scalars.dropFirst())
  }
}
