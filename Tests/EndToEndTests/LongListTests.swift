import Foundation
import TestSupport
import Testing

/// A list of more names than one part holds (256) is read from the cache a part at a time, on a second thread
/// a part or two ahead of the one written: every name comes once, under its category in walk order.
@Suite struct LongListTests {
  @Test func aListOfHundredsOfNamesComesWholeUnderItsCategoriesInWalkOrder() throws {
    let scenario = Scenario()
    let categories = ["Produce", "Dairy & Fridge", "Snacks, Drinks & Other", "Uncategorized"]
    var names: [String: [String]] = [:]
    // Added in an order that is not the walk's, each category's names spread through the numbers.
    for (index, category) in categories.enumerated().reversed() {
      names[category] = (0..<200).map { "item \($0 * 4 + index)" }
      try scenario.given(
        ["add"] + names[category]! + (category == "Uncategorized" ? [] : ["-c", category]))
    }
    let bought = ["item 5", "item 402", "item 799"]
    try scenario.given(["buy"] + bought)

    let listed = try scenario.grocery.run(["list"])
    #expect(listed.status == 0 && listed.stderr.isEmpty, "\(listed.stderr)")
    var expected: [String] = []
    for category in categories {
      expected.append(category)
      expected += names[category]!.filter { !bought.contains($0) }.map { "  [ ] " + $0 }
      expected.append("")
    }
    expected.append("797 items to buy, 3 bought today")
    let lines = listed.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines == expected + [""])

    // The staples, read by their own index, come the same way.
    try scenario.given(["staple"] + names["Produce"]! + names["Uncategorized"]!)
    let staples = try scenario.grocery.run(["list", "--staples", "--format", "csv"])
    #expect(staples.status == 0 && staples.stderr.isEmpty, "\(staples.stderr)")
    // A CSV row ends in a carriage return and a line feed.
    let rows = staples.stdout.split(whereSeparator: \.isNewline).dropFirst().map {
      $0.split(separator: ",")[1]
    }
    #expect(rows == (names["Produce"]! + names["Uncategorized"]!).map { Substring($0) })
  }
}
