import Foundation
import GroceryCore
import TestSupport
import Testing

@testable import GroceryCLI

@Suite struct ParserTests {
  func runnable(_ arguments: [String]) throws -> any Runnable {
    guard case .run(let command, _) = try ArgumentParser.parse(arguments) else {
      Issue.record("expected a command to run for \(arguments)")
      throw UsageError("not a command")
    }
    return command
  }

  func add(_ arguments: [String]) throws -> AddCommand {
    try #require(try runnable(["add"] + arguments) as? AddCommand)
  }

  @Test(arguments: [
    ["milk", "-q", "3"], ["-q", "3", "milk"], ["-q3", "milk"], ["--quantity", "3", "milk"],
    ["--quantity=3", "milk"],
    ["--quan=3", "milk"], ["milk", "--", "-q3"].dropLast(2) + ["-q3"], ["-q=3", "milk"],
  ])
  func optionsMayComeBeforeOrAfterNamesInEveryForm(_ arguments: [String]) throws {
    let command = try add(arguments)
    #expect(command.names == ["milk"])
    #expect(command.changes.quantity == 3)
  }

  @Test func aShortOptionsValueMayFollowAnEqualsSign() throws {
    #expect(try add(["x", "-n=-5% off"]).changes.note == "-5% off")
    let cleared = try add(["-n=", "bread", "milk"])
    #expect(cleared.names == ["bread", "milk"] && cleared.changes.note == .some(nil), "empty, as --note= is")
    #expect(try add(["x", "-n==1+1"]).changes.note == "=1+1", "the first equals sign only")
  }

  @Test func doubleDashEndsOptions() throws {
    let command = try add(["--", "-q3", "--staple"])
    #expect(command.names == ["-q3", "--staple"])
    #expect(command.changes.quantity == nil)
  }

