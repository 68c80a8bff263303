import Foundation
import GroceryCore

/// The import fixtures under `Fixtures/import`, read as `import` would read them.
enum ImportFixture {
  static func file(_ name: String) throws -> ImportFile {
    let parts = name.split(separator: ".")
    guard
      let url = Bundle.module.url(
        forResource: String(parts[0]), withExtension: String(parts[1]), subdirectory: "Fixtures/import")
    else { throw CocoaError(.fileNoSuchFile) }
    return ImportFile(name: name, text: String(decoding: try Data(contentsOf: url), as: UTF8.self))
  }

  /// Returns the message of the `GroceryError` the body throws, or nil when it throws nothing.
  static func failure(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch let error as GroceryError {
      return error.message
    } catch {
      return "not a GroceryError: \(error)"
    }
  }
}
