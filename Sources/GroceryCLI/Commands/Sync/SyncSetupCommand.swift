import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery sync setup URL`: shares the household at a git remote, or joins the household it holds.
struct SyncSetupCommand: Command, Runnable {
  static let name = "setup"
  static let arguments = Arguments("URL", minimum: 1, maximum: 1)
  static let abstract = "Share the household at a git remote, or join the household it holds."
  static let discussion = """
    Makes the household's folder a git repository whose remote is URL (any git remote: a bare \
    repository on a NAS or a USB stick, a private repository on a forge). An empty remote receives this \
    household; a remote that holds one is joined, and this machine's changes are merged into it.
    """
  static let machineName = Option<String>(
    "name", value: "NAME", help: "This machine's name for people (default user@host).",
    parse: { try Names.clean($0, what: "machine name") })
  static let options: [any OptionDeclaration] = [machineName]
  static let examples = ["grocery sync setup git@example.com:us/groceries.git --name 'alice@kitchen'"]

  var url: String
  var machineName: String?

  init(_ parsed: ParsedArguments) throws {
    url = parsed.positionals[0]
    if url.isEmpty {
      throw UsageError("invalid URL '': expected a git remote, a path or a URL", path: parsed.path)
    }
    machineName = parsed[Self.machineName]
  }

  func run(_ context: Context) throws {
    let sync = try HouseholdSync(store: context.store, environment: context.environment)
    let outcome = try sync.setup(url: url, name: machineName, now: context.now, onWait: context.waiting)
    context.saved.isSaved = true
    let machine = try context.store.identity().name
    let at = SyncCommand.shown(url)
    switch outcome {
    case .joined: context.say("joined the household at \(at) as \(machine)")
    case .shared: context.say("shared this household at \(at) as \(machine)")
    case .again: context.say("already shared at \(at); synced as \(machine)")
    }
  }
}
