/// What a sync did: the changes this machine sent, and what came in from each other machine.
public struct SyncReport: Equatable, Sendable {
  /// This machine's changes the push carried that the remote did not have, oldest first, in the log's words.
  public var sent: [String]
  /// What came in, one entry per other machine.
  public var incoming: [Incoming]

  public init(sent: [String] = [], incoming: [Incoming] = []) {
    self.sent = sent
    self.incoming = incoming
  }
}
