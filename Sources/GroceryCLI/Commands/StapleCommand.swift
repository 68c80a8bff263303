import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery staple [NAME...]`: marks, unmarks or lists staples.
struct StapleCommand: Command, Runnable {
  static let name = "staple"
  static let arguments = Arguments("[NAME...]", maximum: nil, completes: .names(.item))
  static let abstract = "Mark items as staples, or list the staples."
  static let discussion = """
    Staples are what the household always keeps in; 'restock' puts them back on the list. An unknown name \
    becomes a new staple that is not on the list, unless it looks like a quantity ('x2', '3') or part of a \
    list typed with commas ('milk,'), which is refused as 'add' refuses it. With no names, lists the staples.
    """
  static let remove = Flag("remove", help: "Unmark the items as staples.")
  static let skipUntil = Option<DateArgument>(
    "skip-until", value: "DATE", help: "Keep the staples out of restock until DATE (today ends a skip).",
    parse: { try DateArgument($0, past: false) })
  static let options: [any OptionDeclaration] = [remove, skipUntil]
  static let examples = [
    "grocery staple milk eggs", "grocery staple coffee --skip-until 2026-12-01", "grocery staple",
  ]

  var names: [String]
  var remove: Bool
  var skipUntil: DateArgument?
  var path: [String]

  init(_ parsed: ParsedArguments) throws {
    path = parsed.path
    names = parsed.positionals
    remove = parsed[Self.remove]
    skipUntil = parsed[Self.skipUntil]
    try parsed.exclusive(Self.remove, Self.skipUntil)
    if names.isEmpty && (remove || skipUntil != nil) {
      let option = remove ? Self.remove.long : Self.skipUntil.long
      throw UsageError("missing NAME... for '--\(option)'", path: parsed.path)
    }
  }

  func run(_ context: Context) throws {
    if names.isEmpty {
      // As `list --staples` shows them, a part at a time.
      var writer = TextRenderer.writer(title: nil, style: context.style)
      let whole = try context.store.walkList(ListQuery(mode: .staples, today: context.today)) {
        context.write(writer.add($0))
      }
      context.write(writer.finish(whole))
      return
    }
    let until = try skipUntil?.resolve(today: context.today)
    // A day gone by skips nothing: it is a slip of the keyboard, and `--skip-until today` ends a skip.
    if let until, until < context.today {
      throw UsageError(
        GroceryError.invalidValue(
          what: "date", value: until.description,
          reason: DateArgument.beforeToday
        ).message, path: path)
    }
    let names = try InputNames.expand(self.names, console: context.console)
    // `-` reading nothing is not the list of staples that no name at all shows.
    if names.isEmpty { throw GroceryError.noNamesGiven(verb: remove ? "unstaple" : "staple") }
    if !remove {
      try AddCommand.refuseQuantityOrListAsNewItem(names, command: "staple", context: context, path: path)
    }
    let outcomes = try context.update(
      in: .names(names),
      { (outcomes: [StapleOutcome]) in
        (remove ? ChangeVerb.unstaple : ChangeVerb.staple).present + Summary.names(outcomes.map(\.name))
      }
    ) {
      try $0.setStaple(
        names, remove: remove, skipUntil: until, today: context.today, now: context.now, newID: UUID.init)
    }
    // A skip until today ends today: the staple is back in restock.
    let skip = until.map { $0 > context.today ? " (skipped until \($0))" : " (not skipped)" } ?? ""
    for outcome in outcomes {
      switch outcome {
      case .marked(let name): context.say("staple: \(name)\(skip)")
      case .created(let name): context.say("new staple: \(name)\(skip)")
      // With --skip-until, the skip it already has is said.
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
