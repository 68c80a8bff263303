import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One change that `undo` can revert, newest first in `undoList()`.
public struct UndoEntry: Equatable, Sendable {
  public var summary: String
  public var at: Date?
}

/// The JSON file that holds the household; the only code that touches it.
///
/// Reads take no lock: every change replaces the file whole by a rename, so a reader sees the old or the new
/// document, never a mix. Changes hold an exclusive lock on `<store>.lock` from the read through the rename.
/// Before each change the previous file is kept, by a hard link, in `<store>.undo/`.
public struct JSONFileStore: Sendable {
  /// The path as given; symbolic links are followed when the file is used.
  public let path: String
  /// How long to wait for another grocery's lock; nil waits for as long as it takes.
  public var lockTimeout: Double?
  /// How many earlier states `undo` can step back through.
  public var undoDepth: Int

  public init(path: String, lockTimeout: Double? = nil, undoDepth: Int = 50) {
    self.path = path
    self.lockTimeout = lockTimeout
    self.undoDepth = undoDepth
  }

  /// Returns true when the store file exists.
  public func exists() throws -> Bool {
    try FileSystem.status(FileSystem.resolveLinks(path)) != nil
  }

  /// Reads the household; a missing file is an empty store with the default categories.
  public func load() throws -> Groceries {
    try read(FileSystem.resolveLinks(path)).groceries
  }

  /// Runs a change under the lock and writes the result, unless the body throws or changes nothing.
  ///
  /// `summary` describes the change for `undo`. `onWait` is called if another grocery holds the lock.
  public func update<T>(
    summary: (T) -> String, now: Date, onWait: () -> Void = {}, _ body: (inout Groceries) throws -> T
  ) throws -> T {
    let target = try FileSystem.resolveLinks(path)
    if try FileSystem.status(lockPath(target)) == nil {
      // Try the change first without creating anything, so a refused or empty change writes nothing at all.
      var groceries = try read(target).groceries
      let before = groceries
      let result = try body(&groceries)
      if groceries == before { return result }
      try FileSystem.makeFolders(FileSystem.folder(of: target), mode: 0o700)
    }
    let lock = try FileLock.acquire(lockPath(target), timeout: lockTimeout, onWait: onWait)
    defer { withExtendedLifetime(lock) {} }
    let current = try read(target)
    var groceries = current.groceries
    let result = try body(&groceries)
    if groceries == current.groceries { return result }
    let data = try StoreCodec.encode(groceries, change: ChangeNote(summary: summary(result), at: now))
    try replace(target, with: data, existed: current.data != nil)
    return result
  }

  /// Writes a new store, refusing if one exists.
  public func create(_ groceries: Groceries, summary: String, now: Date, onWait: () -> Void = {}) throws {
    let target = try FileSystem.resolveLinks(path)
    try FileSystem.makeFolders(FileSystem.folder(of: target), mode: 0o700)
    let lock = try FileLock.acquire(lockPath(target), timeout: lockTimeout, onWait: onWait)
    defer { withExtendedLifetime(lock) {} }
    if try FileSystem.status(target) != nil {
      throw GroceryError.refused("a store already exists at '\(path)'")
    }
    let data = try StoreCodec.encode(groceries, change: ChangeNote(summary: summary, at: now))
    try replace(target, with: data, existed: false)
  }

  /// Reverts the most recent change, returning what it undid.
  public func undo(onWait: () -> Void = {}) throws -> UndoEntry {
    let target = try FileSystem.resolveLinks(path)
    guard try FileSystem.status(lockPath(target)) != nil else { throw GroceryError.refused("nothing to undo") }
    let lock = try FileLock.acquire(lockPath(target), timeout: lockTimeout, onWait: onWait)
    defer { withExtendedLifetime(lock) {} }
    let folder = undoFolder(target)
    let current = try FileSystem.status(target)
    for snapshot in try snapshots(target).reversed() {
      let snapshotPath = folder + "/" + snapshot
      // A snapshot that is the current file itself was left by a crash between keeping and replacing.
      if let current, let kept = try FileSystem.status(snapshotPath),
        kept.st_ino == current.st_ino && kept.st_dev == current.st_dev
      {
        unlink(snapshotPath)
        continue
      }
      let change = try read(target).change
      let entry = UndoEntry(summary: change?.summary ?? "an unrecorded change", at: change?.at)
      if snapshot.hasSuffix(".json") {
        if rename(snapshotPath, target) != 0 { throw FileSystem.ioError(target, "restore") }
      } else {
        if unlink(target) != 0 && errno != ENOENT { throw FileSystem.ioError(target, "remove") }
        unlink(snapshotPath)
      }
      try FileSystem.syncFolder(FileSystem.folder(of: target))
      try FileSystem.syncFolder(folder)
      return entry
    }
    throw GroceryError.refused("nothing to undo")
  }

  /// Lists the changes `undo` can revert, newest first.
  public func undoList() throws -> [UndoEntry] {
    let target = try FileSystem.resolveLinks(path)
    let folder = undoFolder(target)
    let kept = try snapshots(target)
    var entries: [UndoEntry] = []
    var newer = try read(target).change
    for snapshot in kept.reversed() {
      entries.append(UndoEntry(summary: newer?.summary ?? "an unrecorded change", at: newer?.at))
      newer = snapshot.hasSuffix(".json") ? try read(folder + "/" + snapshot).change : nil
    }
    return entries
  }

  // MARK: - Internals

  func lockPath(_ target: String) -> String { target + ".lock" }

  func undoFolder(_ target: String) -> String { target + ".undo" }

  private func read(_ target: String) throws -> (groceries: Groceries, change: ChangeNote?, data: Data?) {
    guard let data = try FileSystem.read(target) else { return (Groceries(), nil, nil) }
    let decoded = try StoreCodec.decode(data, path: target == path ? path : "\(path)' -> '\(target)")
    return (decoded.groceries, decoded.change, data)
  }

  /// The kept states, oldest first: `N.json` holds a state, `N.none` stands for "no store yet".
  private func snapshots(_ target: String) throws -> [String] {
    try FileSystem.entries(undoFolder(target))
      .filter { $0.hasSuffix(".json") || $0.hasSuffix(".none") }
      .compactMap { name in Int(name.prefix { $0.isNumber }).map { ($0, name) } }
      .sorted { $0.0 < $1.0 }
      .map(\.1)
  }

  /// Keeps the current file for undo, then atomically replaces it.
  private func replace(_ target: String, with data: Data, existed: Bool) throws {
    try AtomicFile.removeStaleTemporaries(for: target)
    let folder = undoFolder(target)
    try FileSystem.makeFolders(folder, mode: 0o700)
    let kept = try snapshots(target)
    let next = (kept.last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0) + 1
    let name = String(repeating: "0", count: max(0, 10 - String(next).count)) + String(next)
    try AtomicFile.write(data, to: target) {
      try keep(target, existed: existed, as: folder + "/" + name)
    }
    for old in kept.dropLast(max(0, undoDepth - 1)) { unlink(folder + "/" + old) }
  }

  private func keep(_ target: String, existed: Bool, as base: String) throws {
    if !existed {
      let fd = open(base + ".none", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
      if fd < 0 { throw FileSystem.ioError(base + ".none", "create") }
      close(fd)
      return
    }
    if link(target, base + ".json") == 0 { return }
    // Some file systems have no hard links; copy the bytes instead.
    guard let old = try FileSystem.read(target) else { return }
    try AtomicFile.write(old, to: base + ".json")
  }
}
