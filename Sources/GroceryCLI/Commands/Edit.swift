import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery edit NAME`: changes one item's attributes.
struct EditCommand: Runnable {
  var name: String
  var changes: ItemChanges

  init(_ parsed: ParsedArguments) throws {
    name = parsed.positionals[0]
    try parsed.exclusive(["note", "clear-note"])
    try parsed.exclusive(["at", "anywhere"])
    try parsed.exclusive(["available", "unavailable"])
    var locations = parsed.values["at"]
    if parsed.flag("anywhere") { locations = [] }
    var available: Bool?
    if parsed.flag("available") { available = true }
    if parsed.flag("unavailable") { available = false }
    changes = ItemChanges(
      quantity: try parsed.quantity(), category: parsed.value("category"),
      note: parsed.flag("clear-note") ? .some(nil) : try parsed.note(), locations: locations,
      rename: parsed.value("rename"), isAvailable: available)
    if changes.isEmpty { throw UsageError("nothing to change; give at least one option", path: parsed.path) }
  }

  func run(_ context: Context) throws {
    let newName = try context.update({ "edit " + $0 }) {
      try $0.edit(name, changes: changes, today: context.today, now: context.now)
    }
    context.say("updated: \(newName)")
  }
}
