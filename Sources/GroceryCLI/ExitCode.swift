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
  case config = 78

  /// A few words for the overview in `--help`.
  var brief: String {
    switch self {
    case .success: return "success"
    case .refused: return "refused"
    case .savedButNotReported: return "saved but not reported"
    case .usage: return "usage"
    case .data: return "bad data"
    case .unavailable: return "sync unavailable"
    case .io: return "file error, nothing written"
    case .busy: return "busy"
    case .config: return "config"
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
    case .data:
      return "the store, or a file given to import, cannot be read or understood, or was written by a newer"
        + " grocery (nothing is written)"
    case .unavailable:
      return "sync: git is not installed, or the remote cannot be reached (local changes are kept)"
    case .io:
      return "a file could not be read or written (disk full, permissions, not a folder); the store is left"
        + " untouched"
    case .busy: return "another grocery held the store for longer than --lock-timeout"
    case .config:
      return
        "configuration: HOME is not set or not an absolute path, and nothing else says where the store or"
        + " this machine's state is (--store, GROCERY_STORE, XDG_DATA_HOME, XDG_STATE_HOME); or an XDG folder"
        + " it would use is set to a path that is not absolute; or this machine's clock is at or before"
        + " 1970-01-01, with no change in the household to date its own after"
    }
  }
}
