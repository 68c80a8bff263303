import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery remove NAME...`: deletes items and their history.
struct RemoveCommand: Command, Runnable {
  static let name = "remove"
  static let aliases = ["rm"]
  static let habits = ["del", "delete", "erase", "drop", "forget"]
  static let arguments = Arguments("NAME...", minimum: 1, maximum: nil, completes: .names(.item))
  static let abstract = "Delete items and their purchase history."
  static let discussion = """
    Takes whole names only (after folding case and accents), never a prefix: 'remove lemon' does not remove \
    lemons, and suggests it instead.
    """
  static let examples = ["grocery remove 'birthday candles'"]

  var names: [String]

  init(_ parsed: ParsedArguments) { names = parsed.positionals }

  func run(_ context: Context) throws {
    let names = try InputNames.expand(self.names, console: context.console)
    if names.isEmpty { throw GroceryError.noNamesGiven(verb: "remove") }
    let removed = try context.update(in: .names(names), { ChangeVerb.remove.present + Summary.names($0) }) {
      try $0.remove(names)
    }
    for name in removed { context.say("removed: \(name)") }
  }
}
