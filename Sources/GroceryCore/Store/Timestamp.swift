#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Times in the store: UTC, whole seconds, `YYYY-MM-DDTHH:MM:SSZ`.
public enum Timestamp {
  public static func format(_ date: Date) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let day = Day(ordinal: Int((Double(seconds) / 86_400).rounded(.down)))
    let rest = seconds - day.ordinal * 86_400
    func pad(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
    return "\(day)T\(pad(rest / 3600)):\(pad(rest / 60 % 60)):\(pad(rest % 60))Z"
  }

  /// The last time a change can carry, a millisecond before the last second of 9999, which no log line may hold
  /// (`Stamp.writable`).
  public static let latest = Date(timeIntervalSince1970: Double(Stamp.writable.upperBound) / 1000)

  /// Reads `YYYY-MM-DDTHH:MM:SSZ`: two digits each for the hour (to 23), the minute and the second (to 59), no
  /// sign, where `Int` took `+9` and `-0` for digits and a 60th second moved a time to the next minute, or the
  /// next day (found by a trial). `leniently` reads a version-1 store's times as grocery 1 did, signs and a 60th
  /// second too, so that no file it read is refused by its migration.
  public static func parse(_ text: String, leniently: Bool = false) -> Date? {
    let bytes = Array(text.utf8)
    // Two digits, or, leniently, whatever `Int` reads there (a sign), as grocery 1 read them.
    func number(_ at: Int, upTo most: Int) -> Int? {
      let text = bytes[at..<at + 2]
      let digits = text.allSatisfy { (48...57).contains($0) }
      guard let value = digits || leniently ? Int(String(decoding: text, as: UTF8.self)) : nil,
        (0...most).contains(value)
      else { return nil }
      return value
    }
    guard bytes.count == 20, bytes[10] == 84, bytes[13] == 58, bytes[16] == 58, bytes[19] == 90,
      let day = Day(String(decoding: bytes[0..<10], as: UTF8.self)),
      let h = number(11, upTo: 23), let m = number(14, upTo: 59),
      let s = number(17, upTo: leniently ? 60 : 59)
    else { return nil }
    return Date(timeIntervalSince1970: Double(day.ordinal * 86_400 + h * 3600 + m * 60 + s))
  }
}
