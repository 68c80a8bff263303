import GroceryCore

/// Renders `--help` text from the command table.
enum Help {
  static let width = 80

  /// The usage line for a command path: `grocery add [OPTIONS] NAME...`.
  static func usageLine(path: [String]) -> String {
    guard let spec = CommandTable.commands(along: path).last else {
      return "grocery [OPTIONS] COMMAND [ARGUMENTS]"
    }
    var parts = ["grocery"] + path
    if !spec.subcommands.isEmpty {
      // A group named alone runs its own action (`grocery trip`, `grocery sync`), so the subcommand is optional.
      parts.append(spec.options.isEmpty ? "[SUBCOMMAND]" : "[OPTIONS] [SUBCOMMAND]")
    } else {
      if !spec.options.isEmpty { parts.append("[OPTIONS]") }
      if !spec.arguments.usage.isEmpty { parts.append(spec.arguments.usage) }
    }
    return parts.joinedText(separator: " ")
  }

  static func render(path: [String]) -> String {
    guard let spec = CommandTable.commands(along: path).last else { return overview() }
    var out = "USAGE: \(usageLine(path: path))\n\n"
    out += paragraph(spec.abstract)
    if !spec.discussion.isEmpty { out += "\n" + paragraph(spec.discussion) }
    if !spec.subcommands.isEmpty {
      out += "\nSUBCOMMANDS:\n"
      out += table(
        spec.subcommands.map {
          (([$0.name] + $0.aliases).joinedText(separator: ", ") + " " + $0.arguments.usage, $0.abstract)
        })
      out += "\nRun 'grocery help \(path.joinedText(separator: " ")) SUBCOMMAND' for its options.\n"
    }
    if !spec.options.isEmpty {
      out += "\nOPTIONS:\n" + table(spec.options.map { ($0.synopsis, $0.help) })
    }
    out += "\nGLOBAL OPTIONS:\n" + table(GlobalOptions.options.map { ($0.synopsis, $0.help) })
    if !spec.examples.isEmpty {
      out += "\nEXAMPLES:\n" + spec.examples.map { "  " + $0 + "\n" }.joinedText(separator: "")
    }
    return out
  }

  static func overview() -> String {
    var out = "grocery \(GroceryCLI.version) - a grocery staples manager for the shell\n\n"
    out += "USAGE: grocery [OPTIONS] COMMAND [ARGUMENTS]\n\n"
    out += "COMMANDS:\n"
    out += table(
      CommandTable.commands.map { (([$0.name] + $0.aliases).joinedText(separator: ", "), $0.abstract) })
    out += "\nOPTIONS:\n"
    out += table(
      (GlobalOptions.options + [GlobalOptions.version]).map { ($0.synopsis, $0.help) })
    // Exit codes in brief, so the overview fits a 40-row terminal; the manual explains each.
    out += "\n"
    out += paragraph(
      "EXIT STATUS: " + ExitCode.allCases.map { "\($0.rawValue) \($0.brief)" }.joinedText(separator: ", ")
        + ".")
    out += "\n" + paragraph("'grocery help COMMAND': a command's options; 'grocery help --man': the manual.")
    return out
  }

  static func paragraph(_ text: String) -> String {
    TextLayout.wrap(text, width: width, first: "", rest: "").joinedText(separator: "\n") + "\n"
  }

  /// Two columns: the term, then its help wrapped to fit.
  static func table(_ rows: [(String, String)], indent: Int = 2, column: Int? = nil) -> String {
    let pad = String(repeating: " ", count: indent)
    let column = column ?? min(30, (rows.map { $0.0.count }.max() ?? 0) + indent + 2)
    var out = ""
    for (term, help) in rows {
      let head = pad + term
      let rest = String(repeating: " ", count: column)
      if head.count + 2 > column {
        out += head + "\n"
        out += TextLayout.wrap(help, width: width, first: rest, rest: rest).joinedText(separator: "\n") + "\n"
      } else {
        let first = head + String(repeating: " ", count: column - head.count)
        out +=
          TextLayout.wrap(help, width: width, first: first, rest: rest).joinedText(separator: "\n") + "\n"
      }
    }
    return out
  }
}
