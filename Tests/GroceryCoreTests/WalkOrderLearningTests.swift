import Testing

@testable import GroceryCore

@Suite struct WalkOrderLearningTests {
  let present = ["Produce", "Bakery", "Dairy", "Frozen", "Snacks"]

  /// The order trips imply whose items were each checked off at a moment of its own.
  func suggest(_ trips: [[String]]) -> WalkOrderSuggestion {
    WalkOrderLearning.suggest(checkOffs: trips.map { $0.map { [$0] } }, present: present)
  }

  /// Items checked off at one moment (`buy --all` at the till) place no category ahead of another: such trips
  /// are not enough to learn from, and where a trip checks some off one by one, only those moments count. They
  /// taught the order of the items' names, as certain.
  @Test func categoriesCheckedOffAtOneMomentAreNotOrderedByIt() {
    let allAtOnce = [["Snacks", "Dairy", "Frozen", "Produce"]]
    let three = WalkOrderLearning.suggest(checkOffs: Array(repeating: allAtOnce, count: 3), present: present)
    #expect(!three.isEnough)
    #expect(three.trips == 0)
    let walked = WalkOrderLearning.suggest(
      checkOffs: Array(repeating: [["Frozen"], ["Snacks", "Produce"], ["Dairy"]], count: 3), present: present)
    #expect(walked.trips == 3)
    // Produce and Snacks, bought together, keep their present order; each is after Frozen and before Dairy.
    #expect(walked.order == ["Frozen", "Produce", "Snacks", "Dairy"])
    #expect(
      walked.steps == [
        .init(category: "Frozen", next: "Produce", trips: 3, ahead: 3, behind: 0),
        .init(category: "Produce", next: "Snacks", trips: 3, ahead: 0, behind: 0),
        .init(category: "Snacks", next: "Dairy", trips: 3, ahead: 3, behind: 0),
        .init(category: "Dairy", next: nil, trips: 3, ahead: 0, behind: 0),
      ])
  }

  @Test func tripsThatAgreeGiveTheirOrderWithTheCountsBehindEachStep() {
    let suggestion = suggest([
      ["Frozen", "Dairy", "Produce"],
      ["Frozen", "Produce"],
      ["Dairy", "Produce", "Frozen"],
    ])
    #expect(suggestion.isEnough)
    #expect(suggestion.trips == 3)
    // Dairy and Frozen split 1 to 1 and each beat Produce, so the present order puts Dairy first.
    #expect(suggestion.order == ["Dairy", "Frozen", "Produce"])
    #expect(
      suggestion.steps == [
        .init(category: "Dairy", next: "Frozen", trips: 2, ahead: 1, behind: 1),
        .init(category: "Frozen", next: "Produce", trips: 3, ahead: 2, behind: 1),
        .init(category: "Produce", next: nil, trips: 3, ahead: 0, behind: 0),
      ])
    #expect(suggestion.steps.map(\.isThin) == [true, false, false])
    #expect(suggestion.unseen == ["Bakery", "Snacks"])
  }

  @Test func aCategoryIsPlacedByItsFirstCheckOffOnATrip() {
    let trip = ["Dairy", "Produce", "Dairy", "Dairy"]
    #expect(suggest([trip, trip, trip]).order == ["Dairy", "Produce"])
  }

  @Test func tooFewTripsWithTwoCategoriesAreNotEnough() {
    let suggestion = suggest([
      ["Dairy", "Produce"], ["Dairy"], ["Produce", "Produce"], ["Frozen", "Dairy"],
    ])
    #expect(suggestion.trips == 2)
    #expect(!suggestion.isEnough)
  }

  @Test func anEvenSplitKeepsThePresentOrderAndIsThin() {
    let suggestion = suggest([
      ["Dairy", "Produce"], ["Produce", "Dairy"], ["Dairy", "Produce"], ["Produce", "Dairy"],
    ])
    #expect(suggestion.order == ["Produce", "Dairy"])
    #expect(suggestion.steps[0].ahead == 2 && suggestion.steps[0].behind == 2)
    #expect(suggestion.steps[0].isThin)
  }

  @Test func aCycleOfMajoritiesFallsBackOnThePresentOrder() {
    // Produce before Bakery, Bakery before Dairy, Dairy before Produce: each wins one pair.
    let suggestion = suggest([
      ["Produce", "Bakery", "Dairy"],
      ["Bakery", "Dairy", "Produce"],
      ["Dairy", "Produce", "Bakery"],
    ])
    #expect(suggestion.order == ["Produce", "Bakery", "Dairy"])
  }

  @Test func aClearWinnerAmongOthersComesFirstWhateverThePresentOrder() {
    let suggestion = suggest([
      ["Snacks", "Bakery", "Produce"],
      ["Snacks", "Produce", "Bakery"],
      ["Snacks", "Bakery"],
    ])
    // Bakery and Produce split 1 to 1, so they keep the present order behind Snacks.
    #expect(suggestion.order == ["Snacks", "Produce", "Bakery"])
    #expect(suggestion.steps[0] == .init(category: "Snacks", next: "Produce", trips: 3, ahead: 2, behind: 0))
    #expect(suggestion.steps[1].isThin)
  }

  @Test func uncategorizedAndRemovedCategoriesAreNeverPlaced() {
    let trip = [Category.uncategorized, "Gone", "Dairy", "Produce"]
    let suggestion = suggest([trip, trip, trip, ["Gone", "Dairy"], [Category.uncategorized, "Frozen"]])
    #expect(suggestion.order == ["Dairy", "Produce"])
    #expect(suggestion.trips == 3)
  }
}

