#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One operation of a change, on stable ids.
enum Operation: Equatable, Sendable {
  /// Sets fields of an item; `was` holds the values they had, so that undo can put them back.
  case item(UUID, set: ItemFields, was: ItemFields)
  case category(UUID, set: CategoryFields, was: CategoryFields)
  case location(UUID, set: LocationFields, was: LocationFields)
  /// Sets the household's general walk order (category ids).
  case order([UUID], was: [UUID])
  /// Records a purchase of an item on a day, on a trip when one was under way; `by` names the buyer when the
  /// purchase came from elsewhere (an import), so that it is not shown as bought by the recording machine.
  case buy(item: UUID, day: Day, quantity: Int, trip: TripTag? = nil, by: String? = nil)
  /// Starts, ends, reopens or takes back a trip.
  case trip(UUID, set: TripFields, was: TripFields)
  /// Takes back the purchase an earlier change recorded (undo).
  case unbuy(item: UUID, change: String, day: Day, quantity: Int)
  /// Names the machine that makes the change, for people.
  case machine(name: String)
}
