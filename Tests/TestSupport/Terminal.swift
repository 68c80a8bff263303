import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program run on a pseudo-terminal, as at a keyboard: for what only a shell's own line editor does, such as
/// what readline or zle puts on the line when Tab completes a word.
public enum Terminal {
  /// Why a pseudo-terminal could not be had.
  public struct Unavailable: Error, CustomStringConvertible {
    public let description: String
  }

  /// Runs the program on a new pseudo-terminal of 50 rows and 200 columns, types `keys` into it, and returns
  /// everything it wrote until it exited, carriage returns left out.
  ///
  /// The keys are typed at once: a line editor reads them one at a time, each Tab's completion done before the
  /// next key is read. The keys must end the program (`exit`); a program still running after a minute is ended
  /// so that a test fails rather than hangs.
  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String], keys: String
  ) throws -> String {
    let calls = try PseudoTerminalCalls()
    let master = calls.open(O_RDWR | O_NOCTTY)
    guard master >= 0 else {
      throw Unavailable(description: "posix_openpt: \(String(cString: strerror(errno)))")
    }
    defer { close(master) }
    guard calls.grant(master) == 0, calls.unlock(master) == 0, let name = calls.name(master) else {
      throw Unavailable(description: "cannot set up the pseudo-terminal")
    }
    let terminal = open(name, O_RDWR | O_NOCTTY)
    guard terminal >= 0 else { throw Unavailable(description: "cannot open \(String(cString: name))") }
    var size = winsize(ws_row: 50, ws_col: 200, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(terminal, UInt(TIOCSWINSZ), &size)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    let handle = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    do {
      try process.run()
    } catch {
      close(terminal)
      throw error
    }
    // Only the program holds the terminal now, so that reading ends when it exits.
    close(terminal)
    let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
    defer { watchdog.cancel() }
    var typed = Array(keys.utf8)[...]
    while !typed.isEmpty {
      let count = typed.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      typed = typed.dropFirst(count)
    }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(master, &buffer, buffer.count)
      if count < 0 && errno == EINTR { continue }
      // 0 or EIO: the program has exited and nothing holds the terminal any more.
      guard count > 0 else { break }
      output += buffer[0..<count]
    }
    process.waitUntilExit()
    return String(decoding: output.filter { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
  }
}

/// posix_openpt, grantpt, unlockpt and ptsname, which Swift's Glibc module leaves out (they need _XOPEN_SOURCE),
/// looked up in the C library, which is loaded anyway.
private struct PseudoTerminalCalls {
  let open: @convention(c) (Int32) -> Int32
  let grant: @convention(c) (Int32) -> Int32
  let unlock: @convention(c) (Int32) -> Int32
  let name: @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

  init() throws {
    func look<T>(_ symbol: String, as type: T.Type) throws -> T {
      guard let address = dlsym(dlopen(nil, RTLD_NOW), symbol) else {
        throw Terminal.Unavailable(description: "no \(symbol) in the C library")
      }
      return unsafeBitCast(address, to: type)
    }
    open = try look("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
    grant = try look("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    unlock = try look("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    name = try look("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
  }
}
