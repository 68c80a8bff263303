#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A note of the change that produced a store state, kept so that `undo` can say what it undoes.
public struct ChangeNote: Codable, Equatable, Sendable {
  public var summary: String
  public var at: Date

  public init(summary: String, at: Date) {
    self.summary = summary
    self.at = at
  }
}

/// The on-disk shape of the store file, version 1.
///
/// Adding an optional key is not a version bump: older builds ignore it. Renaming, removing or changing the
/// meaning of a key is, and needs a migration from every earlier version.
struct StoreDocument: Codable {
  var version: Int
  var categories: [Category]
  var locations: [Location]
  var items: [Item]
  var change: ChangeNote?
}

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
      guard let date = Timestamp.parse(text) else {
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
        if let syntax = JSONSyntax.firstError(in: data) { throw fail(syntax) }
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
      categories: document.categories, locations: document.locations, items: document.items)
    try StoreValidator.check(groceries).map { throw fail($0) }
    groceries.sortItems()
    return (groceries, document.change)
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

  /// Encodes a store as pretty-printed JSON with sorted keys, items in name order, ending in a newline.
  public static func encode(_ groceries: Groceries, change: ChangeNote?) throws -> Data {
    var sorted = groceries
    sorted.sortItems()
    let document = StoreDocument(
      version: currentVersion, categories: sorted.categories, locations: sorted.locations,
      items: sorted.items,
      change: change)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(Timestamp.format(date))
    }
    var data = try encoder.encode(document)
    data.append(0x0A)
    return data
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
      if name == "String" || name == "Day" || name == "UUID" || name == "Date" { return "a string" }
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

/// Checks what the types alone cannot: ranges, unique names, and references between parts.
enum StoreValidator {
  /// Returns a description of the first problem, or nil.
  static func check(_ groceries: Groceries) -> String? {
    var categoryKeys = Set<String>()
    for (i, category) in groceries.categories.enumerated() {
      if let problem = nameProblem(category.name) { return "categories[\(i)].name: \(problem)" }
      if Names.key(category.name) == Names.key(Category.uncategorized) {
        return "categories[\(i)].name: '\(Category.uncategorized)' is implicit and must not be listed"
      }
      if !categoryKeys.insert(Names.key(category.name)).inserted {
        return "categories[\(i)].name: '\(category.name)' appears more than once"
      }
    }
    let categoryNames = Set(groceries.categories.map(\.name) + [Category.uncategorized])
    var locationKeys = Set<String>()
    for (i, location) in groceries.locations.enumerated() {
      if let problem = nameProblem(location.name) { return "locations[\(i)].name: \(problem)" }
      if !locationKeys.insert(Names.key(location.name)).inserted {
        return "locations[\(i)].name: '\(location.name)' appears more than once"
      }
      for (j, name) in location.categoryOrder.enumerated() where !categoryNames.contains(name) {
        return "locations[\(i)].categoryOrder[\(j)]: no category named '\(name)'"
      }
    }
    let locationNames = Set(groceries.locations.map(\.name))
    var itemKeys = Set<String>()
    var ids = Set<UUID>()
    for (i, item) in groceries.items.enumerated() {
      let at = "items[\(i)]"
      if let problem = nameProblem(item.name) { return "\(at).name: \(problem)" }
      if !itemKeys.insert(Names.key(item.name)).inserted {
        return "\(at).name: '\(item.name)' appears more than once"
      }
      if !ids.insert(item.id).inserted { return "\(at).id: \(item.id.uuidString) appears more than once" }
      if !Limits.quantity.contains(item.quantity) {
        return "\(at).quantity: expected a whole number from \(Limits.quantityText)"
      }
      if let note = item.note, note.isEmpty || note.count > Limits.noteLength || Names.containsControl(note) {
        return "\(at).note: expected 1 to \(Limits.noteLength) characters without control characters"
      }
      if !categoryNames.contains(item.category) {
        return "\(at).category: no category named '\(item.category)'"
      }
      for (j, name) in item.locations.enumerated() where !locationNames.contains(name) {
        return "\(at).locations[\(j)]: no location named '\(name)'"
      }
      var previous: Day?
      for (j, purchase) in item.purchases.enumerated() {
        if !Limits.quantity.contains(purchase.quantity) {
          return "\(at).purchases[\(j)].quantity: expected a whole number from \(Limits.quantityText)"
        }
        if let previous, purchase.date < previous { return "\(at).purchases[\(j)].date: out of date order" }
        previous = purchase.date
      }
    }
    return nil
  }

  private static func nameProblem(_ name: String) -> String? {
    do {
      let clean = try Names.clean(name)
      return clean == name ? nil : "'\(Names.printable(name))' has surrounding spaces or is not normalised"
    } catch let error as GroceryError {
      if case .invalidValue(_, _, let reason) = error { return reason }
      return error.message
    } catch {
      return "not an acceptable name"
    }
  }
}

/// Times in the store: UTC, whole seconds, `YYYY-MM-DDTHH:MM:SSZ`.
public enum Timestamp {
  public static func format(_ date: Date) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let day = Day(ordinal: Int((Double(seconds) / 86_400).rounded(.down)))
    let rest = seconds - day.ordinal * 86_400
    func pad(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
    return "\(day)T\(pad(rest / 3600)):\(pad(rest / 60 % 60)):\(pad(rest % 60))Z"
  }

  public static func parse(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count == 20, bytes[10] == 84, bytes[13] == 58, bytes[16] == 58, bytes[19] == 90,
      let day = Day(String(decoding: bytes[0..<10], as: UTF8.self)),
      let h = Int(String(decoding: bytes[11..<13], as: UTF8.self)), (0...23).contains(h),
      let m = Int(String(decoding: bytes[14..<16], as: UTF8.self)), (0...59).contains(m),
      let s = Int(String(decoding: bytes[17..<19], as: UTF8.self)), (0...60).contains(s)
    else { return nil }
    return Date(timeIntervalSince1970: Double(day.ordinal * 86_400 + h * 3600 + m * 60 + s))
  }
}
