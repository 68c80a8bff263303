/// This machine's changes that its own log lost (an older copy of it put back by a folder-sync tool, a restored
/// backup), kept in the cache across rebuilds so that every command and `check` say so until they are back in the
/// log (`sync` puts back what git holds) or this machine makes its next change.
struct LostChanges: Equatable, Sendable {
  /// One change gone from the log.
  struct Gone: Equatable, Sendable {
    var id: String
    var summary: String
  }

  /// The machine whose log it is: a new identity here makes it moot.
  var machine: String
  /// How long the log was when the cache had read it.
  var had: Int
  /// Where the log ended when the changes were found gone: a line from there on that is not one of them is a
  /// change made since.
  var cut: Int
  /// The changes gone, as far as the cache's undo list knew them; empty when it knew none of them.
  var gone: [Gone]

  /// Takes in one of this machine's lines, returning false when nothing is lost any more: a change gone that is
  /// back is struck off, and any other line past the cut is a change made since (or, when none is named, one put
  /// back), which ends it.
  mutating func read(id: String, offset: Int, length: Int) -> Bool {
    if let index = gone.firstIndex(where: { $0.id == id }) {
      gone.remove(at: index)
      if offset >= cut { cut = offset + length }
      return !gone.isEmpty
    }
    return offset < cut
  }

  /// Adds what a later look found gone to what was gone before.
  mutating func add(_ later: LostChanges) {
    had = max(had, later.had)
    cut = later.cut
    gone += later.gone.filter { new in !gone.contains { $0.id == new.id } }
  }

  /// The warning every command gives while they are lost, for the log (`file`, as shown) of `size` bytes now (nil
  /// when it is gone), in a household shared through git or not (`git`): what to do differs.
  func warning(file: String, size: Int?, git: Bool) -> String {
    "this machine's log '\(file)' " + shorter(size) + "; " + named + "; " + remedy(git)
  }

  /// What `check` says of it, for the log of `size` bytes now (nil when it is gone).
  func problem(size: Int?, git: Bool) -> String {
    "this machine's log " + shorter(size) + ": " + named + "; " + remedy(git)
  }

  private func shorter(_ size: Int?) -> String {
    guard let size else {
      return "is gone, after the \(had) bytes it had (deleted, or moved away by a sync tool?)"
    }
    return size < had
      ? "is \(size) bytes, shorter than the \(had) it had (a restored backup or an older copy?)"
      : "no longer holds all it had (another copy put over it by a sync tool, or a restored backup?)"
  }

  private var named: String {
    gone.isEmpty
      ? "the changes past that are gone from it"
      : "gone from it: " + gone.map { Names.printable($0.summary) }.joinedText(separator: "; ")
  }

  /// What to do: git holds every change a sync sent; a sync tool may have kept the newer copy. What neither holds
  /// is made again, and the next change made here ends the warning.
  private func remedy(_ git: Bool) -> String {
    git
      ? "run 'grocery sync' to put back what git holds, and make again what it does not"
      : "put the newer copy back if the sync tool kept one, or make them again"
  }
}
