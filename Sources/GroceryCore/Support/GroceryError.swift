#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Every failure GroceryCore reports; the CLI maps each case to a message and an exit code.
public enum GroceryError: Error, Equatable, Sendable {
  /// A name did not match anything of the given kind.
  case unknownName(kind: NameKind, name: String, suggestions: [String])
  /// Several names given at once matched nothing of the given kind, or more than one thing: each name that
  /// matched nothing with what it might have meant (the suggestions of each at the same place), and each that
  /// matched several with those it matched.
  case unknownNames(
    kind: NameKind, names: [String], suggestions: [[String]], ambiguous: [String] = [],
    candidates: [[String]] = [])
  /// A name matched several things of the given kind by prefix.
  case ambiguousName(kind: NameKind, name: String, candidates: [String])
  /// A name that must be new is already taken.
  case duplicateName(kind: NameKind, name: String)
  /// A value given by the user is not acceptable.
  case invalidValue(what: String, value: String, reason: String)
  /// A folder under `HOME` is needed and `HOME` is not set.
  case homeNotSet(for: String, hint: String)
  /// A folder under `HOME` is needed and `HOME` is not an absolute path.
  case homeNotAbsolute(home: String, for: String, hint: String)
  case xdgNotAbsolute(variable: String, value: String, for: String, default: String)
  /// A new store was asked for where one already exists.
  case storeExists(path: String)
  case folderNotEmpty(path: String)
  /// `undo` found no change of this machine's left to revert.
  case nothingToUndo
  /// `undo` was asked to revert a migration of a version-1 store while another machine's migration stands.
  case migrationShared(summary: String)
  /// Buying everything on the list found nothing on it (at the location, when one is given).
  case nothingOnList(location: String?)
  /// Buying everything on the list found only items unavailable today, which it leaves.
  case allUnavailable(location: String?, names: [String])
  /// An edit was asked for without any change to make.
  case nothingToChange
  /// An item was marked unavailable while it is not on the list.
  case notOnList(name: String)
  /// The catch-all category was asked to be renamed.
  case uncategorizedRenamed
  /// The catch-all category was asked to be removed.
  case uncategorizedRemoved
  /// The catch-all category was named in a new walk order, where it always comes last.
  case uncategorizedReordered
  /// The catch-all category was given a colour, which it never takes.
  case uncategorizedColored
  /// `trip stop` was asked for while this machine has no trip under way.
  case noTripUnderWay
  /// A walk order was to be learned at a store whose past trips are too few to say anything.
  case tooFewTrips(store: String, trips: Int, needed: Int)
  /// A built-in category was asked to be removed without `--force`.
  case builtInCategory(name: String)
  /// A new walk order named one category more than once.
  case categoryRepeated(name: String)
  /// Names were to be read from standard input, and it held none.
  case noNamesGiven(verb: String)
  /// The files given to import hold no item, category or location (an empty file or only comments).
  case nothingToImport(files: [String])
  /// The store file exists but cannot be read or understood.
  case unreadableStore(path: String, reason: String)
  /// A change would write a log line that no grocery reads (a date before year 1): refused before it is written.
  case unwritableChange(field: String, reason: String)
  /// This machine's clock is at or before 1970-01-01 (a board without a clock, just booted), where no change can be
  /// dated: nothing is written until it is set.
  case clockTooEarly(time: String)
  /// `grocery check` found things that need a person; the report says which.
  case householdProblems(count: Int)
  /// The store was written by a newer build of grocery.
  case newerStoreVersion(path: String, found: Int, supported: Int)
  /// A file operation failed.
  case io(path: String, operation: String, reason: String)
  /// Another grocery held the store's lock for longer than the allowed wait.
  case lockTimeout(path: String, seconds: Double)
  /// The `git` program could not be started.
  case gitUnavailable(reason: String)
  /// A git command failed for a reason other than the ones below.
  case gitFailed(doing: String, message: String)
  /// The remote could not be reached (no network, no such repository, no permission): git's message as it printed
  /// it, shown indented below grocery's line, and what happens to this machine's changes on a line of its own.
  /// With `settingUp`, `sync setup` found it so before the household was shared: there is no next sync yet.
  case remoteUnreachable(remote: String, message: String, settingUp: Bool = false)
  /// `sync` was asked for on a household that `sync setup` has not made shared.
  case syncNotSetUp(folder: String)
  /// `sync setup` was asked to share a household that is already shared with another remote.
  case alreadyShared(remote: String)
  /// The remote holds something other than a grocery household.
  case notAHousehold(remote: String)
  /// The remote holds another household, unrelated to this one.
  case unrelatedHousehold(remote: String)
  /// Git could not merge the remote's changes; the merge was abandoned, this machine's own commit kept.
  case mergeFailed(message: String, folder: String)
  /// The remote's `logs` is no folder (a link, a file), made so by the commit named: nothing is taken from it.
  case remoteLogsNotAFolder(remote: String, commit: String)
  /// `household.json` is missing or damaged in a folder that holds a household, and neither this machine nor git's
  /// history remembers the household's id.
  case householdIDLost(marker: String, problem: String, folder: String)
  /// A file given to import cannot be read: its name, the line (from 1) and what was wrong there.
  case malformedImport(file: String, line: Int, reason: String)
  /// A file given to import is not in the format asked for.
  case importFormatMismatch(file: String, expected: String, found: String)
  /// The files given to import do not make one import together.
  case incompatibleImportFiles(files: [String], reason: String)
  /// A grocery export was written by a newer grocery.
  case newerExportVersion(file: String, found: Int, supported: Int)
  /// `mirror add` named a file this machine already keeps as a mirror.
  case alreadyMirrored(file: String)
  /// `mirror remove` or `mirror accept` named a file that is not one of this machine's mirrors.
  case notAMirror(file: String)
  /// `mirror add` named a checklist that another household keeps.
  case mirrorOfAnotherHousehold(file: String)
  /// `mirror add` named a checklist that another machine keeps.
  case mirrorKeptElsewhere(file: String, machine: String)
  /// `mirror add` named a file that exists and is not a checklist, which it would overwrite.
  case notAChecklist(file: String, reason: String)
  /// `mirror accept` found no edits of the file waiting.
  case nothingToAccept(file: String)
  /// `list --edit` found no editor, or the editor failed.
  case editorFailed(editor: String, reason: String)
  /// What `list --edit` saved no longer reads as a checklist: nothing changed, and it is kept at `kept`.
  case editedChecklistUnreadable(reason: String, kept: String)

