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

/// Writes a file a user names for output, the way a shell's `>` would treat what is already there.
enum OutputFile {
  /// Writes the text `body` hands over a piece at a time (as it makes it, so that it need not be held whole) to
  /// `path`: a regular file (new or old) is replaced whole once every byte is written; a symbolic link has its
  /// target written, the link kept; a device or pipe (`/dev/null`, `/dev/stdout`) is written into, never
  /// replaced by a file; a folder is refused. A file `body` fails to write with an error `again` accepts is
  /// written once more, since none of it was seen (into a device, it may have been).
  static func write(
    to path: String, again: (Error) -> Bool = { _ in false }, _ body: ((String) throws -> Void) throws -> Void
  ) throws {
    let target = try FileSystem.resolveLinks(path)
    guard let info = try FileSystem.status(target), info.st_mode & S_IFMT != S_IFREG else {
      func attempt() throws {
        try AtomicFile.write(to: target, interruptible: true) { fd in
          try body { try FileSystem.writeAll(fd, $0, path: target) }
        }
      }
      do {
        return try attempt()
      } catch  where again(error) {
        return try attempt()
      }
    }
    if info.st_mode & S_IFMT == S_IFDIR {
      throw GroceryError.io(path: path, operation: "write", reason: FileSystem.errorText(EISDIR))
    }
    let fd = try SystemCall.openFile(target, O_WRONLY).get(path, "write")
    defer { SystemCall.closeFile(fd) }
    try body { try FileSystem.writeAll(fd, $0, path: path) }
  }
}