@Suite struct WalkOrderRendererTests {
  @Test func theSuggestionListsEachStepWithItsEvidenceAndTheUnseenCategories() {
    let suggestion = WalkOrderSuggestion(
      trips: 5,
      steps: [
        .init(category: "Produce", next: "Bakery", trips: 5, ahead: 4, behind: 1),
        .init(category: "Bakery", next: "Dairy & Fridge", trips: 2, ahead: 1, behind: 1),
        .init(category: "Dairy & Fridge", next: nil, trips: 5, ahead: 0, behind: 0),
      ], unseen: ["Snacks", "Household"])
    #expect(
      WalkOrderRenderer.text(suggestion, store: "Costco") == """
        Walk order at Costco, from 5 trips:
          1. Produce                   ahead of the next on 4 of 5 trips
          2. Bakery                    ahead of the next on 1 of 2 trips (thin)
          3. Dairy & Fridge
          then, not seen on these trips: 'Snacks', 'Household'
        1 step has thin evidence: fewer than 2 trips compared them, or the trips were
          split.

        """)
  }

  @Test func neighboursNoTripComparedSaySoRatherThanNoughtOfNought() throws {
    // Trips of Produce with Bakery and of Dairy with Frozen: each pair is ordered, and the pairs by how many they
    // are ahead of, so that two neighbours of the order were never on one trip.
    let suggestion = WalkOrderLearning.suggest(
      checkOffs: [
        [["Produce"], ["Bakery"]], [["Produce"], ["Bakery"]], [["Dairy"], ["Frozen"]],
        [["Dairy"], ["Frozen"]],
      ], present: ["Produce", "Bakery", "Dairy", "Frozen"])
    let step = try #require(suggestion.steps.first { $0.ahead + $0.behind == 0 && $0.next != nil })
    let line = try #require(
      WalkOrderRenderer.text(suggestion, store: "Aldi").split(separator: "\n").first {
        $0.contains(". \(step.category) ")
      })
    #expect(line.hasSuffix(" no trip put it before or after the next (thin)"))
  }

  @Test func manyThinStepsStillFitEightyColumns() {
    let steps = (1...3).map {
      WalkOrderSuggestion.Step(
        category: "C\($0)", next: $0 < 3 ? "C\($0 + 1)" : nil, trips: 1, ahead: 1, behind: 1)
    }
    let text = WalkOrderRenderer.text(WalkOrderSuggestion(trips: 3, steps: steps, unseen: []), store: "Aldi")
    #expect(
      text.hasSuffix(
        "2 steps have thin evidence: fewer than 2 trips compared them, or the trips were\n  split.\n"))
    #expect(text.split(separator: "\n").allSatisfy { TextLayout.width(String($0)) <= 80 })
  }

  @Test func aLongCategoryNamePutsItsEvidenceOnTheNextLine() {
    let long = "Baking supplies and spices from abroad"
    let suggestion = WalkOrderSuggestion(
      trips: 3,
      steps: [
        .init(category: long, next: "Dairy", trips: 3, ahead: 3, behind: 0),
        .init(category: "Dairy", next: nil, trips: 3, ahead: 0, behind: 0),
      ], unseen: [])
    #expect(
      WalkOrderRenderer.text(suggestion, store: "Aldi") == """
        Walk order at Aldi, from 3 trips:
          1. Baking supplies and spices from abroad
             ahead of the next on 3 of 3 trips
          2. Dairy

        """)
  }
}
