import GroceryCore

/// Reads names from standard input for `-`: one a line, skipping blank lines and `#` comments.
enum InputNames {
  static func read(_ text: String) -> [String] {
    text.split(whereSeparator: \.isNewline)
      .map { UnicodeText.trimmedOfSpaces(String($0)) }
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
  }

  /// Returns the names given, with `-` replaced by the lines of standard input.
  static func expand(_ names: [String], console: Console) throws -> [String] {
    guard names.contains("-") else { return names }
    let input = read(try console.readInput())
    return names.flatMap { $0 == "-" ? input : [$0] }
  }
}
