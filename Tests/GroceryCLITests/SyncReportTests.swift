import Testing

import GroceryCore

@testable import GroceryCLI

/// How `sync` tells what came in from another machine.
@Suite struct SyncReportTests {
  @Test(arguments: [
    ("start a trip at Costco", "started a trip at Costco"),
    ("stop the trip at Costco", "stopped the trip at Costco"),
    ("color category Produce green", "coloured category Produce green"),
    ("learn category order at Costco", "learned category order at Costco"),
    ("purchase eggs, milk", "bought eggs, milk"),
    ("from the phone: bought milk, eggs; added bananas", "from the phone: bought milk, eggs; added bananas"),
  ])
  func aChangeIsToldAsSomethingThatHappened(_ summary: String, _ told: String) {
    #expect(ChangeVerb.pastTense(summary) == told)
  }

  @Test(arguments: ChangeVerb.allCases)
  func everyKindOfChangeHasItsOwnPastTense(_ verb: ChangeVerb) {
    let told = ChangeVerb.pastTense(verb.summary("milk"))
    #expect(told == verb.past + "milk")
    #expect(!told.hasPrefix(verb.present), "\(told)")
  }

  @Test(arguments: [
    ("import list.txt", "imported list.txt"), ("init --sample", "created the household with the sample"),
    ("init", "created the household"), ("add category Pharmacy", "added category Pharmacy"),
    ("undo purchase milk", "undid purchase milk"),
  ])
  func theLongestBeginningDecides(_ summary: String, _ told: String) {
    #expect(ChangeVerb.pastTense(summary) == told)
  }
}
