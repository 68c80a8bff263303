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
        throw GroceryError.invalidValue(
          what: "GROCERY_NOW", value: Names.printable(text),
          reason: "expected YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ")
      }
    }
    return (now, try LocalTime.day(of: now, what: source.what, value: source.value))
  }
}
