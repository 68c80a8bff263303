import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `grocery` command line: parse, run, and map the outcome to output and an exit code.
public enum GroceryCLI {
  public static let version = "2.0.0"
  /// The day this version was released, as the man page dates itself (never the clock, so builds repeat).
  static let releaseDate = "2026-11-27"

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
      case .output(let text):
        console.write(text)
      case .help(let helpPath, let format):
        path = helpPath
        switch format {
        case .text: console.write(Help.render(path: helpPath))
        case .man: console.write(ManPage.render())
        case .markdown: console.write(CommandReference.render(path: helpPath))
        }
      case .run(let command, let globals):
        let context = try Context(globals: globals, environment: environment, console: console, now: now)
        saved = context.saved
        console.stopsWhenReaderGone = { [saved = context.saved] in !saved.isSaved }
        let applied = command.mirrors == .readAndWrite && MirrorHook.before(context)
        try command.run(context)
        if command.mirrors != .none && (applied || context.saved.isSaved) { MirrorHook.after(context) }
        context.warnings.remember()
      }
      if let failure = console.outputFailure, saved?.isSaved == true {
        console.writeError(
          "grocery: error: the change was saved, but standard output could not be written: \(failure)\n")
        return ExitCode.savedButNotReported.rawValue
      }
      // Nothing was saved, so nothing is lost: stop as `head`'s writers do, without a word.
      if console.outputReaderGone { console.stopForGoneReader() }
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
      let shown = (["grocery"] + hintPath).joinedText(separator: " ")
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
      case .unknownName, .unknownNames, .ambiguousName, .duplicateName, .storeExists, .folderNotEmpty,
        .nothingToUndo, .migrationShared, .nothingOnList, .allUnavailable, .nothingToChange, .notOnList,
        .uncategorizedRenamed,
        .uncategorizedRemoved, .uncategorizedReordered, .uncategorizedColored, .noTripUnderWay, .tooFewTrips,
        .builtInCategory, .categoryRepeated, .noNamesGiven, .nothingToImport,
        .syncNotSetUp, .alreadyShared, .notAHousehold, .unrelatedHousehold, .mergeFailed,
        .remoteLogsNotAFolder, .alreadyMirrored,
        .notAMirror, .mirrorOfAnotherHousehold, .mirrorKeptElsewhere, .notAChecklist, .nothingToAccept,
        .editorFailed, .editedChecklistUnreadable:
        return (failure.message, .refused, nil)
      case .homeNotSet, .homeNotAbsolute, .xdgNotAbsolute, .clockTooEarly:
        return (failure.message, .config, nil)
      case .gitUnavailable, .remoteUnreachable: return (failure.message, .unavailable, nil)
      case .gitFailed: return (failure.message, .io, nil)
      case .invalidValue: return (failure.message, .usage, nil)
      case .unreadableStore, .newerStoreVersion, .unwritableChange, .householdProblems, .householdIDLost:
        return (failure.message, .data, nil)
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
