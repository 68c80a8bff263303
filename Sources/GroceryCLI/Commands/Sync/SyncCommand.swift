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
    let report = try sync.sync(now: context.now, onWait: context.waiting)
    context.saved.isSaved = true
    for warning in report.warnings { context.warn(warning) }
    if !report.leftAlone.isEmpty {
      context.say(
        "left alone, as sync commits only this machine's log: "
          + report.leftAlone.map { "'\($0)'" }.joinedText(separator: ", "))
    }
    if report.sent.isEmpty && report.incoming.isEmpty {
      context.say("up to date")
      return
    }
    if !report.sent.isEmpty {
      context.say("sent: " + report.sent.map(ChangeVerb.pastTense).joinedText(separator: "; "))
    }
    for machine in report.incoming {
      context.say(
        "from \(machine.machine): " + machine.summaries.map(ChangeVerb.pastTense).joinedText(separator: "; "))
    }
  }

  static func shown(_ url: String) -> String { HouseholdSync.hidingCredentials(url) }

}
