/// How imported names are cleaned for display and folded for matching.
enum ImportName {
  /// Returns the name with curly quotes and dashes made straight and runs of white space made one space, so
  /// "Ben’s  cookies – large" and "ben's cookies - large" match.
  static func folded(_ name: String) -> String {
    var out = ""
    var space = false
    for scalar in name.unicodeScalars {
      if scalar.properties.isWhitespace {
        space = true
        continue
      }
      if space && !out.isEmpty { out += " " }
      space = false
      switch scalar {
      case "\u{2018}", "\u{2019}", "\u{201A}", "\u{201B}", "\u{2032}": out += "'"
      case "\u{201C}", "\u{201D}", "\u{201E}", "\u{201F}", "\u{2033}": out += "\""
      case "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2015}", "\u{2212}": out += "-"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Returns a value from the file as an error message shows it: control characters escaped, and cut to its
  /// first 20 characters and `...` when longer than 40, so a huge field makes a short message.
  static func shown(_ text: String) -> String {
    let printable = Names.printable(String(String.UnicodeScalarView(text.unicodeScalars.prefix(41))))
    return printable.unicodeScalars.count > 40 ? Names.excerpt(printable) : printable
  }

  /// Returns the key imported names are matched by: folded, then compared as `Names.key` compares.
  static func key(_ name: String) -> String { Names.key(folded(name)) }

  /// Returns the key imported names are also matched by, as paper spells them (`Strasse` for `Straße`), as a
  /// typed name is matched.
  static func spelledKey(_ name: String) -> String { Names.spelledKey(folded(name)) }

  /// Returns the name for display: cleaned as `Names.clean` cleans it (the refusal naming the file and line),
  /// with runs of spaces inside made one unless `collapsing` is false (a file grocery wrote, whose names come back
  /// exactly as they were).
  static func clean(_ raw: String, what: String, file: String, line: Int, collapsing: Bool = true) throws
    -> String
  {
    do {
      let clean = try Names.clean(raw, what: what)
      if !collapsing { return clean }
      var collapsed = ""
      var space = false
      for scalar in clean.unicodeScalars {
        if scalar == " " || scalar == "\u{A0}" {
          space = true
          continue
        }
        if space { collapsed += " " }
        space = false
        collapsed.unicodeScalars.append(scalar)
      }
      return collapsed
    } catch let error as GroceryError {
      if case .invalidValue(_, let value, let reason) = error {
        throw GroceryError.malformedImport(
          file: file, line: line, reason: "\(what) '\(shown(value))': \(reason)")
      }
      throw error
    }
  }
}
