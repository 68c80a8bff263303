import GroceryCore

/// Parses a command line against the command table; never touches the store.
enum ArgumentParser {
  static func parse(_ arguments: [String]) throws -> Invocation {
    if arguments.isEmpty { return .help(path: [], format: .text) }
    let version = "--" + GlobalOptions.version.long
    if arguments == [version] { return .version }
    var parsed = ParsedArguments()
    var command: (any Command.Type)?
    var choices = CommandTable.commands
    var index = 0
    var onlyPositionals = false
    var wantsHelp = false
    var wantsVersion = false
    /// The options given and their text, in order; converted once the command line is known to be whole.
    var given: [(option: any OptionDeclaration, text: String)] = []
    func options() -> [any OptionDeclaration] { (command?.options ?? []) + GlobalOptions.options }
    /// Returns the next argument as the option's value ("" for a flag), refusing the end of the line.
    func takeValue(for option: any OptionDeclaration, as shown: String) throws -> String {
      guard let placeholder = option.placeholder else { return "" }
      guard index < arguments.count else {
        throw UsageError("option '\(shown)' needs a value \(placeholder)", path: parsed.path)
      }
      index += 1
      return arguments[index - 1]
    }
    func record(_ option: any OptionDeclaration, _ text: String) throws {
      if given.contains(where: { $0.option.long == option.long }) && !option.repeatable {
        throw UsageError("option '--\(option.long)' is given more than once", path: parsed.path)
      }
      given.append((option, text))
    }

    while index < arguments.count {
      let token = arguments[index]
      index += 1
      if !onlyPositionals && token == "--" {
        onlyPositionals = true
        continue
      }
      if !onlyPositionals && token.hasPrefix("--") {
        let body = token.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let inline = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
        // --version is read as any option is: in any case, or the start of its name alone (--vers).
        let key = Names.key(name)
        if !key.isEmpty, GlobalOptions.version.long.hasPrefix(key),
          !options().contains(where: { $0.long.hasPrefix(key) })
        {
          // The rest of the line is read all the same, so that what follows it is refused as it is before it.
          // Twice is refused, as any option given twice is (found by a trial).
          if wantsVersion {
            throw UsageError("option '\(version)' is given more than once", path: parsed.path)
          }
          if command == nil && inline == nil {
            wantsVersion = true
            continue
          }
          throw UsageError(
            command == nil
              ? "option '\(version)' takes no value"
              : "option '\(version)' goes before any command: 'grocery \(version)'", path: parsed.path)
        }
        if command == nil, !options().contains(where: { Names.key($0.long).hasPrefix(Names.key(name)) }) {
          try refuseBeforeCommand("--" + name, short: nil, long: name, path: parsed.path)
        }
        let option = try resolveOption(name, among: options(), path: parsed.path)
        if option.long == GlobalOptions.help.long {
          if inline != nil { throw UsageError("option '--help' takes no value", path: parsed.path) }
          wantsHelp = true
          continue
        }
        if option.isFlag && inline != nil {
          throw UsageError("option '--\(option.long)' takes no value", path: parsed.path)
        }
        try record(option, inline ?? takeValue(for: option, as: "--\(option.long)"))
        continue
      }
      if !onlyPositionals && token.hasPrefix("-") && token.count > 1 {
        var rest = Substring(token.dropFirst())
        while let letter = rest.first {
          rest = rest.dropFirst()
          guard let option = options().first(where: { $0.short == letter }) else {
            if command == nil {
              try refuseBeforeCommand("-\(letter)", short: letter, long: nil, path: parsed.path)
              // `-v` and `-V` ask other tools for their version.
              if token == "-v" || token == "-V" {
                throw UsageError("unknown option '\(token)'; did you mean '\(version)'?", path: parsed.path)
              }
            }
            // A name that starts with a dash and no letter (`-10% coupon`), or that holds a space, which no cluster
            // of option letters does (`-dash start`, found by a trial), is one only after `--`.
            let name = token.dropFirst().first?.isLetter == false || token.contains(where: \.isWhitespace)
            // A word of letters (`-dash`) may be a name too: the way to give it is said after the letter refused
            // (found by a trial).
            let takesNames = command.map { $0.arguments.maximum != 0 } == true && (name || token.count > 2)
            // Such a name is said whole (`'- dash'`, not `'- '`): what follows the dash is no option letter.
            let shown = name ? Names.printable(token) : "-\(letter)"
            throw UsageError(
              "unknown option '\(shown)'"
                + (takesNames
                  ? "; a name that starts with '-' goes after '--': '-- \(Names.printable(token))'" : ""),
              path: parsed.path)
          }
          // `-q=3` as `--quantity=3` is written: the value after the equals sign. A flag takes none.
          if option.isFlag && rest.first == "=" {
            throw UsageError("option '-\(letter)' takes no value", path: parsed.path)
          }
          if option.long == GlobalOptions.help.long {
            wantsHelp = true
            continue
          }
          if option.isFlag {
            try record(option, "")
            continue
          }
          // After `=` the value is what follows it, empty or not (`-n=` clears a note, as `--note=` does).
          if rest.first == "=" {
            try record(option, String(rest.dropFirst()))
          } else {
            try record(option, rest.isEmpty ? takeValue(for: option, as: "-\(letter)") : String(rest))
          }
          break
        }
        continue
      }
      if (command == nil || !(command?.subcommands.isEmpty ?? true)) && parsed.positionals.isEmpty
        && !choices.isEmpty
      {
        let kind = command == nil ? "command" : "subcommand"
        let found = try resolveCommand(token, among: choices, kind: kind, path: parsed.path)
        command = found
        parsed.path.append(found.name)
        choices = found.subcommands
        continue
      }
      parsed.positionals.append(token)
    }

    if wantsVersion {
      if command != nil || !parsed.positionals.isEmpty {
        throw UsageError("option '\(version)' is given alone: 'grocery \(version)'")
      }
      if !wantsHelp { return .version }
    }
    if wantsHelp { return .help(path: parsed.path, format: .text) }
    // A group named alone runs its own action (`grocery category` lists categories, `grocery sync` syncs).
    guard let command else { throw UsageError("no command given") }
    parsed.declared = Set(options().map(\.long))
    // An option a group takes, given before one of its subcommands, would otherwise be dropped without a word
    // (`trip --list start` would start a trip).
    if let stray = given.first(where: { !parsed.declared.contains($0.option.long) }) {
      throw UsageError(
        "option '--\(stray.option.long)' does not go with '\(parsed.path.joinedText(separator: " "))'",
        path: parsed.path)
    }
    let count = parsed.positionals.count
    let arguments = command.arguments
    if count < arguments.minimum {
      throw UsageError("missing \(arguments.usage.isEmpty ? "argument" : arguments.usage)", path: parsed.path)
    }
    if let max = arguments.maximum, count > max {
      let extra = parsed.positionals[max]
      throw UsageError(
        max == 0
          ? "'\(parsed.path.joinedText(separator: " "))' takes no arguments; got '\(Names.printable(extra))'"
          : "unexpected argument '\(Names.printable(extra))'", path: parsed.path)
    }
    for (option, text) in given {
      do {
        parsed.record(option, try option.convert(text))
      } catch let error as UsageError {
        throw UsageError(error.message, path: parsed.path)
      } catch let error as GroceryError {
        throw UsageError(error.message, path: parsed.path)
      }
    }
    return try command.init(parsed).invocation(globals: GlobalOptions(parsed))
  }

