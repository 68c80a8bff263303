/// The records of an RFC 4180 CSV text, each with the line it starts on.
enum CSVRecords {
  /// One CSV record and the line it starts on.
  struct Record {
    var fields: [String]
    var line: Int
  }

  /// Splits a text into RFC 4180 records, refusing a quote that is never closed or text after a closing quote.
  /// Fields are separated by `separator`: a comma, or what a spreadsheet saves instead (a semicolon where the
  /// comma is the decimal mark, a tab).
  static func read(_ text: String, file: String, separator: Unicode.Scalar = ",") throws -> [Record] {
    var records: [Record] = []
    var fields: [String] = []
    var field = ""
    var line = 1
    var start = 1
    var quoted = false
    var wasQuoted = false
    var scalars = Array(text.unicodeScalars)
    if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
    var i = 0
    func endRecord() {
      fields.append(field)
      records.append(Record(fields: fields, line: start))
      fields = []
      field = ""
      wasQuoted = false
    }
    while i < scalars.count {
      let c = scalars[i]
      if quoted {
        if c == "\"" {
          if i + 1 < scalars.count, scalars[i + 1] == "\"" {
            field.unicodeScalars.append("\"")
            i += 1
          } else {
            quoted = false
          }
        } else {
          if c == "\n" { line += 1 }
          field.unicodeScalars.append(c)
        }
      } else if c == "\"" {
        guard field.isEmpty, !wasQuoted else {
          throw GroceryError.malformedImport(
            file: file, line: line, reason: "a quote inside a field that does not start with one")
        }
        quoted = true
        wasQuoted = true
      } else if c == separator {
        fields.append(field)
        field = ""
        wasQuoted = false
      } else if c == "\r" && i + 1 < scalars.count && scalars[i + 1] == "\n" {
        // The line break is read with the \n that follows.
      } else if c == "\n" {
        endRecord()
        line += 1
        start = line
      } else {
        if wasQuoted {
          throw GroceryError.malformedImport(file: file, line: line, reason: "text after a closing quote")
        }
        field.unicodeScalars.append(c)
      }
      i += 1
    }
    if quoted {
      throw GroceryError.malformedImport(file: file, line: start, reason: "a quoted field is never closed")
    }
    if !field.isEmpty || !fields.isEmpty || wasQuoted { endRecord() }
    return records
  }
}
