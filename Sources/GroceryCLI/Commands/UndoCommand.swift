import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery undo [--list]`: reverts the most recent change, or lists what can be undone.
struct UndoCommand: Command, Runnable {
  static let name = "undo"
  static let abstract = "Revert the most recent change."
  static let discussion =
    "Steps back one change at a time, up to 50 changes. The migration of a version-1 store is refused while"
    + " another machine's migration stands, as undo could not put back what the other made."
  static let list = Flag("list", help: "Show the changes that can be undone, newest first.")
  static let options: [any OptionDeclaration] = [list]
  /// The change undone is the last one people made: a phone's edits waiting in a mirror are read by the next
  /// command, not applied by this one and then undone at once (their edition would never buy them again).
  static let mirrors = MirrorUse.writeAfter
  static let examples = ["grocery undo", "grocery undo --list"]

  var list: Bool

  init(_ parsed: ParsedArguments) { list = parsed[Self.list] }

  func run(_ context: Context) throws {
    if list {
      context.write(UndoListRenderer.text(try context.store.undoList()))
      return
    }
    let entry = try context.undo()
    context.say("undid: \(entry.summary)")
    for kept in entry.lifeKept {
      context.say(
        (kept.removed ? "not put back: " : "not removed: ") + Names.printable(kept.name)
          + (kept.twin ? " (another machine added it too)" : " (another machine has changed it since)"))
    }
    for kept in entry.fieldsKept {
      context.say(
        (kept.partly ? "partly changed back: " : "not changed back: ")
          + (kept.kind == .item ? "" : (kept.kind == .location ? "location " : "category "))
          + Names.printable(kept.name)
          + " (another machine has changed it since)")
    }
    if entry.orderKept {
      context.say("not changed back: the order of the categories (another machine has changed it since)")
    }
  }
}
