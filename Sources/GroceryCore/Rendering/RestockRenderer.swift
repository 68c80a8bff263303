/// Renders what `restock` added, or with `--dry-run` would add, one staple a line within 80 columns.
public enum RestockRenderer {
  public static func text(_ names: [String], dryRun: Bool) -> String {
    if names.isEmpty { return "nothing to restock\n" }
    let head = dryRun ? "would add: " : "added: "
    return names.flatMap {
      TextLayout.fit($0, width: 80, first: head, rest: String(repeating: " ", count: head.count))
    }.joinedText(separator: "\n") + "\n"
  }
}
