@testable import GroceryCore

/// Log lines built around one operation, for the codec tests.
enum LogLine {
  /// Decodes a log line holding one operation and returns how the reader refused it, or nil if it did not.
  static func refusal(of op: String, version: Int) -> String? {
    let line = Array(
      ("{\"v\":\(version),\"id\":\"c1\",\"at\":\"2026-11-21T12:00:00.000Z\",\"seq\":0,"
        + "\"machine\":\"00000000000000aa\",\"summary\":\"s\",\"ops\":[" + op + "]}").utf8)
    do {
      _ = try ChangeCodec.decode(line, from: 0, to: line.count)
      return nil
    } catch {
      return error.field + ": " + error.reason
    }
  }
}
