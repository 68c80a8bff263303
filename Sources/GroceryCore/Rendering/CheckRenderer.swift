#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Renders what `grocery check` found, within 80 columns.
public enum CheckRenderer {
  public static func text(_ check: HouseholdCheck) -> String {
    // A folder wider than the line is on a line of its own, whole, as every path here is (found by a trial).
    var out = labelled("household", Names.printable(check.folder))
    if !check.householdID.isEmpty { out += "id " + Names.printable(check.householdID) + "\n" }
    for log in check.logs {
      let who = (log.name.map { Names.printable($0) + " " } ?? "") + "(" + log.machine + ")"
      out += "\n" + lines(who + (log.isThisMachine ? ", this machine" : ""))
      var summary = "  \(log.lines) line\(log.lines == 1 ? "" : "s")"
      if let first = log.first, let last = log.last {
        summary += ", " + Timestamp.format(first) + " to " + Timestamp.format(last)
      }
      out += summary + "\n"
      let versions = log.versions.keys.sorted().map { "v\($0 == 0 ? "?" : String($0)) \(log.versions[$0]!)" }
      if !versions.isEmpty { out += "  versions: " + versions.joinedText(separator: ", ") + "\n" }
      if log.unended {
        out += "  its last line has no end yet (a write under way, or cut short): not read\n"
      }
      if let ahead = log.ahead {
        out += "  its clock: latest change dated " + duration(ahead) + " ahead of this machine's\n"
      }
      if let behind = log.behind {
        let text =
          "its clock: latest change made by a clock that read " + Timestamp.format(behind.read) + ", "
          + duration(behind.lag) + " behind the changes it had seen (set that clock right on "
          + (log.isThisMachine ? "this machine" : "that machine")
          + "; its next change by the right clock ends this)"
        out += lines(text, first: "  ", rest: "    ")
      }
      if let beyond = log.beyond {
        let text =
          "its changes are ordered as of " + Timestamp.format(beyond) + ", more than a century after this"
          + " machine's clock (a clock once that far ahead, or a line written by hand): each wins over every"
          + " change to the same fields, as do those its machine goes on writing to this log (to stop that, "
          + (log.isThisMachine
            ? "move " + (check.identity.map { "'" + Names.printable($0) + "'" } ?? "identity.json") + " away"
            : "on that machine, move away the identity.json that 'grocery check' names there")
          + ": its next change starts a log ordered by its clock)"
        out += lines(text, first: "  ", rest: "    ")
      }
      for refusal in log.refused {
        out += lines(Names.printable(refusal.detail), first: "  ", rest: "    ")
      }
    }
    for copy in check.copies {
      out += "\n" + labelled("conflict copy", Names.printable(copy.file))
      let text =
        copy.onlyInCopy.isEmpty
        ? "it holds no change the log lacks: remove it"
        : "changes only it holds: " + copy.onlyInCopy.map { Names.printable($0) }.joinedText(separator: "; ")
      out += lines(text, first: "  ", rest: "    ")
    }
    if let marker = check.marker { out += "\n" + lines(Names.printable(marker)) }
    for copy in check.markerCopies {
      out += "\n" + labelled("conflict copy", Names.printable(copy.file))
      let text =
        switch copy.id {
        case .some(let id) where id == check.householdID:
          "it holds this household's id: remove it"
        case .some(let id):
          "it holds another household's id (" + Names.printable(id) + "): a sync tool brought two households'"
            + " folders together, and the logs of both are read as this one's; if that is meant, remove it, else"
            + " move the other household's logs out of logs/ first"
        case .none: "it is no household.json grocery reads: remove it"
        }
      out += lines(text, first: "  ", rest: "    ")
    }
    // One a line, with no blank line between them: a folder of many is read down, not across pages of space.
    if !check.strays.isEmpty { out += "\n" }
    for stray in check.strays {
      // A log's name in other letters' case (a case-insensitive machine's copy) says what to rename it to.
      let log = (stray.split(separator: "/").last.map(String.init) ?? stray).lowercased()
      // Where that log is there too, renaming would write over it: the two are compared first (found by a review).
      let beside = check.logs.contains { $0.file.hasSuffix("/" + log) }
      let hint =
        !HouseholdCheck.isLogInOtherCase(stray)
        ? ""
        : beside
          ? " (" + log + " beside it has the same name in other letters' case: keep the one that holds more)"
          : " (a log's name in other letters' case: rename it to " + log + ")"
      out += lines("not read: " + Names.printable(stray) + hint)
    }
    for file in check.leftOut {
      let text =
        "left out: " + Names.printable(file.file) + " " + file.why + "; " + file.remedy
      out += "\n" + lines(text)
    }
    for lock in check.gitLocks {
      let text =
        "git: " + Names.printable(lock) + " was left by a git stopped part-way (a sync killed, a power cut):"
        + " every sync fails until it is removed; remove it if no git is running in the household folder"
      out += "\n" + lines(text)
    }
    if let own = check.ownLog {
      out += "\n" + lines(Names.printable(own))
    }
    for shared in check.sharedIDs {
      let text =
        "change id " + Names.printable(shared.id) + " is on line \(shared.first.line) of "
        + Names.printable(shared.first.file) + " and on line \(shared.second.line) of "
        + Names.printable(shared.second.file)
        + " with another \(shared.differs) (a line copied and edited by hand?):"
        + " both are read, as two changes; if the later one is not meant, remove its line by hand"
      out += "\n" + lines(text)
    }
    if let unnamed = check.unnamed {
      let items = unnamed.items == 1 ? "1 item" : "\(unnamed.items) items"
      let text =
        "changes to \(items) that no line names, so shown nowhere: the line that made "
        + (unnamed.items == 1 ? "it" : "each")
        + " is gone from its log (put back to an older copy?) or left out"
        + " above; changed by " + Self.and(unnamed.machines.map { Names.printable($0) })
        + ". Put that log's newer copy back if one is kept; the changes are still in the logs"
      out += "\n" + lines(text)
    }
    if let cache = check.cache {
      out += "\n" + lines(Names.printable(cache))
    }
    out += "\n"
    out +=
      check.problems == 0
      ? "all is well\n" : "\(check.problems) problem\(check.problems == 1 ? "" : "s")\n"
    return out
  }

  /// The text wrapped within 80 columns, the first line after `first` and the rest after `rest`, each line ended.
  /// A label and a file's path: on one line where they fit in 80 columns, else the path whole, spaces and all, on
  /// the line after, to be copied.
  static func labelled(_ label: String, _ path: String) -> String {
    let line = label + " " + path
    return TextLayout.width(line) <= 80 ? line + "\n" : label + "\n  " + path + "\n"
  }

  /// Names joined as a sentence joins them (`a, b and c`), so that no name reads as a gloss of the one before it
  /// (`this machine, bob` read as bob being this machine; found by a trial).
  static func and(_ names: [String]) -> String {
    guard let last = names.last, names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joinedText(separator: ", ") + " and " + last
  }

  /// The text wrapped at 80 columns; a word wider than that (a file's path) is kept whole, to be copied.
  static func lines(_ text: String, first: String = "", rest: String = "  ") -> String {
    TextLayout.text(TextLayout.wrap(text, width: 80, first: first, rest: rest, keepingWords: true))
  }

  /// A length of time as a person reads it: minutes, hours or days.
  static func duration(_ seconds: Double) -> String {
    if seconds < 3600 { return "\(Int(seconds / 60)) min" }
    if seconds < 2 * 86_400 { return "\(Int(seconds / 3600)) h" }
    return "\(Int(seconds / 86_400)) days"
  }
}
