import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery restock`: puts staples back on the list, all of them or only the due ones.
struct RestockCommand: Command, Runnable {
  static let name = "restock"
  static let abstract = "Put staples that are not on the list back on it."
  static let discussion = """
    The weekly job: safe to run twice (a second run adds nothing) and at the same time as a person using \
    grocery. With --due, only staples that are due: a staple's interval is the median gap between its \
    purchases, or --every DAYS until it has been bought twice.
    """
  static let dryRun = Flag("dry-run", help: "Show what would be added (even with --quiet); change nothing.")
  static let due = Flag("due", help: "Only staples that are due.")
  static let within = Option<Int>(
    "within", value: "DAYS", help: "With --due: also staples due within DAYS.",
    parse: { try Values.whole($0, what: "--within", range: 0...3650, unit: "days") })
  static let every = Option<Int>(
    "every", value: "DAYS", help: "With --due: the interval for staples with little history (7).",
    parse: { try Values.whole($0, what: "--every", range: 1...3650, unit: "days") })
  static let options: [any OptionDeclaration] = [dryRun, due, within, every]
  static let examples = ["grocery restock", "grocery restock --due --within 2", "grocery restock --dry-run"]

  var dryRun: Bool
  var policy: RestockPolicy

  init(_ parsed: ParsedArguments) throws {
    dryRun = parsed[Self.dryRun]
    try parsed.requires(Self.within, Self.due)
    try parsed.requires(Self.every, Self.due)
    if parsed[Self.due] {
      policy = .due(within: parsed[Self.within] ?? 0, every: parsed[Self.every] ?? 7)
    } else {
      policy = .all
    }
  }

  /// A dry run writes nothing, not even the phone's ticks waiting in a mirror: the next command reads them.
  var mirrors: MirrorUse { dryRun ? .none : .readAndWrite }

  func run(_ context: Context) throws {
    let added: [String]
    if dryRun {
      let groceries = try context.store.preview(.restock(policy, today: context.today))
      added = groceries.restockCandidates(policy, today: context.today).map { groceries.items[$0].name }
    } else {
      added = try context.update(
        in: .restock(policy, today: context.today), { ChangeVerb.restock.present + Summary.names($0) }
      ) {
        $0.restock(policy, today: context.today, now: context.now)
      }
    }
    // A dry run's report is the point of it, and --quiet does not silence it.
    if dryRun || !context.quiet { context.write(RestockRenderer.text(added, dryRun: dryRun)) }
  }
}
