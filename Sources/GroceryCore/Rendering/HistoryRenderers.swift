#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Renders the purchase log and the per-item statistics.
public enum HistoryRenderer {
  public static func text(_ entries: [HistoryEntry]) -> String {
    if entries.isEmpty { return "No purchases yet.\n" }
    return entries.map { entry in
      let line =
        "\(entry.date)  \(entry.name)" + (entry.quantity > 1 ? " x\(entry.quantity)" : "")
        + (entry.by.map { " (\($0))" } ?? "")
      return TextLayout.wrap(line, width: 80, first: "", rest: "            ").joined(separator: "\n")
    }.joined(separator: "\n") + "\n"
  }

  public static func csv(_ entries: [HistoryEntry]) -> String {
    let rows =
      [["date", "name", "quantity", "category"]]
      + entries.map { [$0.date.description, $0.name, String($0.quantity), $0.category] }
    return rows.map { $0.map(CSVRenderer.field).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
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

  /// A table of statistics; the weekly column is a bar chart on a terminal, digits otherwise.
  public static func stats(_ rows: [ItemStats], chart: Bool) -> String {
    if rows.isEmpty { return "No purchases yet.\n" }
    let weeks = rows[0].weekly.count
    let nameWidth = 80 - (2 + 6 + 2 + 10 + 2 + 10 + 2 + weeks)
    func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
      let gap = String(repeating: " ", count: max(0, width - TextLayout.width(text)))
      return right ? gap + text : text + gap
    }
    func fit(_ name: String) -> String {
      if TextLayout.width(name) <= nameWidth { return name }
      var cut = ""
      for character in name where TextLayout.width(cut + String(character)) <= nameWidth - 3 {
        cut.append(character)
      }
      return cut + "..."
    }
    var lines = [
      pad("ITEM", nameWidth) + "  " + pad("BOUGHT", 6, right: true) + "  " + pad("EVERY", 10) + "  "
        + pad("LAST", 10) + "  " + "WEEKS (\(weeks))"
    ]
    let bars = Array(" ▁▂▃▄▅▆▇█")
    let most = max(1, rows.flatMap(\.weekly).max() ?? 1)
    for row in rows {
      let weekly = row.weekly.map { count -> String in
        if chart { return count == 0 ? "·" : String(bars[max(1, min(8, (count * 8 + most - 1) / most))]) }
        return count > 9 ? "+" : String(count)
      }.joined()
      lines.append(
        pad(fit(row.name), nameWidth) + "  " + pad(String(row.timesBought), 6, right: true) + "  "
          + pad(row.interval.map { "\($0) days" } ?? "-", 10) + "  "
          + pad(row.lastBought?.description ?? "-", 10) + "  "
          + weekly)
    }
    return lines.map(TextLayout.trimmingTrailingSpaces).joined(separator: "\n") + "\n"
  }
}
