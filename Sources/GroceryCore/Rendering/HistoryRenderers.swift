#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Renders the purchase log.
public enum HistoryRenderer {
  public static func text(_ entries: [HistoryEntry]) -> String {
    if entries.isEmpty { return "No purchases yet.\n" }
    return entries.map { entry in
      // One space, which a line that fits is written with as it is. (Two were once written, which the wrapping
      // folded into one, but not where a mark at the start of a name joined a space to it.)
      let line =
        "\(entry.date) \(entry.name)" + (entry.quantity > 1 ? " x\(entry.quantity)" : "")
        + (entry.by.map { " (\($0))" } ?? "")
      return TextLayout.wrap(line, width: 80, first: "", rest: "            ").joinedText(separator: "\n")
    }.joinedText(separator: "\n") + "\n"
  }

  public static func csv(_ entries: [HistoryEntry]) -> String {
    let rows =
      [["date", "name", "quantity", "category"]]
      + entries.map { [$0.date.description, $0.name, String($0.quantity), $0.category] }
    return rows.map { $0.map(CSVRenderer.field).joinedText(separator: ",") }.joinedText(separator: "\r\n")
      + "\r\n"
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
    try JSON.string(
      Output(
        version: JSONListRenderer.schemaVersion,
        purchases: entries.map {
          Row(
            date: $0.date.description, name: $0.name, quantity: $0.quantity, category: $0.category, by: $0.by)
        }))
  }
}
