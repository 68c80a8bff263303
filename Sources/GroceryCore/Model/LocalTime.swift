#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The local time as the C library reads `TZ`, so "today" is the day `date` prints for every form of `TZ`
/// (`Europe/Paris`, `:Pacific/Kiritimati`, a path to a zone file, a POSIX rule such as `XYZ-11`).
public enum LocalTime {
  /// The days grocery writes and reads back: years 0001 to 9999.
  public static let keptDays = Day(year: 1, month: 1, day: 1)!...Day(year: 9999, month: 12, day: 31)!

  /// Returns the local time's offset from UTC in seconds at the moment, or nil when the C library cannot say.
  public static func utcOffset(at date: Date) -> Int? {
    tzset()
    var time = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return nil }
    return Int(parts.tm_gmtoff)
  }

  /// Returns the moment of local noon on the day.
  public static func noon(on day: Day) -> Date {
    let noon = Date(timeIntervalSince1970: Double(day.ordinal * 86_400 + 12 * 3600))
    return noon.addingTimeInterval(-Double(utcOffset(at: noon) ?? 0))
  }

  /// Returns the local day of a moment, refusing a moment whose UTC day or local day grocery could not
  /// write; `what` and `value` name the input the moment came from.
  public static func day(of date: Date, what: String, value: String) throws -> Day {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let utc = Day(ordinal: Int((Double(seconds) / 86_400).rounded(.down)))
    guard let offset = utcOffset(at: date) else {
      throw GroceryError.invalidValue(
        what: what, value: value, reason: "the local time zone (TZ) cannot tell the local time then")
    }
    let local = Day(date, utcOffset: offset)
    if !keptDays.contains(utc) {
      throw outOfRange(what: what, value: value, day: utc, zone: "UTC")
    }
    if !keptDays.contains(local) {
      throw outOfRange(what: what, value: value, day: local, zone: "the local time zone")
    }
    return local
  }

  /// Returns the day, refusing one grocery could not write; `what` and `value` name the input it came from.
  public static func checked(_ day: Day, what: String, value: String) throws -> Day {
    if !keptDays.contains(day) { throw outOfRange(what: what, value: value, day: day, zone: nil) }
    return day
  }

  static func outOfRange(what: String, value: String, day: Day, zone: String?) -> GroceryError {
    .invalidValue(
      what: what, value: value,
      reason: "it is \(day)\(zone.map { " in " + $0 } ?? ""), and grocery keeps dates from"
        + " \(keptDays.lowerBound) to \(keptDays.upperBound)")
  }
}
