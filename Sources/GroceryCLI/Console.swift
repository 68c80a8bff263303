/// Where a run's output goes and its input comes from.
public protocol Console: AnyObject {
  func write(_ text: String)
  func writeError(_ text: String)
  func readInput() throws -> String
  /// Standard input's bytes, read to the end, for a reader that says itself where they are not text.
  func readInputBytes() throws -> [UInt8]
  var outputIsTerminal: Bool { get }
  /// Why writing standard output failed, if it did (a full disk, a closed file, a pipe nothing reads).
  var outputFailure: String? { get }
  /// Whether writing standard output failed because it is a pipe whose reader has gone (`grocery list | head -1`).
  var outputReaderGone: Bool { get }
  /// Ends the run as a program writing to a pipe whose reader has gone ends: quietly.
  func stopForGoneReader() -> Never
  /// Whether a write that finds the reader gone ends the run there and then: while no change is saved, nothing is
  /// lost by it, and a long output (`history | head`) costs no more than what was read of it.
  var stopsWhenReaderGone: () -> Bool { get set }
}
