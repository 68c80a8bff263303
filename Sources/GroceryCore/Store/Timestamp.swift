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

  public static func parse(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count == 20, bytes[10] == 84, bytes[13] == 58, bytes[16] == 58, bytes[19] == 90,
      let day = Day(String(decoding: bytes[0..<10], as: UTF8.self)),
      let h = Int(String(decoding: bytes[11..<13], as: UTF8.self)), (0...23).contains(h),
      let m = Int(String(decoding: bytes[14..<16], as: UTF8.self)), (0...59).contains(m),
      let s = Int(String(decoding: bytes[17..<19], as: UTF8.self)), (0...60).contains(s)
    else { return nil }
    return Date(timeIntervalSince1970: Double(day.ordinal * 86_400 + h * 3600 + m * 60 + s))
  }
}
