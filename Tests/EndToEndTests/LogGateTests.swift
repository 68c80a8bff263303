import Foundation
import TestSupport
import Testing

/// Every line another machine (or a hand edit) writes passes the gate the commands' own input passes: a line
/// that fails is left out and said, never shown, and never refuses the household.
@Suite struct LogGateTests {
  let scenario = Scenario()

  /// A peer's log holding one change with the given operations, written as grocery would, one line.
  func peerLine(_ ops: String, version: Int = 2, summary: String = "add") throws -> String {
    let logs = scenario.grocery.store + "/logs"
    let path = logs + "/00000000000000ee.jsonl"
    let line =
      "{\"v\":\(version),\"id\":\"peer-1\",\"at\":\"2026-11-21T10:00:00.000Z\",\"seq\":0,"
      + "\"machine\":\"00000000000000ee\",\"summary\":\(summary),\"ops\":[\(ops)]}\n"
    try line.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  /// Makes a file this test's grocery may not read, and returns what runs grocery as that user: as root, whom modes
  /// do not stop, the scenario becomes nobody's and the file root's; otherwise the file takes `mode`.
  func unreadable(_ path: String, mode: mode_t) throws -> String {
    guard getuid() == 0 else {
      #expect(chmod(path, mode) == 0)
      return ""
    }
    #expect(TinyDisk.run("/bin/chown", ["-R", "65534:65534", scenario.folder.path]) == 0)
    #expect(chown(path, 0, 0) == 0)
    #expect(chmod(path, 0o600) == 0)
    return "/usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups "
  }

  /// A log gone that held only a newer grocery's lines is said, as any gone log is: that machine's changes went
  /// with it. One that held no change of its machine (another's lines copied under its name) is not: it showed
  /// nothing, and loses nothing (found by a review).
  @Test func aGoneLogIsSaidWhenItHeldANewerGrocerysLinesAndNotWhenItHeldNone() throws {
    try scenario.given(["add", "milk"])
    let newer = try peerLine("", version: 99, summary: "\"add\"")
    #expect(try scenario.grocery.run(["list"]).stderr.contains("newer grocery"))
    #expect(unlink(newer) == 0)
    let gone = try scenario.grocery.run(["list"])
    #expect(gone.stderr.contains("00000000000000ee.jsonl' is gone"), "\(gone)")
    let logs = scenario.grocery.store + "/logs/"
    let own = try #require(try FileManager.default.contentsOfDirectory(atPath: logs).first)
    try FileManager.default.copyItem(atPath: logs + own, toPath: logs + "00000000000000ff.jsonl")
    #expect(try scenario.grocery.run(["list"]).stderr.contains("is not this log's machine"))
    #expect(unlink(logs + "00000000000000ff.jsonl") == 0)
    let quiet = try scenario.grocery.run(["list"])
    #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet)")
  }

  /// A peer's next change appended straight after its last line, which had no newline (`…}{…}`), makes one line
  /// the gate refuses, from the first read after it: where the cache had read the last line alone, it read the
  /// appended change alone too and folded it, so `buy` of what it added succeeded, then the next read of every
  /// log refused the joined line, and this machine's purchase showed nowhere, under a warning that the log was
  /// not the copy read (found by a trial).
  @Test func aChangeAppendedToALastLineWithoutItsNewlineIsRefusedFromTheFirstRead() throws {
    try scenario.given(["add", "milk"])
    let path = try peerLine(
      "{\"op\":\"item\",\"id\":\"00000000-0000-4000-8000-0000000000a1\",\"set\":{\"name\":\"peas\",\"onList\":true,"
        + "\"alive\":true}}", summary: "\"add peas\"")
    var text = try String(contentsOfFile: path, encoding: .utf8)
    text.removeLast()
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    #expect(try scenario.grocery.run(["list"]).stdout.contains("peas"), "a whole last line is read")
    let next =
      "{\"v\":2,\"id\":\"peer-2\",\"at\":\"2026-11-21T10:01:00.000Z\",\"seq\":0,\"machine\":\"00000000000000ee\","
      + "\"summary\":\"add corn\",\"ops\":[{\"op\":\"item\",\"id\":\"00000000-0000-4000-8000-0000000000a2\","
      + "\"set\":{\"name\":\"corn\",\"onList\":true,\"alive\":true}}]}\n"
    try (text + next).write(toFile: path, atomically: false, encoding: .utf8)
    let buy = try scenario.grocery.run(["buy", "corn"])
    #expect(buy.status == 1 && buy.stderr.contains("no item named 'corn'"), "\(buy)")
    #expect(buy.stderr.contains("line 1: line: unexpected text after the change"), "\(buy)")
    for _ in 0..<2 {
      let list = try scenario.grocery.run(["list"])
      #expect(list.stdout.contains("milk") && !list.stdout.contains("peas") && !list.stdout.contains("corn"))
      #expect(!list.stderr.contains("not the copy"), "\(list)")
    }
  }

  /// A peer's log this user may not read (written by a sync tool, or another account, with modes of its own) is
  /// left out and said, as a log that is no file is, and `check` names it: it stopped every command, `check` too,
  /// with exit 74 (found by a trial). As root, whom modes do not stop, the household is nobody's and the log
  /// root's.
  @Test(.enabled(if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
  func aPeerLogThisUserMayNotReadIsLeftOutAndSaid() throws {
    try scenario.given(["add", "milk"])
    let path = try peerLine(
      "{\"op\":\"item\",\"id\":\"00000000-0000-4000-8000-0000000000a1\",\"set\":{\"name\":\"peas\",\"onList\":true,"
        + "\"alive\":true}}", summary: "\"add peas\"")
    #expect(try scenario.grocery.run(["list"]).stdout.contains("peas"))
    let prefix = try unreadable(path, mode: 0o000)
    defer { chmod(path, 0o600) }
    let warning =
      "grocery: warning: '\(path)' cannot be read by this user (permission denied): its machine's changes are left"
      + " out until it can be read\n"
    let list = try scenario.grocery.shell(prefix + "\"$GROCERY\" list")
    #expect(
      list == Outcome(stdout: "Uncategorized\n  [ ] milk\n\n1 item to buy, 0 bought today\n", stderr: warning)
    )
    let added = try scenario.grocery.shell(prefix + "\"$GROCERY\" add eggs")
    #expect(added == Outcome(stdout: "added: eggs\n", stderr: warning))
    let check = try scenario.grocery.shell(prefix + "\"$GROCERY\" check")
    #expect(check.status == 65, "\(check)")
    let words = check.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(
      words.contains(
        "left out: \(path) cannot be read by this user (permission denied); let this user read it (its owner can"
          + " chmod it), or remove it"), "\(check)")
  }

  /// This machine's own log, which this user may not read, is not left out: every command refuses it, naming it
  /// (exit 74), rather than show the household without this machine's changes (found by a review).
  @Test(.enabled(if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
  func thisMachinesOwnLogThisUserMayNotReadIsRefused() throws {
    try scenario.given(["add", "milk"])
    let logs = scenario.grocery.store + "/logs/"
    let path = logs + (try #require(try FileManager.default.contentsOfDirectory(atPath: logs).first))
    let prefix = try unreadable(path, mode: 0o200)
    defer { chmod(path, 0o600) }
    for command in ["list", "add eggs", "check"] {
      let outcome = try scenario.grocery.shell(prefix + "\"$GROCERY\" " + command)
      #expect(
        outcome == Outcome(stderr: "grocery: error: cannot read '\(path)': permission denied\n", status: 74),
        "\(command): \(outcome)")
    }
  }

  /// A newer grocery's line is known by its version wherever `v` falls among its keys (another JSON writer's order,
  /// sorted), and whatever in it this build does not read (a new field or operation before `v`): it is said as a
  /// newer grocery's, "upgrade", where it was said as a damaged line; `check` counts a version-2 line written so as
  /// version 2, where it counted it as `v?` (found by a trial).
  @Test func aLinesVersionIsReadWhereverItsKeyFalls() throws {
    try scenario.given(["add", "milk"])
    let path = scenario.grocery.store + "/logs/00000000000000ee.jsonl"
    let sorted =
      "{\"at\":\"2026-11-21T10:00:00.000Z\",\"id\":\"peer-1\",\"machine\":\"00000000000000ee\",\"ops\":[{\"id\":"
      + "\"00000000-0000-4000-8000-0000000000a1\",\"op\":\"item\",\"set\":{\"alive\":true,\"name\":\"peas\",\"onList\":"
      + "true}}],\"seq\":0,\"summary\":\"add peas\",\"v\":2}\n"
    let newer =
      "{\"at\":\"2026-11-21T10:01:00.000Z\",\"device\":\"phone\",\"id\":\"peer-2\",\"machine\":\"00000000000000ee\","
      + "\"ops\":[{\"op\":\"teleport\"}],\"seq\":1,\"summary\":\"teleport\",\"v\":5}\n"
    try (sorted + newer).write(toFile: path, atomically: false, encoding: .utf8)
    let list = try scenario.grocery.run(["list"])
    #expect(list.status == 0 && list.stdout.contains("peas"), "\(list)")
    #expect(
      list.stderr.hasPrefix(
        "grocery: warning: '\(path)' holds changes from a newer grocery, the first on line 2 (log version 5;"),
      "\(list)")
    #expect(!list.stderr.contains("unknown"), "\(list)")
    let check = try scenario.grocery.run(["check"])
    #expect(check.stdout.contains("versions: v2 1, v5 1"), "\(check)")
  }

  /// A peer's log renamed in other letters' case (a case-insensitive machine's copy) is said as that, with the name
  /// to give it back, where it was said to be gone with the advice to put a newer copy back; `check` names the
  /// file it reads no more with the same (found by a trial).
  @Test func aLogRenamedInOtherLettersCaseIsSaidWithItsName() throws {
    try scenario.given(["add", "milk"])
    let path = try peerLine(
      "{\"op\":\"item\",\"id\":\"00000000-0000-4000-8000-0000000000a1\",\"set\":{\"name\":\"peas\",\"onList\":true,"
        + "\"alive\":true}}", summary: "\"add peas\"")
    #expect(try scenario.grocery.run(["list"]).stdout.contains("peas"))
    let upper = scenario.grocery.store + "/logs/00000000000000EE.jsonl"
    #expect(rename(path, upper) == 0)
    let list = try scenario.grocery.run(["list"])
    #expect(
      list.stderr
        == "grocery: warning: '\(path)' is gone, and '\(upper)' beside it differs from its name only in case, which"
        + " grocery does not read: rename it to '00000000000000ee.jsonl'\n", "\(list)")
    // Counted as a problem: that machine's changes show nowhere until it is named back.
    let checked = try scenario.grocery.run(["check"])
    #expect(checked.status == 65 && checked.stdout.hasSuffix("\n1 problem\n"), "\(checked)")
    let check = checked.stdout.replacing("\n  ", with: " ")
    #expect(
      check.contains(
        "not read: \(upper) (a log's name in other letters' case: rename it to 00000000000000ee.jsonl)"),
      "\(check)")
    // With a log of that name beside it, renaming would write over that one: the two are to be compared (found by
    // a review).
    try FileManager.default.copyItem(atPath: upper, toPath: path)
    let both = try scenario.grocery.run(["check"]).stdout.replacing("\n  ", with: " ")
    #expect(
      both.contains(
        "not read: \(upper) (00000000000000ee.jsonl beside it has the same name in other letters' case: keep the one"
          + " that holds more)"), "\(both)")
  }

