/// How a trip came to an end, if it has.
public enum TripEnding: String, Equatable, Sendable {
  /// Still under way.
  case open
  /// Ended by `trip stop`, or by starting the next trip.
  case stopped
  /// Over by the inactivity rule: no purchase for `TripRecord.idleLimit`, so it ended at its last purchase.
  case idle
}
