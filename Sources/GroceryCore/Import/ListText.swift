/// grocery's own list as `grocery list` prints it, plain or as Markdown, pasted back from an email or a note:
/// known by its last line, the count `list` ends with (`3 items to buy, 1 bought today`, in Markdown
/// `_3 items to buy, 1 bought today_`; `--staples` and `--purchased` end in their own), and read as `list` wrote
/// it. That line, and a title, are no items; a category's name on a line of its own (`## Name` in Markdown) is a
/// heading; a line wrapped to fit is joined again; an item's note follows ` - `, and Markdown's escapes are taken
/// off. What `list` notes after an item in brackets (`(on the list; never bought)`) is read by `notes`.
enum ListText {
  enum Kind: Equatable {
    case plain
    case markdown
  }

  /// Which list the count at the end closes.
  enum Footer: Equatable {
    /// `list` and `list --all`: `3 items to buy, 1 bought today`.
    case toBuy
    /// `list --staples`: `4 staples, 1 on the list, 2 more due to restock`.
    case staples
    /// `list --purchased`: `2 bought today`.
    case purchased
  }

  /// The kind of list whose last line this is, and which list's count it is; nil when it is no count `list`
  /// ends with.
  static func ending(_ line: String) -> (kind: Kind, footer: Footer)? {
    var text = Substring(line)
    var kind = Kind.plain
    if text.count > 2, text.hasPrefix("_"), text.hasSuffix("_") {
      text = text.dropFirst().dropLast()
      kind = .markdown
    }
    let words = text.split(separator: " ", omittingEmptySubsequences: false)
    func number(_ index: Int) -> Int? {
      words[index].allSatisfy(\.isASCII) ? Int(words[index]) : nil
    }
    /// A count and its noun, which is plural but for one: `1 item`, `2 items,`.
    func counted(_ index: Int, _ noun: String, _ end: String = "") -> Bool {
      number(index).map { words[index + 1] == ($0 == 1 ? noun : noun + "s") + end } ?? false
    }
    switch words.count {
    case 7
    where counted(0, "item") && words[2...3] == ["to", "buy,"] && number(4) != nil
      && words[5...6] == ["bought", "today"]:
      return (kind, .toBuy)
    case 11
    where counted(0, "staple", ",") && number(2) != nil && words[3...5] == ["on", "the", "list,"]
      && number(6) != nil && words[7...10] == ["more", "due", "to", "restock"]:
      return (kind, .staples)
    case 3 where number(0) != nil && words[1...2] == ["bought", "today"]:
      return (kind, .purchased)
    default:
      return nil
    }
  }

  /// Whether a line is what `list` prints for an empty list (`Nothing on the list.`, `No staples at Aldi yet.`),
  /// plain or in Markdown's italics.
  static func isEmptyList(_ line: String) -> Bool {
    var text = Substring(line)
    if text.count > 2, text.hasPrefix("_"), text.hasSuffix("_") { text = text.dropFirst().dropLast() }
    guard text.hasSuffix(".") else { return false }
    if text.hasPrefix("Nothing on the list") {
      return text == "Nothing on the list." || text.hasPrefix("Nothing on the list at ")
        || text.hasPrefix("Nothing on the list in ")
    }
    for (start, end) in [("No items", " yet."), ("No staples", " yet."), ("Nothing bought", " yet.")]
    where text.hasPrefix(start) && text.hasSuffix(end) {
      let scope = text.dropFirst(start.count).dropLast(end.count)
      return scope.isEmpty || scope.hasPrefix(" at ") || scope.hasPrefix(" in ")
    }
    return false
  }

  /// Which of `list`'s lists a text is: what it notes after each item (in brackets at the end of its line) differs.
  enum Mode: Equatable {
    /// `list`: only `(unavailable today)`.
    case shopping
    /// `list --all`: whether on the list and a staple, then when last bought (`never bought`, `bought today`,
    /// `last bought 2026-11-20`), which every item has.
    case all
    /// `list --staples`: every item's cadence (`every 7 days (assumed)`), when last bought, when due.
    case staples
    /// `list --purchased`: the day an item was bought before today, and by whom.
    case purchased
  }

