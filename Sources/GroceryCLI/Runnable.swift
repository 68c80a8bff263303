/// A parsed command, ready to run.
protocol Runnable: Sendable {
  /// Whether the mirrors are refreshed around the run; asked of the value, so no run casts its type at runtime.
  var refreshesMirrors: Bool { get }

  func run(_ context: Context) throws
}
