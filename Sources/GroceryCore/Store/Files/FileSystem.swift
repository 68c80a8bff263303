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

/// The file operations the store needs, made of `SystemCall`s, with failures as `GroceryError.io`.
public enum FileSystem {
  static func errorText(_ code: Int32) -> String {
    let text = String(cString: strerror(code))
    return text.prefix(1).lowercased() + text.dropFirst()
  }

  static func ioError(_ path: String, _ operation: String, _ code: Int32 = errno) -> GroceryError {
    .io(path: path, operation: operation, reason: errorText(code))
  }

  /// Returns the file's status, or nil when nothing is there.
  static func status(_ path: String, followingLinks: Bool = true) throws -> stat? {
    switch SystemCall.status(path, followingLinks: followingLinks) {
    case .success(let info): return info
    case .failure(let error) where error.code == ENOENT || error.code == ENOTDIR: return nil
    case .failure(let error): throw error.io(path, "inspect")
    }
  }

  /// Whether a regular file is at `path` itself, not behind a link: all grocery reads as a log.
  static func isRegularFile(_ path: String) throws -> Bool {
    guard let info = try status(path, followingLinks: false) else { return false }
    return info.st_mode & S_IFMT == S_IFREG
  }

  /// Whether something is at `path` that is not a regular file: a folder, a FIFO, a device, or (unless
  /// `followingLinks`) a link.
  static func isOtherThanFile(_ path: String, followingLinks: Bool = false) throws -> Bool {
    guard let info = try status(path, followingLinks: followingLinks) else { return false }
    return info.st_mode & S_IFMT != S_IFREG
  }

  /// Opens a file that may not be there: nil when it is not (ENOENT), the error of `operation` on any other failure.
  static func openIfPresent(_ path: String, _ flags: Int32, failing operation: String) throws -> Int32? {
    switch SystemCall.openFile(path, flags) {
    case .success(let fd): return fd
    case .failure(let error) where error.code == ENOENT: return nil
    case .failure(let error): throw error.io(path, operation)
    }
  }

  /// Reads a whole file, or returns nil when it does not exist.
  static func read(_ path: String) throws -> Data? {
    guard let fd = try openIfPresent(path, O_RDONLY, failing: "read") else { return nil }
    defer { SystemCall.closeFile(fd) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = try buffer.withUnsafeMutableBytes { SystemCall.readBytes(fd, into: $0) }.get(path, "read")
      if count == 0 { break }
      data.append(contentsOf: buffer[0..<count])
    }
    return data
  }

  /// Reads a regular file from an offset to its end, or returns nil when it does not exist. Anything that is
  /// not a regular file (a FIFO, a device, a folder) is refused at once, and so is a file larger than `limit`.
  static func readRegularFile(_ path: String, from offset: Int = 0, limit: Int) throws -> [UInt8]? {
    guard let (fd, size) = try openBounded(path, limit: limit) else { return nil }
    defer { SystemCall.closeFile(fd) }
    if size <= offset { return [] }
    return try read(fd, path, count: size - offset, at: offset, whole: true)
  }

  /// Reads parts of a regular file, each `count` bytes at its `offset` (fewer where the file ends), or returns nil
  /// when it does not exist; with the file's size. Refuses what `readRegularFile` refuses.
  static func readRegularFile(_ path: String, parts: [(offset: Int, count: Int)], limit: Int) throws -> (
    parts: [[UInt8]], size: Int
  )? {
    guard let (fd, size) = try openBounded(path, limit: limit) else { return nil }
    defer { SystemCall.closeFile(fd) }
    var found: [[UInt8]] = []
    for part in parts {
      found.append(
        part.offset >= size
          ? [] : try read(fd, path, count: min(part.count, size - part.offset), at: part.offset, whole: true))
    }
    return (found, size)
  }

  /// Reads a regular file from an offset to the size it had when opened, handing `body` at most `chunk` bytes at
  /// a time, so that a large file costs the memory of a chunk; returns false when it does not exist. Refuses what
  /// `readRegularFile` refuses.
  static func readRegularFile(
    _ path: String, from offset: Int, limit: Int, chunk: Int, _ body: ([UInt8]) throws -> Void
  ) throws -> Bool {
    guard let (fd, size) = try openBounded(path, limit: limit) else { return false }
    defer { SystemCall.closeFile(fd) }
    var at = offset
    while at < size {
      let bytes = try read(fd, path, count: min(chunk, size - at), at: at, whole: false)
      if bytes.isEmpty { break }
      try body(bytes)
      at += bytes.count
    }
    return true
  }

