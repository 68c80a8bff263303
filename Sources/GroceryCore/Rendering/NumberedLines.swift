/// Renders lines numbered from 1, the numbers right-aligned: ` 9. a` above `10. b`; a line too long for 80
/// columns wraps under its text.
public enum NumberedLines {
  public static func text(_ lines: [String]) -> String {
    let width = String(lines.count).count
    return lines.enumerated().flatMap { index, line in
      let number = String(index + 1)
      let head = String(repeating: " ", count: width - number.count) + number + ". "
      return TextLayout.fit(line, width: 80, first: head, rest: String(repeating: " ", count: head.count))
    }.joinedText(separator: "\n") + "\n"
  }
}
