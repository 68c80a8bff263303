import Foundation

/// Column widths and wrapping for plain-text output.
public enum TextLayout {
  /// Returns how many terminal columns the text takes: wide East Asian characters and emoji count two.
  public static func width(_ text: String) -> Int {
    var total = 0
    for character in text {
      guard let scalar = character.unicodeScalars.first else { continue }
      total += width(of: scalar)
    }
    return total
  }

  static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    let wide: [ClosedRange<UInt32>] = [
      0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
      0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]
    return wide.contains { $0.contains(value) } ? 2 : 1
  }

  /// Wraps text to lines of at most `width` columns: the first line after `first`, the rest after `rest`.
  public static func wrap(_ text: String, width: Int, first: String, rest: String) -> [String] {
    var lines: [String] = []
    var line = first
    var lineWidth = self.width(first)
    var lineHasWord = false
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      var word = String(word)
      let needed = self.width(word) + (lineHasWord ? 1 : 0)
      if lineWidth + needed <= width {
        line += (lineHasWord ? " " : "") + word
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
      // A word longer than a whole line is cut.
      while lineWidth + self.width(word) > width {
        var piece = ""
        var pieceWidth = 0
        for character in word {
          let w = self.width(String(character))
          if lineWidth + pieceWidth + w > width { break }
          piece.append(character)
          pieceWidth += w
        }
        if piece.isEmpty { break }
        lines.append(line + piece)
        word.removeFirst(piece.count)
        line = rest
        lineWidth = self.width(rest)
      }
      line += word
      lineWidth += self.width(word)
      lineHasWord = !word.isEmpty
    }
    lines.append(line)
    return lines
  }
}
