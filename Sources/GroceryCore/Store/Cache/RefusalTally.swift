/// The lines left out of the fold as the cache keeps them: each log's first few, and how many more, so that a log
/// of a million lines no grocery reads costs every command what five do (`check` folds the logs and lists every
/// one).
///
/// Of each log it keeps its first newer grocery's line (every command says those once a log), and its first `kept`
/// other lines; past them it counts the lines that are copies of a line above apart from the rest, as every
/// command says them.
struct RefusalTally: Equatable, Sendable {
  /// How many lines of one log, but a newer grocery's, are kept: more than every command names.
  static let kept = 16

  /// What the cache holds of one log.
  struct Log: Equatable, Sendable {
    /// How many lines it keeps, but a newer grocery's.
    var kept = 0
    var keepsNewer = false
    /// The lines past those kept: copies of a line above, and the others.
    var copies = 0
    var more = 0
  }

  var logs: [String: Log] = [:]
  /// The lines kept, in the order they came.
  var rows: [LineRefusal] = []

  /// Adds the lines a read left out, in the order of their logs and lines.
  mutating func add(_ refusals: [LineRefusal]) {
    for refusal in refusals {
      var log = logs[refusal.machine] ?? Log()
      if case .newer = refusal.reason {
        if !log.keepsNewer { rows.append(refusal) }
        log.keepsNewer = true
      } else if log.kept < Self.kept {
        rows.append(refusal)
        log.kept += 1
      } else if case .repeats(_, true) = refusal.reason {
        log.copies += 1
      } else if !refusal.isRead {
        log.more += 1
      }
      logs[refusal.machine] = log
    }
  }

  /// The tally of every line a fold left out, as a cache made from it holds them.
  init(_ refusals: [LineRefusal] = []) { add(refusals) }
}
