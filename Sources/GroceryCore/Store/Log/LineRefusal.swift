/// A line of a log that was not folded, and why: every line passes one gate, and one that fails is reported
/// with its file, line and field on every command (and by `grocery check`), never dropped in silence and never
/// a reason to refuse the household.
public struct LineRefusal: Equatable, Hashable, Sendable {
  /// Why the line was not folded.
  public enum Reason: Equatable, Hashable, Sendable {
    /// It is not a change this grocery would write: the field and what is wrong with it.
    case invalid(field: String, reason: String)
    /// A newer grocery wrote it, in a log version this one does not read.
    case newer(version: Int)
    /// It is dated before the line above it, which a machine never writes (an edit by hand, a copied line).
    case outOfOrder
  }

  /// The machine whose log holds the line.
  public var machine: String
  /// The line, from 1.
  public var line: Int
  public var reason: Reason

  /// The line and what is wrong with it, for a report that names the file already.
  public var detail: String {
    switch reason {
    case .invalid(let field, let why): return "line \(line): \(field): \(why)"
    case .newer(let version): return "line \(line): from a newer grocery (log version \(version)), not shown"
    case .outOfOrder: return "line \(line): dated before the line above it, left out"
    }
  }

  /// What a person is told, naming the file as `file`.
  public func message(file: String) -> String {
    switch reason {
    case .invalid(let field, let why):
      return
        "'\(file)' line \(line): \(field): \(why); that change is left out ('grocery check' lists every one)"
    case .newer(let version):
      return "'\(file)' holds changes from a newer grocery from line \(line) on (log version \(version); "
        + "this grocery reads up to \(Change.version)); they are not shown until this machine's grocery is upgraded"
    case .outOfOrder:
      return
        "'\(file)' line \(line) is dated before the line above it (edited by hand?); that change is left out"
    }
  }
}
