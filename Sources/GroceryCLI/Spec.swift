import GroceryCore

/// One option of a command: its names, whether it takes a value, and its help.
struct OptionSpec: Sendable {
  var long: String
  var short: Character?
  /// The value's placeholder (`N`, `DATE`); nil for a flag.
  var value: String?
  /// The values a shell completes for it, when they are a fixed set.
  var choices: [String] = []
  /// What a shell completes for the value when it names things in the store.
  var completes: NameKind? = nil

  /// What a shell completes for the option's value: names from the store, or the fixed choices.
  var completion: ArgumentCompletion? {
    if let completes { return .names(completes) }
    return choices.isEmpty ? nil : .words(choices)
  }
  var repeatable = false
  var help: String

  init(
    _ long: String, _ short: Character? = nil, value: String? = nil, choices: [String] = [],
    completes: NameKind? = nil, repeatable: Bool = false, help: String
  ) {
    self.long = long
    self.short = short
    self.value = value
    self.choices = choices
    self.completes = completes
    self.repeatable = repeatable
    self.help = help
  }

  var isFlag: Bool { value == nil }

  /// How the option is shown in help: `-q, --quantity N`.
  var synopsis: String {
    (short.map { "-\($0), " } ?? "    ") + "--\(long)" + (value.map { " \($0)" } ?? "")
  }
}

/// One command: names, arguments, options, help, and how to turn parsed arguments into a runnable value.
struct CommandSpec: Sendable {
  var name: String
  var aliases: [String] = []
  /// The positional arguments as shown in usage, e.g. `NAME...`.
  var arguments: String = ""
  var minArguments = 0
  var maxArguments: Int? = 0
  /// What a shell completes for the positional arguments.
  var completes: ArgumentCompletion? = nil
  var abstract: String
  var discussion: String = ""
  var options: [OptionSpec] = []
  var subcommands: [CommandSpec] = []
  /// Examples shown in help and the man page.
  var examples: [String] = []
  var make: @Sendable (ParsedArguments) throws -> any Runnable

  var allNames: [String] { [name] + aliases }
}

/// What a shell offers to complete a value.
enum ArgumentCompletion: Sendable {
  /// The names of things of a kind in the current store.
  case names(NameKind)
  /// A fixed set of words.
  case words([String])
  /// The names of grocery's commands.
  case commands
}

/// What the parser found: the command path, options by long name, and positional arguments.
struct ParsedArguments: Sendable {
  var path: [String] = []
  var values: [String: [String]] = [:]
  var positionals: [String] = []

  func flag(_ name: String) -> Bool { values[name] != nil }
  func value(_ name: String) -> String? { values[name]?.last }
  func all(_ name: String) -> [String] { values[name] ?? [] }

  /// Refuses options that cannot be used together.
  func exclusive(_ names: [String]) throws {
    let given = names.filter { values[$0] != nil }
    if given.count > 1 {
      throw UsageError(
        "options " + given.map { "'--\($0)'" }.joined(separator: " and ") + " cannot be used together",
        path: path)
    }
  }

  /// Refuses an option that needs another.
  func requires(_ name: String, _ other: String) throws {
    if values[name] != nil && values[other] == nil {
      throw UsageError("option '--\(name)' needs '--\(other)'", path: path)
    }
  }
}

/// A command line that does not fit the grammar; exit 64 with a usage hint.
struct UsageError: Error, Equatable {
  var message: String
  /// The command path the hint points at.
  var path: [String]

  init(_ message: String, path: [String] = []) {
    self.message = message
    self.path = path
  }
}
