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
      context.write(UndoListRenderer.text(try context.store.undoList()))
      return
    }
    let entry = try context.undo()
    context.say("undid: \(entry.summary)")
  }
}
