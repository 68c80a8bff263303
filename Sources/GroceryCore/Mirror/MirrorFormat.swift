/// How a mirror file is written: a Markdown task list or todo.txt lines.
public enum MirrorFormat: String, Codable, CaseIterable, Sendable {
  /// `## Produce`, then `- [ ] bananas x2 - not too ripe`.
  case markdown
  /// `bananas x2 - not too ripe @Produce`, ticked as `x 2026-11-23 bananas x2 - not too ripe @Produce`.
  case todoTxt = "todo.txt"
}
