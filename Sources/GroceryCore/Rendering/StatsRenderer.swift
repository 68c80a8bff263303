/// Renders `stats`: per item, the times bought, the interval, the last purchase and the recent weeks.
public enum StatsRenderer {
  /// The bars for 0, 1, 2, 3 and 4 or more purchases in a week.
  ///
  /// The scale is fixed, not fitted to the rows shown, so a bar means the same count in the full table, in
  /// `stats milk` and next year; a week of a staple rarely holds more than three purchases.
  static let bars: [Character] = ["·", "▂", "▄", "▆", "█"]

  /// Returns the table, then a legend saying which end is this week; the weekly column is a bar chart on a
  /// terminal and digits otherwise.
  public static func text(_ rows: [ItemStats], chart: Bool) -> String {
    var writer = Writer(chart: chart)
    return writer.add(rows) + writer.finish()
  }

  /// Writes the table a part at a time, for `stats` of a whole household, which reads its items in parts: the
  /// heading before the first rows, then each part's rows, then the legend, or the empty message when no part
  /// came.
  public struct Writer {
    let chart: Bool
    private var started = false

    public init(chart: Bool) { self.chart = chart }

    /// The lines of a part of the rows, in the order given, after the heading when it is the first.
    public mutating func add(_ rows: [ItemStats]) -> String {
      guard let weeks = rows.first?.weekly.count else { return "" }
      let nameWidth = StatsRenderer.nameWidth(weeks: weeks)
      var lines: [String] = []
      if !started {
        lines.append(
          pad("ITEM", nameWidth) + "  " + pad("BOUGHT", 6, right: true) + "  " + pad("EVERY", 10) + "  "
            + pad("LAST", 10) + "  " + "WEEKS (\(weeks))")
        started = true
      }
      for row in rows {
        let weekly = row.weekly.map { count -> String in
          if chart { return String(bars[min(bars.count - 1, count)]) }
          return count > 9 ? "+" : String(count)
        }.joined()
        lines.append(
          pad(fit(row.name, nameWidth), nameWidth) + "  " + pad(String(row.timesBought), 6, right: true)
            + "  "
            + pad(row.interval.map { "\($0) days" } ?? "-", 10) + "  "
            + pad(row.lastBought?.description ?? "-", 10) + "  "
            + weekly)
      }
      return lines.map { TextLayout.trimmingTrailingSpaces($0) + "\n" }.joined()
    }

    /// The legend after the rows, or the empty message when there were none.
    public func finish() -> String {
      guard started else { return "No purchases yet.\n" }
      return "\nWEEKS: purchases a week, oldest first; the last is this week, up to today.\n"
        + (chart ? "· none  ▂ 1  ▄ 2  ▆ 3  █ 4 or more\n" : "0 none  1-9 that many  + 10 or more\n")
    }

    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
      let gap = String(repeating: " ", count: max(0, width - TextLayout.width(text)))
      return right ? gap + text : text + gap
    }

    private func fit(_ name: String, _ width: Int) -> String {
      if TextLayout.width(name) <= width { return name }
      var cut = ""
      for character in name where TextLayout.width(cut + String(character)) <= width - 3 {
        cut.append(character)
      }
      return cut + "..."
    }
  }

  /// The width of the name column, so that a row fits 80 columns.
  static func nameWidth(weeks: Int) -> Int { 80 - (2 + 6 + 2 + 10 + 2 + 10 + 2 + weeks) }
}
