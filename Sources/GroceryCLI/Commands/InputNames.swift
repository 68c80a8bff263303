import GroceryCore

/// Reads names from standard input for `-`: one a line, skipping blank lines and `#` comments.
enum InputNames {
  /// The names, each checked as a name is: one that no command would take is refused with its line's number.
  static func read(_ text: String) throws -> [String] {
    try numbered(text).map(\.name)
  }

  /// The names with the number of the line each is on.
  static func numbered(_ text: String) throws -> [(line: Int, name: String)] {
    var names: [(line: Int, name: String)] = []
    for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .enumerated()
    {
      let name = UnicodeText.trimmedOfSpaces(String(line))
      if name.isEmpty || name.hasPrefix("#") { continue }
      _ = try Names.clean(name, what: "name on line \(index + 1) of standard input")
      names.append((index + 1, name))
    }
    return names
  }

  /// Returns the names given, with `-` replaced by the lines of standard input, which are read once: a second `-`
  /// adds nothing.
  static func expand(_ names: [String], console: Console) throws -> [String] {
    guard names.contains("-") else { return names }
    return expand(names, input: try read(try console.readInput()))
  }

  /// Returns the names given, with the first `-` replaced by the names read from standard input and any other
  /// left out.
  static func expand(_ names: [String], input: [String]) -> [String] {
    guard let first = names.firstIndex(of: "-") else { return names }
    return names.indices.flatMap { $0 == first ? input : names[$0] == "-" ? [] : [names[$0]] }
  }

  /// Refuses `-` as the name of a new category or store: it stands for standard input where names are read, and
  /// `category add -` meant that, not a category named `-`.
  static func refuseDash(_ name: String, what: String, path: [String]) throws {
    if UnicodeText.trimmed(name) == "-" {
      throw UsageError(
        "invalid \(what) '-': it stands for standard input, which this command does not read", path: path)
    }
  }
}