  /// Refuses, before any command, an option no global option is but a command's is (`grocery -q 2 add milk`),
  /// saying where it goes.
  static func refuseBeforeCommand(_ token: String, short: Character?, long: String?, path: [String]) throws {
    let key = long.map(Names.key) ?? ""
    for command in CommandTable.commands {
      for declared in [command] + command.subcommands {
        for option in declared.options {
          let matches =
            short != nil ? option.short == short : !key.isEmpty && Names.key(option.long).hasPrefix(key)
          if matches {
            throw UsageError(
              "unknown option '\(Names.printable(token))' before a command; a command's options go after it:"
                + " 'grocery COMMAND \(Names.printable(token)) …'", path: path)
          }
        }
      }
    }
  }

  static func resolveOption(_ name: String, among options: [any OptionDeclaration], path: [String]) throws
    -> any OptionDeclaration
  {
    // A value of an option written as an option of its own, as other tools take it (`list --json`), where no option
    // starts so: the option and value meant.
    if !options.contains(where: { Names.key($0.long).hasPrefix(Names.key(name)) }) {
      for option in options {
        guard case .words(let words)? = option.completion,
          let word = words.first(where: { Names.key($0.word) == Names.key(name) })
        else { continue }
        throw UsageError(
          "unknown option '--\(Names.printable(name))'; did you mean '--\(option.long) \(word.word)'?",
          path: path)
      }
    }
    return try resolve(name, among: options, shown: "option", quote: { "--" + $0 }, path: path) { $0.long }
  }

