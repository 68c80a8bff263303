import Foundation
import GroceryCore

/// Fixed moments for tests, so nothing depends on the wall clock.
public enum Fixed {
  /// Saturday 2026-11-21, noon UTC.
  public static let now = Timestamp.parse("2026-11-21T12:00:00Z")!
  public static let today = Day("2026-11-21")!

  /// Returns the day the given number of days from `today`.
  public static func day(_ offset: Int) -> Day { today.adding(days: offset) }

  /// Returns a deterministic id generator: 00000000-0000-4000-8000-000000000001, ...002, ...
  public static func ids() -> () -> UUID {
    var next = 0
    return {
      next += 1
      return UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", next))!
    }
  }
}
