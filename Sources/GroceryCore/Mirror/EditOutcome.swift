/// What came of editing the checklist in an editor.
public enum EditOutcome: Equatable, Sendable {
  /// The file was saved as it was: nothing changed.
  case unchanged
  /// The file no longer reads as a checklist (emptied, say): nothing changed, for this reason. What was saved,
  /// when it was not emptied, is kept in the file `kept`.
  case notAChecklist(String, kept: String?)
  /// The edits were applied as one change with this summary; nothing when they changed nothing. Lines that could
  /// not be read are listed, each with why, and what was saved is then kept in the file `kept`.
  case applied(summary: String?, skipped: [String], kept: String?)

  /// The reason of a checklist the editor deleted.
  public static let deleted = "it was deleted"
}
