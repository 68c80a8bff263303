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
    and the items checked off a minute.
    """
  static let examples = ["grocery stats", "grocery stats milk eggs"]

  var names: [String]

  init(_ parsed: ParsedArguments) { names = parsed.positionals }

  func run(_ context: Context) throws {
    let (rows, stores) = try context.scoped(names) { scope in
      // One read gives the everyday view and the trip figures.
      var (groceries, stores) = try context.store.loadWithTripStats(scope, now: context.now)
      // The everyday view keeps only recent purchases; the weekly counts may need older ones.
      let horizon = context.today.adding(days: -7 * 12)
      if groceries.items.contains(where: {
        $0.earlierPurchases > 0 && ($0.purchases.first?.date ?? horizon) > horizon
      }) {
        groceries = try context.store.loadHistory(scope)
      }
      return (try groceries.stats(names, today: context.today), stores)
    }
    context.write(StatsRenderer.text(rows, chart: context.style.color))
    guard names.isEmpty else { return }
    if !stores.isEmpty { context.write("\n" + TripRenderer.stats(stores)) }
  }
}
