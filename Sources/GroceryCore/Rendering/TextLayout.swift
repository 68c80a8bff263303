#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Column widths and wrapping for plain-text output.
public enum TextLayout {
  /// Returns the lines as text, each ended by a line feed; none is the empty text.
  static func text(_ lines: [String]) -> String {
    var text = ""
    for line in lines {
      text += line
      text += "\n"
    }
    return text
  }

  /// Returns the line without the spaces at its end.
  static func trimmingTrailingSpaces(_ line: String) -> String {
    var end = line.utf8.endIndex
    while end > line.utf8.startIndex, line.utf8[line.utf8.index(before: end)] == 0x20 {
      end = line.utf8.index(before: end)
    }
    return String(line[..<end])
  }

  /// Returns how many terminal columns the text takes: East Asian wide characters and emoji count two.
  public static func width(_ text: String) -> Int {
    // Printable ASCII is one column a byte; most names are only that.
    if Names.isPrintableASCII(text) { return text.utf8.count }
    var total = 0
    for character in text { total += width(of: character) }
    return total
  }

  /// Returns the columns one character (a grapheme cluster) takes: two for a wide one or an emoji (a flag, or one
  /// followed by U+FE0F), and otherwise what a terminal gives its scalars (`wcwidth`), so that a spacing vowel
  /// sign or the second letter of a conjunct (Devanagari `कि`, `क्ष`) counts a column of its own.
  static func width(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if width(of: first) == 2 {
      // Hangul leading jamo join into one character however many there are, and with a syllable after them; a
      // terminal shows each of those two columns wide (the vowels and finals that may follow take none).
      guard isLeadingJamo(first.value), scalars.count > 1 else { return 2 }
      return 2 * scalars.reduce(0) { $0 + (contains(WidthTable.wide, $1.value) ? 1 : 0) }
    }
    if scalars.contains("\u{FE0F}") && contains(WidthTable.emoji, first.value) { return 2 }
    return scalars.reduce(0) { $0 + width(of: $1) }
  }

