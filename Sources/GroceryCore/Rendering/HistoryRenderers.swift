#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Renders the purchase log.
public enum HistoryRenderer {
  public static func text(_ entries: [HistoryEntry]) -> String {
    entries.isEmpty ? emptyText : textLines(entries)
  }

  static let emptyText = "No purchases yet.\n"

  public static func csv(_ entries: [HistoryEntry]) -> String { csvHeader + csvLines(entries) }

  /// The columns of the JSON's rows, in its order; `by` last, added after the others, empty where JSON has null.
  static let csvHeader = "date,name,quantity,category,by\r\n"

  /// A line for each entry (wrapped at 80 columns where it does not fit, under the name's first letter).
  static func textLines(_ entries: [HistoryEntry]) -> String {
    // Each line built as bytes and added to one buffer: a history of years writes tens of thousands, and adding
    // strings to strings cost more than everything else it does.
    var text: [UInt8] = []
    text.reserveCapacity(entries.count * 40)
    var line: [UInt8] = []
    for entry in entries {
      // One space, which a line that fits is written with as it is. (Two were once written, which the wrapping
      // folded into one, but not where a mark at the start of a name joined a space to it.)
      line.removeAll(keepingCapacity: true)
      line.append(contentsOf: entry.date.description.utf8)
      line.append(0x20)
      let dated = line.count
      line.append(contentsOf: entry.name.utf8)
      if entry.quantity > 1 {
        line.append(contentsOf: " x".utf8)
        line.append(contentsOf: String(entry.quantity).utf8)
      }
      if let by = entry.by {
        line.append(contentsOf: " (".utf8)
        line.append(contentsOf: by.utf8)
        line.append(0x29)
      }
      if TextLayout.fitsAsIs(line, width: 80) {
        text.append(contentsOf: line)
      } else {
        // The date stays before the name, as `list` keeps the box before it, however long its first word.
        let wrapped = TextLayout.wrap(
          String(decoding: line[dated...], as: UTF8.self), width: 80,
          first: String(decoding: line[..<dated], as: UTF8.self), rest: String(repeating: " ", count: dated))
        text.append(contentsOf: wrapped.joinedText(separator: "\n").utf8)
      }
      text.append(0x0A)
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// A CSV row for each entry.
  static func csvLines(_ entries: [HistoryEntry]) -> String {
    entries.map {
      [$0.date.description, $0.name, String($0.quantity), $0.category, $0.by ?? ""].map(CSVRenderer.field)
        .joinedText(separator: ",") + "\r\n"
    }.joinedText(separator: "")
  }

  struct Output: Encodable {
    var version: Int
    var purchases: [Row]
  }

  struct Row: Encodable {
    var date: String
    var name: String
    var quantity: Int
    var category: String
    var by: String?

    enum CodingKeys: String, CodingKey { case date, name, quantity, category, by }

    func encode(to encoder: Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(date, forKey: .date)
      try c.encode(name, forKey: .name)
      try c.encode(quantity, forKey: .quantity)
      try c.encode(category, forKey: .category)
      try c.encode(by, forKey: .by)
    }
  }

  /// The history's JSON, in a schema versioned like the list's.
  public static func json(_ entries: [HistoryEntry]) throws -> String {
    var writer = Writer(.json)
    return try writer.add(entries) + writer.finish()
  }

  /// Writes the log a part at a time, as `HouseholdStore.walkHistory` reads it: what each part adds, then what
  /// ends the log, together the text the format gives for the whole log at once.
  public struct Writer {
    let format: HistoryFormat
    /// The first day a `--since` asked for: what an empty text log says it holds none since.
    let since: Day?
    var started = false

    public init(_ format: HistoryFormat, since: Day? = nil) {
      self.format = format
      self.since = since
    }

    /// Returns the text of the next entries: the CSV header or the JSON document's start before the first.
    public mutating func add(_ entries: [HistoryEntry]) throws -> String {
      guard !entries.isEmpty else { return "" }
      defer { started = true }
      switch format {
      case .text: return HistoryRenderer.textLines(entries)
      case .csv: return (started ? "" : HistoryRenderer.csvHeader) + HistoryRenderer.csvLines(entries)
      case .json:
        // The rows as the encoder writes the document of them alone, between its start and end, which are the
        // same for any rows: after the start, or after the rows of the parts before.
        let document = try JSON.string(
          Output(
            version: JSONListRenderer.schemaVersion,
            purchases: entries.map {
              Row(
                date: $0.date.description, name: $0.name, quantity: $0.quantity, category: $0.category,
                by: $0.by)
            }))
        let utf8 = document.utf8
        let rows =
          utf8.index(
            utf8.startIndex, offsetBy: jsonStart.utf8.count)..<utf8.index(
            utf8.endIndex, offsetBy: -jsonEnd.utf8.count)
        return (started ? ",\n" : jsonStart) + String(document[rows])
      }
    }

    /// Returns what ends the log: for none at all, what the format says of an empty one.
    public func finish() -> String {
      switch format {
      case .text:
        return started ? "" : since.map { "No purchases since \($0).\n" } ?? HistoryRenderer.emptyText
      case .csv: return started ? "" : HistoryRenderer.csvHeader
      case .json: return started ? jsonEnd : jsonStart + jsonEnd
      }
    }

    private var jsonStart: String { "{\n  \"purchases\" : [\n" }
    private var jsonEnd: String { "\n  ],\n  \"version\" : \(JSONListRenderer.schemaVersion)\n}\n" }
  }
}
