#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGPIPE, which kills a program at its first write to a pipe that nothing reads any more.
///
/// grocery ignores it, so that a change whose report finds the reader gone (`grocery add milk | true`) still says
/// it was saved (exit 3) rather than dying silently; a command that only reads ends as SIGPIPE would have ended
/// it, quietly. The programs grocery starts get the default back (`ProgramStart`).
enum BrokenPipe {
  /// Makes a write to a pipe without a reader fail with EPIPE instead of killing grocery.
  static func ignore() {
    signal(SIGPIPE, SIG_IGN)
  }

  /// Ends grocery killed by SIGPIPE, as a reader that has gone expects of a program writing to it (`list | head`).
  static func stop() -> Never {
    signal(SIGPIPE, SIG_DFL)
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGPIPE)
    sigprocmask(SIG_UNBLOCK, &signals, nil)
    raise(SIGPIPE)
    // Only if the signal could not end the process: the exit status a shell shows for it.
    exit(128 + SIGPIPE)
  }
}