  /// Returns the columns a terminal gives one scalar: none for a mark that does not space, a format or control
  /// character, or a Hangul vowel or final jamo; two for a wide one; one otherwise (a spacing mark too, and a
  /// format character that shows, such as the Arabic number sign).
  static func width(of scalar: Unicode.Scalar) -> Int {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .control: return 0
    case .format: return contains(shownFormats, scalar.value) ? 1 : 0
    default: break
    }
    if (0x1160...0x11FF).contains(scalar.value) || (0xD7B0...0xD7FF).contains(scalar.value) { return 0 }
    return contains(WidthTable.wide, scalar.value) ? 2 : 1
  }

  /// The format characters a terminal shows a column wide: those written before the digits they go with.
  static let shownFormats: [ClosedRange<UInt32>] = [
    0x600...0x605, 0x6DD...0x6DD, 0x70F...0x70F, 0x890...0x891, 0x8E2...0x8E2, 0x110BD...0x110BD,
    0x110CD...0x110CD,
  ]

  /// Hangul leading consonant jamo, of both blocks: the wide scalars a character may hold many of.
  static func isLeadingJamo(_ value: UInt32) -> Bool {
    (0x1100...0x115F).contains(value) || (0xA960...0xA97C).contains(value)
  }

  /// The pieces a word wider than a line may be cut into: its characters, and the scalars of one that is wider
  /// than any emoji (a run of Hangul leading jamo).
  static func cuttable(_ word: String) -> [String] {
    var pieces: [String] = []
    for character in word {
      if width(of: character) > 2 {
        pieces += character.unicodeScalars.map { String($0) }
      } else {
        pieces.append(String(character))
      }
    }
    return pieces
  }

  /// Returns true when a sorted table of ranges holds the value, by binary search.
  static func contains(_ table: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
    var low = 0
    var high = table.count
    while low < high {
      let middle = (low + high) / 2
      if table[middle].upperBound < value {
        low = middle + 1
      } else if table[middle].lowerBound > value {
        high = middle
      } else {
        return true
      }
    }
    return false
  }

  /// Returns the text after `first` as one line when it fits in `width` columns, its spacing kept, and wraps
  /// it otherwise.
  public static func fit(_ text: String, width: Int, first: String, rest: String) -> [String] {
    if self.width(first) + self.width(text) <= width { return [first + text] }
    return wrap(text, width: width, first: first, rest: rest)
  }

  /// Returns the text when it fits in `width` columns, and otherwise as much of it as fits with `...` after, with
  /// no space before the dots (`artisanal...`, not `artisanal ...`, which reads as a word left out).
  public static func cut(_ text: String, width: Int) -> String {
    if self.width(text) <= width { return text }
    var out = ""
    var outWidth = 0
    for character in text {
      let w = self.width(of: character)
      if outWidth + w > width - 3 { break }
      out.append(character)
      outWidth += w
    }
    while out.last?.isWhitespace == true { out.removeLast() }
    return out + "..."
  }

  /// Wraps text to lines of at most `width` columns: the first line after `first`, the rest after `rest`.
  ///
  /// A word wider than a line is cut; with `keepingWords`, it goes whole on a line of its own, however wide (a
  /// file's path, which must be copied whole).
  public static func wrap(_ text: String, width: Int, first: String, rest: String, keepingWords: Bool = false)
    -> [String]
  {
    if fitsAsIs(text, width: width - self.width(first)) { return [first + text] }
    var lines: [String] = []
    var line = first
    var lineWidth = self.width(first)
    var lineHasWord = false
    let ascii = Names.isPrintableASCII(text)
    for word in ascii ? words(ofASCII: text) : text.split(separator: " ") {
      // A line may also break after an ideographic space, which stays at the end of the line before.
      let parts = ascii ? [word] : Self.ideographicParts(word)
      for (index, part) in parts.enumerated() {
        var word = String(part)
        let joiner = index == 0 ? " " : ""
        let needed = self.width(word) + (lineHasWord ? joiner.count : 0)
        if lineWidth + needed <= width {
          line += (lineHasWord ? joiner : "") + word
          lineWidth += needed
          lineHasWord = true
          continue
        }
        if lineHasWord {
          lines.append(line)
          line = rest
          lineWidth = self.width(rest)
          lineHasWord = false
        }
        // A word longer than a whole line is cut, between its characters, and inside one wider than a line.
        if lineWidth + self.width(word) > width && !keepingWords {
          let pieces = cuttable(word)
          let widths = pieces.map { self.width($0) }
          var (start, remaining) = (0, widths.reduce(0, +))
          while lineWidth + remaining > width {
            var (end, pieceWidth) = (start, 0)
            while end < pieces.count && lineWidth + pieceWidth + widths[end] <= width {
              pieceWidth += widths[end]
              end += 1
            }
            if end == start { break }
            lines.append(line + pieces[start..<end].joined())
            (start, remaining) = (end, remaining - pieceWidth)
            line = rest
            lineWidth = self.width(rest)
          }
          word = pieces[start...].joined()
        }
        line += word
        lineWidth += self.width(word)
        lineHasWord = !word.isEmpty
      }
    }
    lines.append(line)
    return lines
  }

  /// A word split after each ideographic space (U+3000) in it, each piece keeping its space.
  private static func ideographicParts(_ word: Substring) -> [Substring] {
    guard word.contains("\u{3000}") else { return [word] }
    var parts: [Substring] = []
    var start = word.startIndex
    for index in word.indices where word[index] == "\u{3000}" {
      let end = word.index(after: index)
      parts.append(word[start..<end])
      start = end
    }
    if start < word.endIndex { parts.append(word[start...]) }
    return parts
  }

  /// The words of printable ASCII text, split at its space bytes, where a character is a byte: without finding
  /// the characters, and in a plain loop (the library's generic split looked its types up at run time).
  private static func words(ofASCII text: String) -> [Substring] {
    var words: [Substring] = []
    let bytes = text.utf8
    var start = bytes.startIndex
    var index = start
    while index != bytes.endIndex {
      if bytes[index] == 0x20 {
        if start != index { words.append(text[start..<index]) }
        start = bytes.index(after: index)
      }
      index = bytes.index(after: index)
    }
    if start != bytes.endIndex { words.append(text[start...]) }
    return words
  }

  /// Whether the text is a line `wrap` writes as it is: it fits the width, with single spaces between its
  /// words.
  static func fitsAsIs(_ text: String, width: Int) -> Bool {
    var contiguous = text
    return contiguous.withUTF8 { fitsAsIs($0, width: width) { text } }
  }

  /// The same for a line given as its UTF-8 bytes.
  static func fitsAsIs(_ line: [UInt8], width: Int) -> Bool {
    line.withUnsafeBufferPointer { fitsAsIs($0, width: width) { String(decoding: line, as: UTF8.self) } }
  }

  /// The check itself, on the bytes in place: printable ASCII is a column a byte, other text measured as `text`.
  private static func fitsAsIs(_ bytes: UnsafeBufferPointer<UInt8>, width: Int, text: () -> String) -> Bool {
    guard let head = bytes.first, let tail = bytes.last, head != 0x20, tail != 0x20 else { return false }
    var (previous, ascii): (UInt8, Bool) = (0, true)
    for byte in bytes {
      if byte == 0x20 && previous == 0x20 { return false }
      if byte < 0x20 || byte >= 0x7F { ascii = false }
      previous = byte
    }
    return (ascii ? bytes.count : self.width(text())) <= width
  }
}
