/// A parsed command, ready to run.
protocol Runnable: Sendable {
  func run(_ context: Context) throws
}
