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

  /// Every trip field, in the order a log line writes them. A trip is shown as a `TripRecord`, made by the
  /// store, so no field has a model of its own; `TripState` folds them, since only a trip's maker changes it.
  static let table: [Field<TripFields, TripState, Void>] = [
    .value(
      "store", Slot({ $0.store }, { $0.store = $1 }), Slot({ $0.store }, { $0.store = $1 }), version: 3,
      model: .none),
    .value(
      "start", Slot({ $0.start }, { $0.start = $1 }), Slot({ $0.start }, { $0.start = $1 }), version: 3,
      model: .none),
    .value(
      "end", Slot({ $0.end }, { $0.end = $1 }), Slot({ $0.end }, { $0.end = $1 }), version: 3, model: .none),
    .value(
      "idle", Slot({ $0.idle }, { $0.idle = $1 }), Slot({ $0.idle }, { $0.idle = $1 }), version: 3,
      model: .none),
    .alive(Slot({ $0.alive }, { $0.alive = $1 }), Slot({ $0.alive }, { $0.alive = $1 })),
  ]
}
