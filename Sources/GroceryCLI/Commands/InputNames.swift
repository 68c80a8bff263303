import GroceryCore

/// Reads names from standard input for `-`: one a line, skipping blank lines and `#` comments.
enum InputNames {
  /// The names, each checked as a name is: one that no command would take is refused with its line's number.
  static func read(_ text: String) throws -> [String] {
    var names: [String] = []
    for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .enumerated()
    {
      let name = UnicodeText.trimmedOfSpaces(String(line))
      if name.isEmpty || name.hasPrefix("#") { continue }
      _ = try Names.clean(name, what: "name on line \(index + 1) of standard input")
      names.append(name)
    }
    return names
  }

  /// Returns the names given, with `-` replaced by the lines of standard input, which are read once: a second `-`
  /// adds nothing.
  static func expand(_ names: [String], console: Console) throws -> [String] {
    guard let first = names.firstIndex(of: "-") else { return names }
    let input = try read(try console.readInput())
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
