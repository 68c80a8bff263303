import Foundation
import GroceryCore
import TestSupport
import Testing

/// Where this machine's state lives and who owns it: a store path that is a dangling link, root acting with the
/// owner's state folder, and a file where the state folder should be.
@Suite struct StateFolderTests {
  let scenario = Scenario()

  @Test func aDanglingSymbolicLinkAsTheStoreMakesTheHouseholdWhereItPoints() throws {
    let link = scenario.folder.file("link")
    let target = scenario.folder.file("elsewhere/household")
    #expect(symlink(target, link) == 0)
    try scenario.expect(["--store", link, "add", "milk"], stdout: "added: milk\n")
    #expect(FileManager.default.fileExists(atPath: target + "/household.json"))
    try scenario.expect(
      ["--store", target, "list"], stdout: "Uncategorized\n  [ ] milk\n\n1 item to buy, 0 bought today\n")
    try scenario.expect(["--store", link, "undo"], stdout: "undid: add milk\n")
  }

  @Test func undoWithAFileWhereTheStateFolderShouldBeGivesTheErrorAddGives() throws {
    let blocker = scenario.folder.file("state")
    try scenario.folder.write("state", "")
    var grocery = scenario.grocery
    grocery.environment["XDG_STATE_HOME"] = blocker
    let added = try grocery.run(["add", "milk"])
    #expect(added.status == 74)
    #expect(added.stderr.hasPrefix("grocery: error: cannot read '\(blocker)/grocery/"), "\(added)")
    #expect(try grocery.run(["undo"]) == added)
    #expect(try grocery.run(["undo", "--list"]) == added)
  }

  /// Root (`sudo -E`) keeps the owner's XDG_STATE_HOME: the state it makes is the owner's, who then goes on.
  @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
  func rootWithTheOwnersStateFolderLeavesItTheOwners() throws {
    let home = scenario.folder.file("owner")
    #expect(mkdir(home, 0o700) == 0)
    #expect(chown(home, 65534, 65534) == 0)
    #expect(chmod(scenario.folder.path, 0o755) == 0)
    let environment = ["HOME": home, "GROCERY_STORE": home + "/household"]
    #expect(try scenario.grocery.run(["add", "milk"], extra: environment).status == 0)
    let state = try FileManager.default.subpathsOfDirectory(atPath: home + "/.local")
    for path in state where !path.hasPrefix("state/grocery/") || !path.contains("cache.sqlite") {
      let info = try FileManager.default.attributesOfItem(atPath: home + "/.local/" + path)
      #expect(info[.ownerAccountID] as? Int == 65534, "\(path)")
    }
    let owner = "/usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups "
    let added = try scenario.grocery.shell(owner + "\"$GROCERY\" add eggs", extra: environment)
    #expect(added == Outcome(stdout: "added: eggs\n"))
    let undone = try scenario.grocery.shell(owner + "\"$GROCERY\" undo", extra: environment)
    #expect(undone == Outcome(stdout: "undid: add eggs\n"))
  }
}
