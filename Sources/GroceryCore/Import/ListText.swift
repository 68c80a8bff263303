/// grocery's own shopping list as `grocery list` prints it, plain or as Markdown, pasted back from an email or a
/// note: known by its last line, the count `list` ends with (`3 items to buy, 1 bought today`, in Markdown
/// `_3 items to buy, 1 bought today_`), and read as `list` wrote it. That line, and a title, are no items; a
/// category's name on a line of its own (`## Name` in Markdown) is a heading; a line wrapped to fit is joined
/// again; an item's note follows ` - `, and Markdown's escapes are taken off.
enum ListText {
  enum Kind: Equatable {
    case plain
    case markdown
  }

  /// The kind of list whose last line this is, or nil when it is no count `list` ends with.
  static func kind(lastLine line: String) -> Kind? {
    var text = Substring(line)
    var kind = Kind.plain
    if text.count > 2, text.hasPrefix("_"), text.hasSuffix("_") {
      text = text.dropFirst().dropLast()
      kind = .markdown
    }
    let words = text.split(separator: " ", omittingEmptySubsequences: false)
    guard words.count == 7, let toBuy = Int(words[0]), Int(words[4]) != nil,
      words[1] == (toBuy == 1 ? "item" : "items"), words[2] == "to", words[3] == "buy,", words[5] == "bought",
      words[6] == "today", words[0].allSatisfy(\.isASCII), words[4].allSatisfy(\.isASCII)
    else { return nil }
    return kind
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
          // What `list --all` or `--staples` notes after an item, in italics: `_(on the list)_`.
          if body.hasSuffix(")_"), let open = body.ranges(of: " _(").last {
            body = String(body[..<open.lowerBound])
          }
          out.append((index + 1, .item(text: unescaped(body), checked: trimmed.hasPrefix("- [x]"))))
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
          case .item(let name, let checked) where indent == 6:
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