  static func resolveCommand(
    _ name: String, among commands: [any Command.Type], kind: String, path: [String]
  ) throws -> any Command.Type {
    let named = commands.flatMap { command in command.allNames.map { (name: $0, command: command) } }
    // A prefix that matches several names of one command (an alias and its name) is not ambiguous.
    let prefixed = named.filter { Names.key($0.name).hasPrefix(Names.key(name)) }
    if !named.contains(where: { Names.key($0.name) == Names.key(name) }),
      Set(prefixed.map { $0.command.name }).count == 1
    {
      return prefixed[0].command
    }
    // A word people bring from other tools (`del`, `done`) points at the command that does it, before any
    // name that merely looks alike.
    if prefixed.isEmpty,
      let meant = commands.first(where: { $0.habits.map(Names.key).contains(Names.key(name)) })
    {
      throw UsageError(
        "unknown \(kind) '\(Names.printable(name))'; did you mean '\(meant.name)'?", path: path)
    }
    // `grocery version`, as git and swift take it: the version is an option here.
    if prefixed.isEmpty, path.isEmpty, Names.key(name) == Names.key(GlobalOptions.version.long) {
      throw UsageError(
        "unknown command '\(Names.printable(name))'; did you mean '--\(GlobalOptions.version.long)'?",
        path: path)
    }
    return try resolve(name, among: named, shown: kind, quote: { $0 }, path: path) { $0.name }
      .command
  }

  /// Resolves a word of the grammar like any name, turning a failure into a usage error.
  ///
  /// With `expected`, an unknown word that resembles none of the candidates is answered with the valid words.
  static func resolve<T>(
    _ word: String, among candidates: [T], shown: String, quote: (String) -> String, path: [String],
    context: String = "", expected: [String] = [], name: (T) -> String
  ) throws -> T {
    // An empty word starts every candidate, but names none of them.
    if UnicodeText.trimmed(word).isEmpty {
      var message = "unknown \(shown) '\(quote(Names.printable(word)))'\(context)"
      if !expected.isEmpty { message += "; expected " + either(expected) }
      throw UsageError(message, path: path)
    }
    do {
      return try Names.match(word, among: candidates, name: name)
    } catch .unknown(let suggestions) {
      var message = "unknown \(shown) '\(quote(Names.printable(word)))'\(context)"
      if !suggestions.isEmpty {
        message +=
          "; did you mean " + suggestions.map { "'\(quote($0))'" }.joinedText(separator: " or ") + "?"
      } else if !expected.isEmpty {
        message += "; expected " + either(expected)
      }
      throw UsageError(message, path: path)
    } catch .ambiguous(let candidates) {
      throw UsageError(
        "\(shown) '\(quote(Names.printable(word)))'\(context) is ambiguous; it could be "
          + Names.listing(candidates, quote: quote), path: path)
    }
  }

  /// Joins words as a choice: `text, json or csv`.
  static func either(_ words: [String]) -> String {
    guard let last = words.last, words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joinedText(separator: ", ") + " or " + last
  }
}
