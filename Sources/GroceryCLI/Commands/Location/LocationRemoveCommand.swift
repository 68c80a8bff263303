import GroceryCore

/// `grocery location remove NAME`: removes a location; its items become bought anywhere.
struct LocationRemoveCommand: Command, Runnable {
  static let name = "remove"
  static let aliases = ["rm"]
  static let habits = ["del", "delete", "erase", "drop", "forget"]
  static let arguments = Arguments("NAME", minimum: 1, maximum: 1, completes: .names(.location))
  static let abstract = "Remove a location; its items become bought anywhere."
  static let discussion = "Takes the whole name (after folding case and accents), never a prefix."

  var name: String

  init(_ parsed: ParsedArguments) { name = parsed.positionals[0] }

  func run(_ context: Context) throws {
    let result = try context.update(
      in: .atStore(name), { ChangeVerb.removeLocation.present + Summary.name($0.name) }
    ) {
      try $0.removeLocation(name, now: context.now)
    }
    let note =
      result.affected == 0
      ? "" : " (\(result.affected) item\(result.affected == 1 ? "" : "s") now bought anywhere)"
    context.say("removed location: \(result.name)\(note)")
  }
}
