/// Reads a list pasted from an email or a notes app: one item a line.
///
/// A line may start with a bullet (`-`, `*`, `•`), a box (`[ ]`, `- [ ]`, `[x]`) or a number (`1.`, `1)`), and
/// give a quantity as `2 milk`, `2x milk`, `milk x2`, `milk ×2` or `milk (2)`. Blank lines and lines starting
/// with `#` are skipped, and so are empty bullets and boxes. A checked item (`[x]`) is already bought, so it is skipped and reported rather than put
/// on the list. A line that cannot be read (a quantity of 0 or over 999, only punctuation, a control character)
/// is refused with its line number, never guessed at.
///
/// A line ending in `:` is a heading: the lines under it take the category it names, when the household has one,
/// and a heading that names none (`Shopping for Sunday:`) is skipped and reported. A line whose parts between
/// commas each read as an item (`- milk, eggs, bread`) is that many items; a comma between two digits (`1,5 kg`) is
/// a decimal mark, not a place to split.
enum TextImporter {
  static func read(_ text: String, file: String) throws -> ImportDocument {
    var lines: [String] = []
    for rawLine in text.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    {
      var line = String(rawLine)
      if line.hasSuffix("\r") { line.removeLast() }
      if lines.isEmpty, line.hasPrefix("\u{FEFF}") { line.removeFirst() }
      line = line.replacing("\t", with: " ")
      if Names.containsControl(line) {
        throw GroceryError.malformedImport(
          file: file, line: lines.count + 1,
          reason: "'\(ImportName.shown(line))' contains a control character")
      }
      lines.append(line)
    }
    let filled = lines.indices.filter { !UnicodeText.trimmed(lines[$0]).isEmpty }
    // The runs of lines between blank lines: a title, then the list, or what an empty list says (wrapped after a
    // long store's or category's name).
    var blocks: [[String]] = []
    for (index, line) in lines.enumerated() {
      let text = UnicodeText.trimmed(line)
      if text.isEmpty { continue }
      if index > 0, !UnicodeText.trimmed(lines[index - 1]).isEmpty, !blocks.isEmpty {
        blocks[blocks.count - 1].append(text)
      } else {
        blocks.append([text])
      }
    }
    let saysEmpty = blocks.last.map { ListText.isEmptyList($0.joined(separator: " ")) } ?? false
    // `list --format print`: a title (wrapped or not) underlined with `=`, columns for paper, and its count
    // (`13 to buy`) or what an empty list says last. Read as a paste, its columns would make items of two at once;
    // it is refused, saying what to import.
    if let underline = blocks.first?.firstIndex(where: { $0.count >= 3 && $0.allSatisfy { $0 == "=" } }),
      underline > 0, underline == blocks[0].count - 1, blocks.count >= 2,
      saysEmpty || blocks[blocks.count - 1].last.map(isPrintCount) == true
    {
      throw GroceryError.malformedImport(
        file: file, line: filled[0] + underline + 1,
        reason: "this is the layout 'list --format print' makes for paper, in columns, which import does not"
          + " read; import what 'grocery list' prints")
    }
    if let last = filled.last, let (kind, footer) = ListText.ending(UnicodeText.trimmed(lines[last])),
      let document = try readList(lines, last: last, kind: kind, footer: footer, file: file)
    {
      return document
    }
    // An empty list as `list` prints it (`Nothing on the list.`), under its title or not, holds no item; a paste
    // that lost its blank line keeps the title right above it.
    if (blocks.count <= 2 && saysEmpty)
      || (filled.count <= 2
        && filled.last.map { ListText.isEmptyList(UnicodeText.trimmed(lines[$0])) } == true)
    {
      return ImportDocument(format: .text)
    }
    var document = ImportDocument(format: .text)
    var items: [ImportedItem] = []
    var lineNumber = 0
    var heading: Int?
    for (index, line) in lines.enumerated() {
      lineNumber += 1
      func fail(_ reason: String) -> GroceryError {
        .malformedImport(file: file, line: lineNumber, reason: reason)
      }
      let rest = Substring(UnicodeText.trimmed(line))
      // A rule (`---`, `===`, `***`) is no item; a line underlined with one is a heading, as Markdown has it.
      if rest.isEmpty || rest.hasPrefix("#") || isRule(rest) { continue }
      let whole = String(rest)
      // Only a line on its own (first, or after a blank line or a rule) is underlined: in a list, a rule after the
      // last of a group of items only ends the group.
      let next = Substring(index + 1 < lines.count ? UnicodeText.trimmed(lines[index + 1]) : "")
      let above = Substring(index > 0 ? UnicodeText.trimmed(lines[index - 1]) : "")
      let alone = above.isEmpty || isRule(above)
      let underlined =
        alone && isRule(next) && (next.first == "=" || next.first == "-")
        && whole.unicodeScalars.contains(where: \.properties.isAlphabetic)
        && TextLine.marker(rest).body.count == rest.count
      if let name = underlined ? whole : self.heading(whole) {
        document.headings.append(ImportHeading(name: name, line: lineNumber))
        heading = lineNumber
        continue
      }
      let (checked, body) = TextLine.marker(rest)
      // An empty bullet or box, as a notes app leaves at the end of a list, is a blank line.
      if body.isEmpty { continue }
      for entry in try TextLine.entries(String(body), whole: whole, file: file, line: lineNumber) {
        if checked == true {
          document.skipped.append(ImportSkip(name: entry.name, reason: "checked off on line \(lineNumber)"))
          continue
        }
        var item = ImportedItem(name: entry.name, quantity: entry.quantity, isOnList: true, line: lineNumber)
        item.headingLine = heading
        items.append(item)
      }
    }
    (document.items, document.merged) = ImportMerger.merge(items)
    return document
  }

