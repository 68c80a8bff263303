#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The first thing read from a store file, before anything else is trusted.
private struct VersionProbe: Decodable {
  var version: Int?
}

/// Turns store files into values and back, checking everything a hand edit or a crash could break.
public enum StoreCodec {
  /// The newest store version this build reads and the one it writes.
  public static let currentVersion = 1

  /// Decodes a store file's bytes; `path` is only used in error messages.
  public static func decode(_ data: Data, path: String) throws -> (groceries: Groceries, change: ChangeNote?)
  {
    func fail(_ reason: String) -> GroceryError { .unreadableStore(path: path, reason: reason) }
    if data.isEmpty { throw fail("the file is empty") }
    if let offset = InputText.firstInvalidOffset(Array(data)) {
      throw fail("not valid UTF-8 at byte \(offset)")
    }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = Timestamp.parse(text, leniently: true) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "expected a time as YYYY-MM-DDTHH:MM:SSZ, found '\(text)'")
      }
      return date
    }
    // One parse on the everyday path; the version still decides first: a newer store is refused even when it
    // happens to decode, and when decoding fails the version explains why before the failure itself does.
    let document: StoreDocument
    do {
      document = try decoder.decode(StoreDocument.self, from: data)
    } catch let error as DecodingError {
      let probe: VersionProbe
      do {
        probe = try decoder.decode(VersionProbe.self, from: data)
      } catch let probeError as DecodingError {
        if let syntax = syntaxError(in: [UInt8](data)) { throw fail(syntax) }
        if case .typeMismatch(_, let context) = probeError, context.codingPath.isEmpty {
          throw fail("expected a JSON object at the top level")
        }
        throw fail(describe(probeError))
      }
      try checkVersion(probe.version, path: path)
      throw fail(describe(error))
    }
    try checkVersion(document.version, path: path)
    var groceries = Groceries(
      categories: document.categories.map(\.category), locations: document.locations.map(\.location),
      items: document.items.map(\.item))
    LegacyNames.adapt(&groceries)
    // A note is kept as `add -n` keeps one: without the spaces grocery 1 let around it, in NFC (a log line holds
    // no other), and one of spaces alone is none.
    for index in groceries.items.indices {
      guard let note = groceries.items[index].note else { continue }
      do {
        groceries.items[index].note = try Values.note(note, disguisable: true)
      } catch GroceryError.invalidValue(_, _, let reason) {
        throw fail("items[\(index)].note: \(reason)")
      }
    }
    try StoreValidator.check(groceries).map { throw fail($0) }
    groceries.sortItems()
    return (groceries, document.change)
  }

  /// Returns where the text first breaks as JSON, as "line L, column C: what was wrong", or nil when it is
  /// well-formed; asked only after a decode has failed.
  static func syntaxError(in bytes: [UInt8]) -> String? {
    var reader = JSONReader(bytes)
    do {
      try reader.skipValue()
      if !reader.isAtEnd { throw reader.fail("unexpected text after the end") }
      return nil
    } catch let failure as JSONReader.Failure {
      var lines = LineCounter(bytes)
      let (at, reason) =
        failure.atEnd ? (bytes.count, "the file ends too early") : (failure.offset, failure.reason)
      return "line \(lines.line(at: at)), column \(lines.column(at: at)): \(reason)"
    } catch {
      return nil
    }
  }

  /// Refuses a missing, impossible or newer version.
  static func checkVersion(_ version: Int?, path: String) throws {
    guard let version else { throw GroceryError.unreadableStore(path: path, reason: "version: missing") }
    if version > currentVersion {
      throw GroceryError.newerStoreVersion(path: path, found: version, supported: currentVersion)
    }
    if version < 1 {
      throw GroceryError.unreadableStore(path: path, reason: "version: \(version) is not a store version")
    }
  }

  /// Describes a decoding error by the path of the field, in words a person can act on.
  static func describe(_ error: DecodingError) -> String {
    func path(_ keys: [CodingKey]) -> String {
      var text = ""
      for key in keys {
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += (text.isEmpty ? "" : ".") + key.stringValue
        }
      }
      return text.isEmpty ? "(top level)" : text
    }
    func expected(_ type: Any.Type) -> String {
      let name = String(describing: type)
      if name.hasPrefix("Int") || name.hasPrefix("UInt") { return "a whole number" }
      if name == "Double" || name == "Float" { return "a number" }
      if name == "String" || name == "V1Day" || name == "UUID" || name == "Date" { return "a string" }
      if name == "Bool" { return "true or false" }
      if name.hasPrefix("Array") { return "a list" }
      return "an object"
    }
    switch error {
    case .typeMismatch(let type, let context):
      return "\(path(context.codingPath)): expected \(expected(type))"
    case .valueNotFound(let type, let context):
      return "\(path(context.codingPath)): expected \(expected(type)), found null"
    case .keyNotFound(let key, let context):
      return "\(path(context.codingPath + [key])): missing"
    case .dataCorrupted(let context):
      var message = context.debugDescription
      if message.lowercased().contains("uuid") { message = "expected a UUID" }
      return "\(path(context.codingPath)): \(message)"
    @unknown default:
      return "the file does not have the expected shape"
    }
  }
}
