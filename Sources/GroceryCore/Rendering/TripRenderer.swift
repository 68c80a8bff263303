#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Renders a trip under way or just ended, the list of past trips, and the trip figures of `stats`.
///
/// Times are local: `utcOffset` gives the local time's offset from UTC, in seconds, at a moment.
public enum TripRenderer {
  /// The local offset as the C library reads `TZ`, for callers that show the user's own time.
  public static let localOffset: @Sendable (Date) -> Int = { LocalTime.utcOffset(at: $0) ?? 0 }

  /// A trip with its purchases so far, as `trip`, `trip start` and `trip stop` show it; nil says there is none.
  public static func status(_ trip: TripRecord?, now: Date, utcOffset: (Date) -> Int = localOffset) -> String
  {
    guard let trip else { return "No trip under way.\n" }
    let today = Day(now, utcOffset: utcOffset(now))
    func time(_ date: Date) -> String { clock(date, today: today, utcOffset: utcOffset) }
    var heading = "Trip " + trip.place
    switch trip.ending {
    case .open:
      heading += ", started \(time(trip.start)), \(duration(trip.elapsed(now: now))) so far"
    case .stopped, .idle, .clockBack:
      heading += ", \(time(trip.start)) to \(time(trip.end ?? now)) (\(duration(trip.elapsed(now: now))))"
    }
    if trip.ending == .idle || trip.ending == .clockBack {
      heading +=
        ": " + closed(trip.ending) + ", at its " + (trip.purchases.isEmpty ? "start" : "last purchase")
    }
    // Always this machine's own trip (`trip`, `trip stop`): who made it goes without saying, as `trip --list` says
    // it of every trip of a household of several machines.
    var lines = TextLayout.wrap(heading, width: 80, first: "", rest: "  ")
    // When one purchase was on another day than today (a trip across midnight), every time shows its day, so the
    // names stay in one column.
    let days = Set(trip.purchases.map { Day($0.at, utcOffset: utcOffset($0.at)) })
    let shownDay =
      days.count > 1 || days.first.map { $0 != today } == true ? Day(ordinal: Int.min / 2) : today
    for purchase in trip.purchases {
      let text = Names.printable(purchase.name) + (purchase.quantity > 1 ? " x\(purchase.quantity)" : "")
      let head = "  " + clock(purchase.at, today: shownDay, utcOffset: utcOffset) + "  "
      lines += TextLayout.wrap(text, width: 80, first: head, rest: String(repeating: " ", count: head.count))
    }
    lines.append("")
    if trip.purchases.isEmpty {
      lines.append(trip.ending == .open ? "Nothing bought yet." : "Nothing bought.")
    } else {
      lines.append(
        TextRenderer.count(trip.purchases.count, "item") + " bought" + (trip.ending == .open ? " so far" : "")
      )
    }
    return lines.joinedText(separator: "\n") + "\n"
  }

  /// Why a trip nobody stopped is over: no purchase for two hours, or a clock now before its last purchase, which
  /// was said as two hours without one (found by two trials).
  static func closed(_ ending: TripEnding) -> String {
    ending == .clockBack
      ? "closed as the clock went back"
      : "closed after \(duration(TripRecord.idleLimit)) without a purchase"
  }

  /// What `trip start` says: the trip it ended first, if any, and the one it started.
  public static func started(_ start: TripStart, now: Date, utcOffset: (Date) -> Int = localOffset) -> String
  {
    let today = Day(now, utcOffset: utcOffset(now))
    func time(_ date: Date) -> String { clock(date, today: today, utcOffset: utcOffset) }
    var lines: [String] = []
    if let ended = start.ended {
      var text =
        "Ended the trip \(ended.place) started \(time(ended.start)): \(duration(ended.elapsed(now: now))), "
        + TextRenderer.count(ended.purchases.count, "item") + " bought"
      if ended.ending == .idle || ended.ending == .clockBack { text += " (" + closed(ended.ending) + ")" }
      lines += TextLayout.wrap(text + ".", width: 80, first: "", rest: "  ")
    }
    lines += TextLayout.wrap(
      "Started a trip \(start.trip.place) at \(time(start.trip.start)).", width: 80, first: "", rest: "  ")
    return lines.joinedText(separator: "\n") + "\n"
  }

