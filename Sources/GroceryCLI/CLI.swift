import GroceryCore

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

/// Where a run's output goes and its input comes from.
public protocol Console: AnyObject {
  func write(_ text: String)
  func writeError(_ text: String)
  func readInput() throws -> String
  var outputIsTerminal: Bool { get }
  /// Why writing standard output failed, if it did (a full disk, a closed file).
  var outputFailure: String? { get }
}

/// The process's own standard streams.
public final class StandardConsole: Console {
  public private(set) var outputFailure: String?
  /// The standard streams the process was started without.
  private let closed = StandardStreams.reserveClosed()

  public init() {}

  public func write(_ text: String) {
    guard outputFailure == nil else { return }
    if closed.contains(STDOUT_FILENO) {
      outputFailure = "it is closed"
      return
    }
    do {
      try FileSystem.writeAll(STDOUT_FILENO, Data(text.utf8), path: "standard output")
    } catch GroceryError.io(_, _, let reason) {
      outputFailure = reason
    } catch {
      outputFailure = "\(error)"
    }
  }

  /// Writes to standard error; if even that fails there is nowhere left to say so.
  public func writeError(_ text: String) {
    do { try FileSystem.writeAll(STDERR_FILENO, Data(text.utf8), path: "standard error") } catch {}
  }

  public func readInput() throws -> String {
    if closed.contains(STDIN_FILENO) {
      throw GroceryError.io(path: "standard input", operation: "read", reason: "it is closed")
    }
    return try InputText.standardInput()
  }

  public var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}

/// The documented exit codes, after BSD's sysexits where one fits.
public enum ExitCode: Int32, CaseIterable, Sendable {
  case success = 0
  case refused = 1
  case savedButNotReported = 3
  case usage = 64
  case data = 65
  case unavailable = 69
  case io = 74
  case busy = 75

  /// A few words for the overview in `--help`.
  var brief: String {
    switch self {
    case .success: return "success"
    case .refused: return "refused"
    case .savedButNotReported: return "saved but not reported"
    case .usage: return "usage"
    case .data: return "unreadable store"
    case .unavailable: return "sync unavailable"
    case .io: return "file error, nothing written"
    case .busy: return "busy"
    }
  }

  var meaning: String {
    switch self {
    case .success: return "success"
    case .refused:
      return "refused: an unknown or ambiguous name, or nothing to do where something was required"
    case .savedButNotReported:
      return "the change was saved, but its report could not be written to standard output; do not repeat it"
    case .usage: return "usage: an unknown command or option, a missing or malformed value"
    case .data: return "the store file cannot be read or understood (it is left untouched)"
    case .unavailable:
      return "sync: git is not installed, or the remote cannot be reached (local changes are kept)"
    case .io:
      return "a file could not be read or written (disk full, permissions); the store is left untouched"
    case .busy: return "another grocery held the store for longer than --lock-timeout"
    }
  }
}

/// The `grocery` command line: parse, run, and map the outcome to output and an exit code.
public enum GroceryCLI {
  public static let version = "1.0.0"

  /// Runs one command line and returns the exit code.
  public static func main(
    _ arguments: [String], environment: [String: String], console: Console = StandardConsole(),
    now: Date = Date()
  ) -> Int32 {
    var path: [String] = []
    var saved: SavedChange?
    do {
      switch try ArgumentParser.parse(arguments) {
      case .version:
        console.write("grocery \(version)\n")
      case .help(let helpPath, let man):
        path = helpPath
        console.write(man ? ManPage.render() : Help.render(path: helpPath))
      case .run(let command, let globals):
        let context = try Context(globals: globals, environment: environment, console: console, now: now)
        saved = context.saved
        try command.run(context)
      }
      if let failure = console.outputFailure, saved?.isSaved == true {
        console.writeError(
          "grocery: error: the change was saved, but standard output could not be written: \(failure)\n")
        return ExitCode.savedButNotReported.rawValue
      }
      if let failure = console.outputFailure {
        console.writeError("grocery: error: cannot write standard output: \(failure)\n")
        return ExitCode.io.rawValue
      }
      return ExitCode.success.rawValue
    } catch {
      return fail(error, path: path, console: console)
    }
  }

  /// Reports an error on standard error and returns its exit code.
  static func fail(_ error: Error, path: [String], console: Console) -> Int32 {
    let (message, code, hintPath) = describe(error, path: path)
    console.writeError("grocery: error: \(message)\n")
    if let hintPath {
      let shown = (["grocery"] + hintPath).joined(separator: " ")
      console.writeError("usage: \(Help.usageLine(path: hintPath)) (see '\(shown) --help')\n")
    }
    return code.rawValue
  }

