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

/// An exclusive `flock` on a lock file that is never renamed or deleted, held until released.
final class FileLock {
  private let fd: Int32

  private init(fd: Int32) { self.fd = fd }

  deinit { SystemCall.closeFile(fd) }

  /// Takes the lock, calling `onWait` once if another process holds it, and giving up once the command has waited
  /// as long as `waiting` allows.
  static func acquire(_ path: String, waiting: LockWaiting, onWait: () -> Void) throws -> FileLock {
    let fd: Int32
    switch SystemCall.openFile(path, O_RDWR | O_CREAT | O_NOFOLLOW, mode: 0o600) {
    case .success(let opened): fd = opened
    // A link in place of the lock is never followed, so that it cannot make grocery create or open another file.
    case .failure(let error) where error.code == ELOOP:
      throw GroceryError.io(
        path: path, operation: "open lock file", reason: "it is a link, not a regular file")
    case .failure(let error): throw error.io(path, "open lock file")
    }
    let lock = FileLock(fd: fd)
    if let folder = try FileSystem.status(FileSystem.folder(of: path)) {
      try FileSystem.giveToOwner(fd, of: folder, path: path)
    }
    return try lock.wait(path, waiting: waiting, onWait: onWait)
  }

  /// Takes the lock on a file that exists and is left as it is, opened to read (a version-1 store, which every
  /// user who migrates it locks): what serializes processes that share no lock file. Nil where the file system
  /// locks no file opened only to read (NFS) or none at all: then each process has its own lock alone.
  static func acquire(existing path: String, waiting: LockWaiting, onWait: () -> Void) throws -> FileLock? {
    let fd: Int32
    switch SystemCall.openFile(path, O_RDONLY, mode: 0) {
    case .success(let opened): fd = opened
    case .failure(let error): throw error.io(path, "open to lock")
    }
    let lock = FileLock(fd: fd)
    switch SystemCall.lock(fd, blocking: false) {
    case .success: return lock
    case .failure(let error) where [EBADF, ENOLCK, EOPNOTSUPP, EINVAL].contains(error.code): return nil
    case .failure: return try lock.wait(path, waiting: waiting, onWait: onWait)
    }
  }

  /// Takes the lock, waiting as `acquire` says.
  private func wait(_ path: String, waiting: LockWaiting, onWait: () -> Void) throws -> FileLock {
    if try attempt(path, blocking: false) { return self }
    onWait()
    guard let remaining = waiting.remaining, let limit = waiting.limit else {
      while try !attempt(path, blocking: true) {}
      return self
    }
    let started = ContinuousClock.now
    defer { waiting.spend(ContinuousClock.now - started) }
    let deadline = started + remaining
    while ContinuousClock.now < deadline {
      usleep(10_000)
      if try attempt(path, blocking: false) { return self }
    }
    throw GroceryError.lockTimeout(path: path, seconds: limit)
  }

  /// Returns true when the lock was taken; false when it is held elsewhere.
  private func attempt(_ path: String, blocking: Bool) throws -> Bool {
    switch SystemCall.lock(fd, blocking: blocking) {
    case .success: return true
    case .failure(let error) where error.code == EWOULDBLOCK: return false
    case .failure(let error): throw error.io(path, "lock")
    }
  }
}
