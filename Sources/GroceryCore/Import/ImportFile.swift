#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One file given to import: its name for messages and its text.
public struct ImportFile: Equatable, Sendable {
  /// The name messages use: the path as given, or "standard input".
  public var name: String
  public var text: String

  public init(name: String, text: String) {
    self.name = name
    self.text = text
  }

  /// Reads a file the user named, refusing one that is missing, unreadable or not UTF-8 (with the line).
  ///
  /// Anything readable to its end is taken, so `import <(curl ...)` works as well as a regular file.
  public static func read(path: String) throws -> ImportFile {
    guard let data = try FileSystem.read(path) else {
      throw GroceryError.io(path: path, operation: "read", reason: FileSystem.errorText(ENOENT))
    }
    return try ImportFile(name: path, bytes: [UInt8](data))
  }

  /// A file's bytes as text, refusing them as a malformed file, with the line, unless they are UTF-8: the same for
  /// a file named and for standard input.
  public init(name: String, bytes: [UInt8]) throws {
    if let offset = InputText.firstInvalidOffset(bytes) {
      throw GroceryError.malformedImport(
        file: name, line: bytes[..<offset].lazy.filter { $0 == 10 }.count + 1,
        reason: "it is not valid UTF-8: byte 0x\(InputText.hex(bytes[offset])) at offset \(offset)")
    }
    self.init(name: name, text: String(decoding: bytes, as: UTF8.self))
  }
}
