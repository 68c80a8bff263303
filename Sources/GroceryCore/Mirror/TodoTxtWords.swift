/// The words todo.txt gives a meaning of its own, and how a line grocery writes keeps such a word as text.
///
/// todo.txt reads `x` opening a line as a tick, a priority `(A)` or a date opening it as the task's, `+project`,
/// `@context` and `key:value` anywhere as tags. An item named `+plus`, `x ray film` or with the note `size:large`
/// would be read back as something else, so grocery writes such a word with a `\` in front (`\+plus`, `\x ray film`,
/// `\size:large`), which no todo.txt app takes for a tag, and reads a word opening with `\` as the text after it.
enum TodoTxtWords {
  /// A `+project` (a `+` and more).
  static func isProject(_ word: Substring) -> Bool { word.count > 1 && word.hasPrefix("+") }

  /// An `@context` (an `@` and more).
  static func isContext(_ word: Substring) -> Bool { word.count > 1 && word.hasPrefix("@") }

  /// A `key:value` tag: a key of ASCII letters, and a value without a colon that is not a link's `//`.
  static func isTag(_ word: Substring) -> Bool {
    guard let colon = word.firstIndex(of: ":"), colon != word.startIndex else { return false }
    let value = word[word.index(after: colon)...]
    return !value.isEmpty && !value.contains(":") && !value.hasPrefix("//")
      && word[..<colon].allSatisfy { $0.isASCII && $0.isLetter }
  }

  /// A priority: `(A)`, one character in parentheses.
  static func isPriority(_ word: Substring) -> Bool {
    word.count == 3 && word.hasPrefix("(") && word.hasSuffix(")")
  }

  /// A word written as text with a `\` in front: the text is what follows it.
  static func isEscaped(_ word: Substring) -> Bool { word.count > 1 && word.hasPrefix("\\") }

  /// Returns the text as a line's words, each word todo.txt would read as more than text written with a `\` in
  /// front: a tag, a word that opens with `\`, and, first on the line, a tick, a priority or a date.
  static func escaped(_ text: String) -> String {
    var first = true
    return text.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
      defer { first = false }
      let opens = first && (word == "x" || isPriority(word) || Day(String(word)) != nil)
      let tagged = isProject(word) || isContext(word) || isTag(word) || isEscaped(word)
      return opens || tagged ? "\\" + word : String(word)
    }.joinedText(separator: " ")
  }
}