  /// The one place an error becomes a message, an exit code and, for usage errors, a hint.
  static func describe(_ error: Error, path: [String]) -> (String, ExitCode, [String]?) {
    switch error {
    case let usage as UsageError:
      return (usage.message, .usage, usage.path)
    case let failure as GroceryError:
      switch failure {
      case .unknownName, .ambiguousName, .duplicateName, .homeNotSet, .homeNotAbsolute, .storeExists,
        .nothingToUndo, .nothingOnList, .nothingToChange, .notOnList, .uncategorizedRenamed,
        .uncategorizedRemoved, .uncategorizedReordered, .builtInCategory, .categoryRepeated, .noNamesGiven,
        .syncNotSetUp, .alreadyShared, .notAHousehold, .unrelatedHousehold, .mergeFailed:
        return (failure.message, .refused, nil)
      case .gitUnavailable, .remoteUnreachable: return (failure.message, .unavailable, nil)
      case .gitFailed: return (failure.message, .io, nil)
      case .invalidValue: return (failure.message, .usage, nil)
      case .unreadableStore, .newerStoreVersion: return (failure.message, .data, nil)
      case .malformedImport, .importFormatMismatch, .newerExportVersion: return (failure.message, .data, nil)
      case .incompatibleImportFiles: return (failure.message, .usage, nil)
      case .io: return (failure.message, .io, nil)
      case .lockTimeout: return (failure.message, .busy, nil)
      }
    default:
      return ("\(error)", .io, nil)
    }
  }
}

/// Everything a command needs to run: the store, the time, and where to write.
struct Context {
  let store: HouseholdStore
  let now: Date
  let today: Day
  let environment: [String: String]
  let quiet: Bool
  let style: TextStyle
  let console: Console
  /// Whether this run has saved a change to the store.
  let saved = SavedChange()
  /// Why GROCERY_LOCK_TIMEOUT cannot be used, thrown by the first command that needs the lock.
  let lockTimeoutError: Error?

  init(globals: GlobalOptions, environment: [String: String], console: Console, now: Date) throws {
    var timeout = globals.lockTimeout
    // A bad GROCERY_LOCK_TIMEOUT fails only the commands that take the lock, when they take it.
    var lockTimeoutError: Error?
    if timeout == nil, let text = environment["GROCERY_LOCK_TIMEOUT"], !text.isEmpty {
      do { timeout = try GlobalOptions.seconds(text) } catch { lockTimeoutError = error }
    }
    self.lockTimeoutError = lockTimeoutError
    store = try StorePath.locate(explicit: globals.store, environment: environment, lockTimeout: timeout)
    (self.now, today) = try Clock.now(environment: environment, fallback: now)
    self.environment = environment
    quiet = globals.quiet
    let color =
      console.outputIsTerminal && environment["NO_COLOR"].map(\.isEmpty) ?? true
      && environment["TERM"] != "dumb"
    style = TextStyle(color: color)
    self.console = console
  }

  /// Writes output that is the point of the command (a list, a report).
  func write(_ text: String) { console.write(text) }

  /// Reports what a change did, unless `--quiet`.
  func say(_ line: String) {
    if !quiet { console.write(line + "\n") }
  }

  /// Tells the user on standard error that another grocery holds the store.
  func waiting() {
    console.writeError("grocery: waiting for another grocery to finish with '\(store.path)'...\n")
  }

  /// Runs a change against the store, describing it for undo.
  func update<T>(_ summary: @escaping (T) -> String, _ body: (inout Groceries) throws -> T) throws -> T {
    if let lockTimeoutError { throw lockTimeoutError }
    let result = try store.update(summary: summary, now: now, onWait: waiting, body)
    saved.isSaved = true
    return result
  }

  /// Creates the store.
  func create(_ groceries: Groceries, summary: String) throws {
    if let lockTimeoutError { throw lockTimeoutError }
    try store.create(groceries, summary: summary, now: now, onWait: waiting)
    saved.isSaved = true
  }

  /// Reverts the most recent change, returning what it undid.
  func undo() throws -> UndoEntry {
    if let lockTimeoutError { throw lockTimeoutError }
    let entry = try store.undo(now: now, onWait: waiting)
    saved.isSaved = true
    return entry
  }
}

/// The time a run happens at: the real clock, or `GROCERY_NOW` for reproducible output and tests.
enum Clock {
  static func now(environment: [String: String], fallback: Date) throws -> (Date, Day) {
    var now = Date(timeIntervalSince1970: fallback.timeIntervalSince1970.rounded(.down))
    var source = (what: "time", value: Timestamp.format(now))
    if let text = environment["GROCERY_NOW"], !text.isEmpty {
      source = (what: "GROCERY_NOW", value: Names.printable(text))
      if let date = Timestamp.parse(text) {
        now = date
      } else if let day = Day(text) {
        now = LocalTime.noon(on: day)
      } else {
        throw GroceryError.invalidValue(
          what: "GROCERY_NOW", value: Names.printable(text),
          reason: "expected YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ")
      }
    }
    return (now, try LocalTime.day(of: now, what: source.what, value: source.value))
  }
}

/// A parsed command, ready to run.
protocol Runnable: Sendable {
  func run(_ context: Context) throws
}
