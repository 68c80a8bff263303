/// Where a run's output goes and its input comes from.
public protocol Console: AnyObject {
  func write(_ text: String)
  func writeError(_ text: String)
  func readInput() throws -> String
  var outputIsTerminal: Bool { get }
  /// Why writing standard output failed, if it did (a full disk, a closed file).
  var outputFailure: String? { get }
}