  /// The text in brackets at the end of an item's line (`milk x2 (on the list; never bought)`): the text before the
  /// brackets and what is in them, or nil when the line ends in no brackets (a bracket inside them, as in
  /// `every 7 days (assumed)`, is theirs).
  static func bracketed(_ text: String) -> (body: String, inside: String)? {
    guard text.hasSuffix(")") else { return nil }
    var depth = 0
    var index = text.endIndex
    while index > text.startIndex {
      index = text.index(before: index)
      if text[index] == ")" { depth += 1 }
      if text[index] == "(" {
        depth -= 1
        if depth == 0 { break }
      }
    }
    guard depth == 0, index > text.startIndex, text[text.index(before: index)] == " " else { return nil }
    return (
      String(text[..<text.index(before: index)]),
      String(text[text.index(after: index)..<text.index(before: text.endIndex)])
    )
  }

  /// What `list` in this mode notes after an item, read from the text in its brackets, or nil when that text is
  /// not what this mode writes (a note of the user's own in brackets, which stays the user's).
  static func notes(_ inside: String, mode: Mode) -> [String]? {
    let notes = inside.split(separator: "; ", omittingEmptySubsequences: false).map(String.init)
    func date(_ note: String, after prefix: String) -> Bool {
      note.hasPrefix(prefix) && Day(String(note.dropFirst(prefix.count))) != nil
    }
    /// A purchase dated too far ahead to count: `2031-05-01 not counted (clock ahead)`.
    func notCounted(_ note: String) -> Bool {
      let suffix = " not counted (clock ahead)"
      return note.hasSuffix(suffix) && Day(String(note.dropLast(suffix.count))) != nil
    }
    func bought(_ note: String) -> Bool {
      note == "never bought" || note == "bought today" || date(note, after: "last bought ")
    }
    switch mode {
    case .shopping:
      return notes == ["unavailable today"] ? notes : nil
    case .all:
      // Whether on the list, a staple, then when last bought, which every item has.
      guard let last = notes.last, bought(last) else { return nil }
      let before = notes.dropLast()
      let known: Set<String> = ["on the list", "on the list, unavailable today", "staple"]
      return before.allSatisfy(known.contains) ? notes : nil
    case .staples:
      guard notes.contains(where: isCadence) else { return nil }
      let fits = notes.allSatisfy {
        $0 == "on the list" || isCadence($0) || bought($0) || $0 == "due now" || date($0, after: "due ")
          || date($0, after: "skipped until ") || notCounted($0)
      }
      return fits ? notes : nil
    case .purchased:
      let fits = notes.allSatisfy { date($0, after: "") || ($0.hasPrefix("by ") && $0.count > 3) }
      return fits ? notes : nil
    }
  }

  /// Whether a note is a staple's cadence as `list --staples` writes it: `every 7 days`, `every 1 day (assumed)`.
  static func isCadence(_ note: String) -> Bool {
    var cadence = Substring(note)
    guard cadence.hasPrefix("every ") else { return false }
    cadence = cadence.dropFirst(6)
    if cadence.hasSuffix(" (assumed)") { cadence = cadence.dropLast(10) }
    let words = cadence.split(separator: " ", omittingEmptySubsequences: false)
    guard words.count == 2, words[0].allSatisfy({ $0.isASCII && $0.isNumber }), let days = Int(words[0])
    else { return false }
    return words[1] == (days == 1 ? "day" : "days")
  }

  /// One line of the list as it reads: a heading, an item's text (box and escapes off, wrapped lines joined),
  /// or nothing to import.
  enum Line: Equatable {
    case heading(String)
    /// An item's text, with what `list` noted after it taken off and read (nil when it noted nothing this mode
    /// writes).
    case item(text: String, checked: Bool, notes: [String]?)
  }

