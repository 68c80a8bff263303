#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Finds a household's id in git's history of its `household.json`, for a folder whose copy was lost or damaged.
enum MarkerHistory {
  /// Returns the id the newest readable `household.json` in the folder's git history holds, or nil when the folder
  /// is not a repository, git is not installed, or no version of the file can be read.
  static func id(in folder: String) throws -> String? {
    guard try FileSystem.status(folder + "/.git") != nil else { return nil }
    let git = Git(folder: folder, environment: ProcessInfo.processInfo.environment)
    let commits: Git.Result
    do {
      commits = try git.run(["log", "--all", "--format=%H", "--", HouseholdMarker.fileName])
    } catch GroceryError.gitUnavailable {
      return nil
    }
    guard commits.succeeded else { return nil }
    for commit in commits.output.split(separator: "\n") {
      let shown = try git.run(["show", commit + ":" + HouseholdMarker.fileName])
      guard shown.succeeded else { continue }
      do {
        let contents = try HouseholdMarker.parse(shown.bytes, shown: HouseholdMarker.fileName)
        if !contents.id.isEmpty { return contents.id }
      } catch GroceryError.unreadableStore {
        // A damaged version in the history: an older one may still be whole.
        continue
      }
    }
    return nil
  }
}
