#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Renders `undo --list`: the changes that can be undone, numbered, most recent first, with their times.
public enum UndoListRenderer {
  public static func text(_ entries: [UndoEntry]) -> String {
    if entries.isEmpty { return "Nothing to undo.\n" }
    return NumberedLines.text(
      entries.map { $0.summary + ($0.at.map { "  (" + Timestamp.format($0) + ")" } ?? "") })
  }
}
