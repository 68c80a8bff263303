import GroceryCore

/// `grocery help [COMMAND...]`: help for a command, the manual page with `--man`, or the Markdown command
/// reference with `--markdown`.
///
/// It never runs against the store: parsing it yields the help to show.
struct HelpCommand: Command {
  static let name = "help"
  static let arguments = Arguments("[COMMAND...]", maximum: 2, completes: .commands)
  static let abstract = "Show help for grocery or a command."
  static let man = Flag("man", help: "Print the manual page (roff) instead: the whole manual.")
  static let markdown = Flag(
    "markdown", help: "Print the command reference in Markdown instead: the command's section, or the whole.")
  static let options: [any OptionDeclaration] = [man, markdown]
  static let examples = ["grocery help add", "grocery help --man | man -l -"]

  var path: [String]
  var format: HelpFormat

  init(_ parsed: ParsedArguments) throws {
    try parsed.exclusive(Self.man, Self.markdown)
    format = parsed[Self.man] ? .man : parsed[Self.markdown] ? .markdown : .text
    var resolved: [String] = []
    var choices = CommandTable.commands
    for word in parsed.positionals {
      let kind = resolved.isEmpty ? "command" : "subcommand"
      guard !choices.isEmpty else {
        throw UsageError("unexpected argument '\(Names.printable(word))'", path: parsed.path)
      }
      let command = try ArgumentParser.resolveCommand(word, among: choices, kind: kind, path: parsed.path)
      resolved.append(command.name)
      choices = command.subcommands
    }
    path = resolved
    // The manual is one page: a command given with it was passed over, and the whole manual printed (found by a
    // review).
    if format == .man && !path.isEmpty {
      throw UsageError(
        "'--man' prints the whole manual, not one command's; run 'grocery help --man' alone",
        path: parsed.path)
    }
  }

  /// Returns the help asked for.
  func invocation(globals: GlobalOptions) -> Invocation { .help(path: path, format: format) }
}
