#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `household.json`: says that a folder is a grocery household, of which format version, and which household.
enum HouseholdMarker {
  static let fileName = "household.json"
  static let format = "grocery-household"

  /// A marker for a household, a new one unless the id is given; it names the oldest log version, as the folder's
  /// layout is the same and each line says its own.
  static func new(id: String = UUIDText.format(UUID())) -> String {
    "{\"format\":\"\(format)\",\"version\":\(Change.oldestVersion),\"id\":\(JSONText.quote(id))}\n"
  }

  /// What a marker says.
  struct Contents: Equatable, Sendable {
    var version: Int
    var id: String
  }

  /// Why what is at `path` is no marker, before reading it: anything but a file there (a FIFO, a folder, a link to
  /// a device; a link to a file is read) is damage, as garbage there is. Nil when it is a file, or nothing.
  static func notAFile(_ path: String, shown: String) throws -> GroceryError? {
    try FileSystem.isOtherThanFile(path, followingLinks: true)
      ? .unreadableStore(path: shown, reason: "it is not a regular file") : nil
  }

  /// Reads a marker; nil when there is none.
  static func read(_ path: String, shown: String) throws -> Contents? {
    if let error = try notAFile(path, shown: shown) { throw error }
    guard let bytes = try FileSystem.readRegularFile(path, limit: 1 << 16) else { return nil }
    return try parse(bytes, shown: shown)
  }

  /// Reads a marker's bytes, refusing one that is not a household's or is from a newer grocery.
  static func parse(_ bytes: [UInt8], shown: String) throws -> Contents {
    var reader = JSONReader(bytes, from: ChangeLog.textStart(bytes))
    var format: String?
    var version: Int?
    var id: String?
    do {
      try reader.beginObject()
      var first = true
      while let key = try reader.nextKey(first: &first) {
        switch key {
        case "format": format = try reader.readString()
        case "version": version = try reader.readInt()
        case "id": id = try reader.readString()
        default: try reader.skipValue()
        }
      }
    } catch let failure as JSONReader.Failure {
      throw GroceryError.unreadableStore(path: shown, reason: "byte \(failure.offset): \(failure.reason)")
    }
    guard format == HouseholdMarker.format else {
      throw GroceryError.unreadableStore(
        path: shown, reason: "not a grocery household (format is not '\(HouseholdMarker.format)')")
    }
    guard let version else { throw GroceryError.unreadableStore(path: shown, reason: "version: missing") }
    if version > Change.version {
      throw GroceryError.newerStoreVersion(path: shown, found: version, supported: Change.version)
    }
    return Contents(version: version, id: id ?? "")
  }
}
