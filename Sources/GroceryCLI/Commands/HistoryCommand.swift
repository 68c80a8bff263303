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
    let entries = try context.scoped(names, every: since.map { .bought(since: $0) } ?? .living) { scope in
      // Since a day, only the purchases since then are read: it costs what those weeks hold, however long the
      // history before them.
      try context.store.loadHistory(scope, since: since).history(names, since: since)
    }
    switch format {
    case .text: context.write(HistoryRenderer.text(entries))
    case .json: context.write(try HistoryRenderer.json(entries))
    case .csv: context.write(HistoryRenderer.csv(entries))
    }
  }
}
