import Foundation
import GroceryCore
import TestSupport
import Testing

/// Hostile inputs from issue 8, run against the real binary.
@Suite struct HostileInputTests {
  let scenario = Scenario()

  @Test(arguments: [
    (["rm", "\u{301}"], "grocery: error: invalid item name '\\u{301}': it has no visible character\n"),
    (["add", "\u{200D}"], "grocery: error: invalid item name '\\u{200d}': it has no visible character\n"),
    (["add", "\u{3164}"], "grocery: error: invalid item name '\\u{3164}': it has no visible character\n"),
    (
      ["add", "eggs\u{202E}klim"],
      "grocery: error: invalid item name 'eggs\\u{202e}klim': it contains a bidirectional formatting character"
        + " (U+202E), which can disguise it\n"
    ),
  ])
  func invisibleAndDisguisedNamesAreRefused(_ arguments: [String], _ stderr: String) throws {
    try scenario.given(["add", "Milk"])
    try scenario.expectRefused(arguments, stderr: stderr, status: 64)
    try scenario.expect(["list"], stdout: "Uncategorized\n  [ ] Milk\n\n1 item to buy, 0 bought today\n")
  }
}

/// Standard streams that are full, closed, not files, or not UTF-8.
@Suite struct StandardStreamTests {
  let scenario = Scenario()

  @Test func aSavedChangeWhoseReportIsLostSaysSoWithItsOwnExitCode() throws {
    try scenario.given(["add", "milk"])
    let outcome = try scenario.grocery.start(["purchase", "milk"], stdoutPath: "/dev/full").wait()
    #expect(
      outcome
        == Outcome(
          stderr: "grocery: error: the change was saved, but standard output could not be written:"
            + " no space left on device\n", status: 3))
    try scenario.expect(["history"], stdout: "2026-11-21 milk\n")
  }

  @Test func aClosedStandardOutputAfterAChangeSaysTheChangeWasSaved() throws {
    try scenario.given(["add", "milk"])
    #expect(
      try scenario.grocery.shell(#""$GROCERY" purchase milk >&-"#)
        == Outcome(
          stderr:
            "grocery: error: the change was saved, but standard output could not be written: it is closed\n",
          status: 3))
    try scenario.expect(["history"], stdout: "2026-11-21 milk\n")
    #expect(try scenario.grocery.shell(#""$GROCERY" --quiet add eggs >&-"#) == Outcome())
    #expect(
      try scenario.grocery.shell(#""$GROCERY" list >&-"#)
        == Outcome(stderr: "grocery: error: cannot write standard output: it is closed\n", status: 74))
  }

  @Test(arguments: [
    (#""$GROCERY" add - <&-"#, "grocery: error: cannot read 'standard input': it is closed\n"),
    (#""$GROCERY" add - < /"#, "grocery: error: cannot read 'standard input': is a directory\n"),
  ])
  func aClosedOrFolderStandardInputIsAnIOError(_ script: String, _ stderr: String) throws {
    try scenario.given(["add", "milk"])
    let before = scenario.grocery.storeBytes()
    #expect(try scenario.grocery.shell(script) == Outcome(stderr: stderr, status: 74))
    #expect(scenario.grocery.storeBytes() == before)
  }

  @Test func invalidUTF8OnStandardInputIsRefusedNamingTheByte() throws {
    try scenario.given(["add", "milk"])
    let before = scenario.grocery.storeBytes()
    #expect(
      try scenario.grocery.shell(#"printf 'bread\ncaf\351\n' | "$GROCERY" add -"#)
        == Outcome(
          stderr: "grocery: error: invalid standard input 'caf\\xe9': it is not valid UTF-8:"
            + " byte 0xE9 at offset 9, line 2\n", status: 64))
    #expect(scenario.grocery.storeBytes() == before)
  }

  @Test func invalidUTF8InAnArgumentIsRefusedNamingTheByte() throws {
    #expect(
      try scenario.grocery.shell(#""$GROCERY" add "$(printf 'caf\351')""#)
        == Outcome(
          stderr:
            "grocery: error: invalid argument 2 'caf\\xe9': it is not valid UTF-8: byte 0xE9 at offset 3\n",
          status: 64))
    #expect(scenario.grocery.storeBytes() == nil)
  }

  @Test func aByteOrderMarkAtTheStartOfStandardInputIsDropped() throws {
    #expect(
      try scenario.grocery.shell(#"printf '\357\273\277bread\n' | "$GROCERY" add -"#)
        == Outcome(stdout: "added: bread\n"))
    try scenario.expect(["names", "items"], stdout: "bread\n")
  }
}
