/// A command line that does not fit the grammar; exit 64 with a usage hint.
struct UsageError: Error, Equatable {
  var message: String
  /// The command path the hint points at.
  var path: [String]

  init(_ message: String, path: [String] = []) {
    self.message = message
    self.path = path
  }
}
