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
  static let arguments = Arguments("NAME...", minimum: 1, maximum: nil, completes: .names(.item))
  static let abstract = "Delete items and their purchase history."
  static let examples = ["grocery remove 'birthday candles'"]

  var names: [String]

  init(_ parsed: ParsedArguments) { names = parsed.positionals }

  func run(_ context: Context) throws {
    let names = try InputNames.expand(self.names, console: context.console)
    let removed = try context.update(in: .names(names), { "remove " + Summary.names($0) }) {
      try $0.remove(names)
    }
    for name in removed { context.say("removed: \(name)") }
  }
}