  /// Reads the lines of a list of this kind, written by `list` in this mode, each with the number of its first
  /// line in the text; the count at the end (`last`, the index of the last line that is not blank) is left out.
  static func lines(_ raw: [String], last: Int, kind: Kind, mode: Mode) -> [(number: Int, line: Line)] {
    var out: [(number: Int, line: Line)] = []
    /// Whether the paste lost every indent `list` wrote: no line before the count starts with a space.
    let lostIndent = !raw[..<last].contains { $0.hasPrefix(" ") }
    /// Whether an item's text so far ends in all this mode notes after an item: in the modes that show items off
    /// the list, with no box, the line under it is then the next item, not more of it.
    func isWhole(_ text: String) -> Bool {
      (mode == .all || mode == .staples) && bracketed(text).flatMap { notes($0.inside, mode: mode) } != nil
    }
    for (index, text) in raw.enumerated() where index < last {
      let trimmed = UnicodeText.trimmed(text)
      if trimmed.isEmpty { continue }
      let indent = text.prefix { $0 == " " }.count
      switch kind {
      case .markdown:
        if trimmed.hasPrefix("## ") {
          out.append((index + 1, .heading(unescaped(String(trimmed.dropFirst(3))))))
        } else if trimmed.hasPrefix("- [ ] ") || trimmed.hasPrefix("- [x] ")
          || (trimmed.hasPrefix("- ") && (mode == .all || mode == .staples))
        {
          // With `--all` and `--staples`, an item off the list is a bullet with no box.
          let boxed = trimmed.hasPrefix("- [ ] ") || trimmed.hasPrefix("- [x] ")
          var body = String(trimmed.dropFirst(boxed ? 6 : 2))
          // What `list` notes after an item, in italics (`_(on the list)_`); brackets of the item's own are not
          // in italics.
          var noted: [String]?
          if body.hasSuffix(")_"), let open = body.ranges(of: " _(").last,
            let found = notes(
              String(body[open.upperBound..<body.index(body.endIndex, offsetBy: -2)]), mode: mode)
          {
            noted = found
            body = String(body[..<open.lowerBound])
          }
          out.append(
            (index + 1, .item(text: unescaped(body), checked: trimmed.hasPrefix("- [x]"), notes: noted)))
        } else if !trimmed.hasPrefix("#") {
          // A line added by hand, bulleted or not, is an item; a `# title` is none.
          let (checked, body) = TextLine.marker(Substring(trimmed))
          out.append((index + 1, .item(text: unescaped(String(body)), checked: checked ?? false, notes: nil)))
        }
      case .plain:
        let (checked, body) = TextLine.marker(Substring(trimmed))
        let above = index > 0 ? raw[index - 1] : ""
        let marked = body.count != trimmed.count
        // Grocery wraps a line only when the next word does not fit: in a paste that lost every indent (an app
        // that trims lines), a line is still more of the item above when its first word would not have fitted
        // after it. A boxed line never is, nor a bulleted one, but for the dash before a note (` - fresh` wrapped
        // as `- fresh`), whose first word, `-`, did not fit.
        let wrapped =
          lostIndent && (!marked || checked == nil && trimmed.hasPrefix("- ")) && index > 0
          && !UnicodeText.trimmed(above).isEmpty
          && printedWidth(above) + 1 + TextLayout.width(String(trimmed.prefix { $0 != " " }))
            > TextStyle().width
        if let checked, indent <= 2 {
          out.append((index + 1, .item(text: String(body), checked: checked, notes: nil)))
        } else if indent == 0 && !(wrapped && { if case .item = out.last?.line { true } else { false } }()) {
          // The title stands alone above a blank line. A heading follows a blank line (or starts the list) and has
          // its first item right under it (boxed or indented; in `--all` and `--staples`, whatever it is), or its
          // name wrapped; any other line is an item: one added by hand, bulleted or not, or one `--all` or
          // `--staples` showed off the list in a paste that lost its indent.
          let nextRaw = index + 1 < raw.count ? raw[index + 1] : ""
          let next = UnicodeText.trimmed(nextRaw)
          let afterBlank = index == 0 || UnicodeText.trimmed(above).isEmpty
          let underIt =
            !next.isEmpty
            && (TextLine.marker(Substring(next)).checked != nil || nextRaw.hasPrefix(" ")
              || mode == .all || mode == .staples)
          if !marked && afterBlank && underIt && !isWhole(trimmed) {
            out.append((index + 1, .heading(trimmed)))
          } else if marked || !next.isEmpty || !out.isEmpty {
            out.append((index + 1, .item(text: String(body), checked: false, notes: nil)))
          }
        } else if let previous = out.last {
          // A line wrapped to fit: two spaces under a heading, six under an item (or an item off the list). It
          // was wrapped at a space, unless a word longer than a line was cut: such a word starts its line, so the
          // line above is that one word, full, its next character not fitting; the parts join without a space.
          // A name one word long that filled its line is followed on the next by what `list` prints after a name
          // (` x2`, ` - note`, `(on the list; …)`), which no cut word goes on with: that one keeps its space.
          let word = TextLine.marker(Substring(UnicodeText.trimmed(above))).body
          let cut =
            !word.contains(" ") && !startsAfterAName(trimmed)
            && (trimmed.first.map { printedWidth(above) + TextLayout.width(of: $0) > TextStyle().width }
              ?? false)
          let joint = cut ? "" : " "
          switch previous.line {
          case .heading(let name) where indent == 2:
            out[out.count - 1].line = .heading(name + joint + trimmed)
          case .item(let name, let checked, _) where (indent == 6 || indent == 0) && !isWhole(name):
            out[out.count - 1].line = .item(text: name + joint + trimmed, checked: checked, notes: nil)
          default:
            out.append((index + 1, .item(text: trimmed, checked: false, notes: nil)))
          }
        }
      }
    }
    // The notes after each plain item, once its wrapped lines are joined.
    if kind == .plain {
      for index in out.indices {
        // In a list that notes only some items, a note that is only such brackets (`Qux - (unavailable today)`,
        // as typed) stays the note. `--all` and `--staples` note every item, so their brackets are theirs even
        // after a name or note that ends in ` -`.
        guard case .item(let text, let checked, _) = out[index].line, let found = bracketed(text),
          mode == .all || mode == .staples || !found.body.hasSuffix(" -"),
          let noted = notes(found.inside, mode: mode)
        else { continue }
        out[index].line = .item(text: found.body, checked: checked, notes: noted)
      }
    }
    return out
  }

