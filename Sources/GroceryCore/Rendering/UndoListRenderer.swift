#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Renders `undo --list`: the changes that can be undone, numbered, most recent first, with their local times.
public enum UndoListRenderer {
  /// `utcOffset` gives the local time's offset from UTC at a moment, as for trips, so every time people read is
  /// in one zone.
  public static func text(_ entries: [UndoEntry], utcOffset: (Date) -> Int = TripRenderer.localOffset)
    -> String
  {
    if entries.isEmpty { return "Nothing to undo.\n" }
    return NumberedLines.text(
      entries.map { entry in
        Names.printable(entry.summary)
          + (entry.at.map { "  (" + TripRenderer.clock($0, today: nil, utcOffset: utcOffset) + ")" } ?? "")
      })
  }
}
