import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The time a run happens at: the real clock, or `GROCERY_NOW` for reproducible output and tests.
enum Clock {
  static func now(environment: [String: String], fallback: Date) throws -> (Date, Day) {
    var now = Date(timeIntervalSince1970: fallback.timeIntervalSince1970.rounded(.down))
    var source = (what: "time", value: Timestamp.format(now))
    if let text = environment["GROCERY_NOW"], !text.isEmpty {
      source = (what: "GROCERY_NOW", value: Names.printable(text))
      if let date = Timestamp.parse(text) {
        now = date
      } else if let day = Day(text) {
        now = LocalTime.noon(on: day)
      } else {
        // Written right, as a day no calendar has (2026-02-30), or as a time on one.
        let shaped =
          Day.isShaped(String(text.prefix(10)))
          && (text.count == 10 || Timestamp.parse("2000-01-01" + text.dropFirst(10)) != nil)
        throw GroceryError.invalidValue(
          what: "GROCERY_NOW", value: Names.printable(text),
          reason: shaped ? "there is no such day" : "expected YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ")
      }
    }
    let day = try LocalTime.day(of: now, what: source.what, value: source.value)
    if now > Timestamp.latest {
      throw GroceryError.invalidValue(
        what: source.what, value: source.value,
        reason: "it is in the last second of 9999, which grocery keeps free: it records times before it")
    }
    return (now, day)
  }
}
