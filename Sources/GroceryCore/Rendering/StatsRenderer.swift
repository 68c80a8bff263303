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
    for row in rows {
      let weekly = row.weekly.map { count -> String in
        if chart { return String(bars[min(bars.count - 1, count)]) }
        return count > 9 ? "+" : String(count)
      }.joined()
      lines.append(
        pad(fit(row.name), nameWidth) + "  " + pad(String(row.timesBought), 6, right: true) + "  "
          + pad(row.interval.map { "\($0) days" } ?? "-", 10) + "  "
          + pad(row.lastBought?.description ?? "-", 10) + "  "
          + weekly)
    }
    lines.append("")
    lines.append("WEEKS: purchases a week, oldest first; the last is this week, up to today.")
    lines.append(chart ? "· none  ▂ 1  ▄ 2  ▆ 3  █ 4 or more" : "0 none  1-9 that many  + 10 or more")
    return lines.map(TextLayout.trimmingTrailingSpaces).joined(separator: "\n") + "\n"
  }
}
