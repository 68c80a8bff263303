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
    func number(_ at: Int, upTo most: Int) -> Int? {
      if leniently {
        guard let value = Int(String(decoding: bytes[at..<at + 2], as: UTF8.self)),
          (0...most + 1).contains(value)
        else { return nil }
        return value <= most || most == 59 && at == 17 ? value : nil
      }
      let (tens, ones) = (bytes[at], bytes[at + 1])
      guard (48...57).contains(tens), (48...57).contains(ones) else { return nil }
      let value = Int(tens - 48) * 10 + Int(ones - 48)
      return value <= most ? value : nil
    }
    guard bytes.count == 20, bytes[10] == 84, bytes[13] == 58, bytes[16] == 58, bytes[19] == 90,
      let day = Day(String(decoding: bytes[0..<10], as: UTF8.self)),
      let h = number(11, upTo: 23), let m = number(14, upTo: 59), let s = number(17, upTo: 59)
    else { return nil }
    return Date(timeIntervalSince1970: Double(day.ordinal * 86_400 + h * 3600 + m * 60 + s))
  }
}
