import GroceryCore

/// `grocery trip stop`: ends the trip under way and shows it.
struct TripStopCommand: Command, Runnable {
  static let name = "stop"
  static let habits = ["end", "finish", "done", "close"]
  static let abstract = "End the trip under way and show what was bought on it."

  init(_ parsed: ParsedArguments) {}

  func run(_ context: Context) throws {
    let trip = try context.stopTrip()
    if !context.quiet { context.write(TripRenderer.status(trip, now: context.now)) }
  }
}
