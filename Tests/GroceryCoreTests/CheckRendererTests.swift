import Testing

@testable import GroceryCore

/// What `check` writes, beyond what the end-to-end tests read of it.
@Suite struct CheckRendererTests {
  /// The machines that changed items no line names are joined as a sentence joins names, so that no name reads as
  /// a gloss of the one before it (`this machine, bob #3` read as bob #3 being this machine; found by a trial).
  @Test func namesAreJoinedAsASentenceJoinsThem() {
    #expect(CheckRenderer.and([]) == "")
    #expect(CheckRenderer.and(["this machine"]) == "this machine")
    #expect(CheckRenderer.and(["this machine", "bob #3"]) == "this machine and bob #3")
    #expect(CheckRenderer.and(["a", "b", "c"]) == "a, b and c")
  }
}
