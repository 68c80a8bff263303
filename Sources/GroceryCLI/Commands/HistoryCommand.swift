import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery history [NAME...]`: the purchase log, newest first.
struct HistoryCommand: Command, Runnable {
  static let name = "history"
  static let arguments = Arguments("[NAME...]", maximum: nil, completes: .names(.item))
  static let abstract = "Show the purchase log, newest first."
  static let discussion =
    "A purchase is dated by its day: the newest day first, and a day's purchases by name. With names, only their"
    + " purchases; '-' reads names from standard input, one a line."
  static let since = Option<DateArgument>(
    "since", value: "DATE", help: "Only purchases on or after DATE.", parse: { try DateArgument($0) })
  static let format = Option<HistoryFormat>(
    "format", "f", value: "FORMAT",
    choices: [
      Choice("text", .text, help: "One purchase a line"),
      Choice("json", .json, help: "JSON for scripts"),
      Choice("csv", .csv, help: "Comma-separated values for a spreadsheet"),
    ],
    help: "Output format: text (default), json or csv.")
  static let options: [any OptionDeclaration] = [since, format]
  static let examples = [
    "grocery history milk --since 2026-09-01", "grocery history --format csv > purchases.csv",
  ]

  var names: [String]
  var since: DateArgument?
  var format: HistoryFormat

  init(_ parsed: ParsedArguments) {
    names = parsed.positionals
    since = parsed[Self.since]
    format = parsed[Self.format] ?? .text
  }

  func run(_ context: Context) throws {
    let since = try self.since?.resolve(today: context.today)
    var writer = HistoryRenderer.Writer(format, since: since)
    let names = try InputNames.expand(self.names, console: context.console)
    if names.isEmpty && !self.names.isEmpty { throw GroceryError.noNamesGiven(verb: "show the history of") }
    if names.isEmpty {
      // Every item's: read and written a few days at a time, newest first; since a day, only those days are read,
      // so it costs what those weeks hold, however long the history before them.
      try context.store.walkHistory(since: since) { context.write(try writer.add($0)) }
    } else {
      // A name a version-1 store does not have is refused before the read migrates it.
      if let old = try context.store.legacyWaiting() { _ = try old.history(names, since: since) }
      let entries = try context.scoped(names) { scope in
        try context.store.loadHistory(scope, since: since).history(names, since: since)
      }
      context.write(try writer.add(entries))
    }
    context.write(writer.finish())
  }
}
