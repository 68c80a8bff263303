import GroceryCore

/// What a command line asks for.
enum Invocation {
  case run(any Runnable, globals: GlobalOptions)
  case help(path: [String], man: Bool)
  case version
}

/// Options every command accepts.
struct GlobalOptions: Sendable, Equatable {
  var store: String?
  var lockTimeout: Double?
  var quiet = false
}

/// Parses a command line against the command table; never touches the store.
enum ArgumentParser {
  static let globalOptions: [OptionSpec] = [
    OptionSpec(
      "store", value: "PATH",
      help: "Use the household folder at PATH (default: ~/.local/share/grocery/household)."),
    OptionSpec("lock-timeout", value: "SECONDS", help: "Wait at most SECONDS for another grocery."),
    OptionSpec("quiet", help: "Report nothing but errors."),
    OptionSpec("help", "h", help: "Show help for the command."),
  ]

  static func parse(_ arguments: [String], table: [CommandSpec] = CommandTable.commands) throws -> Invocation
  {
    if arguments.isEmpty { return .help(path: [], man: false) }
    if arguments == ["--version"] { return .version }
    var parsed = ParsedArguments()
    var command: CommandSpec?
    var choices = table
    var index = 0
    var onlyPositionals = false
    var wantsHelp = false
    func options() -> [OptionSpec] { (command?.options ?? []) + globalOptions }
    /// Returns the next argument as the option's value ("" for a flag), refusing the end of the line.
    func takeValue(for option: OptionSpec, as shown: String) throws -> String {
      if option.isFlag { return "" }
      guard index < arguments.count else {
        throw UsageError("option '\(shown)' needs a value \(option.value!)", path: parsed.path)
      }
      index += 1
      return arguments[index - 1]
    }

    while index < arguments.count {
      let token = arguments[index]
      index += 1
      if !onlyPositionals && token == "--" {
        onlyPositionals = true
        continue
      }
      if !onlyPositionals && token.hasPrefix("--") {
        if command == nil && token == "--version" { return .version }
        let body = token.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let inline = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
        let option = try resolveOption(name, among: options(), path: parsed.path)
        if option.long == "help" {
          wantsHelp = true
          continue
        }
        if option.isFlag && inline != nil {
          throw UsageError("option '--\(option.long)' takes no value", path: parsed.path)
        }
        try record(option, inline ?? takeValue(for: option, as: "--\(option.long)"), in: &parsed)
        continue
      }
      if !onlyPositionals && token.hasPrefix("-") && token.count > 1 {
        var rest = Substring(token.dropFirst())
        while let letter = rest.first {
          rest = rest.dropFirst()
          guard let option = options().first(where: { $0.short == letter }) else {
            throw UsageError("unknown option '-\(letter)'", path: parsed.path)
          }
          if option.long == "help" {
            wantsHelp = true
            continue
          }
          if option.isFlag {
            try record(option, "", in: &parsed)
            continue
          }
          try record(
            option, rest.isEmpty ? takeValue(for: option, as: "-\(letter)") : String(rest), in: &parsed)
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

    if wantsHelp { return .help(path: parsed.path, man: false) }
    // A group named alone runs its own action (`grocery category` lists categories, `grocery sync` syncs).
    guard let spec = command else { throw UsageError("no command given") }
    let count = parsed.positionals.count
    if count < spec.minArguments {
      throw UsageError("missing \(spec.arguments.isEmpty ? "argument" : spec.arguments)", path: parsed.path)
    }
    if let max = spec.maxArguments, count > max {
      let extra = parsed.positionals[max]
      throw UsageError(
        max == 0
          ? "'\(parsed.path.joined(separator: " "))' takes no arguments; got '\(Names.printable(extra))'"
          : "unexpected argument '\(Names.printable(extra))'", path: parsed.path)
    }
    let globals = try GlobalOptions(parsed)
    let runnable = try spec.make(parsed)
    if let help = runnable as? HelpCommand { return .help(path: help.path, man: help.man) }
    return .run(runnable, globals: globals)
  }

  static func record(_ option: OptionSpec, _ value: String, in parsed: inout ParsedArguments) throws {
    if parsed.values[option.long] != nil && !option.repeatable {
      throw UsageError("option '--\(option.long)' is given more than once", path: parsed.path)
    }
    var stored = value
    if !option.choices.isEmpty {
      stored = try resolve(
        value, among: option.choices, shown: option.value!.lowercased(), quote: { $0 }, path: parsed.path,
        context: " for '--\(option.long)'"
      ) { $0 }
    }
    parsed.values[option.long, default: []].append(stored)
  }

  static func resolveOption(_ name: String, among options: [OptionSpec], path: [String]) throws -> OptionSpec
  {
    try resolve(name, among: options, shown: "option", quote: { "--" + $0 }, path: path) { $0.long }
  }

  static func resolveCommand(_ name: String, among commands: [CommandSpec], kind: String, path: [String])
    throws -> CommandSpec
  {
    let named = commands.flatMap { spec in spec.allNames.map { (name: $0, spec: spec) } }
    // A prefix that matches several names of one command (an alias and its name) is not ambiguous.
    let prefixed = named.filter { Names.key($0.name).hasPrefix(Names.key(name)) }
    if !named.contains(where: { Names.key($0.name) == Names.key(name) }),
      Set(prefixed.map(\.spec.name)).count == 1
    {
      return prefixed[0].spec
    }
    return try resolve(name, among: named, shown: kind, quote: { $0 }, path: path) { $0.name }.spec
  }

  /// Resolves a word of the grammar like any name, turning a failure into a usage error.
  static func resolve<T>(
    _ word: String, among candidates: [T], shown: String, quote: (String) -> String, path: [String],
    context: String = "", name: (T) -> String
  ) throws -> T {
    do {
      return try Names.match(word, among: candidates, name: name)
    } catch .unknown(let suggestions) {
      var message = "unknown \(shown) '\(quote(Names.printable(word)))'\(context)"
      if !suggestions.isEmpty {
        message += "; did you mean " + suggestions.map { "'\(quote($0))'" }.joined(separator: " or ") + "?"
      }
      throw UsageError(message, path: path)
    } catch .ambiguous(let candidates) {
      throw UsageError(
        "\(shown) '\(quote(Names.printable(word)))'\(context) is ambiguous; it could be "
          + Names.listing(candidates, quote: quote), path: path)
    }
  }
}

extension GlobalOptions {
  init(_ parsed: ParsedArguments) throws {
    store = parsed.value("store")
    quiet = parsed.flag("quiet")
    if let text = parsed.value("lock-timeout") {
      lockTimeout = try Self.seconds(text)
    }
  }

  static func seconds(_ text: String) throws -> Double {
    guard let value = Double(text), value.isFinite, value >= 0, value <= 86_400,
      text.allSatisfy({ $0.isNumber || $0 == "." })
    else {
      throw GroceryError.invalidValue(
        what: "lock timeout", value: Names.printable(text), reason: "expected seconds from 0 to 86400")
    }
    return value
  }
}
