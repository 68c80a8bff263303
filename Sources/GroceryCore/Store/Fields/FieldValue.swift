#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A value a stored field holds: how a log line spells it, how the cache keeps it, and how an import reads it
/// from grocery's export (in `Import/FieldValue+Import.swift`).
protocol FieldValue: Equatable, Sendable {
  /// Reads the value from a log line.
  static func read(_ reader: inout JSONReader) throws -> Self
  /// Reads the value of `key` from an export being imported, refusing one of another kind.
  static func imported(_ node: ImportJSON.Node, key: String, file: String) throws -> Self
  /// The value as a log line spells it, and as an export writes a value the model holds as it is.
  var json: String { get }
  /// The value as the cache keeps it.
  var sql: SQLValue { get }
  /// The value the cache kept, or nil when it is not one.
  init?(sql: SQLValue)
}

extension String: FieldValue {
  static func read(_ reader: inout JSONReader) throws -> String { try reader.readString() }
  var json: String { JSONText.quote(self) }
  var sql: SQLValue { .text(self) }
  init?(sql: SQLValue) {
    guard case .text(let text) = sql else { return nil }
    self = text
  }
}

extension Int: FieldValue {
  static func read(_ reader: inout JSONReader) throws -> Int { try reader.readInt() }
  var json: String { String(self) }
  var sql: SQLValue { .integer(Int64(self)) }
  init?(sql: SQLValue) {
    guard case .integer(let number) = sql else { return nil }
    self = Int(number)
  }
}

extension Bool: FieldValue {
  static func read(_ reader: inout JSONReader) throws -> Bool { try reader.readBool() }
  var json: String { self ? "true" : "false" }
  var sql: SQLValue { .integer(self ? 1 : 0) }
  init?(sql: SQLValue) {
    guard case .integer(let number) = sql else { return nil }
    self = number != 0
  }
}

/// A moment in milliseconds since 1970, spelt in a log line as `YYYY-MM-DDTHH:MM:SS.mmmZ`.
extension Int64: FieldValue {
  static func read(_ reader: inout JSONReader) throws -> Int64 {
    guard let raw = try reader.readRawString(), let ms = Stamp.parse(raw) else {
      throw reader.fail("expected a time as YYYY-MM-DDTHH:MM:SS.mmmZ")
    }
    if !Stamp.writable.contains(ms) {
      throw reader.fail("a time after 9999-12-31T23:59:58.999Z, the last a line may carry")
    }
    return ms
  }
  var json: String { "\"" + Stamp.format(self) + "\"" }
  var sql: SQLValue { .integer(self) }
  init?(sql: SQLValue) {
    guard case .integer(let number) = sql else { return nil }
    self = number
  }
}

extension UUID: FieldValue {
  static func read(_ reader: inout JSONReader) throws -> UUID { try reader.readUUID() }
  var json: String { JSONText.id(self) }
  var sql: SQLValue { .blob(UUIDText.bytes(self)) }
  init?(sql: SQLValue) {
    guard case .blob(let bytes) = sql, bytes.count == 16, let id = UUIDText.id(bytes[...]) else { return nil }
    self = id
  }
}

extension Array: FieldValue where Element == UUID {
  static func read(_ reader: inout JSONReader) throws -> [UUID] { try reader.readUUIDs() }
  var json: String { JSONText.ids(self) }
  var sql: SQLValue { .blob(flatMap(UUIDText.bytes)) }
  init?(sql: SQLValue) {
    guard case .blob(let bytes) = sql, bytes.count % 16 == 0 else { return nil }
    var ids: [UUID] = []
    var start = 0
    while start < bytes.count {
      guard let id = UUIDText.id(bytes[start..<start + 16]) else { return nil }
      ids.append(id)
      start += 16
    }
    self = ids
  }
}

extension Day: FieldValue {
  static func read(_ reader: inout JSONReader) throws -> Day { try reader.readDay() }
  var json: String { "\"\(self)\"" }
  var sql: SQLValue { .integer(Int64(ordinal)) }
  init?(sql: SQLValue) {
    guard case .integer(let number) = sql else { return nil }
    self.init(ordinal: Int(number))
  }
}

extension NamedColor: FieldValue {
  static func read(_ reader: inout JSONReader) throws -> NamedColor {
    let name = try reader.readString()
    guard let color = NamedColor(rawValue: name) else { throw reader.fail("'\(name)' is not a colour name") }
    return color
  }
  var json: String { "\"" + rawValue + "\"" }
  var sql: SQLValue { .text(rawValue) }
  init?(sql: SQLValue) {
    guard case .text(let name) = sql else { return nil }
    self.init(rawValue: name)
  }
}

/// A field that may be cleared: `null` in a log line, NULL in the cache.
extension Optional: FieldValue where Wrapped: FieldValue {
  static func read(_ reader: inout JSONReader) throws -> Wrapped? {
    try reader.readNull() ? nil : try Wrapped.read(&reader)
  }
  var json: String { map(\.json) ?? "null" }
  var sql: SQLValue { map(\.sql) ?? .null }
  init?(sql: SQLValue) {
    if sql == .null {
      self = .none
    } else {
      guard let value = Wrapped(sql: sql) else { return nil }
      self = .some(value)
    }
  }
}