  /// Whether a line starts with what `list` prints after an item's name: its quantity (`x2`, alone or before more),
  /// its note (`- ripe`) or its notes in brackets (`(on the list; never bought)`).
  static func startsAfterAName(_ line: String) -> Bool {
    if line.hasPrefix("- ") || line.hasPrefix("(") { return true }
    guard line.hasPrefix("x") else { return false }
    let digits = line.dropFirst().prefix { $0.isASCII && $0.isNumber }
    let rest = line.dropFirst(1 + digits.count)
    return !digits.isEmpty && (rest.isEmpty || rest.hasPrefix(" "))
  }

  /// How wide a line of a plain list was as `list` printed it, its indent put back where a paste lost it: two
  /// spaces before a box, six before more of an item.
  static func printedWidth(_ line: String) -> Int {
    let width = TextLayout.width(line)
    guard !line.hasPrefix(" ") else { return width }
    return width + (TextLine.marker(Substring(line)).checked != nil ? 2 : 6)
  }

  /// Markdown's text without the `\` `list --format markdown` escapes its syntax with.
  static func unescaped(_ text: String) -> String {
    var out = ""
    var escaping = false
    for character in text {
      if !escaping, character == "\\" {
        escaping = true
        continue
      }
      escaping = false
      out.append(character)
    }
    return out
  }
}
