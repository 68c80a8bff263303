import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery undo [--list]`: reverts the most recent change, or lists what can be undone.
struct UndoCommand: Runnable {
  var list: Bool

  init(_ parsed: ParsedArguments) throws { list = parsed.flag("list") }

  func run(_ context: Context) throws {
    if list {
      let entries = try context.store.undoList()
      if entries.isEmpty {
        context.write("Nothing to undo.\n")
        return
      }
      context.write(
        Numbered.lines(entries.map { $0.summary + ($0.at.map { "  (" + Timestamp.format($0) + ")" } ?? "") }))
      return
    }
    let entry = try context.undo()
    context.say("undid: \(entry.summary)")
  }
}
