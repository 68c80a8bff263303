import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery stats [NAME...]`: how often each item is bought.
struct StatsCommand: Command, Runnable {
  static let name = "stats"
  static let arguments = Arguments("[NAME...]", maximum: nil, completes: .names(.item))
  static let abstract = "Show how often items are bought, with purchases per week."
  static let discussion = """
    Per item: times bought, typical interval, last purchase, and purchases in each of the last 12 weeks, \
    as a bar chart on a terminal and as digits otherwise (or with NO_COLOR). With no names, and once a trip \
    has ended with something bought, a second table follows: per store, the trips, their average time \
    and the items checked off a minute. '-' reads names from standard input, one a line.
    """
  static let examples = ["grocery stats", "grocery stats milk eggs"]

  var names: [String]

  init(_ parsed: ParsedArguments) { names = parsed.positionals }

  func run(_ context: Context) throws {
    var writer = StatsRenderer.Writer(chart: context.style.color)
    let names = try InputNames.expand(self.names, console: context.console)
    if names.isEmpty && !self.names.isEmpty { throw GroceryError.noNamesGiven(verb: "show the figures of") }
    guard !names.isEmpty else {
      // The whole household's figures are read and written a few hundred items at a time.
      let stores = try context.store.walkStats(
        since: context.today.adding(days: -7 * 12), today: context.today, now: context.now
      ) { context.write(writer.add($0)) }
      context.write(writer.finish())
      if !stores.isEmpty { context.write("\n" + TripRenderer.stats(stores)) }
      return
    }
    // A name a version-1 store does not have is refused before the read migrates it.
    if let old = try context.store.legacyWaiting() { _ = try old.stats(names, today: context.today) }
    let rows = try context.scoped(names) { scope in
      // The weekly counts need every purchase of the last twelve weeks; the everyday view keeps fewer for items
      // bought often.
      try context.store.loadRecent(scope, since: context.today.adding(days: -7 * 12))
        .stats(names, today: context.today)
    }
    context.write(writer.add(rows) + writer.finish())
  }
}
