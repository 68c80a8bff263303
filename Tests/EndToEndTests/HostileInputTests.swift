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
