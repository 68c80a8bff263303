import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery purchase NAME...`: takes items off the list and records the purchase.
struct PurchaseCommand: Runnable {
  var names: [String]
  var all: Bool
  var location: String?
  var on: DateArgument?

  init(_ parsed: ParsedArguments) throws {
    names = parsed.positionals
    all = parsed.flag("all")
    location = parsed.value("at")
    on = try parsed.date("on")
    if all && !names.isEmpty { throw UsageError("give names or --all, not both", path: parsed.path) }
    if !all && names.isEmpty { throw UsageError("missing NAME... (or --all)", path: parsed.path) }
    if !all && location != nil { throw UsageError("option '--at' goes with '--all'", path: parsed.path) }
  }

  func run(_ context: Context) throws {
    let day = try on?.resolve(today: context.today) ?? context.today
    let names = try InputNames.expand(self.names, console: context.console)
    if !all && names.isEmpty { throw GroceryError.noNamesGiven(verb: "purchase") }
    let (bought, skipped) = try context.update({ "purchase " + Summary.names($0.0.map(\.name)) }) {
      groceries -> ([PurchaseOutcome], [String]) in
      if all {
        return try groceries.purchaseAll(at: location, on: day, today: context.today, now: context.now)
      }
      return (try groceries.purchase(names, on: day, today: context.today, now: context.now), [])
    }
    let when = day == context.today ? "" : " on \(day)"
    for outcome in bought {
      let quantity = outcome.quantity > 1 ? " x\(outcome.quantity)" : ""
      context.say(
        "bought: \(outcome.name)\(quantity)\(when)\(outcome.wasOnList ? "" : " (it was not on the list)")")
    }
    for name in skipped { context.say("skipped, unavailable today: \(name)") }
  }
}
