#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The fields a trip change sets; only the machine that made a trip ever changes it. Version-3 lines only.
struct TripFields: Equatable, Sendable {
  /// The location shopped at; `.some(nil)` is anywhere.
  var store: UUID??
  /// When the trip started, in milliseconds since 1970: the time of the change that started it.
  var start: Int64?
  /// When it ended, never before its start or last purchase; `.some(nil)` reopens it (undo).
  var end: Int64??
  /// True when it was closed by the inactivity rule rather than stopped.
  var idle: Bool?
  /// False when the trip is taken back (undo of its start).
  var alive: Bool?

  var isEmpty: Bool { self == TripFields() }
}