  @Test func addCollectsEveryOption() throws {
    let command = try add([
      "milk", "eggs", "-c", "dairy", "-n", "2%", "--at", "costco", "--at=corner", "--staple",
    ])
    #expect(command.names == ["milk", "eggs"])
    #expect(
      command.changes
        == ItemChanges(category: "dairy", note: .some("2%"), locations: ["costco", "corner"], isStaple: true))
  }

  @Test(arguments: [
    (["buy", "milk"], "purchase"), (["pur", "milk"], "purchase"), (["ls"], "list"), (["li"], "list"),
  ])
  func commandsResolveByAliasAndPrefix(_ arguments: [String], _ expected: String) throws {
    let command = try runnable(arguments)
    #expect(String(describing: type(of: command)).lowercased().hasPrefix(expected))
  }

  @Test func listParsesItsModeAndFormat() throws {
    let list = try #require(
      try runnable(["list", "--staples", "--format=js", "--at", "costco"]) as? ListCommand)
    #expect(list.mode == .staples)
    #expect(list.format == .json)
    #expect(list.location == "costco")
  }

  @Test func purchaseParsesDates() throws {
    let purchase = try #require(try runnable(["purchase", "milk", "--on", "yesterday"]) as? PurchaseCommand)
    #expect(purchase.on == .relative(-1))
    let dated = try #require(try runnable(["buy", "--on=2026-11-01", "milk"]) as? PurchaseCommand)
    #expect(dated.on == .day(Day("2026-11-01")!))
  }

  @Test func datesAreADayTodayOrYesterday() throws {
    #expect(try DateArgument("today").resolve(today: Fixed.today) == Fixed.today)
    #expect(try DateArgument("Yesterday").resolve(today: Fixed.today) == Fixed.day(-1))
    #expect(try DateArgument("2026-01-02") == .day(Day("2026-01-02")!))
    for text in ["tomorrow", "last week", "2026-1-2", ""] {
      #expect(throws: GroceryError.self) { try DateArgument(text) }
    }
  }

  @Test func globalOptionsGoAnywhere() throws {
    guard case .run(_, let globals) = try ArgumentParser.parse(["--store", "/tmp/x.json", "list", "--quiet"])
    else {
      Issue.record("expected a command")
      return
    }
    #expect(globals == GlobalOptions(store: "/tmp/x.json", lockTimeout: nil, quiet: true))
  }

  @Test(arguments: [
    (["lst"], "unknown command 'lst'; did you mean 'list' or 'ls'?"),
    (["add", "--stple", "x"], "unknown option '--stple'; did you mean '--staple'?"),
    // A value written as an option, as other tools take it (found by a trial).
    (["list", "--json"], "unknown option '--json'; did you mean '--format json'?"),
    (["list", "--MARKDOWN"], "unknown option '--MARKDOWN'; did you mean '--format markdown'?"),
    // A command's option before the command (found by a trial).
    (
      ["-q", "2", "add", "milk"],
      "unknown option '-q' before a command; a command's options go after it: 'grocery COMMAND -q …'"
    ),
    (
      ["--form", "json", "list"],
      "unknown option '--form' before a command; a command's options go after it: 'grocery COMMAND --form …'"
    ),
    (["add", "-x", "milk"], "unknown option '-x'"),
    (
      ["add", "-10% coupon"],
      "unknown option '-10% coupon'; a name that starts with '-' goes after '--': '-- -10% coupon'"
    ),
    (
      ["add", "- dash"],
      "unknown option '- dash'; a name that starts with '-' goes after '--': '-- - dash'"
    ),
    // A word with a space is no cluster of option letters (found by a trial: it said '-d' alone).
    (
      ["edit", "-dash start", "-q", "2"],
      "unknown option '-dash start'; a name that starts with '-' goes after '--': '-- -dash start'"
    ),
    // A word of letters may be a name: the letter refused is said, and how to give the word as a name (found by a
    // trial: `buy -dash` said '-d' alone).
    (
      ["purchase", "-dash"],
      "unknown option '-d'; a name that starts with '-' goes after '--': '-- -dash'"
    ),
    (["list", "-zz"], "unknown option '-z'"),
    (["list", "-1"], "unknown option '-1'"), (["list", "-h=x"], "option '-h' takes no value"),
    (
      ["add", "-1\u{1B}[31m"],
      "unknown option '-1\\u{1b}[31m'; a name that starts with '-' goes after '--': '-- -1\\u{1b}[31m'"
    ), (["list", "--help=no"], "option '--help' takes no value"),
    (["add", "milk", "-q"], "option '-q' needs a value N"),
    (["add", "milk", "--quantity"], "option '--quantity' needs a value N"),
    (["add", "--staple=yes", "milk"], "option '--staple' takes no value"),
    (["add", "-q", "2", "-q", "3", "milk"], "option '--quantity' is given more than once"),
    (["add"], "missing NAME..."),
    (["list", "extra"], "'list' takes no arguments; got 'extra'"),
    (["list", "--all", "--staples"], "options '--all' and '--staples' cannot be used together"),
    (
      ["list", "--format", "yaml"],
      "unknown format 'yaml' for '--format'; expected text, markdown, json, csv or print"
    ),
    (["edit", "milk"], "nothing to change; give at least one option"),
    (["edit", "milk", "bread", "-q", "2"], "unexpected argument 'bread'"),
    (["purchase"], "missing NAME... (or --all)"), (["purchase", "--new"], "missing NAME..."),
    (["purchase", "--all", "milk"], "give names or --all, not both"),
    (["restock", "--within", "2"], "option '--within' needs '--due'"),
    (["category", "frob"], "unknown subcommand 'frob'"),
    ([""], "unknown command ''"), (["category", " "], "unknown subcommand ' '"),
    (
      ["list", "--format", ""],
      "unknown format '' for '--format'; expected text, markdown, json, csv or print"
    ),
    (["category", "rename", "a"], "missing OLD NEW"),
    (["list", "--s"], "option '--s' is ambiguous; it could be '--staples', '--store'"),
    (["list", "--width", "60"], "option '--width' goes with '--format print'"),
    (["list", "--version"], "option '--version' goes before any command: 'grocery --version'"),
    (["--version=1"], "option '--version' takes no value"),
    (["list", "--VERS"], "option '--version' goes before any command: 'grocery --version'"),
    (["--v=1"], "option '--version' takes no value"),
    // What follows --version is read as what comes before it is: refused, whichever the order.
    (["--version", "--bogus"], "unknown option '--bogus'"),
    (["--bogus", "--version"], "unknown option '--bogus'"),
    (["--version", "frobnicate"], "unknown command 'frobnicate'"),
    (["--version", "--store"], "option '--store' needs a value PATH"),
    (["--version", "list"], "option '--version' is given alone: 'grocery --version'"),
    (["--version", "--version"], "option '--version' is given more than once"),
    (["--vers", "--VERSION"], "option '--version' is given more than once"),
    (["list", "--columns", "1", "-f", "text"], "option '--columns' goes with '--format print'"),
    (["list", "--utf8", "--width=60"], "options '--width' and '--utf8' go with '--format print'"),
    (
      ["list", "--utf8", "--width", "60", "--columns", "1"],
      "options '--columns', '--width' and '--utf8' go with '--format print'"
    ),
  ])
  func usageErrorsNameWhatWasWrong(_ arguments: [String], _ message: String) {
    #expect {
      try ArgumentParser.parse(arguments)
    } throws: { error in
      (error as? UsageError)?.message == message
    }
  }

  @Test(arguments: [
    ["--version"], ["--vers"], ["--v"], ["--VERSION"], ["--quiet", "--Vers"], ["--vers", "--quiet"],
  ])
  func versionIsReadAsAnyOptionIsInAnyCaseOrTheStartOfItsName(_ arguments: [String]) throws {
    guard case .version = try ArgumentParser.parse(arguments) else {
      Issue.record("\(arguments) is not read as --version")
      return
    }
  }

  /// A malformed value for every option that converts its text, with the command path the usage line shows.
  static let malformedValues: [([String], String, [String])] = [
    (["add", "-q", "0", "x"], "invalid quantity '0': expected a whole number from 1 to 999", ["add"]),
    (["add", "-q", "1e3", "x"], "invalid quantity '1e3': expected a whole number from 1 to 999", ["add"]),
    (["add", "-q=", "x", "y"], "invalid quantity '': expected a whole number from 1 to 999", ["add"]),
    (
      ["add", "x", "--quantity=1000"], "invalid quantity '1000': expected a whole number from 1 to 999",
      ["add"]
    ),
    (["add", "-n", "a\tb", "x"], "invalid note 'a\\tb': it contains a control character", ["add"]),
    (["edit", "x", "-q", "-2"], "invalid quantity '-2': expected a whole number from 1 to 999", ["edit"]),
    (["edit", "x", "-n", "a\u{7}"], "invalid note 'a\\u{7}': it contains a control character", ["edit"]),
    (
      ["edit", "x", "-n", "ok \u{202E}evil"],
      "invalid note 'ok \\u{202e}evil': it contains a bidirectional formatting character (U+202E), which can"
        + " disguise it", ["edit"]
    ),
    (["edit", "x", "-n", "\u{200F}"], "invalid note '\\u{200f}': it has no visible character", ["edit"]),
    (["edit", "x", "-n", "\u{200B}"], "invalid note '\\u{200b}': it has no visible character", ["edit"]),
    (["edit", "x", "-n", "  "], "invalid note '  ': it is blank; an empty note ('') is none", ["edit"]),
    (["add", "x", "-n", "\t "], "invalid note '\\t ': it is blank; an empty note ('') is none", ["add"]),
    (
      ["edit", "x", "-n", "\u{301}\u{2800}"], "invalid note '\\u{301}\\u{2800}': it has no visible character",
      ["edit"]
    ),
    (
      ["add", "-n", "\u{2067}x", "x"],
      "invalid note '\\u{2067}x': it contains a bidirectional formatting character (U+2067), which can"
        + " disguise it", ["add"]
    ),
    (
      ["purchase", "x", "--on", "2026-02-30"],
      "invalid date '2026-02-30': there is no such day", ["purchase"]
    ),
    (
      ["buy", "milk", "--on", "tomorrow"],
      "invalid date 'tomorrow': expected YYYY-MM-DD, 'today' or 'yesterday'", ["purchase"]
    ),
    (
      ["staple", "x", "--skip-until", "soon"], "invalid date 'soon': expected YYYY-MM-DD or 'today'",
      ["staple"]
    ),
    (
      ["staple", "x", "--skip-until", "2026-13-01"], "invalid date '2026-13-01': there is no such day",
      ["staple"]
    ),
    (
      ["staple", "x", "--skip-until", "2026-1-01"],
      "invalid date '2026-1-01': expected YYYY-MM-DD or 'today'",
      ["staple"]
    ),
    (
      ["history", "--since", "last week"],
      "invalid date 'last week': expected YYYY-MM-DD, 'today' or 'yesterday'", ["history"]
    ),
    (
      ["history", "--format", "pdf"], "unknown format 'pdf' for '--format'; expected text, json or csv",
      ["history"]
    ),
    (
      ["list", "--format", "pdf"],
      "unknown format 'pdf' for '--format'; expected text, markdown, json, csv or print", ["list"]
    ),
    (["list", "--format", "jsn"], "unknown format 'jsn' for '--format'; did you mean 'json'?", ["list"]),
    (
      ["import", "x", "--format", "pdf"],
      "unknown format 'pdf' for '--format'; expected shoppinglist14, text, csv or grocery", ["import"]
    ),
    (["import", "a", "b", "c"], "unexpected argument 'c'", ["import"]),
    (
      ["export", "-o", ""], "invalid --output '': expected a file name, or '-' for standard output",
      ["export"]
    ),
    (
      ["mirror", "add", "list.md", "--format", "org"],
      "unknown format 'org' for '--format'; expected markdown or todo.txt", ["mirror", "add"]
    ),
    (["names", "foo"], "unknown kind 'foo'; expected items, categories or locations", ["names"]),
    (["trip", "--list", "start"], "option '--list' does not go with 'trip start'", ["trip", "start"]),
    (["trip", "--list", "stop"], "option '--list' does not go with 'trip stop'", ["trip", "stop"]),
    (["completions", "tcsh"], "unknown shell 'tcsh'; expected bash, zsh or fish", ["completions"]),
    // Other tools' ways of asking for the version.
    (["version"], "unknown command 'version'; did you mean '--version'?", []),
    (["-V"], "unknown option '-V'; did you mean '--version'?", []),
    (["list", "--title", "a\nb"], "invalid title 'a\\nb': it contains a control character", ["list"]),
    (["list", "-f", "print", "--columns", "3"], "invalid --columns '3': expected 1 or 2", ["list"]),
    (
      ["list", "-f", "print", "--width", "20"],
      "invalid --width '20': expected a whole number of columns from 40 to 200", ["list"]
    ),
    (
      ["restock", "--due", "--within", "x"],
      "invalid --within 'x': expected a whole number of days from 0 to 3650", ["restock"]
    ),
    (
      ["restock", "--due", "--every", "0"],
      "invalid --every '0': expected a whole number of days from 1 to 3650", ["restock"]
    ),
    (
      ["list", "--lock-timeout", "-1"], "invalid lock timeout '-1': expected seconds from 0 to 86400",
      ["list"]
    ),
    (
      ["sync", "setup", "/tmp/r", "--name", " "], "invalid machine name ' ': it is blank", ["sync", "setup"]
    ),
    // `-` stands for standard input: no category or store is named so by mistake.
    (
      ["category", "add", "-"],
      "invalid category name '-': it stands for standard input, which this command does not read",
      ["category", "add"]
    ),
    (
      ["location", "rename", "Costco", "-"],
      "invalid location name '-': it stands for standard input, which this command does not read",
      ["location", "rename"]
    ),
  ]

  @Test(arguments: malformedValues)
  func malformedValuesAreUsageErrorsWhileParsing(_ arguments: [String], _ message: String, _ path: [String]) {
    #expect(throws: UsageError(message, path: path)) { try ArgumentParser.parse(arguments) }
  }

  @Test func everyOptionThatConvertsItsValueHasAMalformedCase() {
    func covered(_ option: any OptionDeclaration, path: [String]?) -> Bool {
      let spellings = ["--\(option.long)"] + (option.short.map { ["-\($0)"] } ?? [])
      return Self.malformedValues.contains { arguments, _, shown in
        (path == nil || shown == path)
          && arguments.contains { spellings.contains(String($0.prefix { $0 != "=" })) }
      }
    }
    /// An option whose value is any text accepts even a bell character; the others need a malformed case.
    func converts(_ option: any OptionDeclaration) -> Bool { (try? option.convert("\u{7}")) == nil }
    let commands = CommandTable.commands.flatMap { command in
      [([command.name], command)] + command.subcommands.map { ([command.name, $0.name], $0) }
    }
    for (path, command) in commands {
      for option in command.options where !option.isFlag && converts(option) {
        #expect(covered(option, path: path), "\(path) --\(option.long)")
      }
    }
    for option in GlobalOptions.options where !option.isFlag && converts(option) {
      #expect(covered(option, path: nil), "--\(option.long)")
    }
  }

  @Test func optionsAreReadWithTheirTypes() throws {
    let cleared = try add(["milk", "-n", ""])
    #expect(cleared.changes.note == .some(nil))
    let edit = try #require(
      try runnable(["edit", "milk", "-q", "07", "--at", "a", "--at", "b"]) as? EditCommand)
    #expect(edit.changes.quantity == 7)
    #expect(edit.changes.locations == ["a", "b"])
    let restock = try #require(try runnable(["restock", "--due", "--within", "2"]) as? RestockCommand)
    #expect(restock.policy == .due(within: 2, every: 7))
    let names = try #require(try runnable(["names", "it", "--on-list"]) as? NamesCommand)
    #expect(names.kind == .item && names.onList)
    let load = try #require(
      try runnable(["import", "a.json", "-f", "s", "b.json", "--dry-run"]) as? ImportCommand)
    #expect(load.files == ["a.json", "b.json"] && load.format == .shoppingList14 && load.dryRun)
    let paste = try #require(try runnable(["import", "-"]) as? ImportCommand)
    #expect(paste.files == ["-"] && paste.format == nil && !paste.dryRun)
    let export = try #require(try runnable(["export", "-o", "x.json"]) as? ExportCommand)
    #expect(export.output == "x.json")
  }

  @Test func onListGoesWithItemsOnly() {
    #expect(throws: UsageError("option '--on-list' goes with 'items'", path: ["names"])) {
      try ArgumentParser.parse(["names", "categories", "--on-list"])
    }
  }

  @Test func helpIsGivenEvenWithAMalformedValue() throws {
    guard case .help(let path, .text) = try ArgumentParser.parse(["add", "-q", "0", "--help"]) else {
      Issue.record("expected help")
      return
    }
    #expect(path == ["add"])
  }

  @Test func helpIsFoundAnywhere() throws {
    guard case .help(let path, .text) = try ArgumentParser.parse(["category", "add", "--help"]) else {
      Issue.record("expected help")
      return
    }
    #expect(path == ["category", "add"])
    guard case .help(let topic, .text) = try ArgumentParser.parse(["help", "buy"]) else {
      Issue.record("expected help")
      return
    }
    #expect(topic == ["purchase"])
  }

  @Test func everyCommandsHelpNamesAllItsOptions() {
    for command in CommandTable.commands {
      let spec = command
      let text = Help.render(path: [spec.name])
      #expect(text.hasPrefix("USAGE: grocery \(spec.name)"))
      for option in spec.options {
        #expect(text.contains("--\(option.long)"), "\(spec.name) --\(option.long)")
      }
      #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }
  }

  @Test func noTwoOptionsOfACommandShareALongOrShortName() {
    let commands = CommandTable.commands.flatMap { [$0] + $0.subcommands }
    for command in commands {
      let options = command.options + GlobalOptions.options
      #expect(Set(options.map(\.long)).count == options.count, "\(command.name)")
      let shorts = options.compactMap(\.short)
      #expect(Set(shorts).count == shorts.count, "\(command.name)")
    }
  }

  @Test func thePaperOptionsSayTheValuesTheyTake() {
    let help = Help.render(path: ["list"]).replacingOccurrences(of: "\n", with: " ")
      .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    #expect(help.contains("--columns 1|2 Columns for --format print, 1 or 2 (default 2)."))
    #expect(help.contains("--width N Width in characters for --format print, 40 to 200 (default 80)."))
  }

  @Test func theOverviewListsEveryCommandAndExitCode() {
    let text = Help.render(path: [])
    for spec in CommandTable.commands { #expect(text.contains("\n  \(spec.name)")) }
    let flowing = text.replacingOccurrences(of: "\n", with: " ")
    for code in ExitCode.allCases { #expect(flowing.contains(" \(code.rawValue) \(code.brief)")) }
    #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
  }

  @Test func tenThousandRandomCommandLinesNeverCrashTheParser() {
    let words =
      CommandTable.commands.flatMap {
        [$0.name] + $0.subcommands.map { $0.name } + $0.options.map { "--" + $0.long }
      }
      + [
        "-q", "-q3", "-c", "-n", "--", "-", "--help", "-h", "--store", "milk", "0", "999", "1000",
        "2026-11-21",
        "yesterday", "", " ", "--quantity=", "--=", "-", "é", "\u{1B}", "a\nb", "--format=json", "-qq",
        "--at=",
      ]
    var random = SeededRandom(seed: 47)
    for _ in 0..<10_000 {
      let count = Int.random(in: 0...6, using: &random)
      let arguments = (0..<count).map { _ in words[Int.random(in: 0..<words.count, using: &random)] }
      do {
        _ = try ArgumentParser.parse(arguments)
      } catch let error {
        let (message, code, _) = GroceryCLI.describe(error, path: [])
        #expect(code == .usage || code == .refused, "\(arguments): \(message)")
        #expect(!message.isEmpty && !message.contains("\n"), "\(arguments)")
      }
    }
  }
}
