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
}
