/// What the parser found: the command path, each option's converted values, and the positional arguments.
struct ParsedArguments: Sendable {
  var path: [String] = []
  /// The values of the options given, by long name, in the order given; read through the declarations.
  private(set) var values: [String: [any Sendable]] = [:]
  var positionals: [String] = []

  /// The option's value (the last one given), or nil when it was not given.
  subscript<Value>(_ option: Option<Value>) -> Value? {
    guard let last = values[option.long]?.last else { return nil }
    return last as? Value
  }

  /// Whether the flag was given.
  subscript(_ flag: Flag) -> Bool { values[flag.long] != nil }

  /// Every value given for a repeatable option, in order, or nil when it was not given.
  func all<Value>(_ option: Option<Value>) -> [Value]? {
    values[option.long]?.compactMap { $0 as? Value }
  }

  /// Whether the option was given at all.
  func given(_ option: any OptionDeclaration) -> Bool { values[option.long] != nil }

  /// Records a converted value for an option.
  mutating func record(_ option: any OptionDeclaration, _ value: any Sendable) {
    values[option.long, default: []].append(value)
  }

  /// Refuses options that cannot be used together.
  func exclusive(_ options: any OptionDeclaration...) throws {
    let given = options.filter(given)
    if given.count > 1 {
      throw UsageError(
        "options " + given.map { "'--\($0.long)'" }.joined(separator: " and ") + " cannot be used together",
        path: path)
    }
  }

  /// Refuses an option that needs another.
  func requires(_ option: any OptionDeclaration, _ other: any OptionDeclaration) throws {
    if given(option) && !given(other) {
      throw UsageError("option '--\(option.long)' needs '--\(other.long)'", path: path)
    }
  }
}
