/// A change `undo` can revert, by where its line is in this machine's log: the list never copies a change, so
/// that what it costs does not depend on how large a change was.
struct UndoRef: Equatable, Sendable {
  var id: String
  /// Where the line starts in the log, and its length with the newline.
  var offset: Int
  var length: Int
  var summary: String
  var at: Stamp
}
