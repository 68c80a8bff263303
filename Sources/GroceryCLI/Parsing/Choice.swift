/// One of an option's fixed values: the word typed, the value it stands for, and what it means.
struct Choice<Value: Sendable>: Sendable {
  let word: String
  let value: Value
  /// A few words shown beside the value by shells that show descriptions.
  let help: String

  init(_ word: String, _ value: Value, help: String) {
    self.word = word
    self.value = value
    self.help = help
  }
}
