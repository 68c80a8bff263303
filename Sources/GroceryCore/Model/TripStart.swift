/// What starting a trip did: the new trip, and the one it ended first, if one was still open.
public struct TripStart: Equatable, Sendable {
  public var trip: TripRecord
  /// The trip this machine had open, now ended (stopped, or by the inactivity rule).
  public var ended: TripRecord?

  public init(trip: TripRecord, ended: TripRecord?) {
    self.trip = trip
    self.ended = ended
  }
}
