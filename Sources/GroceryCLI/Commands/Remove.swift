import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery remove NAME...`: deletes items and their history.
struct RemoveCommand: Runnable {
  var names: [String]

  init(_ parsed: ParsedArguments) throws { names = parsed.positionals }

  func run(_ context: Context) throws {
    let names = try InputNames.expand(self.names, console: context.console)
    let removed = try context.update({ "remove " + Summary.names($0) }) { try $0.remove(names) }
    for name in removed { context.say("removed: \(name)") }
  }
}
