import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery sync`: shares the household through git; `sync setup` joins or starts the sharing.
struct SyncCommand: Command, Runnable {
  static let name = "sync"
  static let abstract = "Share the household through git."
  static let discussion = """
    Commits this machine's changes, fetches the other machines', merges and pushes, trying again when \
    someone pushed in between, then says in one line per machine what came in. Each machine writes only \
    its own log, so merges never conflict. Run 'grocery sync setup URL' once on each machine first.
    """
  static let subcommands: [any Command.Type] = [SyncSetupCommand.self]
  static let examples = ["grocery sync", "grocery sync setup /mnt/nas/groceries.git"]

  init(_ parsed: ParsedArguments) {}

  func run(_ context: Context) throws {
    let sync = try HouseholdSync(store: context.store, environment: context.environment)
    let incoming = try sync.sync(onWait: context.waiting)
    context.saved.isSaved = true
    if incoming.isEmpty {
      context.say("up to date")
      return
    }
    for machine in incoming {
      context.say(
        "from \(machine.machine): " + machine.summaries.map(SyncCommand.pastTense).joined(separator: "; "))
    }
  }

  static func shown(_ url: String) -> String { HouseholdSync.hidingCredentials(url) }

  /// "purchase eggs, milk" -> "bought eggs, milk": a change's summary as something that happened.
  static func pastTense(_ summary: String) -> String {
    let words: [(String, String)] = [
      ("purchase ", "bought "), ("add ", "added "), ("remove ", "removed "), ("edit ", "changed "),
      ("restock ", "restocked "), ("unstaple ", "no longer a staple: "), ("staple ", "staple: "),
      ("undo ", "undid "), ("rename ", "renamed "), ("reorder ", "reordered "), ("reset ", "reset "),
      ("migrate ", "migrated "), ("color ", "coloured "), ("learn ", "learned "), ("start ", "started "),
      ("stop ", "stopped "), ("name this machine ", "named their machine "),
      ("init", "created the household"),
    ]
    for (verb, past) in words where summary.hasPrefix(verb) { return past + summary.dropFirst(verb.count) }
    return summary
  }
}