  /// Whether a line is a rule: three or more of one of `-`, `=`, `_` or `*`, and nothing else.
  static func isRule(_ line: Substring) -> Bool {
    guard let first = line.first, "-=_*".contains(first), line.count >= 3 else { return false }
    return line.allSatisfy { $0 == first }
  }

  /// Whether a line is the count `list --format print` ends with: `13 to buy`, or the count of a text list.
  static func isPrintCount(_ line: String) -> Bool {
    if ListText.ending(line) != nil { return true }
    let words = line.split(separator: " ")
    return words.count == 3 && words[0].allSatisfy { $0.isASCII && $0.isNumber }
      && words[1...] == ["to", "buy"]
  }

  /// Reads grocery's own list, as `list` printed it (`ListText`): its headings, and its items with their
  /// quantities and notes, each line one item; nil when it is not one, only ending as one does.
  ///
  /// `list` and `list --all` end alike: it is `--all` when every item ends in what `--all` notes (whether it is on
  /// the list, then when last bought), which then says whether it goes on the list (the box does not: Markdown
  /// ticks an item bought today) and is a staple. Every item of `--staples` is a staple. `--purchased` holds only
  /// ticked items, what was bought, and its headings (`Bought today`) are no categories: a text ending in its count
  /// (`2 bought today`) with a line that is no ticked item is a list of the user's own.
  static func readList(
    _ lines: [String], last: Int, kind: ListText.Kind, footer: ListText.Footer, file: String
  ) throws -> ImportDocument? {
    func isItem(_ line: ListText.Line) -> Bool { if case .item = line { true } else { false } }
    let mode: ListText.Mode
    var read: [(number: Int, line: ListText.Line)]
    switch footer {
    case .toBuy:
      read = ListText.lines(lines, last: last, kind: kind, mode: .all)
      let noted = read.allSatisfy { if case .item(_, _, nil) = $0.line { false } else { true } }
      if noted && read.contains(where: { isItem($0.line) }) {
        mode = .all
      } else {
        mode = .shopping
        read = ListText.lines(lines, last: last, kind: kind, mode: .shopping)
      }
    case .staples:
      mode = .staples
      read = ListText.lines(lines, last: last, kind: kind, mode: .staples)
    case .purchased:
      mode = .purchased
      read = ListText.lines(lines, last: last, kind: kind, mode: .purchased)
      let ticks = read.compactMap { if case .item(_, let checked, _) = $0.line { checked } else { nil } }
      if ticks.isEmpty || ticks.contains(false) { return nil }
    }
    var document = ImportDocument(format: .text)
    var items: [ImportedItem] = []
    var heading: Int?
    for (number, line) in read {
      switch line {
      case .heading(let name):
        if mode == .purchased { continue }
        document.headings.append(ImportHeading(name: name, line: number))
        heading = number
      case .item(var text, var checked, let notes):
        // `--all` and `--staples` say of every item whether it is on the list.
        let saysOnList = notes != nil && (mode == .all || mode == .staples)
        if saysOnList { checked = false }
        var note: String?
        if let dash = text.firstRange(of: " - ") {
          note = try CSVImporter.note(String(text[dash.upperBound...])) {
            .malformedImport(file: file, line: number, reason: $0)
          }
          text = String(text[..<dash.lowerBound])
        }
        // `list` writes a quantity only after the name, as ` x2`: a name that starts with a number
        // (`2 percent milk`) is the name.
        var quantity: Int?
        if let times = text.ranges(of: " x").last, let count = Int(text[times.upperBound...]),
          text[times.upperBound...].allSatisfy({ $0.isASCII && $0.isNumber }), (2...999).contains(count)
        {
          quantity = count
          text = String(text[..<times.lowerBound])
        }
        let name = try ImportName.clean(text, what: "item name", file: file, line: number)
        if checked {
          document.skipped.append(ImportSkip(name: name, reason: "checked off on line \(number)"))
          continue
        }
        let listed = notes?.contains { $0.hasPrefix("on the list") } ?? false
        var item = ImportedItem(name: name, quantity: quantity, isOnList: !saysOnList || listed, line: number)
        if mode == .staples || notes?.contains("staple") == true { item.isStaple = true }
        if let note { item.note = .some(note) }
        item.headingLine = heading
        items.append(item)
      }
    }
    (document.items, document.merged) = ImportMerger.merge(items)
    return document
  }

