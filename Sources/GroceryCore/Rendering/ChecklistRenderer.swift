#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Renders the list as a checklist a phone app edits: a header line naming the household and the machine, then
/// one unticked line an item, in walk order, as Markdown tasks under category headings or as todo.txt lines.
public enum ChecklistRenderer {
  /// The checklist's text and the ids of the items its lines name, in order.
  public struct Output: Equatable, Sendable {
    public var text: String
    public var items: [UUID]
  }

  public static func render(_ view: ListView, header: MirrorHeader, format: MirrorFormat) -> Output {
    var lines = [header.line(format)]
    var items: [UUID] = []
    for section in view.sections {
      if format == .markdown { lines += ["", "## " + section.title, ""] }
      for entry in section.entries {
        let text = ChecklistText.line(entry.item)
        items.append(entry.item.id)
        switch format {
        case .markdown:
          lines.append("- [ ] " + MarkdownDoneMark.escaped(text))
        case .todoTxt:
          let context =
            section.title == Category.uncategorized ? "" : " @" + section.title.replacing(" ", with: "_")
          lines.append(TodoTxtWords.escaped(text) + context)
        }
      }
    }
    return Output(text: lines.joinedText(separator: "\n") + "\n", items: items)
  }
}
