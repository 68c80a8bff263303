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

/// Runs the user's own `git` in a folder, with the user's configuration and keys, never asking for a password.
struct Git {
  /// What one git command printed and how it ended.
  struct Result {
    var status: Int32
    /// What git printed, byte for byte: a file `git show` prints is compared with the file, and a line that is
    /// not UTF-8 must not read as changed.
    var bytes: [UInt8]
    var errors: String
    var succeeded: Bool { status == 0 }
    /// What git printed, as text.
    var output: String { String(decoding: bytes, as: UTF8.self) }
  }

  let folder: String
  let environment: [String: String]

  /// Runs `git ARGS` in the folder and waits for it.
  func run(_ arguments: [String]) throws -> Result {
    var env = environment
    env["GIT_TERMINAL_PROMPT"] = "0"
    env["GIT_ASKPASS"] = env["GIT_ASKPASS"] ?? ""
    env["LC_ALL"] = "C"
    let out = try temporaryFile()
    let err = try temporaryFile()
    defer {
      SystemCall.closeFile(out.fd)
      SystemCall.closeFile(err.fd)
      _ = SystemCall.remove(out.path)
      _ = SystemCall.remove(err.path)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, out.fd, 1)
    posix_spawn_file_actions_adddup2(&actions, err.fd, 2)
    let pid: pid_t
    switch ProgramStart.spawn(
      "git", searchingPath: true, arguments: ["git", "-C", folder] + arguments, environment: env,
      actions: &actions)
    {
    case .success(let started): pid = started
    case .failure(let failure): throw GroceryError.gitUnavailable(reason: failure.reason)
    }
    var status: Int32 = 0
    if case .failure(let error) = SystemCall.retrying({ waitpid(pid, &status, 0) }) {
      throw GroceryError.gitUnavailable(reason: FileSystem.errorText(error.code))
    }
    let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return Result(
      status: code, bytes: try contents(out.path),
      errors: String(decoding: try contents(err.path), as: UTF8.self))
  }

  /// Runs git and throws when it fails, naming what it was doing.
  @discardableResult
  func must(_ arguments: [String], doing what: String) throws -> Result {
    let result = try run(arguments)
    if !result.succeeded {
      throw GroceryError.gitFailed(
        doing: what, message: Git.whole(result.errors.isEmpty ? result.output : result.errors))
    }
    return result
  }

  /// The lock file git's words say is in its way (`Unable to create '….lock': File exists`), if any: left by a git
  /// stopped part-way (a sync killed, a power cut), every sync after fails on it until it is removed.
  static func leftLock(in message: String) -> String? {
    guard let start = message.firstRange(of: "Unable to create '"),
      let end = message[start.upperBound...].firstRange(of: ".lock': File exists")
    else { return nil }
    return String(message[start.upperBound..<end.lowerBound]) + ".lock"
  }

  /// Returns git's whole message, every line with its file names, leaving out its hints: the lines after the first
  /// each on a line of their own, indented, and credentials hidden.
  static func whole(_ text: String) -> String {
    var lines = Git.lines(text).map { line in
      var line = line
      while line.first == "\t" || line.first == " " { line.removeFirst() }
      return line
    }
    guard !lines.isEmpty else { return "" }
    if lines[0].hasPrefix("fatal: ") { lines[0] = lines[0].dropFirst(7) }
    return Git.hidingCredentials(lines.joinedText(separator: "\n  "))
  }

  /// Returns what git printed as it printed it, line by line, leaving out only its hints, blank lines and trailing
  /// spaces, with credentials hidden: for a message that shows it below grocery's own words.
  static func said(_ text: String) -> String {
    Git.hidingCredentials(Git.lines(text).joinedText(separator: "\n"))
  }

  /// Git's lines without their trailing spaces, leaving out blank lines and hints. A line may end in `\r\n` (ssh's
  /// words), which is one `Character`, not a `\n`: read as part of its line, it passed a carriage return on and
  /// joined the next line unindented (found by a review).
  private static func lines(_ text: String) -> [Substring] {
    text.split(whereSeparator: \.isNewline).map { line in
      var line = Substring(line)
      while line.last == "\r" || line.last == " " || line.last == "\t" { line.removeLast() }
      return line
    }.filter { line in
      !line.allSatisfy { $0 == " " || $0 == "\t" }
        && !line.drop { $0 == " " || $0 == "\t" }.hasPrefix("hint:")
    }
  }

  /// Removes a user name and password from any URL in the text, so that no message shows them.
  static func hidingCredentials(_ text: String) -> String {
    var out = ""
    var rest = Substring(text)
    while let scheme = rest.firstRange(of: "://") {
      out += rest[..<scheme.upperBound]
      rest = rest[scheme.upperBound...]
      let end = rest.firstIndex { $0 == "/" || $0 == " " || $0 == "'" } ?? rest.endIndex
      if let at = rest[..<end].lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
    }
    return out + rest
  }

  private func temporaryFile() throws -> (fd: Int32, path: String) {
    let base = (environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp") + "/grocery-git-XXXXXX"
    return try SystemCall.makeTemporaryFile(base).get(base, "create")
  }

  private func contents(_ path: String) throws -> [UInt8] {
    try FileSystem.readRegularFile(path, limit: ChangeLog.maximumSize) ?? []
  }
}
