/// What the parser found: the command path, each option's converted values, and the positional arguments.
struct ParsedArguments: Sendable {
  var path: [String] = []
  var positionals: [String] = []
  /// The long names of the options the command and the globals declare; empty before a command is found.
  var declared: Set<String> = []
  /// The values of the options given, by long name, in the order given; read through the declarations.
  private var values: [String: [any Sendable]] = [:]

  /// The option's value (the last one given), or nil when it was not given.
  subscript<Value>(_ option: Option<Value>) -> Value? {
    guard let last = given(option)?.last else { return nil }
    return last as? Value
  }

  /// Whether the flag was given.
  subscript(_ flag: Flag) -> Bool { given(flag) != nil }

  /// Every value given for a repeatable option, in order, or nil when it was not given.
  func all<Value>(_ option: Option<Value>) -> [Value]? {
    given(option)?.compactMap { $0 as? Value }
  }

  /// Records a converted value for an option.
  mutating func record(_ option: any OptionDeclaration, _ value: any Sendable) {
    values[option.long, default: []].append(value)
  }

  /// Refuses options that cannot be used together.
  func exclusive(_ options: any OptionDeclaration...) throws {
    let given = options.filter { self.given($0) != nil }
    if given.count > 1 {
      throw UsageError(
        "options " + given.map { "'--\($0.long)'" }.joinedText(separator: " and ")
          + " cannot be used together",
        path: path)
    }
  }

  /// Refuses an option that needs another.
  func requires(_ option: any OptionDeclaration, _ other: any OptionDeclaration) throws {
    if given(option) != nil && given(other) == nil {
      throw UsageError("option '--\(option.long)' needs '--\(other.long)'", path: path)
    }
  }

  /// The values given for an option; reading one the command does not declare is a programming error.
  private func given(_ option: any OptionDeclaration) -> [any Sendable]? {
    assert(declared.isEmpty || declared.contains(option.long), "'--\(option.long)' is not declared")
    return values[option.long]
  }
}
