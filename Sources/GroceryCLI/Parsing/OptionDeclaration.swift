/// An option as the parser, `--help`, the man page and the completions see it, whatever its value type.
protocol OptionDeclaration: Sendable {
  var long: String { get }
  var short: Character? { get }
  /// The value's placeholder (`N`, `DATE`); nil for a flag.
  var placeholder: String? { get }
  var help: String { get }
  /// Whether the option may be given more than once.
  var repeatable: Bool { get }
  /// What a shell completes for the option's value, when it is not free text.
  var completion: ArgumentCompletion? { get }
  /// Converts the text given on the command line into the option's value, refusing a malformed one.
  func convert(_ text: String) throws -> any Sendable
}

extension OptionDeclaration {
  var isFlag: Bool { placeholder == nil }

  /// How the option is shown in help: `-q, --quantity N`.
  var synopsis: String {
    (short.map { "-\($0), " } ?? "    ") + "--\(long)" + (placeholder.map { " \($0)" } ?? "")
  }
}
