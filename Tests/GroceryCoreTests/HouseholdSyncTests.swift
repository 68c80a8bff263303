import Testing

@testable import GroceryCore

@Suite struct HouseholdSyncTests {
  @Test(
    arguments: [
      ("/mnt/nas/groceries.git", "/mnt/nas/groceries.git"),
      ("../groceries.git", "../groceries.git"),
      ("file:///mnt/nas/groceries.git", "/mnt/nas/groceries.git"),
      ("./a:b.git", "./a:b.git"),
      ("git@example.com:us/groceries.git", nil),
      ("nas:groceries.git", nil),
      ("ssh://nas/srv/groceries.git", nil),
      ("https://example.com/us/groceries.git", nil),
    ] as [(String, String?)])
  func aRemoteOnThisComputerIsToldFromOneReachedThroughANetwork(url: String, folder: String?) {
    #expect(HouseholdSync.localRepository(url) == folder)
  }

  /// ssh ends its words in `\r\n`: each line is said on its own, indented, with no carriage return.
  @Test func sshsLinesEndingInCarriageReturnsAreSaidEachOnItsOwn() {
    let printed =
      "ssh: connect to host 127.0.0.1 port 22: Connection refused\r\n"
      + "fatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\n"
    let said = Git.said(printed)
    #expect(
      said
        == "ssh: connect to host 127.0.0.1 port 22: Connection refused\n"
        + "fatal: Could not read from remote repository.\n"
        + "Please make sure you have the correct access rights")
    #expect(
      GroceryError.remoteUnreachable(remote: "git@127.0.0.1:x.git", message: said).message
        == "cannot reach 'git@127.0.0.1:x.git'; git said:\n"
        + "  ssh: connect to host 127.0.0.1 port 22: Connection refused\n"
        + "  fatal: Could not read from remote repository.\n"
        + "  Please make sure you have the correct access rights\n"
        + "Your changes are kept and go out with the next sync")
    #expect(
      Git.whole(printed)
        == "ssh: connect to host 127.0.0.1 port 22: Connection refused\n  fatal: Could not read from remote repository.\n  Please make sure you have the correct access rights"
    )
  }

  @Test func gitsMessageIsShownAsGitPrintedItBelowGrocerysLineWithTheAdviceOnItsOwn() {
    let printed =
      "fatal: 'https://me:secret@example.com/g.git' does not appear to be a git repository\n"
      + "fatal: Could not read from remote repository.\n\nhint: try again\n"
      + "Please make sure you have the correct access rights  \n\tand the repository exists.\n"
    let said = Git.said(printed)
    #expect(
      said
        == "fatal: 'https://example.com/g.git' does not appear to be a git repository\n"
        + "fatal: Could not read from remote repository.\n"
        + "Please make sure you have the correct access rights\n\tand the repository exists.")
    #expect(
      GroceryError.remoteUnreachable(remote: "https://example.com/g.git", message: said).message
        == "cannot reach 'https://example.com/g.git'; git said:\n"
        + "  fatal: 'https://example.com/g.git' does not appear to be a git repository\n"
        + "  fatal: Could not read from remote repository.\n"
        + "  Please make sure you have the correct access rights\n  \tand the repository exists.\n"
        + "Your changes are kept and go out with the next sync")
    #expect(
      GroceryError.remoteUnreachable(remote: "/r.git", message: "").message
        == "cannot reach '/r.git'\nYour changes are kept and go out with the next sync")
    #expect(
      GroceryError.remoteUnreachable(remote: "/r.git", message: "", settingUp: true).message
        == "cannot reach '/r.git'\nNothing was changed; run 'grocery sync setup URL' again once it can be reached"
    )
  }

  /// A trailing `/` and `file://` before a path name the same remote; anything else is another.
  @Test func aRemoteSpeltAnotherWayIsTheSameRemote() {
    #expect(HouseholdSync.sameRemote("/srv/g.git", "/srv/g.git/"))
    #expect(HouseholdSync.sameRemote("file:///srv/g.git", "/srv/g.git"))
    #expect(HouseholdSync.sameRemote("git@host:us/g.git", "git@host:us/g.git"))
    #expect(!HouseholdSync.sameRemote("/srv/g.git", "/srv/h.git"))
    #expect(!HouseholdSync.sameRemote("/srv/g.git", "/srv/g"))
    #expect(!HouseholdSync.sameRemote("/", "//x"))
  }
}
