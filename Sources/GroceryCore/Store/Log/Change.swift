/// One line of a machine's log: a change with its id, its stamp, what it was, and its operations.
struct Change: Equatable, Sendable {
  /// The newest log format this build writes and reads; a newer one is refused, never rewritten.
  static let version = 3
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
}
