#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `grocery check` found, reading every log whole: per machine, and about the folder and this machine.
public struct HouseholdCheck: Equatable, Sendable {
  /// A log no command reads: one that is not a regular file (`size` nil), one larger than a log may be, or one
  /// this user may not read (`unreadable`).
  public struct LeftOut: Equatable, Sendable {
    public var file: String
    public var size: Int?
    public var unreadable = false

    /// Why it is left out, after its name.
    public var why: String {
      if unreadable { return "cannot be read by this user (permission denied)" }
      return size.map { "is \($0) bytes, larger than any grocery writes" }
        ?? "is not a regular file (a link, a folder, a FIFO or a device)"
    }

    /// What to do about it, after `why`.
    public var remedy: String {
      if unreadable { return "let this user read it (its owner can chmod it), or remove it" }
      return size == nil ? "put its machine's log back as a file, or remove it" : "remove it"
    }

    /// How long its changes are left out, after "left out".
    public var until: String {
      unreadable ? " until it can be read" : size == nil ? " until it is one" : ""
    }
  }

  /// A change made by a clock that read a time before any grocery 2 was made, far behind the changes its machine
  /// had seen.
  public struct Behind: Equatable, Sendable {
    /// How far behind, in seconds.
    public var lag: Double
    /// The time it read.
    public var read: Date
  }

  /// One machine's log.
  public struct Log: Equatable, Sendable {
    public var machine: String
    /// The machine's name for people, when its log names it.
    public var name: String?
    public var file: String
    public var isThisMachine: Bool
    public var lines: Int
    /// The times of its earliest and latest change, as their machine's clock dated them.
    public var first: Date?
    public var last: Date?
    /// How many lines of each log version it holds.
    public var versions: [Int: Int]
    /// How far its latest change is dated ahead of this machine's clock, in seconds, when it is more than
    /// `HouseholdStore.aheadLimit`: one of the two clocks is wrong.
    public var ahead: Double?
    /// When its latest change was made by a clock that is wrong (`HouseholdStore.clockWasWrong`): how far behind
    /// the changes it had seen, and what it read.
    public var behind: Behind? = nil
    /// When its changes are ordered as of a time more than a century after this machine's clock (a clock once that
    /// far ahead, or a line written by hand), that time: they are never followed, and each wins over any change to
    /// the same fields, and the machine's own changes stay ordered after it, whatever its clock says now. Said, and
    /// not counted as a problem: the lines stay as they are, so nothing a person does could clear it.
    public var beyond: Date? = nil
    /// The lines left out, with why.
    public var refused: [LineRefusal]
    /// Whether it ends in a line without its newline: a write under way, or one cut short; not read.
    public var unended = false
  }

  /// A sync tool's conflict copy in `logs/`, and the changes only it holds (their summaries).
  public struct Copy: Equatable, Sendable {
    public var file: String
    public var onlyInCopy: [String]
  }

  /// A copy of `household.json` a sync tool left beside it (`household.sync-conflict-….json`, `household (1).json`),
  /// with the household id it holds; nil when it holds none grocery reads. One with another id than the folder's
  /// means two households' folders were brought together, whose logs are read as one household's.
  public struct MarkerCopy: Equatable, Sendable {
    public var file: String
    public var id: String?
  }

  /// A change id that two changes with different times carry (a line copied by hand and its time edited): both
  /// are read, as two changes; a person should look at the copy.
  public struct SharedID: Equatable, Sendable {
    public var id: String
    /// Where the first line with it is, and where the later one is: a log's file shown, and a line from 1.
    public var first: (file: String, line: Int)
    public var second: (file: String, line: Int)
    /// What of its stamp the later line gives otherwise: `time`, else `machine`, else `counter`.
    public var differs = "time"

    public static func == (a: SharedID, b: SharedID) -> Bool {
      a.id == b.id && a.first == b.first && a.second == b.second && a.differs == b.differs
    }
  }

  /// Items that changes touch but that no line read names: the line that made each is gone from its log (a log
  /// put back to an older copy) or left out, so they show nowhere. How many, and the machines whose changes touch
  /// them, by name where their logs give one.
  public struct Unnamed: Equatable, Sendable {
    public var items: Int
    public var machines: [String]
  }

  public var folder: String
  public var householdID: String
  public var logs: [Log]
  public var copies: [Copy]
  /// Files in `logs/` that are neither a log nor a conflict copy: never read.
  public var strays: [String]
  /// Copies of `household.json` beside it.
  public var markerCopies: [MarkerCopy] = []
  /// What is wrong with `household.json` itself (lost or damaged), and what the next change does about it.
  public var marker: String?
  /// git's lock files in the household folder (its index's, a ref's), as shown, older than any sync takes: left by
  /// a git stopped part-way (a sync killed, a power cut), every sync fails on each until it is removed.
  public var gitLocks: [String] = []
  /// What is wrong between this machine's log and its own state, when anything is.
  public var ownLog: String?
  /// Logs that are not regular files (a link, a folder, a FIFO): left out, with every change they might hold.
  public var leftOut: [LeftOut] = []
  /// Change ids that more than one change carries.
  public var sharedIDs: [SharedID] = []
  /// Items changed that no line names, when there are any.
  public var unnamed: Unnamed?
  /// What was wrong with this machine's cache, which `check` then rebuilt from the logs: what it held otherwise
  /// than they do, or that it was damaged. Nil when it agreed with them.
  public var cache: String?
  /// This machine's identity file, where it has one (as shown): what to move away to start a log of its own.
  public var identity: String? = nil

  /// How many things need a person: lines left out or repeated, a clock running ahead or behind, conflict copies, a
  /// disagreement about this machine's log, a change id two changes carry, a log that is not a regular file, and
  /// items changed that no line names, a cache that did not agree with the logs, a copy of `household.json`,
  /// that file lost or damaged, a log named in other letters' case, and git's lock files left behind.
  /// Another change with the stamp of the line above is read, and listed only.
  /// Whether a file of `logs/` not read is a log named in other letters' case (a case-insensitive machine's copy,
  /// a tool that renamed it): its machine's changes show nowhere until it is named back.
  public static func isLogInOtherCase(_ file: String) -> Bool {
    let name = file.split(separator: "/").last.map(String.init) ?? file
    let log = name.lowercased()
    return log != name && log.hasSuffix(".jsonl") && MachineID.isValid(String(log.dropLast(6)))
  }

  public var problems: Int {
    logs.reduce(0) {
      $0 + $1.refused.filter { !$0.isRead }.count + ($1.ahead == nil ? 0 : 1) + ($1.behind == nil ? 0 : 1)
    } + copies.count
      + (ownLog == nil ? 0 : 1) + sharedIDs.count + leftOut.count + (unnamed == nil ? 0 : 1)
      + (cache == nil ? 0 : 1) + markerCopies.count + (marker == nil ? 0 : 1)
      + strays.filter(Self.isLogInOtherCase).count + gitLocks.count
  }
}
