#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts the programs grocery runs (git, the user's editor) as a shell would: grocery ignores SIGPIPE, to report a
/// saved change whose output nobody reads, and a program started with it ignored would not stop when its own
/// reader goes (`yes | head` would never end), so each starts with SIGPIPE back at its default, and SIGXFSZ, which
/// grocery ignores to report a write past the file-size limit, too.
public enum ProgramStart {
  /// Starts `program` (looked up on PATH when `searchingPath`) with the arguments, the first being its name, and
  /// exactly the environment given; returns its process id, or the errno of why it could not start.
  public static func spawn(
    _ program: String, searchingPath: Bool, arguments: [String], environment: [String: String],
    actions: UnsafePointer<posix_spawn_file_actions_t>? = nil
  ) -> Result<pid_t, ProgramStartFailure> {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    sigaddset(&defaults, SIGXFSZ)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0.key + "=" + $0.value) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid = pid_t()
    let code =
      searchingPath
      ? posix_spawnp(&pid, program, actions, &attributes, argv, envp)
      : posix_spawn(&pid, program, actions, &attributes, argv, envp)
    return code == 0 ? .success(pid) : .failure(ProgramStartFailure(code: code))
  }
}

/// Why a program could not be started: posix_spawn's errno.
public struct ProgramStartFailure: Error, Equatable, Sendable {
  public let code: Int32

  /// The reason in words, as grocery gives every system error: `no such file or directory`.
  public var reason: String { FileSystem.errorText(code) }
}
