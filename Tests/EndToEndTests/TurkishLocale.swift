import Foundation
import TestSupport

/// Turkish, tr_TR.UTF-8, where a capital I lowers to a dotless ı: built by localedef, since a system seldom has
/// it installed, in a folder that glibc finds it in through LOCPATH.
enum TurkishLocale {
  /// Why the locale could not be built.
  struct Unbuilt: Error, CustomStringConvertible {
    let description: String
  }

  /// Whether localedef builds the locale here: tried once, in a folder removed at once.
  static let canBeBuilt: Bool = {
    guard Tool.path("localedef") != nil else { return false }
    do {
      _ = try environment(in: TemporaryDirectory())
      return true
    } catch {
      return false
    }
  }()

  /// Builds the locale in the folder and returns the environment that puts a program in it.
  static func environment(in folder: TemporaryDirectory) throws -> [String: String] {
    let built = try Tool.run(
      "localedef", ["-i", "tr_TR", "-f", "UTF-8", folder.file("tr_TR.UTF-8")], in: folder)
    // localedef exits with 1 when it only warned, the locale written.
    guard built.status <= 1, FileManager.default.fileExists(atPath: folder.file("tr_TR.UTF-8/LC_CTYPE"))
    else {
      throw Unbuilt(description: "localedef exited with \(built.status): \(built.stderr)")
    }
    return ["LOCPATH": folder.path, "LC_ALL": "tr_TR.UTF-8"]
  }
}
