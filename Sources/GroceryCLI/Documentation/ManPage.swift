import GroceryCore

/// Renders the `grocery.1` manual page in roff from the command table.
enum ManPage {
  static func render() -> String {
    var out =
      ".TH GROCERY 1 \(GroceryCLI.releaseDate) \"grocery \(GroceryCLI.version)\" \"User Commands\"\n"
    out += ".SH NAME\ngrocery \\- a grocery staples manager for the shell\n"
    out += ".SH SYNOPSIS\n.B grocery\n[\\fIOPTIONS\\fR] \\fICOMMAND\\fR [\\fIARGUMENTS\\fR]\n"
    out += ".SH DESCRIPTION\n"
    out +=
      escape(
        "grocery keeps the household's shopping list, staples and purchase history in a household folder, as an "
          + "append-only log of changes, one file per machine, so the household can be shared through git or a "
          + "folder-sync tool. The list is ordered by how you walk the store, with Uncategorized last. Names of "
          + "items, categories, locations, commands and options match without regard to case or accents, and a "
          + "unique prefix is enough, except for commands that create or delete, which take whole names.")
      + "\n"
    out += ".SH COMMANDS\n"
    for spec in CommandTable.commands {
      out += command(spec, path: [spec.name])
      for sub in spec.subcommands { out += command(sub, path: [spec.name, sub.name]) }
    }
    out += ".SH OPTIONS\n"
    for option in GlobalOptions.options { out += self.option(option) }
    out += self.option(GlobalOptions.version)
    out += escape("It goes before any command: grocery --\(GlobalOptions.version.long).") + "\n"
    out += ".SH FILES\n"
    out += ".TP\n.I $XDG_DATA_HOME/grocery/household/\n"
    out +=
      escape(
        "The household folder (~/.local/share/grocery/household when XDG_DATA_HOME is unset): household.json and"
          + " logs/MACHINE.jsonl, one append-only log per machine. Share it through git (grocery sync) or any"
          + " folder-sync tool.") + "\n"
    out += ".TP\n.I $XDG_STATE_HOME/grocery/\n"
    out +=
      escape(
        "This machine's own files for each household (~/.local/state/grocery when XDG_STATE_HOME is unset):"
          + " identity.json, the lock every change takes (and sync.lock, which syncs take turns on), cache.sqlite,"
          + " a cache that is safe to delete, and the mirrors' records (mirrors.json, mirrors.lock).")
      + "\n"
    out += ".TP\n.I grocery.json\n"
    out += escape("A version-1 store: migrated on first use into the household folder, and kept.") + "\n"
    out += ".SH ENVIRONMENT\n"
    for (name, text) in environment {
      out += ".TP\n.B \(name)\n\(escape(text))\n"
    }
    out += ".SH EXIT STATUS\n"
    for code in ExitCode.allCases { out += ".TP\n.B \(code.rawValue)\n\(escape(code.meaning))\n" }
    out += ".SH EXAMPLES\n"
    for spec in CommandTable.commands {
      for example in spec.examples { out += ".PP\n.nf\n\(escape(folded(example)))\n.fi\n" }
    }
    out += ".SH SEE ALSO\n"
    out += ".BR git (1),\n.BR man (1)\n"
    out += ".PP\n"
    out +=
      escape(
        "'grocery help COMMAND' shows a command's options; 'grocery completions SHELL' prints the completion"
          + " script for bash, zsh or fish (for zsh, put the file in a folder on fpath before compinit).")
      + "\n"
    return out
  }

  /// The widest example line that fits 80 columns at man's indent of 7.
  static let exampleWidth = 72

  /// Breaks a long example before a redirection or pipe, the shell way: a trailing backslash, then an indent.
  static func folded(_ example: String) -> String {
    guard example.count > exampleWidth,
      let split = [" > ", " | ", " < "].compactMap({ example.firstRange(of: $0) }).first
    else { return example }
    return example[..<split.lowerBound] + " \\\n    " + example[split.lowerBound...].dropFirst()
  }

  static let environment = [
    ("GROCERY_STORE", "The household folder, unless --store is given."),
    (
      "XDG_DATA_HOME",
      "The folder under which grocery/household is kept by default; a path that is not absolute is refused (exit 78)."
    ),
    (
      "XDG_STATE_HOME",
      "The folder under which this machine's identity, lock and cache are kept; a path that is not absolute is refused (exit 78)."
    ),
    ("GROCERY_LOCK_TIMEOUT", "Seconds to wait for another grocery, unless --lock-timeout is given."),
    ("GROCERY_NOW", "The time to act at, as YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ, for scripts and tests."),
    ("NO_COLOR", "When set and not empty, no colour even on a terminal."),
    ("TZ", "The time zone that decides which day it is (the system's own when unset)."),
  ]

  static func command(_ spec: any Command.Type, path: [String]) -> String {
    var out = ".SS \(escape((["grocery"] + path).joinedText(separator: " ")))"
    if !spec.arguments.usage.isEmpty { out += " \(escape(spec.arguments.usage))" }
    out += "\n" + escape(spec.abstract) + "\n"
    if !spec.discussion.isEmpty { out += ".PP\n" + escape(spec.discussion) + "\n" }
    if !spec.aliases.isEmpty { out += ".PP\nAlias: \(escape(spec.aliases.joinedText(separator: ", ")))\n" }
    for option in spec.options { out += self.option(option) }
    return out
  }

  static func option(_ option: any OptionDeclaration) -> String {
    var head = option.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
    head += "\\fB\\-\\-\(escape(option.long))\\fR"
    if let value = option.placeholder { head += " \\fI\(escape(value))\\fR" }
    return ".TP\n\(head)\n\(escape(option.help))\n"
  }

  /// Escapes text for roff: backslashes, hyphens, and a leading dot or quote.
  static func escape(_ text: String) -> String {
    var out = text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
    if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
    return out
  }
}
