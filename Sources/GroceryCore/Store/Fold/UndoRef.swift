/// A change `undo` can revert, by where its line is in this machine's log: the list never copies a change, so
/// that what it costs does not depend on how large a change was.
struct UndoRef: Equatable, Sendable {
  var id: String
  /// Where the line starts in the log, and its length with the newline.
  var offset: Int
  var length: Int
  var summary: String
  var at: Stamp
  /// How far this machine had read each other machine's log when it made the change; nil where that is not known
  /// (a cache rebuilt from the logs since).
  var seen: [String: Int]? = nil

  /// The same entry of the list, whatever each knows of what was seen: the logs do not say it, so a list folded
  /// from them is the one a cache keeps.
  static func == (a: UndoRef, b: UndoRef) -> Bool {
    a.id == b.id && a.offset == b.offset && a.length == b.length && a.summary == b.summary && a.at == b.at
  }

  /// `seen` as the cache keeps it: `machine=offset` pairs, by machine, between semicolons.
  var seenText: String? {
    seen.map { $0.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";") }
  }

  /// `seen` from the text the cache keeps; nil for none, or for text that is not what `seenText` writes.
  static func seen(_ text: String?) -> [String: Int]? {
    guard let text else { return nil }
    var seen: [String: Int] = [:]
    for pair in text.split(separator: ";") {
      let parts = pair.split(separator: "=")
      guard parts.count == 2, let offset = Int(parts[1]), offset >= 0 else { return nil }
      seen[String(parts[0])] = offset
    }
    return seen
  }
}
