/// Writes a list a part at a time, as `HouseholdStore.walkList` reads it, in the order every people's format
/// shares: the title, each section's heading where it starts with a blank line between sections (none when
/// flat), the entries, then a blank line and the footer, or what an empty list says. A whole view written as one
/// part is what the format's `render` returns.
public struct ListWriter {
  /// The lines before the list (with the blank line after them), if any.
  let title: [String]
  let heading: (ListSection) -> [String]
  let entry: (ListEntry, ListView) -> [String]
  let footer: (ListView) -> String
  /// What an empty list says, as lines.
  let empty: (ListView) -> [String]
  var started = false
  /// The heading of the section under way, nil before the first entry.
  var section: String?

  init(
    title: [String], heading: @escaping (ListSection) -> [String],
    entry: @escaping (ListEntry, ListView) -> [String], footer: @escaping (ListView) -> String,
    empty: @escaping (ListView) -> [String] = { [TextRenderer.emptyMessage($0)] }
  ) {
    self.title = title
    self.heading = heading
    self.entry = entry
    self.footer = footer
    self.empty = empty
  }

  /// Returns the text of a part: the title before the first, a heading where a section starts, the entries.
  public mutating func add(_ part: ListView) -> String {
    var lines = start()
    for section in part.sections where !section.entries.isEmpty {
      if section.title != self.section {
        if self.section != nil && !part.isFlat { lines.append("") }
        self.section = section.title
        if !part.isFlat { lines += heading(section) }
      }
      for entry in section.entries { lines += self.entry(entry, part) }
    }
    return TextLayout.text(lines)
  }

  /// Returns the text that ends the list: the footer with the whole list's counts, or what an empty list says.
  public mutating func finish(_ whole: ListView) -> String {
    var lines = start()
    lines += section == nil ? empty(whole) : ["", footer(whole)]
    return TextLayout.text(lines)
  }

  private mutating func start() -> [String] {
    guard !started else { return [] }
    started = true
    return title
  }
}
