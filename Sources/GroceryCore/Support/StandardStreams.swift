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

/// The process's standard input, output and error, as the process was started with them.
public enum StandardStreams {
  /// Puts `/dev/null` in place of each standard stream the process was started without, and returns their
  /// numbers.
  ///
  /// Without this, the first file grocery opens (the store, its lock) would take the number of a closed
  /// stream, and a report written to standard output would land in that file.
  public static func reserveClosed() -> Set<Int32> {
    var closed: Set<Int32> = []
    for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where !SystemCall.isOpen(fd) {
      SystemCall.openNullDevice(at: fd)
      closed.insert(fd)
    }
    return closed
  }

  /// How a write to a standard stream went.
  public enum Written: Equatable, Sendable {
    case whole
    /// The stream is a pipe that nothing reads any more (EPIPE), as when `head` has read all it wants; a process
    /// that ignores SIGPIPE is told so instead of being killed.
    case readerGone(reason: String)
    case failed(reason: String)
  }

  /// Writes all of the text to a standard stream, saying whether it failed because its reader has gone.
  public static func write(_ text: String, to fd: Int32, shownAs path: String) -> Written {
    do {
      try FileSystem.writeAll(fd, text, path: path)
      return .whole
    } catch let error as GroceryError {
      let brokenPipe = FileSystem.ioError(path, "write", EPIPE)
      guard case .io(_, _, let reason) = error else { return .failed(reason: error.message) }
      return error == brokenPipe ? .readerGone(reason: reason) : .failed(reason: reason)
    } catch {
      return .failed(reason: "\(error)")
    }
  }
}
