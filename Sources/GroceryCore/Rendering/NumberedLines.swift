/// Renders lines numbered from 1, the numbers right-aligned: ` 9. a` above `10. b`.
public enum NumberedLines {
  public static func text(_ lines: [String]) -> String {
    let width = String(lines.count).count
    return lines.enumerated().map { index, line in
      let number = String(index + 1)
      return String(repeating: " ", count: width - number.count) + number + ". " + line
    }.joined(separator: "\n") + "\n"
  }
}
