/// An option that takes a value of type `Value`, converted from its text by the parser.
struct Option<Value: Sendable>: OptionDeclaration {
  let long: String
  let short: Character?
  let placeholder: String?
  let help: String
  let repeatable: Bool
  let completion: ArgumentCompletion?
  /// Turns the text given into the value, throwing a usage error or `GroceryError.invalidValue`.
  let parse: @Sendable (String) throws -> Value

  /// Declares an option whose text is turned into a value by `parse`.
  init(
    _ long: String, _ short: Character? = nil, value: String, completes: ArgumentCompletion? = nil,
    repeatable: Bool = false, help: String, parse: @escaping @Sendable (String) throws -> Value
  ) {
    self.long = long
    self.short = short
    self.placeholder = value
    self.help = help
    self.repeatable = repeatable
    self.completion = completes
    self.parse = parse
  }

  /// Declares an option whose value is one of a fixed set of words, matched like any name.
  init(_ long: String, _ short: Character? = nil, value: String, choices: [Choice<Value>], help: String) {
    self.long = long
    self.short = short
    self.placeholder = value
    self.help = help
    self.repeatable = false
    self.completion = .words(choices.map { CompletionWord($0.word, help: $0.help) })
    self.parse = { text in
      try ArgumentParser.resolve(
        text, among: choices, shown: value.lowercased(), quote: { $0 }, path: [],
        context: " for '--\(long)'", expected: choices.map(\.word)
      ) { $0.word }.value
    }
  }

  func convert(_ text: String) throws -> any Sendable { try parse(text) }
}

extension Option where Value == String {
  /// Declares an option whose value is its text as given.
  init(
    _ long: String, _ short: Character? = nil, value: String, completes: ArgumentCompletion? = nil,
    repeatable: Bool = false, help: String
  ) {
    self.init(
      long, short, value: value, completes: completes, repeatable: repeatable, help: help, parse: { $0 })
  }
}