  /// How many names not found `unknownNames` shows, each with its suggestions, before "and N more".
  static let unknownNamesShown = 5

  /// A one-line, lowercase description naming the user's words in quotes.
  public var message: String {
    switch self {
    case .unknownName(let kind, let name, let suggestions):
      var text = "no \(kind.rawValue) named '\(name)'"
      if !suggestions.isEmpty {
        text += "; did you mean " + suggestions.map { "'\($0)'" }.joinedText(separator: " or ") + "?"
      }
      return text
    case .unknownNames(let kind, let names, let suggestions, let ambiguous, let candidates):
      // The first few of each, with what each might mean, on one line however many were typed.
      func listed(_ names: [String], _ each: [String], or: String) -> String {
        let shown = zip(names, each).prefix(Self.unknownNamesShown).map { "'\($0)'" + $1 }
        let more = names.count - shown.count
        return more > 0
          ? shown.joinedText(separator: ", ") + " and \(more) more"
          : shown.count == 1 ? shown[0] : shown.dropLast().joinedText(separator: ", ") + or + shown.last!
      }
      var parts: [String] = []
      if !names.isEmpty {
        let meant = suggestions.map {
          $0.isEmpty ? "" : " (did you mean " + $0.map { "'\($0)'" }.joinedText(separator: " or ") + "?)"
        }
        parts.append(
          "no \(names.count == 1 ? kind.rawValue : kind.plural) named " + listed(names, meant, or: " or "))
      }
      if !ambiguous.isEmpty {
        let could = candidates.map { " (it could be " + Names.listing($0) + ")" }
        parts.append(
          ambiguous.count == 1
            ? "'\(ambiguous[0])' is ambiguous" + could[0]
            : listed(ambiguous, could, or: " and ") + " are ambiguous")
      }
      return parts.joinedText(separator: "; ")
    case .ambiguousName(let kind, let name, let candidates):
      return "\(kind.rawValue) '\(name)' is ambiguous; it could be " + Names.listing(candidates)
    case .duplicateName(let kind, let name):
      return "there is already \(kind.article) \(kind.rawValue) named '\(name)'"
    case .invalidValue(let what, let value, let reason):
      return "invalid \(what) '\(value)': \(reason)"
    case .homeNotSet(let what, let hint):
      return "cannot find a place for \(what): HOME is not set; \(hint)"
    case .homeNotAbsolute(let home, let what, let hint):
      return "cannot find a place for \(what): HOME ('\(home)') is not an absolute path; \(hint)"
    case .xdgNotAbsolute(let variable, let value, let what, let place):
      return
        "cannot find a place for \(what): \(variable) ('\(value)') is not an absolute path; set it to one,"
        + " or unset it for \(place)"
    case .storeExists(let path):
      return "a store already exists at '\(Names.printable(path))'"
    case .folderNotEmpty(let path):
      return
        "'\(Names.printable(path))' holds files and no household; init makes one in a new or empty folder"
    case .nothingToUndo:
      return "nothing to undo"
    case .migrationShared(let summary):
      return
        "cannot undo '\(Names.printable(summary))': another machine's log migrated a version-1 store too, maybe a"
        + " copy of the same one, and undo would take away what both made; nothing changed"
    case .nothingOnList(let location):
      return location.map { "nothing on the list for '\($0)'" } ?? "nothing on the list"
    case .allUnavailable(let location, let names):
      return "nothing bought: every item on the list" + (location.map { " for '\($0)'" } ?? "")
        + " is unavailable today (" + Names.listing(names) { Names.printable($0) } + ")"
    case .nothingToChange:
      return "nothing to change; give at least one option"
    case .notOnList(let name):
      return "'\(name)' is not on the list"
    case .uncategorizedRenamed:
      return "'\(Category.uncategorized)' cannot be renamed"
    case .uncategorizedRemoved:
      return "'\(Category.uncategorized)' cannot be removed"
    case .uncategorizedReordered:
      return "'\(Category.uncategorized)' always comes last and cannot be reordered"
    case .uncategorizedColored:
      return "'\(Category.uncategorized)' holds what has no category and takes no colour"
    case .noTripUnderWay:
      return "no trip under way; start one with 'grocery trip start'"
    case .tooFewTrips(let store, let trips, let needed):
      return "too few trips at '\(store)' to learn its walk order: \(trips) of the \(needed) needed"
        + " (trips that checked off items of two categories at two moments)"
    case .builtInCategory(let name):
      return "'\(name)' is a built-in category; use --force to remove it"
    case .categoryRepeated(let name):
      return "category '\(name)' is named more than once"
    case .noNamesGiven(let verb):
      return "no names to \(verb) (standard input held none: only blank lines or # comments, or nothing)"
    case .nothingToImport(let files):
      return "nothing to import: " + files.map { "'\($0)'" }.joinedText(separator: " and ")
        + (files.count == 1 ? " holds" : " hold") + " no items, categories or locations"
    case .householdProblems(let count):
      return "the check found \(count) problem\(count == 1 ? "" : "s")"
    case .clockTooEarly(let time):
      return "this machine's clock says \(time), at or before 1970-01-01, when no change can be dated;"
        + " set the clock (or GROCERY_NOW) right, and nothing is written until then"
    case .unwritableChange(let field, let reason):
      return "this change cannot be written, so nothing was: \(field): \(reason)"
    case .unreadableStore(let path, let reason):
      return "cannot read store '\(Names.printable(path))': \(reason)"
    case .newerStoreVersion(let path, let found, let supported):
      return
        "cannot read store '\(Names.printable(path))': it is version \(found), and this grocery understands"
        + " versions up to \(supported); install a newer grocery"
    case .io(let path, let operation, let reason):
      return "cannot \(operation) '\(Names.printable(path))': \(reason)"
    case .gitUnavailable(let reason):
      return "cannot run git: \(reason); sync needs git installed"
    case .gitFailed(let doing, let message):
      // A git stopped part-way (a sync killed, a power cut) leaves a lock file (its index's, a ref's), and every
      // sync after fails on it: said what to do, where git's words alone left a cron job failing for good (found
      // by a trial).
      guard let lock = Git.leftLock(in: message) else { return "git failed while \(doing): \(message)" }
      return
        "git failed while \(doing): \(message)\nNothing was lost: this machine's changes are kept in its log;"
        + " if no git is running in the household folder, remove '\(lock)' (left by a git stopped part-way) and"
        + " run the command again"
    case .remoteUnreachable(let remote, let message, let settingUp):
      let said = message.split(separator: "\n").map { "\n  " + $0 }.joinedText(separator: "")
      // Reached, but a lock file a git stopped part-way left in the remote refused the push: said so, and what to
      // do there, where it was said as a remote that cannot be reached (found by a trial).
      if let lock = Git.leftLock(in: message) {
        let lock = lock.replacing("/./", with: "/")
        return "'\(remote)' refused this machine's changes: a lock file is in its way; git said:" + said
          + "\nYour changes are kept; if no git is running there, remove '\(lock)' (left by a git stopped"
          + " part-way) and sync again"
      }
      return "cannot reach '\(remote)'" + (said.isEmpty ? "" : "; git said:" + said)
        + (settingUp
          ? "\nNothing was changed; run 'grocery sync setup URL' again once it can be reached"
          : "\nYour changes are kept and go out with the next sync")
    case .syncNotSetUp(let folder):
      return "the household at '\(folder)' is not shared yet; run 'grocery sync setup URL' first"
    case .alreadyShared(let remote):
      return "this household is already shared with '\(remote)'; sync never pushes anywhere else"
    case .notAHousehold(let remote):
      return "'\(remote)' does not hold a grocery household; nothing was changed"
    case .unrelatedHousehold(let remote):
      return "'\(remote)' holds another household, not this one; nothing was changed"
    case .mergeFailed(let message, let folder):
      return
        "git could not merge the other machines' changes, and the merge was abandoned; this machine's changes"
        + " are kept and go out with the next sync. git said:\n  \(message)\n"
        + "Move, commit or stash the files of your own it names ('git -C \(folder) stash -u'), then sync again"
    case .remoteLogsNotAFolder(let remote, let commit):
      return
        "'\(remote)' holds 'logs' as no folder (a link or a file: commit \(commit), which no grocery makes); nothing was"
        + " taken from it, and this machine's changes are kept: on any clone, put the folder back ('git revert"
        + " \(commit)') and push, then sync again"
    case .householdIDLost(let marker, let problem, let folder):
      return
        "'\(marker)' \(problem), and neither this machine nor git's history remembers the household's id;"
        + " nothing was changed. Copy household.json from another machine of this household (or a backup) into '\(folder)'"
    case .malformedImport(let file, let line, let reason):
      return "cannot import '\(Names.printable(file))': line \(line): \(reason)"
    case .importFormatMismatch(let file, let expected, let found):
      return "'\(Names.printable(file))' is not \(expected); it looks like \(found)"
    case .incompatibleImportFiles(let files, let reason):
      return "cannot import \(Names.listing(files)) together: \(reason)"
    case .newerExportVersion(let file, let found, let supported):
      return
        "cannot import '\(Names.printable(file))': it is export version \(found), and this grocery understands"
        + " versions up to \(supported); install a newer grocery"
    case .alreadyMirrored(let file):
      return "'\(Names.printable(file))' is already a mirror of the list on this machine"
    case .notAMirror(let file):
      return "'\(Names.printable(file))' is not a mirror on this machine; 'grocery mirror' lists them"
    case .mirrorOfAnotherHousehold(let file):
      return
        "'\(Names.printable(file))' is the checklist of another household; give each household its own file"
    case .mirrorKeptElsewhere(let file, let machine):
      return
        "'\(Names.printable(file))' is kept by another machine, '\(machine)'; give each machine its own file"
    case .notAChecklist(let file, let reason):
      return "'\(Names.printable(file))' exists and is not a grocery checklist (\(reason)); give a new file"
    case .nothingToAccept(let file):
      return "no edits of '\(Names.printable(file))' are waiting to be accepted"
    case .editorFailed(let editor, let reason):
      return "the editor '\(editor)' \(reason); nothing changed"
    case .editedChecklistUnreadable(let reason, let kept):
      return
        "the checklist no longer reads as a checklist (\(reason)); nothing changed; what you saved is kept as"
        + " '\(Names.printable(kept))'"
    case .lockTimeout(let path, let seconds):
      // A timeout of none waited for nothing, and says so (found by a trial: 'gave up waiting after 0s').
      if seconds == 0 {
        return
          "another grocery holds '\(Names.printable(path))', and a lock timeout of 0 does not wait for it"
      }
      return
        "gave up waiting after \(Formatting.seconds(seconds)) for another grocery to release '\(Names.printable(path))'"
    }
  }
}

enum Formatting {
  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value))s" : "\(value)s"
  }
}
