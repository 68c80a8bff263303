/// What a sync did: the changes this machine sent, what came in from each other machine, what it left alone, and
/// what it had to bring back.
public struct SyncReport: Equatable, Sendable {
  /// This machine's changes the push carried that the remote did not have, oldest first, in the log's words.
  public var sent: [String]
  /// What came in, one entry per other machine.
  public var incoming: [Incoming]
  /// The files changed, staged or new in the folder that sync did not commit, as git names them: only this
  /// machine's own log (and `household.json` when sync makes it) is ever committed.
  public var leftAlone: [String]
  /// What sync found wrong with the folder and how it put it right (a rewound working tree, a log shorter than
  /// before, this machine's log changed elsewhere), each a sentence to say loudly.
  public var warnings: [String]

  public init(
    sent: [String] = [], incoming: [Incoming] = [], leftAlone: [String] = [], warnings: [String] = []
  ) {
    self.sent = sent
    self.incoming = incoming
    self.leftAlone = leftAlone
    self.warnings = warnings
  }
}
