/// How a trip came to an end, if it has.
public enum TripEnding: String, Equatable, Sendable {
  /// Still under way.
  case open
  /// Ended by `trip stop`, or by starting the next trip.
  case stopped
  /// Over by the inactivity rule: no purchase for `TripRecord.idleLimit`, so it ended at its last purchase.
  case idle
  /// Over because its maker's clock is now before its last purchase (set back further than a small step), which was
  /// wrong while the trip was under way: it ended at its last purchase, as it is written.
  case clockBack
}
