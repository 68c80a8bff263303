import Foundation

/// A local cache of the folded household, with how far into each log it has read, so that a command reads only
/// what is new. A missing, stale or damaged snapshot is rebuilt from the logs, never a reason to refuse.
enum Snapshot {
  /// Rewrite the snapshot once this many bytes of log have been read beyond it.
  static let rewriteThreshold = 16 * 1024

  struct Contents {
    var state: HouseholdState
    var positions: [String: ChangeLog.Position]
    var undo: [Change]
  }

  static func read(_ path: String, folder: String) throws -> Contents? { nil }

  static func write(
    _ state: HouseholdState, positions: [String: ChangeLog.Position], undo: [Change], folder: String, to path: String
  ) throws {}
}
