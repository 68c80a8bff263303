/// The purchases of an item that everyday commands need: those of the most recent days, and a count of the rest.
///
/// Keeping only recent days keeps every command as fast after twenty years as after one. The window holds a few
/// more days than the interval is learned from, so that undoing recent purchases does not empty it.
struct PurchaseWindow: Equatable, Sendable {
  /// How many distinct days are kept.
  static let capacity = Cadence.days + 13

  /// One kept purchase, with the machine that recorded it and the buyer's name when the log recorded one.
  struct Entry: Equatable, Sendable {
    var date: Day
    var quantity: Int
    var machine: UInt64
    var by: String? = nil
  }

  /// The purchases of the kept days, oldest first; within a day by machine, then in the order that machine
  /// recorded them, so the window is the same whatever order the logs are read in.
  var entries: [Entry] = []
  /// How many distinct days `entries` covers.
  var dayCount = 0
  /// Purchases older than the oldest kept day.
  var earlier = 0

  mutating func add(_ day: Day, quantity: Int, machine: UInt64, by: String? = nil) {
    if let oldest = entries.first?.date, day < oldest, dayCount >= PurchaseWindow.capacity {
      earlier += 1
      return
    }
    var index = entries.count
    while index > 0,
      entries[index - 1].date > day
        || (entries[index - 1].date == day && entries[index - 1].machine > machine)
    {
      index -= 1
    }
    // A new day unless an entry on either side of it is of that day: one of another machine with a smaller id
    // comes after it.
    if (index == 0 || entries[index - 1].date != day)
      && (index == entries.count || entries[index].date != day)
    {
      dayCount += 1
    }
    entries.insert(Entry(date: day, quantity: quantity, machine: machine, by: by), at: index)
    while dayCount > PurchaseWindow.capacity {
      let oldest = entries[0].date
      while let first = entries.first, first.date == oldest {
        entries.removeFirst()
        earlier += 1
      }
      dayCount -= 1
    }
  }
}