  /// Every trip, newest first, one a line: when, how long, how many items, and where.
  public static func list(_ trips: [TripRecord], now: Date, utcOffset: (Date) -> Int = localOffset) -> String
  {
    if trips.isEmpty { return "No trips yet.\n" }
    let rows = trips.reversed().map { trip -> [String] in
      let startDay = Day(trip.start, utcOffset: utcOffset(trip.start))
      var when = "\(startDay) " + clock(trip.start, today: startDay, utcOffset: utcOffset) + "-"
      if let end = trip.end {
        // An end on a later day is its time and how many days later (`00:20+1`), as a timetable writes it: a
        // whole second date widened the column of every trip over one that ran past midnight.
        let endDay = Day(end, utcOffset: utcOffset(end))
        when += clock(end, today: endDay, utcOffset: utcOffset)
        if endDay.ordinal > startDay.ordinal { when += "+" + String(endDay.ordinal - startDay.ordinal) }
      }
      var notes: [String] = []
      if trip.storeRemoved { notes.append("store removed") }
      if let by = trip.by { notes.append("by " + by) }
      if trip.ending == .idle || trip.ending == .clockBack { notes.append(closed(trip.ending)) }
      let place =
        (trip.store ?? "anywhere") + (notes.isEmpty ? "" : " (" + notes.joinedText(separator: "; ") + ")")
      return [
        when, trip.ending == .open ? "open" : duration(trip.elapsed(now: now)),
        TextRenderer.count(trip.purchases.count, "item"), place,
      ]
    }
    let widths = (0..<3).map { column in rows.map { TextLayout.width($0[column]) }.max() ?? 0 }
    let placeColumn = widths.reduce(0, +) + 6
    return rows.flatMap { row in
      let fixed = (0..<3).map { column in
        let gap = String(repeating: " ", count: widths[column] - TextLayout.width(row[column]))
        return column == 0 ? row[column] + gap : gap + row[column]
      }
      return TextLayout.fit(
        row[3], width: 80, first: fixed.joinedText(separator: "  ") + "  ",
        rest: String(repeating: " ", count: placeColumn))
    }.joinedText(separator: "\n") + "\n"
  }

  /// The trip figures `stats` adds: for each store, its trips, their average time and items a minute; a store
  /// name too long for 80 columns is cut.
  public static func stats(_ rows: [StoreTripStats]) -> String {
    if rows.isEmpty { return "No finished trips yet.\n" }
    var cells = rows.map { row in
      [
        row.store ?? "anywhere", String(row.trips),
        // The average to the nearest minute, as the rate beside it is rounded: a trip's own length is cut to its
        // whole minutes, as its clock times are.
        duration((row.averageDuration / 60).rounded() * 60),
        // A slow trip's rate is said as under a tenth, not as none: trips that bought nothing are left out.
        row.itemsPerMinute.map { $0 > 0 && oneDecimal($0) == "0.0" ? "<0.1" : oneDecimal($0) } ?? "-",
      ]
    }
    let header = ["STORE", "TRIPS", "AVERAGE", "ITEMS/MIN"]
    let figures = (1..<4).map { column in ([header] + cells).map { TextLayout.width($0[column]) }.max()! }
    let storeWidth = 80 - figures.reduce(0, +) - 6
    // A removed store's name is cut to leave room for saying so.
    for (index, row) in rows.enumerated() {
      let removed = row.removed ? " (removed)" : ""
      cells[index][0] = TextLayout.cut(cells[index][0], width: storeWidth - removed.count) + removed
    }
    let widths = (0..<4).map { column in ([header] + cells).map { TextLayout.width($0[column]) }.max()! }
    return ([header] + cells).map { row in
      (0..<4).map { column in
        let gap = String(repeating: " ", count: widths[column] - TextLayout.width(row[column]))
        return column == 0 ? row[column] + gap : gap + row[column]
      }.joinedText(separator: "  ")
    }.map(TextLayout.trimmingTrailingSpaces).joinedText(separator: "\n") + "\n"
  }

  /// A number with one decimal: `0.8`, `12.0`.
  static func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }

  /// A length of time in whole minutes: `45 min`, `1 h 05 min`, `2 h`.
  public static func duration(_ interval: TimeInterval) -> String {
    let minutes = max(0, Int((interval / 60).rounded(.down)))
    if minutes < 60 { return "\(minutes) min" }
    let rest = minutes % 60
    return "\(minutes / 60) h" + (rest == 0 ? "" : rest < 10 ? " 0\(rest) min" : " \(rest) min")
  }

  /// The local time of day, `HH:MM`, with the day in front when it is not `today` (always, when `today` is nil).
  static func clock(_ date: Date, today: Day?, utcOffset: (Date) -> Int) -> String {
    let offset = utcOffset(date)
    let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + offset
    let minuteOfDay = ((seconds % 86_400) + 86_400) % 86_400 / 60
    // Each as two digits, written out: a substring added to a string made the runtime look up its type.
    let (hours, minutes) = (minuteOfDay / 60, minuteOfDay % 60)
    let text = (hours < 10 ? "0" : "") + String(hours) + ":" + (minutes < 10 ? "0" : "") + String(minutes)
    let day = Day(date, utcOffset: offset)
    return day == today ? text : "\(day) \(text)"
  }
}
