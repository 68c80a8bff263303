#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// How an import reads each kind of field value from grocery's export: as the export writes it (a log line's
// spelling), refusing anything else with the key, what was expected and what was found.

extension ImportJSON.Node {
  /// Returns the error for a value of `key` that is not what was expected.
  fileprivate func unexpected(_ key: String, _ file: String, _ expected: String) -> GroceryError {
    failure(file, "expected '\(key)' to be \(expected), found \(shown)")
  }

  /// Returns the value's text, or throws naming what was expected.
  fileprivate func text(_ key: String, _ file: String, _ expected: String) throws -> String {
    guard case .string(let text) = value else { throw unexpected(key, file, expected) }
    return text
  }
}

extension String {
  static func imported(_ node: ImportJSON.Node, key: String, file: String) throws -> String {
    try node.text(key, file, "a string")
  }
}

extension Int {
  static func imported(_ node: ImportJSON.Node, key: String, file: String) throws -> Int {
    guard case .number(let number, _) = node.value, let whole = Int(exactly: number) else {
      throw node.unexpected(key, file, "a whole number")
    }
    return whole
  }
}

extension Bool {
  static func imported(_ node: ImportJSON.Node, key: String, file: String) throws -> Bool {
    guard case .bool(let flag) = node.value else { throw node.unexpected(key, file, "true or false") }
    return flag
  }
}

extension Int64 {
  static func imported(_ node: ImportJSON.Node, key: String, file: String) throws -> Int64 {
    let expected = "a time as YYYY-MM-DDTHH:MM:SS.mmmZ"
    guard let ms = Stamp.parse(ArraySlice(try node.text(key, file, expected).utf8)),
      Stamp.writable.contains(ms)
    else { throw node.unexpected(key, file, expected) }
    return ms
  }
}

extension UUID {
  static func imported(_ node: ImportJSON.Node, key: String, file: String) throws -> UUID {
    guard let id = UUIDText.parse(ArraySlice(try node.text(key, file, "an id").utf8)) else {
      throw node.unexpected(key, file, "an id")
    }
    return id
  }
}

extension Array where Element == UUID {
  static func imported(_ node: ImportJSON.Node, key: String, file: String) throws -> [UUID] {
    guard case .array(let elements) = node.value else { throw node.unexpected(key, file, "an array of ids") }
    return try elements.map { try UUID.imported($0, key: key, file: file) }
  }
}

extension Day {
  static func imported(_ node: ImportJSON.Node, key: String, file: String) throws -> Day {
    let expected = "a date as YYYY-MM-DD"
    guard let day = Day(try node.text(key, file, expected)), LocalTime.keptDays.contains(day) else {
      throw node.unexpected(key, file, expected)
    }
    return day
  }
}

extension NamedColor {
  static func imported(_ node: ImportJSON.Node, key: String, file: String) throws -> NamedColor {
    let expected = "one of " + NamedColor.allCases.map(\.rawValue).joinedText(separator: ", ")
    guard let color = NamedColor(name: try node.text(key, file, expected)) else {
      throw node.failure(file, "expected '\(key)' to be \(expected)")
    }
    return color
  }
}

extension Optional where Wrapped: FieldValue {
  /// `null` clears the field.
  static func imported(_ node: ImportJSON.Node, key: String, file: String) throws -> Wrapped? {
    if case .null = node.value { return nil }
    return try Wrapped.imported(node, key: key, file: file)
  }
}