  /// Reads up to `count` bytes at `offset` into a new array, without filling it with zeros first (a page fault
  /// each 4 KiB of a tail read only to be written over); `whole` reads on until `count` or the end.
  private static func read(_ fd: Int32, _ path: String, count: Int, at offset: Int, whole: Bool) throws
    -> [UInt8]
  {
    try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      let raw = UnsafeMutableRawBufferPointer(buffer)
      while initialized < count {
        let read = try SystemCall.readBytes(
          fd, into: UnsafeMutableRawBufferPointer(rebasing: raw[initialized...]), at: offset + initialized
        ).get(path, "read")
        initialized += read
        if read == 0 || !whole { break }
      }
    }
  }

  /// Opens a regular file to read, with its size, refusing one larger than `limit`; nil when it does not exist.
  private static func openBounded(_ path: String, limit: Int) throws -> (fd: Int32, size: Int)? {
    guard let file = try openRegularFile(path) else { return nil }
    if file.size > limit {
      SystemCall.closeFile(file.fd)
      throw GroceryError.unreadableStore(
        path: path, reason: "it is \(file.size) bytes, larger than any household writes")
    }
    return file
  }

  /// Opens a regular file to read, with its size, or returns nil when it does not exist. Anything that is not a
  /// regular file (a FIFO, a device, a folder) is refused at once, without waiting for a writer.
  static func openRegularFile(_ path: String) throws -> (fd: Int32, size: Int)? {
    guard let fd = try openIfPresent(path, O_RDONLY | O_NONBLOCK, failing: "read") else { return nil }
    do {
      let info = try SystemCall.status(of: fd).get(path, "inspect")
      if info.st_mode & S_IFMT != S_IFREG {
        throw GroceryError.io(path: path, operation: "read", reason: "it is not a regular file")
      }
      return (fd, Int(info.st_size))
    } catch {
      SystemCall.closeFile(fd)
      throw error
    }
  }

  /// Opens a file to append to, creating it readable and writable by its owner only and never following a link,
  /// with its size; anything but a regular file its owner may write is refused. `shown` names it in errors.
  static func openToAppend(_ path: String, shownAs shown: String) throws -> (fd: Int32, size: Int) {
    let fd: Int32
    switch SystemCall.openFile(path, O_RDWR | O_CREAT | O_APPEND | O_NOFOLLOW, mode: 0o600) {
    case .success(let opened): fd = opened
    // A link is never written through: said as what it is, not as the loop O_NOFOLLOW reports.
    case .failure(let error) where error.code == ELOOP:
      throw GroceryError.io(path: shown, operation: "write", reason: "it is a link, not a regular file")
    case .failure(let error): throw error.io(shown, "write")
    }
    do {
      let info = try SystemCall.status(of: fd).get(shown, "inspect")
      if info.st_mode & S_IFMT != S_IFREG {
        throw GroceryError.io(path: shown, operation: "write", reason: "it is not a regular file")
      }
      if info.st_mode & S_IWUSR == 0 {
        throw GroceryError.io(
          path: shown, operation: "write",
          reason: "it is read-only (mode \(String(info.st_mode & 0o777, radix: 8)))")
      }
      return (fd, Int(info.st_size))
    } catch {
      SystemCall.closeFile(fd)
      throw error
    }
  }

  /// Returns the bytes after the file's last newline: a line whose write was cut short.
  static func tornTail(_ fd: Int32, size: Int, path: String) throws -> [UInt8] {
    // The chunks read, last first, joined once: a long line with no newline (a migration cut short) is read in
    // time that grows with it, not with its square.
    var chunks: [ArraySlice<UInt8>] = []
    var end = size
    while end > 0 {
      let start = max(0, end - 4096)
      var chunk = [UInt8](repeating: 0, count: end - start)
      let count = try chunk.withUnsafeMutableBytes { SystemCall.readBytes(fd, into: $0, at: start) }.get(
        path, "read")
      if count != chunk.count { throw ioError(path, "read") }
      if let newline = chunk.lastIndex(of: 0x0A) {
        chunks.append(chunk[(newline + 1)...])
        break
      }
      chunks.append(chunk[...])
      end = start
    }
    return Array(chunks.reversed().joined())
  }

  /// When running as root, gives a file grocery made to the owner and group of the folder it is in.
  static func giveToOwner(_ fd: Int32, of folder: stat, path: String) throws {
    guard geteuid() == 0 else { return }
    let info = try SystemCall.status(of: fd).get(path, "inspect")
    if info.st_uid == folder.st_uid && info.st_gid == folder.st_gid { return }
    try SystemCall.setOwner(fd, user: folder.st_uid, group: folder.st_gid).get(
      path, "give to the folder's owner")
  }

  /// Removes a folder and everything in it (never following links out of it).
  static func removeTree(_ path: String) throws {
    guard let info = try status(path, followingLinks: false) else { return }
    if info.st_mode & S_IFMT == S_IFDIR {
      for name in try entries(path) { try removeTree(path + "/" + name) }
      try SystemCall.removeFolder(path).get(path, "remove")
    } else {
      try SystemCall.remove(path).get(path, "remove")
    }
  }

  /// Writes every byte, retrying short writes and interruptions; `path` names the file in errors.
  public static func writeAll(_ fd: Int32, _ data: Data, path: String) throws {
    try data.withUnsafeBytes { try writeAll(fd, $0, path: path) }
  }

  /// Writes all of a text's UTF-8, from where the string holds it when it can.
  public static func writeAll(_ fd: Int32, _ text: String, path: String) throws {
    var text = text
    try text.withUTF8 { try writeAll(fd, UnsafeRawBufferPointer($0), path: path) }
  }

  static func writeAll(_ fd: Int32, _ raw: UnsafeRawBufferPointer, path: String) throws {
    var done = 0
    while done < raw.count {
      done += try SystemCall.writeBytes(fd, from: UnsafeRawBufferPointer(rebasing: raw[done...])).get(
        path, "write")
    }
  }

  /// Flushes a file to stable storage (F_FULLFSYNC on Apple systems).
  static func sync(_ fd: Int32, path: String) throws {
    try SystemCall.flush(fd, fully: true).get(path, "flush")
  }

  /// Flushes a folder's entries, so that a rename in it survives a crash.
  static func syncFolder(_ path: String) throws {
    let fd = try SystemCall.openFile(path, O_RDONLY).get(path, "open folder")
    defer { SystemCall.closeFile(fd) }
    if case .failure(let error) = SystemCall.flush(fd), error.code != EINVAL {
      throw error.io(path, "flush folder")
    }
  }

  /// Creates a folder and its missing parents; the ones it creates get the given mode and, when running as root,
  /// the owner and group of the folder they are made in, as every file grocery makes does.
  static func makeFolders(_ path: String, mode: mode_t) throws {
    if try status(path) != nil { return }
    let parent = folder(of: path)
    if parent != "." && parent != path { try makeFolders(parent, mode: mode) }
    if case .failure(let error) = SystemCall.makeFolder(path, mode: mode) {
      if error.code == EEXIST { return }
      throw error.io(path, "create folder")
    }
    guard geteuid() == 0, let owner = try status(parent) else { return }
    if owner.st_uid != 0 || owner.st_gid != 0 {
      try SystemCall.setOwner(path, user: owner.st_uid, group: owner.st_gid).get(
        path, "give to the folder's owner")
    }
  }

  /// Refuses, creating nothing, when this user could not create a file in `target`, making it and its missing
  /// parents first as `makeFolders` would; the error is the one that attempt would meet.
  static func checkCanCreate(in target: String, shownAs shown: String) throws {
    var missing: String?
    var current = target
    while true {
      if let info = try status(current) {
        let isFolder = info.st_mode & S_IFMT == S_IFDIR
        if let missing {
          if !isFolder { throw ioError(missing, "create folder", ENOTDIR) }
          try SystemCall.checkAccess(current, W_OK | X_OK).get(missing, "create folder")
        } else {
          if !isFolder { throw ioError(shown, "write in", ENOTDIR) }
          try SystemCall.checkAccess(current, W_OK | X_OK).get(shown, "write in")
        }
        return
      }
      let parent = folder(of: current)
      if parent == "." || parent == current { return }
      missing = current
      current = parent
    }
  }

  /// Returns the path with symbolic links followed, even when the final target does not exist yet.
  static func resolveLinks(_ path: String) throws -> String {
    var current = path
    for _ in 0..<40 {
      guard let info = try status(current, followingLinks: false), info.st_mode & S_IFMT == S_IFLNK else {
        return current
      }
      let target = try SystemCall.readLink(current).get(current, "read link")
      current = target.hasPrefix("/") ? target : folder(of: current) + "/" + target
    }
    throw GroceryError.io(path: path, operation: "follow", reason: "too many levels of symbolic links")
  }

  /// The folder a path is in: `/a/b` -> `/a`, `/a` -> `/`, `a` -> `.`.
  static func folder(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    var folder = trimmed[..<slash]
    while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
    return folder.isEmpty ? "/" : String(folder)
  }

  /// The last part of a path: `/a/b.json` -> `b.json`.
  static func name(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
    return trimmed == "/" ? "/" : String(trimmed[trimmed.index(after: slash)...])
  }

  /// Lists a folder's entry names, or none when it does not exist.
  static func entries(_ path: String) throws -> [String] {
    guard let dir = opendir(path) else {
      if errno == ENOENT { return [] }
      throw ioError(path, "list")
    }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}
