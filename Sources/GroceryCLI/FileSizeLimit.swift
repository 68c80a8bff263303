#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGXFSZ, which kills a program at its first write past the file-size limit (`ulimit -f`).
///
/// grocery ignores it, so that such a write fails with EFBIG as a full disk's does: the log is cut back to its
/// old length and the command says so and exits 74 (found by a trial: it died with half a line written and no
/// word). The programs grocery starts get the default back (`ProgramStart`).
enum FileSizeLimit {
  /// Makes a write past the limit fail with EFBIG instead of killing grocery.
  static func ignore() {
    signal(SIGXFSZ, SIG_IGN)
  }
}
