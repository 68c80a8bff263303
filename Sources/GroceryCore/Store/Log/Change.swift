/// One line of a machine's log: a change with its id, its stamp, what it was, and its operations.
struct Change: Equatable, Sendable {
  /// The newest log format this build writes and reads; a newer one is refused, never rewritten.
  static let version = 4
  /// The oldest log format this build reads, and the one it writes for a line an older build can read.
  static let oldestVersion = 2
  /// The largest counter a stamp may carry; past it, a new change moves to the next millisecond.
  static let maximumCounter = 1 << 32

  /// The most bytes a change's id, or the id it undoes, may hold.
  static let idLimit = 100
  /// The most bytes a change's summary may hold.
  static let summaryLimit = 64 * 1024

  var id: String
  var stamp: Stamp
  /// What the change did, in the words `undo` and `sync` report.
  var summary: String
  /// The id of the change this one undoes, if it is an undo.
  var undoes: String?
  var operations: [Operation]
  /// The maker's own wall clock, in milliseconds, when the stamp had to run ahead of it (another machine's clock
  /// ahead, or its own set back) by more than `wallLead`; version-4 lines only.
  var wall: Int64? = nil

  /// How far a new change's stamp may run ahead of its maker's clock and the line still not say that clock: a
  /// minute. A grocery before log version 4 refuses a whole folder that holds a version-4 line, so clocks a few
  /// seconds apart (the usual case) must not make one; within a minute, the stamp's time is what people are shown.
  static let wallLead: Int64 = 60_000

  /// When the change was made by its maker's clock: what people are shown, and what trips are timed by. No other
  /// machine's clock moves it.
  var time: Int64 { wall ?? stamp.milliseconds }

  /// How far the change is ordered after its maker's clock, in milliseconds: far, that clock was behind the changes
  /// the machine had seen (or one of theirs was ahead). 0 for a migration, dated by its version-1 file, not by its
  /// machine's clock.
  var lag: Int64 { isMigration ? 0 : stamp.milliseconds - time }

  /// Whether the change does nothing but name its machine (a first line, a rename of the machine): no change to
  /// undo or to tell. An undo that changed nothing back is not one: it takes a change off the undo list.
  var onlyNamesItsMachine: Bool {
    undoes == nil && operations.allSatisfy { if case .machine = $0 { true } else { false } }
  }
}
