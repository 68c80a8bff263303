import Testing

@testable import GroceryCore

/// What this machine's log lost: struck off as each change comes back, ended by a change made since.
@Suite struct LostChangesTests {
  let lost = LostChanges(
    machine: "00000000000000aa", had: 300, cut: 100,
    gone: [LostChanges.Gone(id: "b", summary: "add eggs"), LostChanges.Gone(id: "c", summary: "add tea")])

  @Test func aChangeThatComesBackIsStruckOffAndTheLastEndsIt() {
    var lost = lost
    let afterA = lost.read(id: "a", offset: 0, length: 100)
    let afterB = lost.read(id: "b", offset: 100, length: 100)
    #expect(afterA && afterB)
    #expect(lost.gone == [LostChanges.Gone(id: "c", summary: "add tea")])
    #expect(lost.cut == 200, "a line put back is not a change made since")
    let ended = !lost.read(id: "c", offset: 200, length: 100)
    #expect(ended)
  }

  @Test func aChangeBackBeforeTheCutIsStruckOffToo() {
    var lost = lost
    let still = lost.read(id: "b", offset: 0, length: 50)
    #expect(still)
    #expect(lost.gone.map(\.id) == ["c"] && lost.cut == 100)
  }

  @Test func aLinePastTheCutThatIsNoneOfThemIsAChangeMadeSinceAndEndsIt() {
    var lost = lost
    let ended = !lost.read(id: "d", offset: 100, length: 80)
    #expect(ended)
  }

  @Test func whenNoneIsNamedAnyLinePastTheCutEndsIt() {
    var unnamed = lost
    unnamed.gone = []
    let still = unnamed.read(id: "a", offset: 0, length: 100)
    #expect(still)
    let ended = !unnamed.read(id: "b", offset: 100, length: 100)
    #expect(ended)
  }

  @Test func aLaterLossAddsItsChangesOnceAndMovesTheCut() {
    var lost = lost
    lost.add(
      LostChanges(
        machine: lost.machine, had: 200, cut: 50,
        gone: [LostChanges.Gone(id: "c", summary: "add tea"), LostChanges.Gone(id: "a", summary: "add milk")])
    )
    #expect(lost.had == 300 && lost.cut == 50)
    #expect(lost.gone.map(\.summary) == ["add eggs", "add tea", "add milk"])
  }

  @Test func theWarningAndTheProblemNameTheChangesGone() {
    #expect(
      lost.warning(file: "/h/logs/00000000000000aa.jsonl", size: 100, git: false)
        == "this machine's log '/h/logs/00000000000000aa.jsonl' is 100 bytes, shorter than the 300 it had (a"
        + " restored backup or an older copy?); gone from it: add eggs; add tea; put the newer copy back if the"
        + " sync tool kept one, or make them again")
    var unnamed = lost
    unnamed.gone = []
    #expect(
      unnamed.problem(size: 100, git: true)
        == "this machine's log is 100 bytes, shorter than the 300 it had (a restored backup or an older copy?):"
        + " the changes past that are gone from it; run 'grocery sync' to put back what git holds, and make again"
        + " what it does not")
    // A log deleted is said gone, not as 0 bytes.
    #expect(
      lost.warning(file: "/h/logs/00000000000000aa.jsonl", size: nil, git: false)
        == "this machine's log '/h/logs/00000000000000aa.jsonl' is gone, after the 300 bytes it had (deleted, or"
        + " moved away by a sync tool?); gone from it: add eggs; add tea; put the newer copy back if the sync tool"
        + " kept one, or make them again")
  }
}
