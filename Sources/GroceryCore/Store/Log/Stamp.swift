#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// When a change was made, by a hybrid logical clock: wall time in milliseconds that never runs backwards, a
/// counter for changes within one millisecond, and the machine that made it.
///
/// Stamps order every change in a household the same way on every machine: by time, then counter, then machine.
public struct Stamp: Comparable, Hashable, Sendable, CustomStringConvertible {
  public var milliseconds: Int64
  public var counter: Int
  /// The machine id's 16 hex digits as a number: they sort the same, and a stamp stays plain data to copy.
  public var machineNumber: UInt64

  public init(milliseconds: Int64, counter: Int, machine: String) {
    self.init(milliseconds: milliseconds, counter: counter, machineNumber: MachineID.number(machine) ?? 0)
  }

  public init(milliseconds: Int64, counter: Int, machineNumber: UInt64) {
    self.milliseconds = milliseconds
    self.counter = counter
    self.machineNumber = machineNumber
  }

  /// The machine id, 16 lowercase hex digits; empty for `zero`.
  public var machine: String { machineNumber == 0 ? "" : MachineID.text(machineNumber) }

  /// Older than every real change: the stamp of the built-in categories.
  public static let zero = Stamp(milliseconds: 0, counter: 0, machineNumber: 0)

  public static func < (a: Stamp, b: Stamp) -> Bool {
    if a.milliseconds != b.milliseconds { return a.milliseconds < b.milliseconds }
    if a.counter != b.counter { return a.counter < b.counter }
    return a.machineNumber < b.machineNumber
  }

  /// The stamp of a new change by `machine`: later than `latest`, the newest stamp it follows, and than `now`.
  ///
  /// When `latest` is ahead of this machine's clock (another machine's clock ahead, or its own set back), the
  /// change takes its time and a counter past its counter that is at least this machine's clock in seconds: so
  /// that while a clock far ahead holds every machine's time, two changes made without seeing each other are
  /// still ordered by when their makers made them, not by how many changes each made since.
  public static func next(after latest: Stamp, now: Date, machine: String) -> Stamp {
    let wall = Self.milliseconds(of: now)
    let number = MachineID.number(machine) ?? 0
    if wall > latest.milliseconds { return Stamp(milliseconds: wall, counter: 0, machineNumber: number) }
    // Within the same millisecond (two commands in one second, the clock read to the second), the next count.
    let counter =
      wall == latest.milliseconds
      ? latest.counter + 1 : max(latest.counter + 1, Int(clamping: max(0, wall / 1000)))
    if counter > Change.maximumCounter {
      return Stamp(milliseconds: latest.milliseconds + 1, counter: 0, machineNumber: number)
    }
    return Stamp(milliseconds: latest.milliseconds, counter: counter, machineNumber: number)
  }

  /// The stamp as 24 big-endian bytes (time, counter, machine), which sort as stamps do: the cache keeps it so.
  var bytes: [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(24)
    for value in [UInt64(bitPattern: milliseconds), UInt64(counter), machineNumber] {
      for shift in stride(from: 56, through: 0, by: -8) {
        out.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
      }
    }
    return out
  }

  /// The stamp of 24 bytes as `bytes` gives them, or nil when they are not 24.
  init?(bytes: [UInt8]) {
    guard let stamp = bytes.withUnsafeBytes({ Stamp(bytes: $0) }) else { return nil }
    self = stamp
  }

  /// The stamp of 24 bytes where they lie (a cache row's column, read in place), or nil when they are not 24.
  init?(bytes: UnsafeRawBufferPointer) {
    guard bytes.count == 24 else { return nil }
    func number(_ start: Int) -> UInt64 {
      UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self))
    }
    self.init(
      milliseconds: Int64(bitPattern: number(0)), counter: Int(truncatingIfNeeded: number(8)),
      machineNumber: number(16))
  }

  /// The times a log line may carry: years 0001 to 9999, less the last second of 9999, so that a change stamped
  /// after any of them is one grocery can still write.
  static let writable: ClosedRange<Int64> = {
    let first = Int64(Day(year: 1, month: 1, day: 1)!.ordinal) * 86_400_000
    let last = Int64(Day(year: 9999, month: 12, day: 31)!.ordinal + 1) * 86_400_000 - 1000 - 1
    return first...last
  }()

  /// The latest time a new change follows a stamp to: a second before the last `writable` holds, so that one
  /// followed always leaves room for more (`HouseholdState.followable`).
  static let adoptable = writable.upperBound - 1000

  /// A hundred years in milliseconds: how far ahead of this machine's clock a change is still followed.
  static let century: Int64 = 100 * 365_25 * 864_000

  /// A moment as the milliseconds since 1970 that stamps and log lines count, rounded down.
  static func milliseconds(of date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
  }

  /// The wall time of the stamp.
  public var date: Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

  /// The time as written in the log: `2026-11-21T09:00:00.000Z`.
  public var time: String { Stamp.format(milliseconds) }

  public var description: String { "\(time)#\(counter)@\(machine)" }

  /// Formats milliseconds since 1970 as `YYYY-MM-DDTHH:MM:SS.mmmZ`.
  public static func format(_ milliseconds: Int64) -> String {
    let ms = Int(milliseconds)
    let seconds = ms >= 0 ? ms / 1000 : (ms - 999) / 1000
    let fraction = ms - seconds * 1000
    let day = Day(ordinal: seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
    let rest = seconds - day.ordinal * 86_400
    func pad(_ v: Int, _ n: Int) -> String {
      let s = String(v)
      return s.count >= n ? s : String(repeating: "0", count: n - s.count) + s
    }
    return "\(day)T\(pad(rest / 3600, 2)):\(pad(rest / 60 % 60, 2)):\(pad(rest % 60, 2)).\(pad(fraction, 3))Z"
  }

  /// Parses exactly `YYYY-MM-DDTHH:MM:SS.mmmZ` into milliseconds since 1970.
  public static func parse<C: Collection>(_ bytes: C) -> Int64? where C.Element == UInt8 {
    let b = Array(bytes)
    guard b.count == 24, b[10] == 84, b[13] == 58, b[16] == 58, b[19] == 46, b[23] == 90,
      let day = Day(String(decoding: b[0..<10], as: UTF8.self))
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for i in range {
        guard (48...57).contains(b[i]) else { return nil }
        value = value * 10 + Int(b[i] - 48)
      }
      return value
    }
    // No second 60: grocery never writes one, and one read as the next minute's first made the line after it,
    // at that second, look like another computer writing as the same machine (found by a trial).
    guard let h = number(11..<13), h < 24, let m = number(14..<16), m < 60, let s = number(17..<19), s < 60,
      let f = number(20..<23)
    else { return nil }
    return Int64((day.ordinal * 86_400 + h * 3600 + m * 60 + s) * 1000 + f)
  }
}