  /// Under `--quiet` (cron's `sync --quiet` every 15 minutes), a warning said in the last day is not said again,
  /// where a peer's log from a newer grocery mailed the same warning every run (found by a trial); a day later, or
  /// without `--quiet`, it is said. Nothing of the household is written for it, and a command that fails
  /// remembers nothing (it writes no file).
  @Test func aWarningIsSaidOnceADayUnderQuiet() throws {
    try scenario.given(["add", "milk"])
    let path = try peerLine("{\"op\":\"item\",\"id\":\"00000000-0000-4000-8000-0000000000a1\"}", version: 9)
    let warning = "grocery: warning: '\(path)' holds changes from a newer grocery"
    func files() -> [String: Data] {
      let names =
        FileManager.default.enumerator(atPath: scenario.grocery.store)?.allObjects as? [String] ?? []
      return Dictionary(
        uniqueKeysWithValues: names.map {
          ($0, FileManager.default.contents(atPath: scenario.grocery.store + "/" + $0) ?? Data())
        })
    }
    let household = files()
    func said(_ arguments: [String], at now: String) throws -> Bool {
      let outcome = try scenario.grocery.run(arguments, extra: ["GROCERY_NOW": now])
      #expect(outcome.status == 0, "\(outcome)")
      return outcome.stderr.hasPrefix(warning)
    }
    #expect(try said(["list", "--quiet"], at: "2026-11-21T12:00:00Z"))
    #expect(try !said(["list", "--quiet"], at: "2026-11-21T12:15:00Z"))
    #expect(try !said(["restock", "--due", "--quiet"], at: "2026-11-22T11:59:00Z"))
    #expect(try said(["list"], at: "2026-11-21T12:30:00Z"), "without --quiet, every time")
    #expect(try said(["list", "--quiet"], at: "2026-11-22T12:00:00Z"), "a day later")
    #expect(try !said(["list", "--quiet"], at: "2026-11-22T12:15:00Z"))
    #expect(try said(["list", "--quiet"], at: "2026-11-21T13:00:00Z"), "a clock set back says it")
    #expect(files() == household)
    let warned = try String(
      contentsOfFile: try scenario.grocery.household().stateFolder + "/warned", encoding: .utf8)
    #expect(
      warned.split(separator: "\n").allSatisfy {
        $0.count > 17 && $0.prefix(16).allSatisfy(\.isHexDigit) && $0.dropFirst(16).first == " "
      }, "each line a 16-digit hash and a time, as formats.md says: \(warned)")
    let state = scenario.grocery.storeBytes()
    let failed = try scenario.grocery.run(
      ["buy", "nothing-such", "--quiet"], extra: ["GROCERY_NOW": "2026-11-25T12:00:00Z"])
    #expect(failed.status == 1 && failed.stderr.hasPrefix(warning), "\(failed)")
    #expect(scenario.grocery.storeBytes() == state)
    #expect(
      try said(["list", "--quiet"], at: "2026-11-25T12:01:00Z"), "the failed command remembered nothing")
  }

  /// A line at the very end of time in this machine's own log (a sync tool brought it, or a hand edit) leaves no
  /// stamp after it: a change is refused, naming the log and the way on, and nothing written; with this machine's
  /// identity moved away, as the error says, it goes on as a new machine (found by a trial: the error named neither).
  @Test func aLineAtTheEndOfTimeInThisMachinesLogIsSaidWithTheWayOn() throws {
    try scenario.given(["add", "milk"])
    let logs = scenario.grocery.store + "/logs"
    let name = try #require(try FileManager.default.contentsOfDirectory(atPath: logs).first)
    let own = logs + "/" + name
    let line =
      "{\"v\":2,\"id\":\"11111111-1111-4111-8111-111111111111\",\"at\":\"9999-12-31T23:59:58.999Z\","
      + "\"seq\":4294967296,\"machine\":\"\(name.prefix(16))\",\"summary\":\"x\",\"ops\":[]}\n"
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: own))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(line.utf8))
    try handle.close()
    let identity = try scenario.grocery.household().stateFolder + "/identity.json"
    try scenario.expectRefused(
      ["add", "eggs"],
      stderr:
        "grocery: error: this change cannot be written, so nothing was: at: this machine's log '\(own)' ends"
        + " in a change ordered as of 9999-12-31T23:59:58Z, after which no change can be written; move"
        + " '\(identity)' away, and this machine goes on as a new one\n", status: 65)
    try FileManager.default.moveItem(atPath: identity, toPath: identity + ".old")
    let added = try scenario.grocery.run(["add", "eggs"])
    #expect(added.status == 0 && added.stdout == "added: eggs\n", "\(added)")
  }

  /// A peer's purchase dated after the day its change was made (a hand edit; an import before import refused
  /// one) is dated that day, the latest any clock then read: shown so, and its staple due again as after any
  /// purchase, where 9999-12-31 put it off restock for good (found by a session).
  @Test func aPeersPurchaseDatedFarAfterItsChangeIsDatedTheDayAfter() throws {
    try scenario.given(["add", "milk"])
    let tea = "00000000-0000-4000-8000-0000000000e1"
    let path = try peerLine(
      "{\"op\":\"item\",\"id\":\"\(tea)\",\"set\":{\"name\":\"tea\",\"staple\":true}},"
        + "{\"op\":\"buy\",\"item\":\"\(tea)\",\"day\":\"9999-12-31\",\"quantity\":1}",
      summary: "\"add tea\"")
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("9999-12-31"))
    let history = try scenario.grocery.run(["history"])
    #expect(history.status == 0 && history.stdout.hasPrefix("2026-11-22 tea"), "\(history)")
    #expect(history.stderr == "", "a line read, not left out: \(history)")
    let later = ["GROCERY_NOW": "2027-01-30T12:00:00Z"]
    let due = try scenario.grocery.run(["restock", "--due"], extra: later)
    #expect(due.status == 0 && due.stdout.contains("tea"), "\(due)")
    let check = try scenario.grocery.run(["check"], extra: later)
    #expect(check.status == 0, "\(check)")
  }

  func item(_ name: String) -> String {
    "{\"op\":\"item\",\"id\":\"00000000-0000-4000-8000-0000000000e1\",\"set\":{\"name\":\(name),\"onList\":true}}"
  }

  @Test(arguments: [
    ("\"\\u001b[31mred\"", "ops[0].set.name: expected an item name, but it contains a control character"),
    ("\"\"", "ops[0].set.name: expected an item name, but it is empty"),
    ("\" milk\"", "ops[0].set.name: expected an item name without space around it, in NFC"),
    (
      "\"" + String(repeating: "m", count: 101) + "\"",
      "ops[0].set.name: expected an item name, but it is longer than 100 characters"
    ),
  ])
  func aNameNoCommandWouldTakeIsLeftOutAndSaid(name: String, reason: String) throws {
    try scenario.given(["add", "milk"])
    let path = try peerLine(item(name), summary: "\"add\"")
    try scenario.expect(
      ["list"], stdout: "Uncategorized\n  [ ] milk\n\n1 item to buy, 0 bought today\n",
      stderr:
        "grocery: warning: '\(path)' line 1: \(reason); that change is left out ('grocery check' lists every one)\n"
    )
  }

  /// A peer's note passes the rule `edit --note` applies, but for a character that reorders the text after it,
  /// which an older grocery took: its line is read and a list shows it as an escape. The marks right-to-left text
  /// carries are shown as they are.
  @Test func aPeersNoteIsReadAsAnOlderGroceryWroteItAndShownSafely() throws {
    try scenario.given(["add", "milk"])
    func noted(_ note: String) -> String {
      "{\"op\":\"item\",\"id\":\"00000000-0000-4000-8000-0000000000e1\",\"set\":{\"name\":\"eggs\","
        + "\"onList\":true,\"note\":\"\(note)\"}}"
    }
    _ = try peerLine(noted("ok \\u202eevil, \\u200f\u{05E9}\u{05DC}\u{05D5}\u{05DD}"), summary: "\"add\"")
    try scenario.expect(
      ["list"],
      stdout:
        "Uncategorized\n  [ ] eggs - ok \\u{202e}evil, \u{200F}שלום\n  [ ] milk\n\n2 items to buy, 0 bought today\n"
    )
  }

  /// A line of only spaces, tabs or a carriage return holds no change, as an empty line holds none: passed over in
  /// silence, by every command and by `check`, where it was said as a line that ends too early.
  @Test func aLineOfOnlySpacesTabsOrACarriageReturnIsPassedOverAsAnEmptyOneIs() throws {
    try scenario.given(["add", "milk"])
    let path = try peerLine(item("\"eggs\""), summary: "\"add\"")
    let good = try String(contentsOfFile: path, encoding: .utf8)
    // Last, spaces and a tab with no newline after them: no line cut short either.
    try ("  \n\t\n\r\n\n" + good + " \t \r\n  \t").write(toFile: path, atomically: false, encoding: .utf8)
    try scenario.expect(
      ["list"], stdout: "Uncategorized\n  [ ] eggs\n  [ ] milk\n\n2 items to buy, 0 bought today\n")
    let check = try scenario.grocery.run(["check"])
    #expect(check.status == 0 && check.stdout.hasSuffix("all is well\n"), "\(check)")
    #expect(!check.stdout.contains("v?") && !check.stdout.contains("no end yet"), "\(check)")
  }

  @Test func aLogOfJunkIsNamedInAFewLinesNotOneAJunkLineAndCheckListsEveryOne() throws {
    try scenario.given(["add", "milk"])
    let path = try peerLine(item("\"eggs\""), summary: "\"add\"")
    let good = try String(contentsOfFile: path, encoding: .utf8)
    // Eight lines no grocery would write, then the peer's good change: it is still read.
    let junk = (1...8).map { "junk \($0)\n" }.joined()
    try (junk + good).write(toFile: path, atomically: false, encoding: .utf8)
    let list = try scenario.grocery.run(["list"])
    #expect(list.stdout == "Uncategorized\n  [ ] eggs\n  [ ] milk\n\n2 items to buy, 0 bought today\n")
    let warnings = list.stderr.split(separator: "\n").map(String.init)
    #expect(warnings.count == 6, "\(list)")
    for (index, warning) in warnings.prefix(5).enumerated() {
      #expect(warning.hasPrefix("grocery: warning: '\(path)' line \(index + 1): "), "\(warning)")
    }
    #expect(
      warnings.last == "grocery: warning: '\(path)': 3 more lines left out ('grocery check' lists every one)")
    let check = try scenario.grocery.run(["check"])
    for line in 1...8 { #expect(check.stdout.contains("line \(line):"), "\(check)") }
  }

  @Test func afterFiveJunkLinesCopiesAndNewerLinesAreStillSaidAsWhatTheyAre() throws {
    try scenario.given(["add", "milk"])
    let path = try peerLine(item("\"eggs\""), summary: "\"add\"")
    let good = try String(contentsOfFile: path, encoding: .utf8)
    // Six junk lines, the good change, two copies of it (read once), then a line from a newer grocery.
    let newer = "{\"v\":99,\"id\":\"later\",\"at\":\"2026-11-21T11:00:00.000Z\"}\n"
    let junk = (1...6).map { "junk \($0)\n" }.joined()
    try (junk + good + good + good + newer).write(toFile: path, atomically: false, encoding: .utf8)
    let list = try scenario.grocery.run(["list"])
    #expect(list.stdout == "Uncategorized\n  [ ] eggs\n  [ ] milk\n\n2 items to buy, 0 bought today\n")
    let warnings = list.stderr.split(separator: "\n").map(String.init)
    #expect(warnings.count == 7, "\(list)")
    #expect(
      warnings.contains(
        "grocery: warning: '\(path)': 1 more line left out, and 2 that are copies of a line above, read once"
          + " ('grocery check' lists every one)"), "\(list)")
    #expect(
      warnings.contains {
        $0.hasPrefix("grocery: warning: '\(path)' holds changes from a newer grocery, the first on line 10 ")
      },
      "\(list)")
  }

  @Test func eachLogsWarningsEndBeforeTheNextLogsBegin() throws {
    try scenario.given(["add", "milk"])
    let logs = scenario.grocery.store + "/logs/"
    let junk = logs + "00000000000000aa.jsonl"
    let newer = logs + "00000000000000bb.jsonl"
    try (1...7).map { "junk \($0)\n" }.joined().write(toFile: junk, atomically: false, encoding: .utf8)
    try "{\"v\":99,\"id\":\"later\",\"at\":\"2026-11-21T11:00:00.000Z\"}\n".write(
      toFile: newer, atomically: false, encoding: .utf8)
    let warnings = try scenario.grocery.run(["list"]).stderr.split(separator: "\n").map(String.init)
    #expect(warnings.count == 7, "\(warnings)")
    #expect(
      warnings.prefix(5).allSatisfy { $0.hasPrefix("grocery: warning: '\(junk)' line ") }, "\(warnings)")
    #expect(
      warnings.dropFirst(5).first?.hasPrefix("grocery: warning: '\(junk)': 2 more lines") == true,
      "\(warnings)")
    #expect(
      warnings.last?.hasPrefix("grocery: warning: '\(newer)' holds changes from a newer grocery") == true)
  }

  /// A peer's line dated at the last second a line may carry, never followed, still wins over a change made after
  /// it: the command says so, so that 'back on the list' is not taken for what the list shows.
  @Test func aChangeThatALaterDatedLineStillWinsOverIsSaid() throws {
    try scenario.given(["add", "milk", "eggs"])
    let listed = try scenario.grocery.run(["list", "--all", "--format", "json"]).stdout
    let json = try #require(try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [String: Any])
    let first = try #require((json["items"] as? [[String: Any]])?.first)
    let (id, name) = (try #require(first["id"] as? String), try #require(first["name"] as? String))
    let peer = scenario.grocery.store + "/logs/cccccccccccccccc.jsonl"
    try
      ("{\"v\":2,\"id\":\"11111111-1111-4111-8111-111111111111\",\"at\":\"9999-12-31T23:59:58.999Z\",\"seq\":0,"
      + "\"machine\":\"cccccccccccccccc\",\"summary\":\"x\",\"ops\":[{\"op\":\"item\",\"id\":\"\(id)\","
      + "\"set\":{\"quantity\":7}}]}\n").write(toFile: peer, atomically: false, encoding: .utf8)
    let outcome = try scenario.grocery.run(["edit", name, "-q", "2"])
    #expect(outcome.status == 0)
    #expect(
      outcome.stderr.contains(
        "warning: '\(name)' has a change dated 9999-12-31T23:59:58.999Z in '\(peer)', after this one, which wins"
          + " over it where both set something"), "\(outcome)")
    let other = name == "milk" ? "eggs" : "milk"
    #expect(!(try scenario.grocery.run(["edit", other, "-q", "3"]).stderr.contains("has a change dated")))
    // A removal it keeps from taking effect is said so: the item stays (found by a trial, where the warning read as
    // if the removal were done).
    let removed = try scenario.grocery.run(["remove", name])
    #expect(
      removed.stderr.contains(
        "warning: '\(name)' has a change dated 9999-12-31T23:59:58.999Z in '\(peer)', after this one, which keeps"
          + " it in the household"), "\(removed)")
    #expect(try scenario.grocery.run(["list"]).stdout.contains("[ ] \(name)"))
  }

  @Test func checkShowsAFieldNameWithControlCharactersEscaped() throws {
    try scenario.given(["add", "milk"])
    _ = try peerLine(
      "{\"op\":\"item\",\"id\":\"00000000-0000-4000-8000-0000000000e1\",\"set\":{\"name\":\"eggs\","
        + "\"\\u001b[31mx\\ngrocery: all is well\":true}}", summary: "\"add\"")
    let check = try scenario.grocery.run(["check"])
    #expect(!check.stdout.contains("\u{1b}") && !check.stderr.contains("\u{1b}"), "\(check)")
    #expect(check.stdout.contains("\\u{1b}[31mx\\ngrocery: all is well"), "\(check)")
    #expect(!check.stdout.contains("\ngrocery: all is well"), "\(check)")
    let list = try scenario.grocery.run(["list"])
    #expect(!list.stderr.contains("\u{1b}") && list.stderr.split(separator: "\n").count == 1, "\(list)")
  }

  @Test func aSummaryWithAnEscapeSequenceIsLeftOut() throws {
    try scenario.given(["add", "milk"])
    let path = try peerLine(item("\"eggs\""), summary: "\"\\u001b]0;owned\\u0007\"")
    let list = try scenario.grocery.run(["list"])
    #expect(list.stdout == "Uncategorized\n  [ ] milk\n\n1 item to buy, 0 bought today\n")
    #expect(list.stderr.contains("'\(path)' line 1: summary: it contains a control character"))
    #expect(!list.stderr.contains("\u{1b}") && !list.stdout.contains("\u{1b}"))
  }

  @Test func aKeyThatBelongsToAnotherOperationIsLeftOutNotDropped() throws {
    try scenario.given(["add", "milk"])
    let path = try peerLine(
      "{\"op\":\"buy\",\"item\":\"00000000-0000-4000-8000-0000000000e1\",\"day\":\"2026-11-21\",\"quantity\":1,"
        + "\"name\":\"x\"}", summary: "\"buy\"")
    let list = try scenario.grocery.run(["list"])
    #expect(list.status == 0)
    #expect(list.stderr.contains("'\(path)' line 1: ops[0].name: 'buy' operations have no such field"))
  }

  @Test func aColourOnAVersion2LineIsLeftOut() throws {
    try scenario.given(["add", "milk"])
    let path = try peerLine(
      "{\"op\":\"category\",\"id\":\"00000000-0000-4000-8000-00000000c001\",\"set\":{\"color\":\"red\"}}",
      summary: "\"color\"")
    let list = try scenario.grocery.run(["category", "list"])
    #expect(list.stderr.contains("'\(path)' line 1: ops[0].set: a field it sets needs a version-3 line"))
  }

  @Test func aChangeThatWouldWriteADateNoGroceryReadsIsRefusedBeforeItIsWritten() throws {
    let early = Scenario(now: "0001-02-01T12:00:00Z")
    let outcome = try early.grocery.run(["init", "--sample"])
    #expect(outcome.status == 65, "\(outcome)")
    #expect(outcome.stderr.hasPrefix("grocery: error: this change cannot be written, so nothing was: ops["))
    #expect(outcome.stderr.contains("expected a time as YYYY-MM-DDTHH:MM:SS.mmmZ"), "\(outcome)")
    #expect(early.grocery.storeBytes() == nil, "no household, no identity, no lock")
  }

  /// This machine's log, its lines, and where the cache is.
  func ownLog() throws -> (path: String, lines: [String]) {
    let logs = scenario.grocery.store + "/logs"
    let name = try #require(try FileManager.default.contentsOfDirectory(atPath: logs).first)
    let text = try String(contentsOfFile: logs + "/" + name, encoding: .utf8)
    return (logs + "/" + name, text.split(separator: "\n").map(String.init))
  }

  /// Runs the command twice, folding the logs once from the cache and once from every log whole, and expects the
  /// same outcome both times.
  func expectBothWays(_ arguments: [String], _ expected: Outcome) throws {
    try scenario.expect(arguments, stdout: expected.stdout, stderr: expected.stderr, status: expected.status)
    unlink(try scenario.grocery.household().stateFolder + "/cache.sqlite")
    try scenario.expect(arguments, stdout: expected.stdout, stderr: expected.stderr, status: expected.status)
  }

  /// A peer's unbuy naming a purchase it did not make (this machine's, or none at all) takes back nothing, read as
  /// it comes in as in a rebuild: it took back the peer's own purchase of that day from the item's counts, where a
  /// rebuild did not (found by a trial).
  @Test(arguments: [true, false])
  func aPeersUnbuyOfAPurchaseNotItsOwnTakesNothingBack(namingThisMachines: Bool) throws {
    try scenario.given(["add", "milk"], ["purchase", "milk"])
    let (_, lines) = try ownLog()
    func field(_ key: String, of line: String) throws -> String {
      let range = try #require(line.range(of: "\"\(key)\":\""))
      return String(line[range.upperBound...].prefix { $0 != "\"" })
    }
    let item = try field("item", of: lines[1])
    let purchase = namingThisMachines ? try field("id", of: lines[1]) : "no-such-change"
    let path = try peerLine(
      "{\"op\":\"buy\",\"item\":\"\(item)\",\"day\":\"2026-11-21\",\"quantity\":1}",
      summary: "\"purchase milk\"")
    let twice = try scenario.grocery.run(["stats", "milk"])
    #expect(
      twice.status == 0 && twice.stdout.contains("\nmilk  ") && twice.stdout.contains("  2  "), "\(twice)")
    let unbuy =
      "{\"v\":2,\"id\":\"peer-2\",\"at\":\"2026-11-21T10:00:01.000Z\",\"seq\":1,\"machine\":\"00000000000000ee\","
      + "\"summary\":\"undo purchase milk\",\"ops\":[{\"op\":\"unbuy\",\"item\":\"\(item)\",\"change\":"
      + "\"\(purchase)\",\"day\":\"2026-11-21\",\"quantity\":1}]}\n"
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.seekToEndOfFile()
    handle.write(Data(unbuy.utf8))
    handle.closeFile()
    for arguments in [["stats", "milk"], ["list", "--purchased"]] {
      try expectBothWays(arguments, try scenario.grocery.run(arguments))
    }
    try scenario.expect(["stats", "milk"], stdout: twice.stdout)
  }

  @Test func aLineCopiedInTheLogIsReadOnceAndSaid() throws {
    try scenario.given(["add", "milk", "eggs"], ["purchase", "milk"], ["add", "tea"])
    let (path, lines) = try ownLog()
    // The purchase pasted again at the end (a merge gone wrong): one purchase, not two.
    try (lines + [lines[1]]).map { $0 + "\n" }.joined().write(
      toFile: path, atomically: false, encoding: .utf8)
    try expectBothWays(
      ["history"],
      Outcome(
        stdout: "2026-11-21 milk\n",
        stderr:
          "grocery: warning: '\(path)' line 4 is a copy of line 2 (copied by hand, or a merge gone wrong?);"
          + " the change is read once\n"))
    let check = try scenario.grocery.run(["check"])
    #expect(check.status == 65, "\(check)")
    #expect(
      check.stdout.contains("\n  4 lines, ")
        && check.stdout.contains("\n  line 4: a copy of line 2, read once\n"))
    #expect(check.stdout.hasSuffix("\n1 problem\n"), "\(check)")
  }

  @Test func aLogSavedWithAByteOrderMarkIsReadWholeAndTakesNewChanges() throws {
    try scenario.given(["add", "milk", "eggs"], ["purchase", "milk"])
    let (path, lines) = try ownLog()
    // Saved by an editor that starts a file with a byte-order mark (Windows Notepad).
    try ("\u{FEFF}" + lines.map { $0 + "\n" }.joined()).write(
      toFile: path, atomically: false, encoding: .utf8)
    let list = Outcome(stdout: "Uncategorized\n  [ ] eggs\n\n1 item to buy, 1 bought today\n")
    try expectBothWays(["list"], list)
    try scenario.given(["add", "tea"], ["undo"])
    try expectBothWays(["list"], list)
    let check = try scenario.grocery.run(["check"])
    #expect(check.status == 0, "\(check)")
    #expect(check.stdout.contains("  versions: v2 4\n"), "\(check)")
  }

  @Test func aChangeAnOlderGroceryWroteAfterALineWithWallIsReadNotLeftOut() throws {
    try scenario.given(["add", "milk"])
    // The clock set back a day: the edit's time runs ahead of it, and its line carries `wall` (version 4).
    let setBack = try scenario.grocery.run(
      ["edit", "milk", "-n", "by new"], extra: ["GROCERY_NOW": "2026-11-20T09:00:00Z"])
    #expect(setBack.status == 0, "\(setBack)")
    let (path, lines) = try ownLog()
    #expect(lines.count == 2 && lines[1].hasPrefix("{\"v\":4,"))
    // An older grocery on this machine (a cron job's, a downgrade) reads no line with `wall`: it counts on from
    // the first line, so its change is dated before the line above it.
    let first = try #require(
      try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    let machine = try #require(first["machine"] as? String)
    let at = try #require(first["at"] as? String)
    let older =
      "{\"v\":2,\"id\":\"older-1\",\"at\":\"\(at)\",\"seq\":1,\"machine\":\"\(machine)\",\"summary\":\"add tea\","
      + "\"ops\":[\(item("\"tea\""))]}\n"
    try ((lines.map { $0 + "\n" }.joined()) + older).write(toFile: path, atomically: false, encoding: .utf8)
    try expectBothWays(
      ["list"],
      Outcome(stdout: "Uncategorized\n  [ ] milk - by new\n  [ ] tea\n\n2 items to buy, 0 bought today\n"))
    let check = try scenario.grocery.run(["check"])
    #expect(check.status == 0, "\(check)")
    // A line without `wall` dated before one without it above it is no older grocery's: it is left out.
    let earlier = older.replacingOccurrences(of: "older-1", with: "older-2").replacingOccurrences(
      of: "\"at\":\"\(at)\",\"seq\":1", with: "\"at\":\"2026-11-21T11:00:00.000Z\",\"seq\":0")
    #expect(earlier.contains("11:00:00.000Z"))
    try ((lines.map { $0 + "\n" }.joined()) + older + earlier).write(
      toFile: path, atomically: false, encoding: .utf8)
    #expect(try scenario.grocery.run(["check"]).status == 65)
  }

  /// Another machine's log put back to an older copy, or deleted, by a folder-sync tool: what its lost lines did
  /// shows no more here, and the command that finds it says so, once.
  @Test func anotherMachinesLogShorterOrGoneIsSaidOnce() throws {
    try scenario.given(["add", "milk"])
    let path = try peerLine(item("\"eggs\""), summary: "\"add eggs\"")
    let first = try String(contentsOfFile: path, encoding: .utf8)
    let second = first.replacingOccurrences(of: "peer-1", with: "peer-2")
      .replacingOccurrences(of: "10:00:00.000Z", with: "10:01:00.000Z")
      .replacingOccurrences(of: "0000000000e1", with: "0000000000e2").replacingOccurrences(
        of: "eggs", with: "tea")
    try (first + second).write(toFile: path, atomically: false, encoding: .utf8)
    try scenario.expect(
      ["list"], stdout: "Uncategorized\n  [ ] eggs\n  [ ] milk\n  [ ] tea\n\n3 items to buy, 0 bought today\n"
    )
    try first.write(toFile: path, atomically: false, encoding: .utf8)
    let whole = first.utf8.count + second.utf8.count
    try scenario.expect(
      ["list"], stdout: "Uncategorized\n  [ ] eggs\n  [ ] milk\n\n2 items to buy, 0 bought today\n",
      stderr:
        "grocery: warning: '\(path)' is \(first.utf8.count) bytes, shorter than the \(whole) this machine had read"
        + " of it (deleted, or an older copy put back by a sync tool?): what its lost lines did shows no more; put"
        + " its newer copy back if the tool kept one\n")
    try scenario.expect(
      ["list"], stdout: "Uncategorized\n  [ ] eggs\n  [ ] milk\n\n2 items to buy, 0 bought today\n")
    #expect(unlink(path) == 0)
    let gone = try scenario.grocery.run(["list"])
    #expect(
      gone.stderr.contains("is gone, after the \(first.utf8.count) bytes this machine had read"), "\(gone)")
  }

  /// Another machine's log put in another copy's place that is longer than this machine had read of it (a hand
  /// edit, a sync tool's other copy): what the lines gone from it did shows no more, and the command that finds
  /// it says so, once, as of a shorter one, where it said nothing (found by a trial).
  @Test func anotherMachinesLogReplacedByALongerOtherCopyIsSaidOnce() throws {
    try scenario.given(["add", "milk"])
    let path = try peerLine(item("\"eggs\""), summary: "\"add eggs\"")
    let first = try String(contentsOfFile: path, encoding: .utf8)
    func next(_ number: Int, _ name: String) -> String {
      first.replacingOccurrences(of: "peer-1", with: "peer-\(number)")
        .replacingOccurrences(of: "10:00:00.000Z", with: "10:0\(number):00.000Z")
        .replacingOccurrences(of: "0000000000e1", with: "0000000000e\(number)")
        .replacingOccurrences(of: "eggs", with: name)
    }
    try (first + next(2, "tea")).write(toFile: path, atomically: false, encoding: .utf8)
    try scenario.expect(
      ["list"], stdout: "Uncategorized\n  [ ] eggs\n  [ ] milk\n  [ ] tea\n\n3 items to buy, 0 bought today\n"
    )
    try (first + next(3, "coffee") + next(4, "jam")).write(toFile: path, atomically: false, encoding: .utf8)
    let listed =
      "Uncategorized\n  [ ] coffee\n  [ ] eggs\n  [ ] jam\n  [ ] milk\n\n4 items to buy, 0 bought today\n"
    try scenario.expect(
      ["list"], stdout: listed,
      stderr:
        "grocery: warning: '\(path)' is not the copy this machine had read: its line 2 is not as it was (edited by"
        + " hand, or another copy put in its place by a sync tool?): what lines gone from it did shows no more; put"
        + " back the copy its machine wrote if the tool kept one\n")
    try scenario.expect(["list"], stdout: listed)
  }

  @Test func aLineWithTheIdAndTimeOfAnotherButOtherContentsIsLeftOutAndSaid() throws {
    try scenario.given(["add", "milk"], ["add", "eggs"])
    let (path, lines) = try ownLog()
    let edited = lines[1].replacingOccurrences(of: "eggs", with: "beer")
    try (lines + [edited]).map { $0 + "\n" }.joined().write(toFile: path, atomically: false, encoding: .utf8)
    try expectBothWays(
      ["list"],
      Outcome(
        stdout: "Uncategorized\n  [ ] eggs\n  [ ] milk\n\n2 items to buy, 0 bought today\n",
        stderr:
          "grocery: warning: '\(path)' line 3 has the id and time of line 2 but other contents (edited by"
          + " hand?); only line 2 is read\n"))
    #expect(try scenario.grocery.run(["check"]).status == 65)
  }

  @Test func anotherChangeWithTheTimeOfTheLineAboveIsReadAndListedByCheck() throws {
    try scenario.given(["add", "milk"], ["add", "eggs"])
    let (path, lines) = try ownLog()
    // What two computers writing as one machine make: another change, with its own id, at the same stamp.
    func id(after key: String) throws -> String {
      let start = try #require(lines[1].firstRange(of: key)).upperBound
      return String(lines[1][start...].prefix(36))
    }
    let twin = lines[1].replacingOccurrences(of: "eggs", with: "tea")
      .replacingOccurrences(
        of: try id(after: "{\"v\":2,\"id\":\""), with: "00000000-0000-4000-8000-0000000000aa"
      )
      .replacingOccurrences(
        of: try id(after: "\"op\":\"item\",\"id\":\""), with: "00000000-0000-4000-8000-0000000000bb")
    try (lines + [twin]).map { $0 + "\n" }.joined().write(toFile: path, atomically: false, encoding: .utf8)
    try expectBothWays(
      ["list"],
      Outcome(stdout: "Uncategorized\n  [ ] eggs\n  [ ] milk\n  [ ] tea\n\n3 items to buy, 0 bought today\n"))
    let check = try scenario.grocery.run(["check"])
    #expect(check.status == 0, "\(check)")
    #expect(
      check.stdout.contains(
        "\n  line 3: another change with the time of line 2 (two computers writing as this\n    machine?); both"
          + " are read\n"), "\(check)")
  }

  @Test func aLinePutInBeforeTheLastLineTheCacheReadIsFolded() throws {
    try scenario.given(["add", "milk"])
    #expect(
      try scenario.grocery.run(["add", "tea"], extra: ["GROCERY_NOW": "2026-11-21T12:02:00Z"]).status == 0)
    try scenario.given(["list"])
    let (path, lines) = try ownLog()
    // A line of the same length and shape put in before the last one, as sync does with a change another
    // computer made as this machine: the bytes where the cache stopped reading end alike.
    func id(after key: String) throws -> String {
      let start = try #require(lines[1].firstRange(of: key)).upperBound
      return String(lines[1][start...].prefix(36))
    }
    let jam = lines[1].replacingOccurrences(of: "tea", with: "jam")
      .replacingOccurrences(of: "\"at\":\"2026-11-21T12:02", with: "\"at\":\"2026-11-21T12:01")
      .replacingOccurrences(
        of: try id(after: "{\"v\":2,\"id\":\""), with: "00000000-0000-4000-8000-0000000000aa"
      )
      .replacingOccurrences(
        of: try id(after: "\"op\":\"item\",\"id\":\""), with: "00000000-0000-4000-8000-0000000000bb")
    try [lines[0], jam, lines[1]].map { $0 + "\n" }.joined().write(
      toFile: path, atomically: false, encoding: .utf8)
    try scenario.expect(
      ["list"], stdout: "Uncategorized\n  [ ] jam\n  [ ] milk\n  [ ] tea\n\n3 items to buy, 0 bought today\n")
  }

  @Test func aLineCopiedBelowALaterOneIsStillARepeatNotAChangeLeftOut() throws {
    try scenario.given(["add", "milk"], ["add", "eggs"])
    let (path, lines) = try ownLog()
    try (lines + [lines[0]]).map { $0 + "\n" }.joined().write(
      toFile: path, atomically: false, encoding: .utf8)
    try expectBothWays(
      ["list"],
      Outcome(
        stdout: "Uncategorized\n  [ ] eggs\n  [ ] milk\n\n2 items to buy, 0 bought today\n",
        stderr:
          "grocery: warning: '\(path)' line 3 is a copy of line 1 (copied by hand, or a merge gone wrong?);"
          + " the change is read once\n"))
  }

  @Test(arguments: [
    "00000000000000ee.sync-conflict-20261121-120000-ABCDEFG.jsonl",
    "00000000000000ee (conflicted copy 2026-11-21).jsonl",
    "00000000000000ee (Bob's conflicted copy 2026-11-21).jsonl",
    "00000000000000ee (Bob’s conflicted copy 2026-11-21 (1)).jsonl",
    "00000000000000ee-DESKTOP-4F2K.jsonl", "00000000000000ee (1).jsonl",
  ])
  func aSyncToolsConflictCopyIsNotReadButSaid(name: String) throws {
    try scenario.given(["add", "milk"])
    let copy = scenario.grocery.store + "/logs/" + name
    try "{\"v\":2}\n".write(toFile: copy, atomically: false, encoding: .utf8)
    let list = try scenario.grocery.run(["list"])
    #expect(list.status == 0 && list.stdout.hasPrefix("Uncategorized\n  [ ] milk\n"))
    #expect(
      list.stderr
        == "grocery: warning: '\(copy)' is a sync tool's conflict copy and is not read: a log never conflicts, so a"
        + " log was edited by hand or a backup restored; 'grocery check' names the changes only the copy holds,"
        + " then remove it\n")
  }

  @Test func aFileNameAPeerChoseCannotForgeALineOrAColourOnStandardError() throws {
    try scenario.given(["add", "milk"])
    let name = "00000000000000ee.sync-conflict-\ngrocery: error: fake\u{1b}[31m\u{202e}x.jsonl"
    let copy = scenario.grocery.store + "/logs/" + name
    try "{\"v\":2}\n".write(toFile: copy, atomically: false, encoding: .utf8)
    let list = try scenario.grocery.run(["list"])
    #expect(list.status == 0 && list.stdout.hasPrefix("Uncategorized\n  [ ] milk\n"))
    let shown =
      scenario.grocery.store + "/logs/00000000000000ee.sync-conflict-\\ngrocery: error: fake\\u{1b}[31m"
      + "\\u{202e}x.jsonl"
    #expect(
      list.stderr
        == "grocery: warning: '\(shown)' is a sync tool's conflict copy and is not read: a log never conflicts, so"
        + " a log was edited by hand or a backup restored; 'grocery check' names the changes only the copy holds,"
        + " then remove it\n")
  }

  @Test func aDamagedMarkerIsSaidOnReadsAndWrittenBackByTheNextChange() throws {
    try scenario.given(["add", "milk"])
    let marker = scenario.grocery.store + "/household.json"
    let whole = try String(contentsOfFile: marker, encoding: .utf8)
    try "{\"format\":\"grocery-hou".write(toFile: marker, atomically: false, encoding: .utf8)
    let list = try scenario.grocery.run(["list"])
    #expect(list.status == 0 && list.stdout.hasPrefix("Uncategorized\n  [ ] milk\n"), "\(list)")
    #expect(list.stderr.hasPrefix("grocery: warning: cannot read '\(marker)': byte "), "\(list)")
    try scenario.given(["add", "eggs"])
    #expect(try String(contentsOfFile: marker, encoding: .utf8) == whole, "the same id, written back")
  }

  @Test func aFolderWithoutLogsWhoseMarkerIsNotAHouseholdsIsRefused() throws {
    let other = scenario.folder.path + "/other"
    try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
    try scenario.folder.write("other/household.json", "{\"format\":\"something-else\"}\n")
    try scenario.expectRefused(
      ["--store", other, "list"],
      stderr:
        "grocery: error: cannot read store '\(other)/household.json': not a grocery household (format is not"
        + " 'grocery-household')\n", status: 65)
  }
}
