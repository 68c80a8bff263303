/// A copy of a log that a sync tool left beside it (Syncthing's `*.sync-conflict-*`, Dropbox's
/// `(conflicted copy …)`): never read, since a log has one writer and never conflicts, but said.
enum ConflictCopy {
  /// Returns true when the file name in `logs/` is a sync tool's conflict copy.
  static func isOne(_ name: String) -> Bool {
    name.contains(".sync-conflict-") || name.contains("(conflicted copy") || name.contains("conflicted copy)")
  }

  /// What a person is told of the copy at `file`.
  static func message(_ file: String) -> String {
    "'\(file)' is a sync tool's conflict copy and is not read: a log never conflicts, so a log was edited by"
      + " hand or a backup restored; 'grocery check' names the changes only the copy holds, then remove it"
  }
}
