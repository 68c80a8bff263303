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

  /// Writes `data` to `target`, keeping the old file's permissions (0600 for a new file).
  ///
  /// On any failure the temporary file is removed and the old file is left as it was. A cache that can be
  /// rebuilt need not be `durable`: it is renamed into place without waiting for the disk.
  static func write(_ data: Data, to target: String, durable: Bool = true, owner: stat? = nil) throws {
    try write(to: target, durable: durable, owner: owner) { fd in
      try FileSystem.writeAll(fd, data, path: target)
    }
  }

  /// The same for contents `body` writes to the temporary file's descriptor as it makes them, so that they need
  /// not be held whole.
  static func write(
    to target: String, durable: Bool = true, owner: stat? = nil, _ body: (Int32) throws -> Void
  ) throws {
    let folder = FileSystem.folder(of: target)
    let mode = try FileSystem.status(target).map { $0.st_mode & 0o7777 } ?? 0o600
    let temporary =
      folder + "/" + temporaryPrefix(for: target) + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let fd = try SystemCall.openFile(temporary, O_WRONLY | O_CREAT | O_EXCL, mode: mode).get(target, "write")
    var open = true
    do {
      try SystemCall.setMode(fd, mode).get(target, "set permissions of")
      if let owner { try FileSystem.giveToOwner(fd, of: owner, path: target) }
      try body(fd)
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
}
