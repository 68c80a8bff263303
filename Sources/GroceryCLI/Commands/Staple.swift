import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery staple [NAME...]`: marks, unmarks or lists staples.
struct StapleCommand: Runnable {
  var names: [String]
  var remove: Bool
  var skipUntil: DateArgument?

  init(_ parsed: ParsedArguments) throws {
    names = parsed.positionals
    remove = parsed.flag("remove")
    skipUntil = try parsed.date("skip-until")
    try parsed.exclusive(["remove", "skip-until"])
    if names.isEmpty && (remove || skipUntil != nil) {
      throw UsageError("missing NAME... for '--\(remove ? "remove" : "skip-until")'", path: parsed.path)
    }
  }

  func run(_ context: Context) throws {
    if names.isEmpty {
      let view = try context.store.load().listView(ListQuery(mode: .staples, today: context.today))
      context.write(TextRenderer.render(view, style: context.style))
      return
    }
    let until = try skipUntil?.resolve(today: context.today)
    let names = try InputNames.expand(self.names, console: context.console)
    let outcomes = try context.update({ (outcomes: [StapleOutcome]) in
      (remove ? "unstaple " : "staple ") + Summary.names(outcomes.map(\.name))
    }) {
      try $0.setStaple(names, remove: remove, skipUntil: until, now: context.now, newID: UUID.init)
    }
    let skip = until.map { " (skipped until \($0))" } ?? ""
    for outcome in outcomes {
      switch outcome {
      case .marked(let name): context.say("staple: \(name)\(skip)")
      case .created(let name): context.say("new staple: \(name)\(skip)")
      case .already(let name): context.say("already a staple: \(name)\(skip)")
      case .unmarked(let name): context.say("no longer a staple: \(name)")
      case .notStaple(let name): context.say("not a staple: \(name)")
      }
    }
  }
}

extension StapleOutcome {
  var name: String {
    switch self {
    case .marked(let n), .created(let n), .already(let n), .unmarked(let n), .notStaple(let n): return n
    }
  }
}
