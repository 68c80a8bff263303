#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// This machine's mirrors of a household: `mirrors.json` in its local state folder, never in the shared one.
struct MirrorState: Codable, Equatable, Sendable {
  static let fileName = "mirrors.json"
  static let version = 1

  var version = MirrorState.version
  var mirrors: [MirrorRecord] = []

  /// Reads the state; none when the file does not exist.
  static func read(_ path: String) throws -> MirrorState {
    guard let data = try FileSystem.read(path) else { return MirrorState() }
    let state: MirrorState
    do {
      state = try JSONDecoder().decode(MirrorState.self, from: data)
    } catch {
      throw GroceryError.unreadableStore(path: path, reason: "not this machine's list of mirrors; remove it")
    }
    if state.version > version {
      throw GroceryError.newerStoreVersion(path: path, found: state.version, supported: version)
    }
    return state
  }

  /// Writes the state whole, or not at all.
  func write(_ path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    try AtomicFile.write(try encoder.encode(self), to: path)
  }
}
