import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery completions SHELL`: a completion script for bash, zsh or fish.
struct CompletionsCommand: Command {
  static let name = "completions"
  static let arguments = Arguments(
    "SHELL", minimum: 1, maximum: 1,
    completes: .words(Shell.allCases.map { CompletionWord($0.rawValue) }))
  static let abstract = "Print a completion script for bash, zsh or fish."
  static let discussion =
    "Completes commands, options, and the names of items, categories and locations in your store."
  static let examples = [
    "grocery completions bash > ~/.local/share/bash-completion/completions/grocery",
    "grocery completions zsh > ~/.local/share/zsh/site-functions/_grocery",
    "grocery completions fish > ~/.config/fish/completions/grocery.fish",
  ]

  var shell: Shell

  init(_ parsed: ParsedArguments) throws {
    let word = try ArgumentParser.resolve(
      parsed.positionals[0], among: Shell.allCases.map(\.rawValue), shown: "shell", quote: { $0 },
      path: parsed.path, expected: Shell.allCases.map(\.rawValue)
    ) { $0 }
    shell = Shell(rawValue: word)!
  }

  /// Returns the script to write: it needs no store, so it works with no HOME and any GROCERY_NOW.
  func invocation(globals: GlobalOptions) -> Invocation { .output(Completions.script(for: shell)) }
}
