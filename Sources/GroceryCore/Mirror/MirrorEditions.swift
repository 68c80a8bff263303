#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The texts each mirror was written with before its latest, a few of each (`mirror-editions.json` beside
/// `mirrors.json`): a phone that saves an older edition over the file, or a sync tool that keeps one as a
/// conflict copy, is read against the text that edition was made from, so that items added since are not taken
/// off the list and ticks already applied are not bought again. Read only when a mirror changed or is written,
/// so that `mirrors.json`, read by every command, stays small.
struct MirrorEditions: Codable, Equatable, Sendable {
  static let fileName = "mirror-editions.json"
  static let version = 1
  /// How many earlier editions of each mirror are kept.
  static let kept = 8

  var version = MirrorEditions.version
  var editions: [String: [MirrorRecord.Edition]] = [:]

  /// Reads the editions; none when the file does not exist. One that is damaged or from a newer grocery is refused.
  static func read(_ path: String) throws -> MirrorEditions {
    guard let data = try FileSystem.read(path) else { return MirrorEditions() }
    let found: MirrorEditions
    do {
      found = try JSONDecoder().decode(MirrorEditions.self, from: data)
    } catch {
      throw GroceryError.unreadableStore(path: path, reason: "it is damaged, and is written afresh")
    }
    if found.version > version {
      throw GroceryError.newerStoreVersion(path: path, found: found.version, supported: version)
    }
    return found
  }

  /// Writes the editions whole, or not at all; a crash may lose them, which costs only their help.
  func write(_ path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    try AtomicFile.write(try encoder.encode(self), to: path, durable: false)
  }

  /// Keeps an edition of the mirror at `path`, letting the oldest go past `kept`.
  mutating func keep(_ edition: MirrorRecord.Edition, of path: String) {
    var list = editions[path] ?? []
    list.removeAll { $0.edition == edition.edition }
    list.append(edition)
    if list.count > Self.kept { list.removeFirst(list.count - Self.kept) }
    editions[path] = list
  }
}
