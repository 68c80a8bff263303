import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// Plain-text listings wrap a long name under its text so every line fits 80 columns, as README promises.
@Suite struct EightyColumnTests {
  func long(_ letter: String, _ count: Int = 100) -> String { String(repeating: letter, count: count) }

  @Test func categoryListWrapsALongNameUnderItsText() {
    let categories = [
      CategorySummary(name: "Produce", itemCount: 2), CategorySummary(name: long("C"), itemCount: 0),
    ]
    #expect(
      CategoryListRenderer.text(categories)
        == "1. Produce  (2 items)\n2. \(long("C", 77))\n   \(long("C", 23)) (0 items)\n")
  }

  @Test func numberedLinesWrapUnderTheTextPastTheWidestNumber() {
    let lines = (1...9).map { "line \($0)" } + ["Snacks and " + long("S", 80) + " and drinks"]
    #expect(
      NumberedLines.text(lines)
        == (1...9).map { " \($0). line \($0)\n" }.joined() + "10. Snacks and\n    \(long("S", 76))\n"
        + "    \(long("S", 4)) and drinks\n")
  }

  @Test func undoListWrapsALongSummaryBeforeItsTime() {
    let entries = [
      UndoEntry(summary: "add " + long("W"), at: Fixed.now), UndoEntry(summary: "add milk", at: nil),
    ]
    #expect(
      UndoListRenderer.text(entries)
        == "1. add\n   \(long("W", 77))\n   \(long("W", 23)) (2026-11-21 12:00)\n2. add milk\n")
  }

  @Test func locationListWrapsALongNameUnderItself() {
    let locations = [
      LocationSummary(name: long("L"), itemCount: 0, hasOwnOrder: true),
      LocationSummary(name: "Costco", itemCount: 1, hasOwnOrder: false),
    ]
    #expect(
      LocationListRenderer.text(locations)
        == "\(long("L", 80))\n  \(long("L", 20)) (0 items only here; own aisle order)\n"
        + "Costco  (1 item only here)\n")
  }

  /// Each staple on one line, however long its name, as `add` says it: a script reads one a line.
  @Test func restockNamesEachStapleOnALineOfItsOwn() {
    #expect(
      RestockRenderer.text(["eggs", long("W")], dryRun: true) == "would add: eggs\nwould add: \(long("W"))\n")
    #expect(RestockRenderer.text(["eggs", "milk"], dryRun: false) == "added: eggs\nadded: milk\n")
    #expect(RestockRenderer.text([], dryRun: true) == "nothing to restock\n")
  }

  /// What an empty list says at a store with a long name wraps, and reads back as an empty list; so does the
  /// header of the walk order `--suggest` prints.
  @Test func anEmptyListAtALongStoreAndTheWalkOrderHeaderWrap() throws {
    let store = "The Very Long Named Wholesale Warehouse Club Superstore On The Other Side Of Town"
    var groceries = Groceries(locations: [Location(name: store)])
    _ = try groceries.add(
      ["milk"], changes: ItemChanges(), today: Fixed.today, now: Fixed.now, newID: Fixed.ids())
    _ = try groceries.purchase(["milk"], on: Fixed.today, today: Fixed.today, now: Fixed.now)
    let text = TextRenderer.render(try groceries.listView(ListQuery(location: store, today: Fixed.today)))
    #expect(
      text == "Nothing on the list at The Very Long Named Wholesale Warehouse Club Superstore\n"
        + "On The Other Side Of Town.\n")
    // With a long category too it takes three lines, and under a long title still reads as empty.
    let category = "Very Long Category Name That Goes On And On About Snacks Drinks And Other Things Too"
    _ = try groceries.addCategory(category)
    let three = TextRenderer.render(
      try groceries.listView(ListQuery(location: store, category: category, today: Fixed.today)),
      title: category + " " + category)
    #expect(three.split(separator: "\n").count == 6, Comment(rawValue: three))
    for pasted in [text, "Groceries\n\n" + text, three] {
      let document = try Importer.read([ImportFile(name: "mail.txt", text: pasted)])
      #expect(document.items.isEmpty && document.headings.isEmpty, Comment(rawValue: pasted))
    }
    let suggestion = WalkOrderSuggestion(
      trips: 3, steps: [.init(category: "Produce", next: nil, trips: 3, ahead: 0, behind: 0)], unseen: [])
    #expect(
      WalkOrderRenderer.text(suggestion, store: store).hasPrefix(
        "Walk order at The Very Long Named Wholesale Warehouse Club Superstore On The\n"
          + "  Other Side Of Town, from 3 trips:\n"))
  }

  /// A run of Hangul leading jamo is one character, but a terminal shows each jamo two columns wide: the run is
  /// measured so, and cut inside when it is wider than a line.
  @Test func aRunOfHangulLeadingJamoIsMeasuredAndCutJamoByJamo() {
    let jamo = long("\u{1100}", 90)
    #expect(jamo.count == 1)
    #expect(TextLayout.width(jamo) == 180)
    #expect(TextLayout.width("\u{1100}\u{1161}") == 2)
    #expect(TextLayout.width("\u{1100}\u{AC00}") == 4, "a leading jamo before a syllable: both show")
    #expect(TextLayout.width(String(repeating: "\u{1100}\u{AC00}", count: 30)) == 120)
    let lines = TextLayout.fit(jamo, width: 80, first: "added: ", rest: "       ")
    #expect(lines.map(TextLayout.width) == [79, 79, 43])
    #expect(lines.map { $0.unicodeScalars.filter { $0 == "\u{1100}" }.count } == [36, 36, 18])
  }
}
