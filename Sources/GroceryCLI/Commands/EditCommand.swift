import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery edit NAME`: changes one item's attributes.
struct EditCommand: Command, Runnable {
  static let name = "edit"
  static let arguments = Arguments("NAME", minimum: 1, maximum: 1, completes: .names(.item))
  static let abstract = "Change an item: name, quantity, category, note, stores."
  static let discussion = """
    Says 'updated: NAME'; an edit that changes nothing says 'unchanged: NAME (it is so already)' and writes \
    nothing, so undo keeps what it had. Undo and sync tell a rename with the name it had: 'edit milk (now \
    oat milk)'. A new name that looks like a quantity ('x2', '3') or part of a list typed with commas \
    ('milk,') is refused as 'add' refuses it.
    """
  static let rename = Option<String>("rename", value: "NEW", help: "A new name.")
  static let quantity = Option<Int>(
    "quantity", "q", value: "N", help: "How many to buy, \(Limits.quantityText).", parse: Values.quantity)
  static let category = Option<String>(
    "category", "c", value: "CATEGORY", completes: .names(.category), help: "A new category.")
  static let note = Option<String?>("note", "n", value: "NOTE", help: "A new note.", parse: Values.note)
  static let clearNote = Flag("clear-note", help: "Remove the note.")
  static let at = Option<String>(
    "at", value: "LOCATION", completes: .names(.location), repeatable: true,
    help: "The stores it is bought at (repeatable).")
  static let anywhere = Flag("anywhere", help: "Bought at any store.")
  static let available = Flag("available", help: "In stock after all.")
  static let unavailable = Flag(
    "unavailable", help: "On the list but not in stock today; back to normal tomorrow.")
  static let options: [any OptionDeclaration] = [
    rename, quantity, category, note, clearNote, at, anywhere, available, unavailable,
  ]
  static let examples = ["grocery edit milk -q 2 -n 'oat, barista'", "grocery edit avocados --unavailable"]

  var name: String
  var changes: ItemChanges
  var path: [String]

  init(_ parsed: ParsedArguments) throws {
    name = parsed.positionals[0]
    path = parsed.path
    try parsed.exclusive(Self.note, Self.clearNote)
    try parsed.exclusive(Self.at, Self.anywhere)
    try parsed.exclusive(Self.available, Self.unavailable)
    var locations = parsed.all(Self.at)
    if parsed[Self.anywhere] { locations = [] }
    var available: Bool?
    if parsed[Self.available] { available = true }
    if parsed[Self.unavailable] { available = false }
    changes = ItemChanges(
      quantity: parsed[Self.quantity], category: parsed[Self.category],
      note: parsed[Self.clearNote] ? .some(nil) : parsed[Self.note], locations: locations,
      rename: parsed[Self.rename], isAvailable: available)
    if changes.isEmpty { throw UsageError("nothing to change; give at least one option", path: parsed.path) }
  }

  func run(_ context: Context) throws {
    if let new = changes.rename {
      try AddCommand.refuseQuantityOrListAsNewItem(
        [new], command: "edit --rename",
        making: "would name an item so; give the name alone (a quantity is 'grocery edit NAME -q N')",
        context: context, path: path)
    }
    var changed = true
    // A rename is told with the name it had, so that another machine's sync and undo say which item it was.
    let names = try context.update(
      in: .names([name] + (changes.rename.map { [$0] } ?? [])),
      {
        ChangeVerb.edit.present
          + ($0.old == $0.new
            ? Summary.name($0.new) : Summary.name($0.old) + " (now " + Summary.name($0.new) + ")")
      }
    ) { groceries -> (old: String, new: String) in
      let before = groceries.items
      let names = try groceries.edit(name, changes: changes, today: context.today, now: context.now)
      changed = groceries.items != before
      return names
    }
    context.say(changed ? "updated: \(names.new)" : "unchanged: \(names.new) (it is so already)")
  }
}
