/// A command of grocery: one type declares its name, arguments, typed options and help, and parses into a value.
///
/// The list of these types in `CommandTable` is what the parser, `--help`, the man page and the completions read.
protocol Command: Sendable {
  static var name: String { get }
  static var aliases: [String] { get }
  /// Words people try for this command that grocery does not take as its name, answered with `did you mean`.
  static var habits: [String] { get }
  static var arguments: Arguments { get }
  /// One line for the command lists.
  static var abstract: String { get }
  /// A paragraph for `help COMMAND` and the man page.
  static var discussion: String { get }
  static var options: [any OptionDeclaration] { get }
  static var subcommands: [any Command.Type] { get }
  /// Examples shown in help and the man page.
  static var examples: [String] { get }
  /// How the command looks after the mirrors: their edits read back before it runs and the files written after it
  /// changed the household, by default.
  static var mirrors: MirrorUse { get }

  /// Reads the command's values from the parsed command line, through its own declarations.
  init(_ parsed: ParsedArguments) throws

  /// Returns what the command line asks for once parsed.
  func invocation(globals: GlobalOptions) -> Invocation
}

extension Command {
  static var aliases: [String] { [] }
  static var habits: [String] { [] }
  static var arguments: Arguments { .none }
  static var discussion: String { "" }
  static var options: [any OptionDeclaration] { [] }
  static var subcommands: [any Command.Type] { [] }
  static var examples: [String] { [] }
  static var mirrors: MirrorUse { .readAndWrite }

  /// The command's name and its aliases.
  static var allNames: [String] { [name] + aliases }
}

extension Command where Self: Runnable {
  var mirrors: MirrorUse { Self.mirrors }

  /// Returns a run of this command.
  func invocation(globals: GlobalOptions) -> Invocation { .run(self, globals: globals) }
}
