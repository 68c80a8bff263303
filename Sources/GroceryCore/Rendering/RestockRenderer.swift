/// Renders what `restock` added, or with `--dry-run` would add, one staple a line within 80 columns.
public enum RestockRenderer {
  public static func text(_ names: [String], dryRun: Bool) -> String {
    if names.isEmpty { return "nothing to restock\n" }
    // One line a staple whatever its length, as every change says what it did, so that a script (the cron job)
    // reads one a line: a long name was wrapped, where `add` said the same name on one (found by a trial).
    let head = dryRun ? "would add: " : "added: "
    return names.map { head + $0 + "\n" }.joinedText(separator: "")
  }
}
