import Testing

@testable import GroceryCLI

/// How `sync` tells what came in from another machine.
@Suite struct SyncReportTests {
  @Test(arguments: [
    ("start a trip at Costco", "started a trip at Costco"),
    ("stop the trip at Costco", "stopped the trip at Costco"),
    ("color category Produce green", "coloured category Produce green"),
    ("learn category order at Costco", "learned category order at Costco"),
    ("purchase eggs, milk", "bought eggs, milk"),
  ])
  func aChangeIsToldAsSomethingThatHappened(_ summary: String, _ told: String) {
    #expect(SyncCommand.pastTense(summary) == told)
  }
}
