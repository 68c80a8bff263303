/// grocery's own list as `grocery list` prints it, plain or as Markdown, pasted back from an email or a note:
/// known by its last line, the count `list` ends with (`3 items to buy, 1 bought today`, in Markdown
/// `_3 items to buy, 1 bought today_`; `--staples` and `--purchased` end in their own), and read as `list` wrote
/// it. That line, and a title, are no items; a category's name on a line of its own (`## Name` in Markdown) is a
/// heading; a line wrapped to fit is joined again; an item's note follows ` - `, and Markdown's escapes are taken
/// off. What `list` notes after an item in brackets (`(on the list; never bought)`) is read by `annotation`.
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

  /// What `list` notes after an item, in brackets at the end of its line (`milk x2 (on the list; never bought)`):
  /// the text before them and the notes, or nil when the line ends in no such notes. Only the notes `list` writes
  /// are taken (`staple`, `bought today`, `last bought 2026-11-20`, `every 7 days (assumed)`, `due now`, …), so a
  /// note of the user's own in brackets stays the user's.
  static func annotation(_ text: String) -> (body: String, notes: [String])? {
    guard text.hasSuffix(")") else { return nil }
    var depth = 0
    var open: String.Index?
    var index = text.endIndex
    while index > text.startIndex {
      index = text.index(before: index)
      if text[index] == ")" { depth += 1 }
      if text[index] == "(" {
        depth -= 1
        if depth == 0 {
          open = index
          break
        }
      }
    }
    guard let open, open > text.startIndex, text[text.index(before: open)] == " " else { return nil }
    let notes = text[text.index(after: open)..<text.index(before: text.endIndex)]
      .split(separator: "; ", omittingEmptySubsequences: false).map(String.init)
    guard notes.allSatisfy(isNote) else { return nil }
    return (String(text[..<text.index(before: open)]), notes)
  }

  /// Whether one of the notes `list` writes after an item, in any of its modes.
  static func isNote(_ note: String) -> Bool {
    let fixed: Set<String> = [
      "on the list", "on the list, unavailable today", "unavailable today", "staple", "never bought",
      "bought today", "due now",
    ]
    if fixed.contains(note) { return true }
    for prefix in ["last bought ", "skipped until ", "due ", ""] where note.hasPrefix(prefix) {
      if Day(String(note.dropFirst(prefix.count))) != nil { return true }
    }
    if note.hasPrefix("by "), note.count > 3 { return true }
    var cadence = Substring(note)
    guard cadence.hasPrefix("every ") else { return false }
    cadence = cadence.dropFirst(6)
    if cadence.hasSuffix(" (assumed)") { cadence = cadence.dropLast(10) }
    let words = cadence.split(separator: " ", omittingEmptySubsequences: false)
    guard words.count == 2, words[0].allSatisfy({ $0.isASCII && $0.isNumber }), let days = Int(words[0])
    else {
      return false
    }
    return words[1] == (days == 1 ? "day" : "days")
  }

  /// One line of the list as it reads: a heading, an item's text (box and escapes off, wrapped lines joined),
  /// or nothing to import.
  enum Line: Equatable {
    case heading(String)
    case item(text: String, checked: Bool)
  }

  /// Reads the lines of a list of this kind, each with the number of its first line in the text; the count at
  /// the end (`last`, the index of the last line that is not blank) is left out.
  static func lines(_ raw: [String], last: Int, kind: Kind) -> [(number: Int, line: Line)] {
    var out: [(number: Int, line: Line)] = []
    for (index, text) in raw.enumerated() where index < last {
      let trimmed = UnicodeText.trimmed(text)
      if trimmed.isEmpty { continue }
      let indent = text.prefix { $0 == " " }.count
      switch kind {
      case .markdown:
        if trimmed.hasPrefix("## ") {
          out.append((index + 1, .heading(unescaped(String(trimmed.dropFirst(3))))))
        } else if trimmed.hasPrefix("- [ ] ") || trimmed.hasPrefix("- [x] ") {
          var body = String(trimmed.dropFirst(6))
          // What `list --all` or `--staples` notes after an item, in italics (`_(on the list)_`), is read as the
          // plain list writes it.
          var notes = ""
          if body.hasSuffix(")_"), let open = body.ranges(of: " _(").last {
            notes = " " + body[open.lowerBound..<body.index(before: body.endIndex)].dropFirst(2)
            body = String(body[..<open.lowerBound])
          }
          out.append((index + 1, .item(text: unescaped(body) + notes, checked: trimmed.hasPrefix("- [x]"))))
        }
      // A `# title` and anything else Markdown holds are no items.
      case .plain:
        let (checked, body) = TextLine.marker(Substring(trimmed))
        if let checked, indent == 2 {
          out.append((index + 1, .item(text: String(body), checked: checked)))
        } else if indent == 0 {
          // The title stands alone above a blank line; a heading has its first item right under it.
          let next = index + 1 < raw.count ? UnicodeText.trimmed(raw[index + 1]) : ""
          if !next.isEmpty { out.append((index + 1, .heading(trimmed))) }
        } else if let previous = out.last {
          // A line wrapped to fit: two spaces under a heading, six under an item (or an item off the list). It
          // was wrapped at a space, unless a word longer than a line was cut: such a word starts its line, so the
          // line above is that one word, full, its next character not fitting; the parts join without a space.
          let above = raw[index - 1]
          let word = TextLine.marker(Substring(UnicodeText.trimmed(above))).body
          let cut =
            !word.contains(" ")
            && (trimmed.first.map { TextLayout.width(above) + TextLayout.width(of: $0) > TextStyle().width }
              ?? false)
          let joint = cut ? "" : " "
          switch previous.line {
          case .heading(let name) where indent == 2:
            out[out.count - 1].line = .heading(name + joint + trimmed)
          // An item whose notes are whole (`list --all` notes every item) is over: the line under it, with no
          // box, is an item off the list.
          case .item(let name, let checked) where indent == 6 && annotation(name) == nil:
            out[out.count - 1].line = .item(text: name + joint + trimmed, checked: checked)
          default:
            out.append((index + 1, .item(text: trimmed, checked: false)))
          }
        }
      }
    }
    return out
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
