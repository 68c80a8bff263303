import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery purchase NAME...`: takes items off the list and records the purchase.
struct PurchaseCommand: Command, Runnable {
  static let name = "purchase"
  static let aliases = ["buy"]
  static let habits = ["done", "tick", "got", "bought", "mark", "checkoff", "cross"]
  static let arguments = Arguments("NAME...", maximum: nil, completes: .itemsOnList)
  static let abstract = "Check items off the list and record the purchase."
  static let discussion = """
    Records the day and quantity of each purchase and takes the item off the list. Buying a known item that \
    was not on the list records it and says so. A purchase --on a day before today and before the item's \
    latest one (an old receipt) is recorded and leaves the item on the list, saying so; one made today always \
    takes it off, whatever day another machine's clock gave its latest. --all buys everything on the list (with \
    --at, that store's \
    part of it), skipping items marked unavailable today (exit 1 when that leaves nothing to buy). --new records an impulse buy: a name no item has in \
    whole becomes a new item, bought and off the list, in one change (a name that looks like a quantity \
    or part of a list typed with commas is refused, as 'add' refuses it).
    """
  static let all = Flag("all", help: "Purchase everything on the list.")
  static let at = Option<String>(
    "at", value: "LOCATION", completes: .names(.location), help: "With --all: only LOCATION's part.")
  static let on = Option<DateArgument>(
    "on", value: "DATE", completes: .words([CompletionWord("today"), CompletionWord("yesterday")]),
    help: "The day of the purchase: YYYY-MM-DD, today or yesterday.",
    parse: { try DateArgument($0) })
  static let new = Flag(
    "new", help: "Create the items no item is named as (whole names only), then buy them.")
  static let options: [any OptionDeclaration] = [all, at, on, new]
  static let examples = [
    "grocery purchase milk eggs", "grocery buy bread --on yesterday", "grocery purchase --all --at costco",
    "grocery buy 'paper towels' --new",
  ]

  var names: [String]
  var all: Bool
  var location: String?
  var on: DateArgument?
  var new: Bool
  var path: [String]

  init(_ parsed: ParsedArguments) throws {
    path = parsed.path
    names = parsed.positionals
    all = parsed[Self.all]
    location = parsed[Self.at]
    on = parsed[Self.on]
    new = parsed[Self.new]
    if all && new { throw UsageError("option '--new' goes with names, not '--all'", path: parsed.path) }
    if all && !names.isEmpty { throw UsageError("give names or --all, not both", path: parsed.path) }
    if !all && names.isEmpty {
      throw UsageError(new ? "missing NAME..." : "missing NAME... (or --all)", path: parsed.path)
    }
    if !all && location != nil { throw UsageError("option '--at' goes with '--all'", path: parsed.path) }
  }

  func run(_ context: Context) throws {
    let day = try on?.resolve(today: context.today) ?? context.today
    // A slip of the option, said with its usage as every other wrong value of an option is.
    if day > context.today {
      throw UsageError(
        GroceryError.invalidValue(what: "date", value: day.description, reason: "it is in the future")
          .message,
        path: path)
    }
    let names = try InputNames.expand(self.names, console: context.console)
    if !all && names.isEmpty { throw GroceryError.noNamesGiven(verb: "purchase") }
    if new {
      try AddCommand.refuseQuantityOrListAsNewItem(
        names, command: "purchase --new", context: context, path: path)
    }
    // Only a day given before today is an old receipt: a purchase made now takes the item off, whatever day this
    // machine's clock or time zone calls today against another machine's latest purchase.
    let old = day < context.today
    let (bought, skipped) = try context.update(
      in: all ? .onList : .names(names),
      {
        ChangeVerb.purchase.present + Summary.names($0.0.map(\.name))
      }
    ) {
      groceries -> ([PurchaseOutcome], [String]) in
      if all {
        return try groceries.purchaseAll(
          at: location, on: day, today: context.today, now: context.now, olderStaysListed: old)
      }
      if new {
        return (
          try groceries.purchaseNew(
            names, on: day, today: context.today, now: context.now, olderStaysListed: old, newID: UUID.init),
          []
        )
      }
      return (
        try groceries.purchase(
          names, on: day, today: context.today, now: context.now, olderStaysListed: old), []
      )
    }
    let when = day == context.today ? "" : " on \(day)"
    for outcome in bought {
      let quantity = outcome.quantity > 1 ? " x\(outcome.quantity)" : ""
      let remark =
        outcome.isNew
        ? " (new item)"
        : !outcome.wasOnList
          ? " (it was not on the list)"
          : outcome.boughtSince.map { " (bought since, on \($0): it stays on the list)" } ?? ""
      context.say("bought: \(outcome.name)\(quantity)\(when)\(remark)")
    }
    for name in skipped { context.say("skipped, unavailable today: \(name)") }
  }
}
