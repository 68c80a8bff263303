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
}
