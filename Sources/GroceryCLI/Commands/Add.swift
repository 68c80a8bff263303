import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery add NAME...`: puts items on the list.
struct AddCommand: Runnable {
  var names: [String]
  var changes: ItemChanges

  init(_ parsed: ParsedArguments) throws {
    names = parsed.positionals
    changes = ItemChanges(
      quantity: try parsed.quantity(), category: parsed.value("category"), note: try parsed.note(),
      locations: parsed.values["at"], isStaple: parsed.flag("staple") ? true : nil)
  }

  func run(_ context: Context) throws {
    let names = try InputNames.expand(self.names, console: context.console)
    if names.isEmpty { throw GroceryError.noNamesGiven(verb: "add") }
    let outcomes = try context.update({ "add " + Summary.names($0.map(\.name)) }) {
      try $0.add(names, changes: changes, today: context.today, now: context.now, newID: UUID.init)
    }
    for outcome in outcomes {
      switch outcome {
      case .added(let name): context.say("added: \(name)")
      case .returned(let name): context.say("back on the list: \(name)")
      case .alreadyOnList(let name): context.say("already on the list: \(name)")
      }
    }
  }
}

extension AddOutcome {
  var name: String {
    switch self {
    case .added(let name), .returned(let name), .alreadyOnList(let name): return name
    }
  }
}
