import GroceryCore

/// `grocery trip`: the group of trip commands; named alone, it shows the trip under way, or with `--list` every trip.
struct TripCommand: Command, Runnable {
  static let name = "trip"
  static let abstract = "Time a shopping trip: start it, stop it, or see it."
  static let discussion = """
    'grocery trip start' starts a trip, at a store with --at; what you buy until 'grocery trip stop' is \
    recorded on it with the time. Named alone, 'grocery trip' shows the trip under way: where, since when, \
    and what has been bought so far. A trip left open for 2 hours without a purchase was forgotten: it is \
    taken to have ended at its last purchase (or its start), and the next start or stop says so. Each \
    machine has its own trips. 'grocery stats' shows the average trip time per store and items per minute.
    """
  static let list = Flag("list", help: "Show every trip, newest first.")
  static let options: [any OptionDeclaration] = [list]
  static let subcommands: [any Command.Type] = [TripStartCommand.self, TripStopCommand.self]
  static let examples = [
    "grocery trip start --at costco", "grocery trip", "grocery trip stop", "grocery trip --list",
  ]

  var list: Bool

  init(_ parsed: ParsedArguments) { list = parsed[Self.list] }

  func run(_ context: Context) throws {
    if list {
      context.write(TripRenderer.list(try context.store.trips(now: context.now), now: context.now))
    } else {
      context.write(TripRenderer.status(try context.store.currentTrip(now: context.now), now: context.now))
    }
  }
}
