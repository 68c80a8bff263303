import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery sync` and `grocery sync setup URL`: share the household through git.
struct SyncCommand: Runnable {
  enum Action: Sendable {
    case sync
    case setup(url: String, name: String?)
  }

  var action: Action

  func run(_ context: Context) throws {
    let sync = try HouseholdSync(store: context.store, environment: context.environment)
    switch action {
    case .setup(let url, let name):
      let name = try name.map { try Names.clean($0, what: "machine name") }
      let joined = try sync.setup(url: url, name: name, now: context.now, onWait: context.waiting)
      context.saved.isSaved = true
      let machine = try context.store.identity().name
      context.say(
        joined
          ? "joined the household at \(SyncCommand.shown(url)) as \(machine)"
          : "shared this household at \(SyncCommand.shown(url)) as \(machine)")
    case .sync:
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
  }

  static func shown(_ url: String) -> String { HouseholdSync.hidingCredentials(url) }

  /// "purchase eggs, milk" -> "bought eggs, milk": a change's summary as something that happened.
  static func pastTense(_ summary: String) -> String {
    let words: [(String, String)] = [
      ("purchase ", "bought "), ("add ", "added "), ("remove ", "removed "), ("edit ", "changed "),
      ("restock ", "restocked "), ("unstaple ", "no longer a staple: "), ("staple ", "staple: "),
      ("undo ", "undid "), ("rename ", "renamed "), ("reorder ", "reordered "), ("reset ", "reset "),
      ("migrate ", "migrated "), ("name this machine ", "named their machine "),
      ("init", "created the household"),
    ]
    for (verb, past) in words where summary.hasPrefix(verb) { return past + summary.dropFirst(verb.count) }
    return summary
  }
}
