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

/// Replaces a file's contents all at once: a synced temporary file renamed over the old one.
enum AtomicFile {
  /// The prefix of temporary files for a target, so that stale ones can be found and removed.
  static func temporaryPrefix(for target: String) -> String { "." + FileSystem.name(of: target) + ".tmp-" }

  /// Writes `data` to `target`, keeping the old file's permissions (0600 for a new file). Run as root, the file
  /// is given to `owner`'s user and group, or where none is given, to the old file's, and a new one (or one root
  /// owned) to its folder's, as every file grocery makes in a folder someone else owns is (found by a review:
  /// root's `mirror add` left `mirrors.json` root's, and the owner's every command could not read it).
  ///
  /// On any failure the temporary file is removed and the old file is left as it was. A cache that can be
  /// rebuilt need not be `durable`: it is renamed into place without waiting for the disk.
  static func write(_ data: Data, to target: String, durable: Bool = true, owner: stat? = nil) throws {
    try write(to: target, durable: durable, owner: owner) { fd in
      try FileSystem.writeAll(fd, data, path: target)
    }
  }

  /// The same for contents `body` writes to the temporary file's descriptor as it makes them, so that they need
  /// not be held whole. A write that takes long (an export) is `interruptible`: the temporary files of the target
  /// that grocery processes no longer running left are removed first, and its own is removed if the process is
  /// told to stop (Ctrl-C, `kill`) while `body` writes it.
  static func write(
    to target: String, durable: Bool = true, owner: stat? = nil, interruptible: Bool = false,
    _ body: (Int32) throws -> Void
  ) throws {
    let folder = FileSystem.folder(of: target)
    if interruptible { try removeStale(of: target, in: folder) }
    // The mode of the file replaced, when it is one: never a link's target's (a link a peer put in place of a log
    // may point at anything), and never a set-id bit.
    let replaced = try FileSystem.status(target, followingLinks: false)
    let mode = replaced.flatMap { $0.st_mode & S_IFMT == S_IFREG ? $0.st_mode & 0o777 : nil } ?? 0o600
    var owner = owner
    if owner == nil && geteuid() == 0 {
      // A file root's own runs left root's (before this was so) goes to the folder's owner, and is the owner's again.
      owner =
        try replaced.flatMap { $0.st_mode & S_IFMT == S_IFREG && $0.st_uid != 0 ? $0 : nil }
        ?? FileSystem.status(folder)
    }
    let temporary =
      folder + "/" + temporaryPrefix(for: target) + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let fd = try SystemCall.openFile(temporary, O_WRONLY | O_CREAT | O_EXCL, mode: mode).get(target, "write")
    var open = true
    do {
      try SystemCall.setMode(fd, mode).get(target, "set permissions of")
      if let owner { try FileSystem.giveToOwner(fd, of: owner, path: target) }
      if interruptible {
        try Interruption.removing(temporary) { try body(fd) }
      } else {
        try body(fd)
      }
      if durable { try FileSystem.sync(fd, path: target) }
      open = false
      try SystemCall.closeFile(fd).get(target, "write")
      try SystemCall.move(temporary, to: target).get(target, "replace")
    } catch {
      if open { SystemCall.closeFile(fd) }
      _ = SystemCall.remove(temporary)
      throw error
    }
    if durable { try FileSystem.syncFolder(folder) }
  }

  /// Removes the target's temporary files (`.NAME.tmp-PID-N`) whose process is no longer running: what a write
  /// killed before it could remove its own left. A folder this user may write in but not read (mode 0300) shows
  /// none, and is not listed; a folder that cannot be listed otherwise is an error. One such file this user may
  /// not remove (another user's, in a shared folder) is that user's to remove, and is left.
  private static func removeStale(of target: String, in folder: String) throws {
    guard case .success = SystemCall.checkAccess(folder, R_OK) else { return }
    let prefix = temporaryPrefix(for: target)
    for name in try FileSystem.entries(folder) where name.hasPrefix(prefix) {
      guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }), pid > 0, pid != getpid(),
        kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      switch SystemCall.remove(folder + "/" + name) {
      case .success: break
      case .failure(let error) where [EACCES, EPERM, ENOENT].contains(error.code): break
      case .failure(let error): throw FileSystem.ioError(folder + "/" + name, "remove", error.code)
      }
    }
  }
}

/// Removes the temporary file of an interruptible write when the process is told to stop, then stops as told.
/// A signal the process ignores (a job started in the background ignores Ctrl-C) is left ignored.
enum Interruption {
  /// The file to remove, as the handler needs it: a C string made before any signal can come.
  nonisolated(unsafe) private static var temporary: UnsafeMutablePointer<CChar>?
  private static let signals = [SIGINT, SIGTERM, SIGHUP]

  static func removing<T>(_ path: String, _ body: () throws -> T) rethrows -> T {
    let copy = strdup(path)
    temporary = copy
    let previous = signals.map { number in
      let old = signal(number) { number in
        if let path = Interruption.temporary { unlink(path) }
        signal(number, SIG_DFL)
        raise(number)
      }
      if let old, unsafeBitCast(old, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
        signal(number, SIG_IGN)
      }
      return old
    }
    defer {
      for (number, old) in zip(signals, previous) { signal(number, old) }
      temporary = nil
      free(copy)
    }
    return try body()
  }
}
