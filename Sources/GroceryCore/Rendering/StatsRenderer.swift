/// Renders `stats`: per item, the times bought, the interval, the last purchase and the recent weeks.
public enum StatsRenderer {
  /// The bars for 0, 1, 2, 3 and 4 or more purchases in a week.
  ///
  /// The scale is fixed, not fitted to the rows shown, so a bar means the same count in the full table, in
  /// `stats milk` and next year; a week of a staple rarely holds more than three purchases.
  static let bars: [Character] = ["·", "▂", "▄", "▆", "█"]
  static let barBytes = bars.map { Array(String($0).utf8) }

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
      // Written as bytes into one buffer: a table of hundreds of rows built from small texts joined cost as
      // much as reading its items.
      var out: [UInt8] = []
      out.reserveCapacity((rows.count + 1) * 100)
      if !started {
        line(&out, "ITEM", nameWidth, "BOUGHT", "EVERY", "LAST", Array("WEEKS (\(weeks))".utf8))
        started = true
      }
      var weekly: [UInt8] = []
      for row in rows {
        weekly.removeAll(keepingCapacity: true)
        for count in row.weekly {
          if chart {
            weekly += StatsRenderer.barBytes[min(StatsRenderer.barBytes.count - 1, count)]
          } else if (0...9).contains(count) {
            weekly.append(UInt8(ascii: "0") + UInt8(count))
          } else {
            weekly += (count > 9 ? "+" : String(count)).utf8
          }
        }
        // A count or an interval wider than its column (a purchase dated centuries back by a typo) takes its room
        // from the name's, so that the row still fits 80 columns, where it ran past them (found by a trial).
        let (bought, every) = (
          String(row.timesBought), row.interval.map { TextRenderer.count($0, "day") } ?? "-"
        )
        let over = max(0, TextLayout.width(bought) - 6) + max(0, TextLayout.width(every) - 10)
        let width = max(1, nameWidth - over)
        line(
          &out, TextLayout.cut(row.name, width: width), width, bought, every,
          row.lastBought?.description ?? "-",
          weekly)
      }
      return String(decoding: out, as: UTF8.self)
    }

    /// The legend after the rows, or the empty message when there were none.
    public func finish() -> String {
      guard started else { return "No purchases yet.\n" }
      return "\nWEEKS: purchases a week, oldest first; the last is this week, up to today.\n"
        + (chart ? "· none  ▂ 1  ▄ 2  ▆ 3  █ 4 or more\n" : "0 none  1-9 that many  + 10 or more\n")
    }

    /// Appends one line: the name, the count right-aligned, the interval, the last day and the weeks, two
    /// spaces apart, without trailing spaces.
    private func line(
      _ out: inout [UInt8], _ name: String, _ nameWidth: Int, _ bought: String, _ every: String,
      _ last: String,
      _ weeks: [UInt8]
    ) {
      func spaces(_ count: Int) { out += repeatElement(UInt8(ascii: " "), count: max(0, count)) }
      out += name.utf8
      spaces(nameWidth - TextLayout.width(name))
      spaces(2 + max(0, 6 - TextLayout.width(bought)))
      out += bought.utf8
      spaces(2)
      out += every.utf8
      spaces(10 - TextLayout.width(every))
      spaces(2)
      out += last.utf8
      spaces(10 - TextLayout.width(last))
      spaces(2)
      out += weeks
      while out.last == UInt8(ascii: " ") { out.removeLast() }
      out.append(UInt8(ascii: "\n"))
    }
  }

  /// The width of the name column, so that a row fits 80 columns.
  static func nameWidth(weeks: Int) -> Int { 80 - (2 + 6 + 2 + 10 + 2 + 10 + 2 + weeks) }
}
