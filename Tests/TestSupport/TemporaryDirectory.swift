import Foundation

/// A fresh folder for one test, removed with everything in it when the value goes away.
public final class TemporaryDirectory: @unchecked Sendable {
  public let path: String

  public init() {
    var template = Array(
      ((NSTemporaryDirectory() as NSString).appendingPathComponent("grocery-test-XXXXXX")).utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(made != nil, "cannot create a temporary folder")
    path = String(decoding: template.map { UInt8(bitPattern: $0) }.prefix { $0 != 0 }, as: UTF8.self)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// Returns a path inside the folder.
  public func file(_ name: String) -> String { path + "/" + name }

  /// Returns a file's bytes, or nil when it does not exist.
  public func bytes(_ name: String) -> Data? { FileManager.default.contents(atPath: file(name)) }

  public func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
  }
}
