import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery history [NAME...]`: the purchase log, newest first.
struct HistoryCommand: Runnable {
  enum Format: String, CaseIterable, Sendable { case text, json, csv }

  var names: [String]
  var since: DateArgument?
  var format: Format

  init(_ parsed: ParsedArguments) throws {
    names = parsed.positionals
    since = try parsed.date("since")
    format = parsed.value("format").flatMap(Format.init(rawValue:)) ?? .text
  }

  func run(_ context: Context) throws {
    let entries = try context.store.loadHistory().history(
      names, since: try since?.resolve(today: context.today))
    switch format {
    case .text: context.write(HistoryRenderer.text(entries))
    case .json: context.write(try HistoryRenderer.json(entries))
    case .csv: context.write(HistoryRenderer.csv(entries))
    }
  }
}

/// `grocery stats [NAME...]`: how often each item is bought.
struct StatsCommand: Runnable {
  var names: [String]

  init(_ parsed: ParsedArguments) throws { names = parsed.positionals }

  func run(_ context: Context) throws {
    var groceries = try context.store.load()
    // The everyday view keeps only recent purchases; the weekly counts may need older ones.
    let horizon = context.today.adding(days: -7 * 12)
    if groceries.items.contains(where: {
      $0.earlierPurchases > 0 && ($0.purchases.first?.date ?? horizon) > horizon
    }) {
      groceries = try context.store.loadHistory()
    }
    let rows = try groceries.stats(names, today: context.today)
    context.write(StatsRenderer.text(rows, chart: context.style.color))
  }
}

/// `grocery names KIND`: one name a line, for scripts and shell completion.
struct NamesCommand: Runnable {
  /// The words for each kind, as typed and completed.
  static let words: [(String, NameKind)] = [
    ("items", .item), ("categories", .category), ("locations", .location),
  ]
  static let kinds = words.map(\.0)

  var kind: NameKind

  init(_ parsed: ParsedArguments) throws {
    let word = try ArgumentParser.resolve(
      parsed.positionals[0], among: Self.words, shown: "kind", quote: { $0 }, path: parsed.path
    ) { $0.0 }
    kind = word.1
  }

  /// The word for a kind, as `grocery names` takes it.
  static func word(for kind: NameKind) -> String { words.first { $0.1 == kind }?.0 ?? "items" }

  func run(_ context: Context) throws {
    context.write(NamesRenderer.text(try context.store.load().names(of: kind)))
  }
}

/// `grocery completions SHELL`: a completion script for bash, zsh or fish.
struct CompletionsCommand: Runnable {
  var shell: Completions.Shell

  init(_ parsed: ParsedArguments) throws {
    let word = try ArgumentParser.resolve(
      parsed.positionals[0], among: Completions.Shell.allCases.map(\.rawValue), shown: "shell", quote: { $0 },
      path: parsed.path
    ) { $0 }
    shell = Completions.Shell(rawValue: word)!
  }

  func run(_ context: Context) throws { context.write(Completions.script(for: shell)) }
}
