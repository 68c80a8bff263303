/// What looking after the mirrors did that the user hears of: edits applied, or a file set right.
public enum MirrorNotice: Equatable, Sendable {
  /// A file's edits were applied as one change, with this summary.
  case applied(file: String, summary: String)
  /// Something the user should know: a file that is no longer a checklist, edits held back, a line skipped.
  case warning(String)
}
