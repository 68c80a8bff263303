import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery help [COMMAND...]`: help for a command, or the manual page with `--man`.
struct HelpCommand: Runnable {
  var path: [String]
  var man: Bool

  init(_ parsed: ParsedArguments) throws {
    man = parsed.flag("man")
    var resolved: [String] = []
    var choices = CommandTable.commands
    for word in parsed.positionals {
      let kind = resolved.isEmpty ? "command" : "subcommand"
      guard !choices.isEmpty else {
        throw UsageError("unexpected argument '\(Names.printable(word))'", path: parsed.path)
      }
      let spec = try ArgumentParser.resolveCommand(word, among: choices, kind: kind, path: parsed.path)
      resolved.append(spec.name)
      choices = spec.subcommands
    }
    path = resolved
  }

  func run(_ context: Context) throws {
    context.write(man ? ManPage.render() : Help.render(path: path))
  }
}
