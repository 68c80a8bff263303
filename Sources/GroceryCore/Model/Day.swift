#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A calendar day, written `YYYY-MM-DD`, with day arithmetic that needs no calendar object.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Days since 1970-01-01.
  public let ordinal: Int

  public init(ordinal: Int) { self.ordinal = ordinal }

  /// Creates a day from a proleptic Gregorian year, month and day, refusing impossible dates.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
      day <= Day.daysIn(month: month, year: year)
    else { return nil }
    // Days-from-civil, after Howard Hinnant's algorithm.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    ordinal = era * 146097 + doe - 719468
  }

  /// Whether the text is written as a date is, `YYYY-MM-DD` in ASCII digits, whether or not a calendar has it.
  public static func isShaped(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    return bytes.count == 10
      && bytes.indices.allSatisfy {
        [4, 7].contains($0) ? bytes[$0] == 0x2D : (0x30...0x39).contains(bytes[$0])
      }
  }

  /// Parses exactly `YYYY-MM-DD`.
  public init?(_ text: String) {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == 45, bytes[7] == 45 else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for i in range {
        guard (48...57).contains(bytes[i]) else { return nil }
        value = value * 10 + Int(bytes[i] - 48)
      }
      return value
    }
    guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
    self.init(year: y, month: m, day: d)
  }

  /// Returns the day a moment falls on where the local time is `utcOffset` seconds ahead of UTC.
  public init(_ date: Date, utcOffset: Int) {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + utcOffset
    ordinal = Int((Double(seconds) / 86_400).rounded(.down))
  }

  public var components: (year: Int, month: Int, day: Int) {
    let z = ordinal + 719468
    let era = (z >= 0 ? z : z - 146096) / 146097
    let doe = z - era * 146097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
  }

  public var description: String {
    let (y, m, d) = components
    guard (0...9999).contains(y) else {
      func pad(_ v: Int, _ n: Int) -> String {
        let s = String(v)
        return String(repeating: "0", count: max(0, n - s.count)) + s
      }
      return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))"
    }
    // Written as ten bytes: `stats` and `history` write a date for every row, and interpolating padded numbers
    // cost a few thousand instructions each.
    return String(unsafeUninitializedCapacity: 10) { bytes in
      func put(_ value: Int, at end: Int, digits: Int) {
        var value = value
        for index in (end - digits + 1...end).reversed() {
          bytes[index] = UInt8(truncatingIfNeeded: 48 + value % 10)
          value /= 10
        }
      }
      put(y, at: 3, digits: 4)
      bytes[4] = 45
      put(m, at: 6, digits: 2)
      bytes[7] = 45
      put(d, at: 9, digits: 2)
      return 10
    }
  }

  /// Monday is 0, Sunday is 6.
  public var weekday: Int { ((ordinal % 7) + 7 + 3) % 7 }

  public func adding(days: Int) -> Day { Day(ordinal: ordinal + days) }

  /// The latest day any time zone has reached at a moment, the day after its UTC date: the latest a purchase made
  /// then may be dated (a log's reader dates a later one so, and `import` refuses one).
  public static func latestAnywhere(at date: Date) -> Day { Day(date, utcOffset: 0).adding(days: 1) }

  /// The last day grocery keeps: 9999-12-31.
  public static let last = Day(year: 9999, month: 12, day: 31)!

  /// Days from this day to another (positive when the other is later).
  public func days(to other: Day) -> Int { other.ordinal - ordinal }

  public static func < (a: Day, b: Day) -> Bool { a.ordinal < b.ordinal }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}
