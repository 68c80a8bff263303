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
    for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
      let null = open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY)
      if null >= 0 && null != fd {
        dup2(null, fd)
        close(null)
      }
      closed.insert(fd)
    }
    return closed
  }
}
