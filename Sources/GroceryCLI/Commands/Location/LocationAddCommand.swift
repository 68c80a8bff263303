import GroceryCore

/// `grocery location add NAME`: adds a location.
struct LocationAddCommand: Command, Runnable {
  static let name = "add"
  static let habits = ["new", "create", "make"]
  static let arguments = Arguments("NAME", minimum: 1, maximum: 1)
  static let abstract = "Add a location."

  var name: String

  init(_ parsed: ParsedArguments) throws {
    name = parsed.positionals[0]
    try InputNames.refuseDash(name, what: "location name", path: parsed.path)
  }

  func run(_ context: Context) throws {
    let added = try context.update(in: .ids([]), { ChangeVerb.addLocation.present + Summary.name($0) }) {
      try $0.addLocation(name)
    }
    context.say("added location: \(added)")
  }
}
