import GroceryCore

/// Options every command accepts.
struct GlobalOptions: Sendable, Equatable {
  static let store = Option<String>(
    "store", value: "PATH", completes: .folders,
    help: "Use the household folder at PATH instead.")
  static let lockTimeout = Option<Double>(
    "lock-timeout", value: "SECONDS", help: "Wait at most SECONDS for another grocery.", parse: seconds)
  static let quiet = Flag(
    "quiet", help: "Report only errors and warnings (each once a day).")
  static let help = Flag("help", "h", help: "Show help for the command.")
  static let options: [any OptionDeclaration] = [store, lockTimeout, quiet, help]
  /// Not one of `options`: it goes before any command (`grocery --version`), and every command refuses it.
  static let version = Flag("version", help: "Show the version.")

  var store: String?
  var lockTimeout: Double?
  var quiet = false
}

extension GlobalOptions {
  init(_ parsed: ParsedArguments) {
    store = parsed[Self.store]
    lockTimeout = parsed[Self.lockTimeout]
    quiet = parsed[Self.quiet]
  }

  /// Returns a lock timeout in seconds, from 0 to a day.
  static func seconds(_ text: String) throws -> Double {
    guard let value = Double(text), value.isFinite, value >= 0, value <= 86_400,
      text.allSatisfy({ $0.isNumber || $0 == "." })
    else {
      throw GroceryError.invalidValue(
        what: "lock timeout", value: Names.printable(text), reason: "expected seconds from 0 to 86400")
    }
    return value
  }
}
