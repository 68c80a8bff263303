/// A mirror file read as a checklist: its header and its item lines, in order.
struct Checklist: Equatable, Sendable {
  var header: MirrorHeader
  var lines: [ChecklistLine]

  /// What reading a file found: a checklist, or why the file is not one.
  enum Reading: Equatable, Sendable {
    case checklist(Checklist)
    /// The file no longer reads as a checklist; the reason is said to the user (`it is empty`).
    case notAChecklist(String)
  }

  /// Reads a file's bytes in either format, with or without a byte-order mark, with LF or CRLF line ends.
  static func read(_ bytes: [UInt8], format: MirrorFormat) -> Reading {
    // A byte-order mark and white space alone are an empty file, as an app that writes the mark saves one.
    let body = bytes.dropFirst(ChangeLog.textStart(bytes))
    if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
      return .notAChecklist("it is empty")
    }
    guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else {
      return .notAChecklist("it is not text")
    }
    var cleaned: [String] = []
    // The bullet line an indented line after it goes on, while it may.
    var open: Int?
    for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
      var line = String(raw)
      if line.hasSuffix("\r") { line.removeLast() }
      if line.hasPrefix("\u{FEFF}") { line.removeFirst() }
      line = line.replacing("\t", with: " ")
      let trimmed = UnicodeText.trimmed(line)
      // A Markdown item an editor wrapped at its width goes on in an indented line without a bullet: that line is
      // the rest of the item, not an item of its own. It is read as empty, so the lines keep their numbers.
      if format == .markdown, line.hasPrefix(" "), let open, !startsLine(trimmed) {
        cleaned[open] += " " + trimmed
        cleaned.append("")
        continue
      }
      open = format == .markdown && isBullet(trimmed) ? cleaned.count : nil
      cleaned.append(trimmed)
    }
    // The line naming the household is grocery's first, but an app that sorts its lines may move it.
    guard
      let (headerIndex, header) = cleaned.indices.lazy.compactMap({ index in
        MirrorHeader.parse(cleaned[index]).map { (index, $0) }
      }).first
    else {
      return .notAChecklist("no line names a household")
    }
    var lines: [ChecklistLine] = []
    var category: String?
    var number = 0
    for line in cleaned {
      number += 1
      if line.isEmpty || number == headerIndex + 1 { continue }
      let parsed: ChecklistLine?
      switch format {
      case .markdown: parsed = markdown(line, number: number, category: &category)
      case .todoTxt: parsed = todoTxt(line, number: number)
      }
      if let parsed { lines.append(parsed) }
    }
    return .checklist(Checklist(header: header, lines: lines))
  }

  /// True when a Markdown line is an item that an indented line after it may go on: a bullet (`- [ ] milk`).
  static func isBullet(_ line: String) -> Bool {
    line.count > 2 && ["- ", "* ", "+ "].contains(where: line.hasPrefix)
  }

  /// True when an indented Markdown line starts a line of its own: a bullet, a numbered item, a heading or a
  /// comment, or nothing at all.
  static func startsLine(_ line: String) -> Bool {
    if line.isEmpty || ["-", "*", "+", "#", "<!--"].contains(where: line.hasPrefix) { return true }
    let digits = line.prefix { $0.isASCII && $0.isNumber }
    return !digits.isEmpty && [".", ")"].contains(line.dropFirst(digits.count).first.map(String.init) ?? "")
  }

  /// Reads a Markdown line: a heading sets the category of the lines under it; `-`, `*` and `+` bullets with
  /// `[ ]`, `[x]` or `[X]` boxes, or a line of plain text, are items.
  static func markdown(_ line: String, number: Int, category: inout String?) -> ChecklistLine? {
    if line.hasPrefix("#") {
      let name = UnicodeText.trimmed(String(line.drop { $0 == "#" }))
      category = name.isEmpty ? nil : name
      return nil
    }
    if line.hasPrefix("<!--") { return nil }
    var rest = Substring(line)
    if rest.hasPrefix("+ ") { rest = "-" + rest.dropFirst() }
    var (checked, marked) = TextLine.marker(rest)
    // Another state an app gives a task (Obsidian's `[-]` cancelled, `[/]` under way, `[>]` moved on) is no
    // tick, and no part of the name.
    if checked == nil, marked.count > 3, marked.first == "[", marked.dropFirst(2).hasPrefix("] "),
      let state = marked.dropFirst().first, !state.isLetter, !state.isNumber
    {
      (checked, marked) = (false, marked.dropFirst(4))
    }
    let (body, day) = MarkdownDoneMark.read(TaskFields.strip(UnicodeText.trimmed(String(marked))))
    let text = TaskFields.strip(body)
    if text.isEmpty { return nil }
    return ChecklistLine(number: number, category: category, body: text, ticked: checked == true, day: day)
  }

  /// Reads a todo.txt line: `x` and a completion date tick it; a priority, a creation date, `+projects` and
  /// `key:value` tags are left out, its first `@context` is its category (`_` for a space), and a word grocery
  /// wrote with a `\` in front is the text after it (`TodoTxtWords`).
  static func todoTxt(_ line: String, number: Int) -> ChecklistLine? {
    var words = line.split(separator: " ").map(String.init)
    var ticked = false
    var day: Day?
    if words.first == "x" {
      ticked = true
      words.removeFirst()
      if let first = words.first, let found = Day(first) {
        day = found
        words.removeFirst()
      } else if let first = words.first, first.count == 10,
        first.enumerated().allSatisfy({ $1.isASCII && ($0 == 4 || $0 == 7 ? $1 == "-" : $1.isNumber) })
      {
        // A completion date no calendar has (`2026-13-45`, mistyped): the day the file changed, never a name.
        words.removeFirst()
      }
    }
    // A priority and a creation date, in either order: apps keep a ticked task's priority in front of its
    // creation date (`x 2026-11-26 (A) 2026-11-24 jam`) or after it.
    var (priority, created) = (false, false)
    while let first = words.first {
      if !priority, first.count == 3, first.hasPrefix("("), first.hasSuffix(")") {
        priority = true
      } else if !created, Day(first) != nil {
        created = true
      } else {
        break
      }
      words.removeFirst()
    }
    var context: String?
    var kept: [String] = []
    for word in words.map({ Substring($0) }) {
      if TodoTxtWords.isEscaped(word) {
        kept.append(String(word.dropFirst()))
      } else if TodoTxtWords.isContext(word) {
        if context == nil { context = String(word.dropFirst()) }
      } else if !TodoTxtWords.isProject(word) && !TodoTxtWords.isTag(word) {
        kept.append(String(word))
      }
    }
    // A note that was tags alone (`soap x2 - size:large`) leaves its dash: no note, not a name ending in one.
    if kept.count > 1, kept.last == "-", kept.count < words.count { kept.removeLast() }
    // A line of tags alone (`+plus`, as grocery wrote a name before it kept tags as text) is its text, so that
    // it is never lost: the item it names, or a new one.
    if kept.isEmpty { kept = words }
    if kept.isEmpty { return nil }
    return ChecklistLine(
      number: number, category: context?.replacing("_", with: " "), body: kept.joinedText(separator: " "),
      ticked: ticked, day: day, context: context)
  }
}
