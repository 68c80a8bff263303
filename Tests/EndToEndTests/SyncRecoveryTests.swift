import Foundation
import GroceryCore
import TestSupport
import Testing

/// A household keeps its id. Real git, one HOME per machine.
@Suite(.enabled(if: gitAvailable, "needs git")) struct SyncRecoveryTests {
  let household: Household
  let alice: GroceryProcess
  let bob: GroceryProcess

  init() throws {
    household = try Household()
    alice = household.machine("alice")
    bob = household.machine("bob")
  }

  func list(_ machine: GroceryProcess) throws -> String { try machine.run(["list"]).stdout }

  func marker(_ machine: GroceryProcess) throws -> String {
    try String(contentsOfFile: machine.store + "/household.json", encoding: .utf8)
  }

  /// This machine's own log, as a path in the household folder.
  func ownLog(_ machine: GroceryProcess) throws -> String {
    "logs/" + (try machine.household().identity().id) + ".jsonl"
  }

  /// Writes the machine's identity as grocery wrote it before it remembered its household.
  func forgetHousehold(_ machine: GroceryProcess) throws {
    let store = try machine.household()
    let identity = try store.identity()
    let old =
      "{\"machine\":\"\(identity.id)\",\"name\":\"\(identity.name)\",\"host\":\"\(Machine.currentHost)\"}\n"
    try old.write(toFile: store.stateFolder + "/identity.json", atomically: true, encoding: .utf8)
  }

  func gitOutput(_ arguments: [String], in folder: String) throws -> String {
    try Tool.run("git", ["-C", folder] + arguments, in: household.folder).stdout
  }

  // MARK: - A household keeps its identity

  @Test func aLostHouseholdJSONGetsItsIdBackFromThisMachinesMemory() throws {
    try household.on(alice, at: 0, "add", "milk")
    // An identity from before grocery remembered the household learns it at the next change.
    try forgetHousehold(alice)
    try household.on(alice, at: 1, "add", "eggs")
    let before = try marker(alice)
    #expect(unlink(alice.store + "/household.json") == 0)
    try household.on(alice, at: 2, "add", "tea")
    #expect(try marker(alice) == before)
  }

  @Test func aLostHouseholdJSONGetsItsIdBackFromGitsHistory() throws {
    try household.on(alice, at: 0, "add", "milk")
    try household.share([alice, bob])
    try forgetHousehold(bob)
    let before = try marker(bob)
    #expect(unlink(bob.store + "/household.json") == 0)
    try household.on(bob, at: 10, "add", "bread")
    #expect(try marker(bob) == before)
    #expect(try household.on(bob, at: 11, "sync").stdout == "sent: added bread\n")
    #expect(try household.on(alice, at: 12, "sync").stdout == "from bob: added bread\n")
  }

  @Test func aLostHouseholdJSONThatNothingRemembersIsRefusedSayingHowToRepairIt() throws {
    try household.on(alice, at: 0, "add", "milk")
    try forgetHousehold(alice)
    #expect(unlink(alice.store + "/household.json") == 0)
    let before = alice.storeBytes()
    #expect(
      try alice.run(["add", "eggs"])
        == Outcome(
          stderr:
            "grocery: error: '\(alice.store)/household.json' is missing, and neither this machine nor git's"
            + " history remembers the household's id; nothing was changed. Copy household.json from another"
            + " machine of this household (or a backup) into '\(alice.store)'\n", status: 65))
    #expect(alice.storeBytes() == before)
  }
}
