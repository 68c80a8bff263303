import GroceryCore

/// `grocery trip start [--at LOCATION]`: starts a trip, ending the one still open first.
struct TripStartCommand: Command, Runnable {
  static let name = "start"
  static let habits = ["begin", "open", "go"]
  static let abstract = "Start a trip, at a store with --at; an open trip ends first."
  static let at = Option<String>(
    "at", value: "LOCATION", completes: .names(.location), help: "The store the trip is at.")
  static let options: [any OptionDeclaration] = [at]

  var location: String?

  init(_ parsed: ParsedArguments) { location = parsed[Self.at] }

  func run(_ context: Context) throws {
    let start = try context.startTrip(at: location)
    if !context.quiet { context.write(TripRenderer.started(start, now: context.now)) }
  }
}
