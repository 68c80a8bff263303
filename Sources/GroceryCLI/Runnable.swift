/// A parsed command, ready to run.
protocol Runnable: Sendable {
  /// How the mirrors are looked after around the run; asked of the value, so no run casts its type at runtime.
  var mirrors: MirrorUse { get }

  func run(_ context: Context) throws
}
