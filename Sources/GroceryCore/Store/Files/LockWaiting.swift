/// How long one command may wait for other groceries' locks in all (`--lock-timeout`): a command that takes several
/// locks in turn (a sync's own, then the store's; a mirror's, then the store's) waits at most that long altogether,
/// where it waited that long for each. Every copy of the store a command makes shares one.
///
/// Locks are taken only on the thread the command runs on, so the lack of a lock of its own is safe.
public final class LockWaiting: @unchecked Sendable {
  /// The most seconds to wait in all; nil waits for as long as it takes.
  public let limit: Double?
  /// How long the command has waited so far.
  private(set) var waited: Duration = .zero

  public init(limit: Double?) { self.limit = limit }

  /// How much longer the command may wait; nil when it may wait for as long as it takes.
  var remaining: Duration? {
    limit.map { max(.zero, .milliseconds(Int($0 * 1000)) - waited) }
  }

  /// Counts a wait against the limit.
  func spend(_ wait: Duration) { waited += wait }
}
