#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The errno of a system call that failed.
struct Errno: Error, Equatable {
  var code: Int32

  /// The failure as the error of `operation` on the file shown as `path`.
  func io(_ path: String, _ operation: String) -> GroceryError { FileSystem.ioError(path, operation, code) }
}

/// The system calls grocery makes on files, each made again when a signal interrupts it (EINTR), every descriptor
/// opened close-on-exec, and a failure returned as its errno, which `get(_:_:)` throws as a `GroceryError`.
///
/// Nothing outside `Store/Files` opens, reads, writes, flushes, locks, renames or removes a file itself.
enum SystemCall {
  /// Makes a call, again for as long as it is interrupted; returns its result, or its errno when it returns -1.
  @inline(__always)
  static func retrying<R: FixedWidthInteger>(_ call: () -> R) -> Result<R, Errno> {
    while true {
      let result = call()
      if result != -1 { return .success(result) }
      let code = errno
      if code != EINTR { return .failure(Errno(code: code)) }
    }
  }

  @inline(__always)
  private static func done(_ call: () -> Int32) -> Result<Void, Errno> { retrying(call).map { _ in () } }

  /// Opens a file, close-on-exec whatever the flags say.
  static func openFile(_ path: String, _ flags: Int32, mode: mode_t = 0) -> Result<Int32, Errno> {
    retrying { open(path, flags | O_CLOEXEC, mode) }
  }

  /// Creates a file named `template` with its trailing `XXXXXX` made unique, readable by this user only; returns
  /// its descriptor, close-on-exec, and its name. (Glibc's `mkostemp` is not visible to Swift, so the flag is set
  /// just after; grocery starts no program in between.)
  static func makeTemporaryFile(_ template: String) -> Result<(fd: Int32, path: String), Errno> {
    var name = Array(template.utf8CString)
    let fd: Int32
    switch retrying({ name.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) } }) {
    case .success(let made): fd = made
    case .failure(let error): return .failure(error)
    }
    let path = String(decoding: name.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    if case .failure(let error) = done({ fcntl(fd, F_SETFD, FD_CLOEXEC) }) {
      closeFile(fd)
      _ = remove(path)
      return .failure(error)
    }
    return .success((fd, path))
  }

  /// Closes a descriptor, never twice: on Linux it is closed even when the call is interrupted. The result matters
  /// only after a write.
  @discardableResult
  static func closeFile(_ fd: Int32) -> Result<Void, Errno> {
    close(fd) == 0 ? .success(()) : .failure(Errno(code: errno))
  }

  /// Returns true when the descriptor is open.
  static func isOpen(_ fd: Int32) -> Bool { fcntl(fd, F_GETFD) != -1 || errno != EBADF }

  /// Opens `/dev/null` as `fd`, a standard stream the process was started without, doing nothing when it cannot.
  ///
  /// The one descriptor opened without close-on-exec: a standard stream is handed on to the programs grocery runs.
  static func openNullDevice(at fd: Int32) {
    guard case .success(let null) = retrying({ open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY) }),
      null != fd
    else { return }
    _ = done { dup2(null, fd) }
    closeFile(null)
  }

  /// Reads into the buffer from the file's current offset; returns how many bytes, 0 at the end.
  static func readBytes(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, Errno> {
    retrying { read(fd, buffer.baseAddress, buffer.count) }
  }

  /// Reads into the buffer from `offset`, leaving the file's offset as it is; returns how many bytes, 0 at the end.
  static func readBytes(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int)
    -> Result<Int, Errno>
  {
    retrying { pread(fd, buffer.baseAddress, buffer.count, off_t(offset)) }
  }

  /// Writes some of the buffer; returns how many bytes.
  static func writeBytes(_ fd: Int32, from buffer: UnsafeRawBufferPointer) -> Result<Int, Errno> {
    retrying { write(fd, buffer.baseAddress, buffer.count) }
  }

  /// Returns an open file's status.
  static func status(of fd: Int32) -> Result<stat, Errno> {
    var info = stat()
    return done { fstat(fd, &info) }.map { info }
  }

  /// Returns the status of what is at `path`: of a link's target, or of the link itself.
  static func status(_ path: String, followingLinks: Bool) -> Result<stat, Errno> {
    var info = stat()
    return done { followingLinks ? stat(path, &info) : lstat(path, &info) }.map { info }
  }

  /// Cuts an open file to `length` bytes.
  static func truncate(_ fd: Int32, to length: Int) -> Result<Void, Errno> {
    done { ftruncate(fd, off_t(length)) }
  }

  /// Flushes a file to stable storage; `fully` asks Apple systems for F_FULLFSYNC, as their fsync does not.
  static func flush(_ fd: Int32, fully: Bool = false) -> Result<Void, Errno> {
    #if canImport(Darwin)
      if fully, case .success = done({ fcntl(fd, F_FULLFSYNC) }) { return .success(()) }
    #endif
    return done { fsync(fd) }
  }

  /// Takes an exclusive `flock`, waiting for it when `blocking`; fails with EWOULDBLOCK when it is held elsewhere
  /// and not `blocking`.
  static func lock(_ fd: Int32, blocking: Bool) -> Result<Void, Errno> {
    done { flock(fd, blocking ? LOCK_EX : LOCK_EX | LOCK_NB) }
  }

  /// Renames a file over whatever `target` names, in one step.
  static func move(_ path: String, to target: String) -> Result<Void, Errno> { done { rename(path, target) } }

  /// Removes a file (not a folder).
  static func remove(_ path: String) -> Result<Void, Errno> { done { unlink(path) } }

  static func makeFolder(_ path: String, mode: mode_t) -> Result<Void, Errno> { done { mkdir(path, mode) } }

  /// Removes an empty folder.
  static func removeFolder(_ path: String) -> Result<Void, Errno> { done { rmdir(path) } }

  static func setMode(_ fd: Int32, _ mode: mode_t) -> Result<Void, Errno> { done { fchmod(fd, mode) } }

  static func setOwner(_ fd: Int32, user: uid_t, group: gid_t) -> Result<Void, Errno> {
    done { fchown(fd, user, group) }
  }

  static func setOwner(_ path: String, user: uid_t, group: gid_t) -> Result<Void, Errno> {
    done { chown(path, user, group) }
  }

  /// Succeeds when this user may do what `mode` asks (`R_OK`, `W_OK`, `X_OK`) at `path`.
  static func checkAccess(_ path: String, _ mode: Int32) -> Result<Void, Errno> {
    done { access(path, mode) }
  }

  /// Returns the target a symbolic link holds.
  static func readLink(_ path: String) -> Result<String, Errno> {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    return retrying { readlink(path, &buffer, buffer.count - 1) }.map { length in
      String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
  }
}

extension Result where Failure == Errno {
  /// Returns the call's result, or throws its errno as the error of `operation` on the file shown as `path`.
  func get(_ path: String, _ operation: String) throws -> Success {
    switch self {
    case .success(let value): return value
    case .failure(let error): throw error.io(path, operation)
    }
  }
}
