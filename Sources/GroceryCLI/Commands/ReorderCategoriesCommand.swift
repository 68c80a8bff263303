import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery reorder-categories`: sets, resets, shows or learns the walk order.
struct ReorderCategoriesCommand: Command, Runnable {
  static let name = "reorder-categories"
  static let arguments = Arguments("[CATEGORY...]", maximum: nil, completes: .namedCategories)
  static let abstract = "Set, show or learn the order you walk the categories."
  static let discussion = """
    The named categories come first in the given order; the others keep their order after them; \
    Uncategorized is always last. With --at, sets LOCATION's own order. With no names, shows the order. \
    A change prints the order (unless --quiet); one that leaves the order as it was prints it too, but \
    writes nothing, so undo has nothing of it, and says 'unchanged' on standard error (unless --quiet). \
    --suggest shows the order that past trips at LOCATION imply, and --learn sets it. On each trip, the \
    first item checked off in a category places that category; category A goes before B when more trips \
    placed A ahead of B than the other way round. Categories are ranked by how many others they go before \
    (a Copeland ranking), ties keeping the present order; categories no trip saw follow in their present \
    order. A step is thin when fewer than \(WalkOrderLearning.minimumComparisons) trips compared it with \
    the next, or the trips were split. Items checked off at one moment (buy --all) order none of their \
    categories. Only trips that checked off items of two categories at two moments count, and at least \
    \(WalkOrderLearning.minimumTrips) are needed.
    """
  static let at = Option<String>(
    "at", value: "LOCATION", completes: .names(.location), help: "The order at LOCATION.")
  static let reset = Flag("reset", help: "Restore the default order (at LOCATION with --at).")
  static let suggest = Flag("suggest", help: "Show the order LOCATION's past trips imply (needs --at).")
  static let learn = Flag("learn", help: "Set LOCATION's order to what its trips imply (needs --at).")
  static let options: [any OptionDeclaration] = [at, reset, suggest, learn]
  static let examples = [
    "grocery reorder-categories dairy produce", "grocery reorder-categories --reset",
    "grocery reorder-categories --at costco --suggest",
  ]

  /// What the command does with the order.
  enum Action: Sendable {
    case show, set([String]), reset, suggest, learn
  }

  var action: Action
  var location: String?

  init(_ parsed: ParsedArguments) throws {
    let names = parsed.positionals
    location = parsed[Self.at]
    try parsed.exclusive(Self.reset, Self.suggest, Self.learn)
    try parsed.requires(Self.suggest, Self.at)
    try parsed.requires(Self.learn, Self.at)
    let chosen = [(Self.reset, Action.reset), (Self.suggest, .suggest), (Self.learn, .learn)].first {
      parsed[$0.0]
    }
    if let chosen, !names.isEmpty {
      throw UsageError("give categories or --\(chosen.0.long), not both", path: parsed.path)
    }
    action = chosen?.1 ?? (names.isEmpty ? .show : .set(names))
  }

  func run(_ context: Context) throws {
    // The store as the household spells it, in the change's summary (`undid: reorder categories at Costco`).
    func place(_ store: String?) -> String { store.map { " at " + Summary.name($0) } ?? "" }
    // A change, with the order it leaves and the store it was at; `changed` is false when it left the categories
    // and stores as they were, and so wrote nothing (a mirror's ticks may have been saved before it).
    var changed = false
    func change(
      _ summary: @escaping (String?) -> String,
      _ body: (inout Groceries) throws -> (order: [String], store: String?)
    ) throws -> (order: [String], store: String?) {
      try context.update(in: .ids([]), { summary($0.store) }) { groceries in
        let before = (groceries.categories, groceries.locations)
        let result = try body(&groceries)
        changed = groceries.categories != before.0 || groceries.locations != before.1
        return result
      }
    }
    let result: (order: [String], store: String?)
    switch action {
    case .show:
      // The order is the categories' and the store's own: no item is read.
      let groceries = try context.store.load(.ids([]))
      context.write(NumberedLines.text(groceries.walkOrder(at: try location.map(groceries.locationName))))
      return
    case .suggest:
      let groceries = try context.store.load(.ids([]))
      let store = try groceries.locationName(location!)
      let suggestion = try Self.suggestion(
        groceries, at: store, trips: try context.store.trips(now: context.now))
      context.write(WalkOrderRenderer.text(suggestion, store: store))
      return
    case .reset:
      result = try change({ ChangeVerb.resetCategoryOrder.present + place($0) }) { groceries in
        let store = try location.map(groceries.locationName)
        return (try groceries.resetCategoryOrder(at: store), store)
      }
    case .set(let names):
      result = try change({ ChangeVerb.reorderCategories.present + place($0) }) { groceries in
        let store = try location.map(groceries.locationName)
        return (try groceries.reorderCategories(names, at: store), store)
      }
    case .learn:
      let trips = try context.store.trips(now: context.now)
      result = try change({ ChangeVerb.learnCategoryOrder.present + ($0.map(Summary.name) ?? "") }) {
        groceries in
        let store = try groceries.locationName(location!)
        let suggestion = try Self.suggestion(groceries, at: store, trips: trips)
        return (try groceries.reorderCategories(suggestion.order, at: store), store)
      }
    }
    // The order is the report of changing it, which --quiet silences.
    if context.quiet { return }
    context.write(NumberedLines.text(result.order))
    // An order set as it already was writes nothing, so `undo` would take back an older change: said on standard
    // error, where the order above stays what scripts read.
    if !changed {
      context.console.writeError(
        "grocery: unchanged: the walk order\(place(result.store)) (it is so already)\n")
    }
  }

  /// The order the trips at a store imply, refusing when they are too few.
  static func suggestion(_ groceries: Groceries, at store: String, trips: [TripRecord]) throws
    -> WalkOrderSuggestion
  {
    let suggestion = WalkOrderLearning.suggest(
      checkOffs: TripRecord.checkOffs(trips, at: store), present: groceries.walkOrder(at: store))
    guard suggestion.isEnough else {
      throw GroceryError.tooFewTrips(
        store: store, trips: suggestion.trips, needed: WalkOrderLearning.minimumTrips)
    }
    return suggestion
  }

}
