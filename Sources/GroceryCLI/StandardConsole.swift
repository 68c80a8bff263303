import GroceryCore

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

/// The process's own standard streams.
public final class StandardConsole: Console {
  public private(set) var outputFailure: String?
  public private(set) var outputReaderGone = false
  public var stopsWhenReaderGone: () -> Bool = { true }
  /// The standard streams the process was started without.
  private let closed = StandardStreams.reserveClosed()

  public init() {}

  public func write(_ text: String) {
    guard outputFailure == nil else { return }
    if closed.contains(STDOUT_FILENO) {
      outputFailure = "it is closed"
      return
    }
    switch StandardStreams.write(text, to: STDOUT_FILENO, shownAs: "standard output") {
    case .whole: break
    case .readerGone(let reason):
      outputFailure = reason
      outputReaderGone = true
      if stopsWhenReaderGone() { stopForGoneReader() }
    case .failed(let reason): outputFailure = reason
    }
  }

  public func stopForGoneReader() -> Never { BrokenPipe.stop() }

  /// Writes to standard error; if even that fails there is nowhere left to say so.
  public func writeError(_ text: String) {
    do { try FileSystem.writeAll(STDERR_FILENO, text, path: "standard error") } catch {}
  }

  public func readInput() throws -> String {
    if closed.contains(STDIN_FILENO) {
      throw GroceryError.io(path: "standard input", operation: "read", reason: "it is closed")
    }
    return try InputText.standardInput()
  }

  public func readInputBytes() throws -> [UInt8] {
    if closed.contains(STDIN_FILENO) {
      throw GroceryError.io(path: "standard input", operation: "read", reason: "it is closed")
    }
    return try InputText.readAll(STDIN_FILENO, what: "standard input")
  }

  public var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}
