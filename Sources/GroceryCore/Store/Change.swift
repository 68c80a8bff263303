#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The fields an item change sets; nil leaves a field alone, and `.some(nil)` clears an optional one.
struct ItemFields: Equatable, Sendable {
  var name: String?
  var quantity: Int?
  var note: String??
  /// The category's id; `.some(nil)` is Uncategorized.
  var category: UUID??
  var locations: [UUID]?
  var staple: Bool?
  var onList: Bool?
  var unavailableOn: Day??
  var skipUntil: Day??
  /// False when the item is removed; any other change brings a removed item back.
  var alive: Bool?
  /// When the item was first added, in milliseconds since 1970.
  var created: Int64?

  var isEmpty: Bool { self == ItemFields() }
}

/// The fields a category change sets.
struct CategoryFields: Equatable, Sendable {
  var name: String?
  /// The category's colour; `.some(nil)` clears it. Written only in version-3 lines.
  var color: NamedColor??
  var alive: Bool?
  var created: Int64?
}

/// The fields a location change sets.
struct LocationFields: Equatable, Sendable {
  var name: String?
  /// Category ids walked first at the store.
  var order: [UUID]?
  var alive: Bool?
  var created: Int64?
}

/// The fields a trip change sets; only the machine that made a trip ever changes it. Version-3 lines only.
struct TripFields: Equatable, Sendable {
  /// The location shopped at; `.some(nil)` is anywhere.
  var store: UUID??
  /// When the trip started, in milliseconds since 1970.
  var start: Int64?
  /// When it ended; `.some(nil)` reopens it (undo).
  var end: Int64??
  /// True when it was closed by the inactivity rule rather than stopped.
  var idle: Bool?
  /// False when the trip is taken back (undo of its start).
  var alive: Bool?

  var isEmpty: Bool { self == TripFields() }
}

/// The trip a purchase was made on, and the item's category at that moment (nil is Uncategorized).
struct TripTag: Equatable, Sendable {
  var trip: UUID
  var category: UUID?
}

/// One operation of a change, on stable ids.
enum Operation: Equatable, Sendable {
  /// Sets fields of an item; `was` holds the values they had, so that undo can put them back.
  case item(UUID, set: ItemFields, was: ItemFields)
  case category(UUID, set: CategoryFields, was: CategoryFields)
  case location(UUID, set: LocationFields, was: LocationFields)
  /// Sets the household's general walk order (category ids).
  case order([UUID], was: [UUID])
  /// Records a purchase of an item on a day, on a trip when one was under way.
  case buy(item: UUID, day: Day, quantity: Int, trip: TripTag? = nil)
  /// Starts, ends, reopens or takes back a trip.
  case trip(UUID, set: TripFields, was: TripFields)
  /// Takes back the purchase an earlier change recorded (undo).
  case unbuy(item: UUID, change: String, day: Day, quantity: Int)
  /// Names the machine that makes the change, for people.
  case machine(name: String)
}

/// One line of a machine's log: a change with its id, its stamp, what it was, and its operations.
struct Change: Equatable, Sendable {
  /// The newest log format this build writes and reads; a newer one is refused, never rewritten.
  static let version = 3
  /// The oldest log format this build reads, and the one it writes for a line an older build can read.
  static let oldestVersion = 2
  /// The largest counter a stamp may carry; past it, a new change moves to the next millisecond.
  static let maximumCounter = 1 << 32

  var id: String
  var stamp: Stamp
  /// What the change did, in the words `undo` and `sync` report.
  var summary: String
  /// The id of the change this one undoes, if it is an undo.
  var undoes: String?
  var operations: [Operation]
}
