/// A line of a log that was not folded as it stands, and why: every line passes one gate, and one that fails is
/// reported with its file, line and field on every command (and by `grocery check`), never dropped in silence and
/// never a reason to refuse the household.
public struct LineRefusal: Equatable, Hashable, Sendable {
  /// Why the line was not folded as it stands.
  public enum Reason: Equatable, Hashable, Sendable {
    /// It is not a change this grocery would write: the field and what is wrong with it.
    case invalid(field: String, reason: String)
    /// A newer grocery wrote it, in a log version this one does not read.
    case newer(version: Int)
    /// It is dated before the line above it, which a machine never writes (an edit by hand, a copied line).
    case outOfOrder
    /// It holds the change of an earlier line, the same id and stamp (a line copied by hand, a merge gone wrong):
    /// the change is read once, from that line. `exact` says the two lines are the same bytes; when they are
    /// not, what this one says differently is left out.
    case repeats(line: Int, exact: Bool)
    /// Another change with the stamp of the line above it, which only two computers writing as one machine make
    /// (a copied state folder, a cloned VM): both are read, in the order of their lines. Nothing is left out, so
    /// it is said by `grocery check` and by `sync`, not on every command.
    case sharesStamp(line: Int)
  }

  /// The machine whose log holds the line.
  public var machine: String
  /// The line, from 1.
  public var line: Int
  public var reason: Reason

  /// True when the line is read all the same, so that it needs no warning on every command and is no problem
  /// for `grocery check`.
  public var isRead: Bool {
    if case .sharesStamp = reason { return true }
    return false
  }

  /// The line and what is wrong with it, for a report that names the file already.
  public var detail: String {
    switch reason {
    case .invalid(let field, let why): return "line \(line): \(field): \(why)"
    case .newer(let version): return "line \(line): from a newer grocery (log version \(version)), not shown"
    case .outOfOrder: return "line \(line): dated before the line above it, left out"
    case .repeats(let earlier, true): return "line \(line): a copy of line \(earlier), read once"
    case .repeats(let earlier, false):
      return "line \(line): the change of line \(earlier) (its id and time) with other contents, left out"
    case .sharesStamp(let earlier):
      return "line \(line): another change with the time of line \(earlier) (two computers writing as this"
        + " machine?); both are read"
    }
  }

  /// What a person is told, naming the file as `file`.
  public func message(file: String) -> String {
    switch reason {
    case .invalid(let field, let why):
      return
        "'\(file)' line \(line): \(field): \(why); that change is left out ('grocery check' lists every one)"
    case .newer(let version):
      return
        "'\(file)' holds changes from a newer grocery, the first on line \(line) (log version \(version); "
        + "this grocery reads up to \(Change.version)); they are not shown until this machine's grocery is upgraded"
    case .outOfOrder:
      return
        "'\(file)' line \(line) is dated before the line above it (edited by hand?); that change is left out"
    case .repeats(let earlier, true):
      return
        "'\(file)' line \(line) is a copy of line \(earlier) (copied by hand, or a merge gone wrong?); the"
        + " change is read once"
    case .repeats(let earlier, false):
      return "'\(file)' line \(line) has the id and time of line \(earlier) but other contents (edited by"
        + " hand?); only line \(earlier) is read"
    case .sharesStamp(let earlier):
      return
        "'\(file)' line \(line) is another change with the time of line \(earlier) (two computers writing"
        + " as this machine?); both are read"
    }
  }

  /// The reason as the cache keeps it: a field and its reason, a log version, or an earlier line with a kind.
  var columns: (field: String?, reason: String?, version: Int?, earlier: Int?) {
    switch reason {
    case .invalid(let field, let why): return (field, why, nil, nil)
    case .newer(let version): return (nil, nil, version, nil)
    case .outOfOrder: return (nil, nil, nil, nil)
    case .repeats(let earlier, let exact): return (nil, exact ? "copy" : "repeat", nil, earlier)
    case .sharesStamp(let earlier): return (nil, "stamp", nil, earlier)
    }
  }

  /// The refusal the cache's columns hold, as `columns` writes them.
  init(machine: String, line: Int, field: String?, reason: String?, version: Int?, earlier: Int?) {
    self.machine = machine
    self.line = line
    if let field {
      self.reason = .invalid(field: field, reason: reason ?? "")
    } else if let version {
      self.reason = .newer(version: version)
    } else if let earlier, reason == "stamp" {
      self.reason = .sharesStamp(line: earlier)
    } else if let earlier {
      self.reason = .repeats(line: earlier, exact: reason == "copy")
    } else {
      self.reason = .outOfOrder
    }
  }

  public init(machine: String, line: Int, reason: Reason) {
    self.machine = machine
    self.line = line
    self.reason = reason
  }
}
