import GroceryCore

/// Reads names from standard input for `-`: one a line, skipping blank lines and `#` comments.
enum InputNames {
  static func read(_ text: String) -> [String] {
    text.split(whereSeparator: \.isNewline)
      .map { UnicodeText.trimmedOfSpaces(String($0)) }
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
  }

  /// Returns the names given, with `-` replaced by the lines of standard input, which are read once: a second `-`
  /// adds nothing.
  static func expand(_ names: [String], console: Console) throws -> [String] {
    guard let first = names.firstIndex(of: "-") else { return names }
    let input = read(try console.readInput())
    return names.indices.flatMap { $0 == first ? input : names[$0] == "-" ? [] : [names[$0]] }
  }
}
