import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery restock`: puts staples back on the list, all of them or only the due ones.
struct RestockCommand: Runnable {
  var dryRun: Bool
  var policy: RestockPolicy

  init(_ parsed: ParsedArguments) throws {
    dryRun = parsed.flag("dry-run")
    try parsed.requires("within", "due")
    try parsed.requires("every", "due")
    if parsed.flag("due") {
      policy = .due(
        within: try parsed.days("within") ?? 0, every: try parsed.days("every", range: 1...3650) ?? 7)
    } else {
      policy = .all
    }
  }

  func run(_ context: Context) throws {
    let added: [String]
    if dryRun {
      let groceries = try context.store.load()
      added = groceries.restockCandidates(policy, today: context.today).map { groceries.items[$0].name }
    } else {
      added = try context.update({ "restock " + Summary.names($0) }) {
        $0.restock(policy, today: context.today, now: context.now)
      }
    }
    if added.isEmpty {
      context.say("nothing to restock")
      return
    }
    for name in added { context.say("\(dryRun ? "would add" : "added"): \(name)") }
  }
}