  /// Returns the name a heading line gives (`Dairy:` gives `Dairy`), or nil when the line is not a heading.
  static func heading(_ line: String) -> String? {
    guard line.hasSuffix(":") else { return nil }
    let name = UnicodeText.trimmed(String(line.dropLast()))
    return name.unicodeScalars.contains(where: \.properties.isAlphabetic) ? name : nil
  }

  /// Returns the items a line holds: its parts between commas when every part reads as an item (holds a
  /// letter), else the whole line. A comma with a digit on both sides is a decimal mark (`flour 1,5 kg`), never
  /// a place to split.
  static func parts(_ text: String) -> [String] {
    func isDigit(_ c: Character?) -> Bool { c.map { $0.isASCII && $0.isNumber } ?? false }
    var pieces: [Substring] = []
    var start = text.startIndex
    var previous: Character?
    var index = text.startIndex
    while index < text.endIndex {
      let next = text.index(after: index)
      if text[index] == ",", !(isDigit(previous) && next < text.endIndex && isDigit(text[next])) {
        pieces.append(text[start..<index])
        start = next
      }
      previous = text[index]
      index = next
    }
    pieces.append(text[start...])
    let parts = pieces.map { UnicodeText.trimmedOfSpaces(String($0)) }
    guard parts.count > 1, parts.allSatisfy({ $0.unicodeScalars.contains(where: \.properties.isAlphabetic) })
    else { return [text] }
    return parts
  }

  /// Returns the length of a leading `12.` or `12)` followed by a space, or nil.
  static func numbering(_ text: Substring) -> Int? {
    let digits = text.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, digits.count <= 4 else { return nil }
    let after = text.dropFirst(digits.count)
    guard let mark = after.first, mark == "." || mark == ")", after.dropFirst().first == " " else {
      return nil
    }
    return digits.count + 1
  }

  /// Why a line's quantity (as shown) is refused.
  static func quantityRefused(_ whole: String, _ quantity: String) -> String {
    "'\(ImportName.shown(whole))' has quantity \(quantity), and a quantity is a whole number from 1 to 999"
  }

  /// Splits a quantity from the name: `2 milk`, `2x milk`, `milk x2`, `milk ×2`, `milk (2)`.
  static func quantified(_ text: String, whole: String, fail: (String) -> GroceryError) throws -> (
    Int?, String
  ) {
    let characters = Array(text)
    func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
    func isTimes(_ c: Character) -> Bool { c == "x" || c == "X" || c == "×" }
    func count(_ digits: ArraySlice<Character>) throws -> Int {
      guard let value = Int(String(digits)), (1...999).contains(value) else {
        throw fail(quantityRefused(whole, ImportName.shown(String(digits))))
      }
      return value
    }
    // Leading: digits, an optional times sign, then a space.
    var i = 0
    while i < characters.count, isDigit(characters[i]) { i += 1 }
    if i > 0 {
      var j = i
      if j < characters.count, isTimes(characters[j]) {
        j += 1
      } else {
        // `2 x milk`: a times sign standing alone between the number and the name.
        var k = j
        while k < characters.count, characters[k] == " " { k += 1 }
        if k > j, k + 1 < characters.count, isTimes(characters[k]), characters[k + 1] == " " { j = k + 1 }
      }
      if j < characters.count, characters[j] == " " {
        let name = String(characters[j...]).trimmingSpaces
        if !name.isEmpty { return (try count(characters[0..<i]), name) }
      }
    }
    // Trailing: `(2)`.
    if characters.last == ")", let open = characters.lastIndex(of: "(") {
      let digits = characters[(open + 1)..<(characters.count - 1)]
      if !digits.isEmpty, digits.allSatisfy(isDigit), open > 0, characters[open - 1] == " " {
        return (try count(digits), String(characters[..<open]).trimmingSpaces)
      }
    }
    // Trailing: ` x2`, ` x 2`, ` ×2`.
    var end = characters.count
    while end > 0, isDigit(characters[end - 1]) { end -= 1 }
    if end < characters.count {
      var k = end
      while k > 0, characters[k - 1] == " " { k -= 1 }
      if k > 0, isTimes(characters[k - 1]), k > 1, characters[k - 2] == " " {
        return (try count(characters[end...]), String(characters[..<(k - 1)]).trimmingSpaces)
      }
    }
    return (nil, text)
  }
}

extension String {
  /// The text without spaces at either end.
  fileprivate var trimmingSpaces: String { UnicodeText.trimmedOfSpaces(self) }
}
