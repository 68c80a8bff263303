import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// Reading a checklist as phone apps write it: both formats, every bullet, ticks with and without dates, CRLF and
/// a byte-order mark.
@Suite struct ChecklistTests {
  static let header = MirrorHeader(
    household: "h-1", machine: "0123456789abcdef", machineName: "alice@kitchen")

  func lines(_ text: String, _ format: MirrorFormat) throws -> [ChecklistLine] {
    guard case .checklist(let checklist) = Checklist.read(Array(text.utf8), format: format) else {
      Issue.record("not a checklist: \(text)")
      return []
    }
    #expect(checklist.header == Self.header)
    return checklist.lines
  }

  @Test func theHeaderNamesTheHouseholdAndTheMachineInBothFormats() {
    for format in MirrorFormat.allCases {
      #expect(MirrorHeader.parse(Self.header.line(format)) == Self.header)
    }
    #expect(MirrorHeader.parse("# Groceries") == nil)
  }

  @Test func markdownTakesEveryBulletAndBoxUnderItsHeading() throws {
    let text =
      "\u{FEFF}" + Self.header.line(.markdown) + "\r\n\r\n## Produce\r\n- [ ] bananas x2 - not too ripe\r\n"
      + "* [x] apples\r\n+ [X] pears ✅ 2026-11-20\r\n## Dairy\r\n- [x] milk @done(2026-11-19)\r\n- eggs\r\n"
    let read = try lines(text, .markdown)
    #expect(read.map(\.body) == ["bananas x2 - not too ripe", "apples", "pears", "milk", "eggs"])
    #expect(read.map(\.ticked) == [false, true, true, true, false])
    #expect(read.map(\.day) == [nil, nil, Day("2026-11-20"), Day("2026-11-19"), nil])
    #expect(read.map(\.category) == ["Produce", "Produce", "Produce", "Dairy", "Dairy"])
  }

  /// An item an editor wrapped at its width goes on in indented lines without a bullet: one item, its lines keeping
  /// their numbers. An indented bullet is an item of its own, a line after a blank one or not indented is one, and
  /// todo.txt has no such lines.
  @Test func anIndentedLineGoesOnWithTheMarkdownItemAboveIt() throws {
    let text =
      Self.header.line(.markdown) + "\n## Produce\n- [x] bananas x2 - not too ripe, and\n  yellow if they\n"
      + "\thave them ✅ 2026-11-20\n  - [ ] pears\n    from the market\ncherries\n  plums\n- [ ] figs\n\n  dates\n"
    let read = try lines(text, .markdown)
    #expect(
      read.map(\.body) == [
        "bananas x2 - not too ripe, and yellow if they have them", "pears from the market", "cherries",
        "plums",
        "figs", "dates",
      ])
    #expect(read.map(\.number) == [3, 6, 8, 9, 10, 12])
    #expect(read.map(\.day) == [Day("2026-11-20"), nil, nil, nil, nil, nil])
    let todo = try lines(Self.header.line(.todoTxt) + "\nbananas\n  yellow\n", .todoTxt)
    #expect(todo.map(\.body) == ["bananas", "yellow"])
  }

  /// What other apps write on a task is no part of its item's name: Obsidian's other states (`[-]`, `[/]`) are no
  /// tick, and the Tasks plugin's dates and priorities after the text are left out, its done date a tick's day.
  @Test func markdownLeavesOutOtherAppsTaskStatesAndTaskFields() throws {
    let text =
      Self.header.line(.markdown) + "\n## Produce\n- [-] broccoli\n- [/] carrots\n"
      + "- [x] leeks ➕ 2026-11-01 ✅ 2026-11-22\n- [ ] lemons x2 📅 2026-11-25 ⏫\n"
      + "- [x] limes ✅ 2026-11-21 🔼\n- [ ] 🥕 baby carrots\n- [ ] [5] pencils\n"
    let read = try lines(text, .markdown)
    #expect(
      read.map(\.body) == [
        "broccoli", "carrots", "leeks", "lemons x2", "limes", "🥕 baby carrots", "[5] pencils",
      ])
    #expect(read.map(\.ticked) == [false, false, true, false, true, false, false])
    #expect(read.map(\.day) == [nil, nil, Day("2026-11-22"), nil, Day("2026-11-21"), nil, nil])
  }

  /// A done mark with a date no calendar has (`✅ 2026-02-30`) is the app's mark all the same: no part of the name,
  /// the tick taking the file's day; and a name holding one is written escaped, so it reads back as it was.
  @Test func aDoneMarkWithADateNoCalendarHasIsNoPartOfTheName() throws {
    let text =
      Self.header.line(.markdown) + "\n## Bakery\n- [x] bread ✅ 2026-02-30\n- [x] rolls @done(2026-13-01)\n"
      + "- [ ] cake \\✅ 2026-02-30\n"
    let read = try lines(text, .markdown)
    #expect(read.map(\.body) == ["bread", "rolls", "cake ✅ 2026-02-30"])
    #expect(read.map(\.ticked) == [true, true, false])
    #expect(read.map(\.day) == [nil, nil, nil])
    #expect(MarkdownDoneMark.escaped("cake ✅ 2026-02-30") == "cake \\✅ 2026-02-30")
  }

  @Test func aFileOfAByteOrderMarkAndLineEndsIsEmpty() {
    let read = Checklist.read([0xEF, 0xBB, 0xBF, 0x0D, 0x0A], format: .markdown)
    #expect(read == .notAChecklist("it is empty"))
  }

  @Test func todoTxtTakesACompletionDateNoCalendarHasAsNoDayAndNoName() throws {
    let read = try lines(Self.header.line(.todoTxt) + "\nx 2026-13-45 carrots\n", .todoTxt)
    #expect(read.map(\.body) == ["carrots"])
    #expect(read.map(\.ticked) == [true] && read.map(\.day) == [nil])
  }

  @Test func todoTxtReadsCompletionDatesPrioritiesContextsAndTags() throws {
    let text =
      Self.header.line(.todoTxt)
      + "\nx 2026-11-22 2026-11-20 milk x2 @Dairy_&_Fridge\n(A) eggs @Dairy_&_Fridge\n"
      + "x bread +weekend\n2026-11-20 coffee due:2026-11-30\n"
    let read = try lines(text, .todoTxt)
    #expect(read.map(\.body) == ["milk x2", "eggs", "bread", "coffee"])
    #expect(read.map(\.ticked) == [true, false, true, false])
    #expect(read.map(\.day) == [Day("2026-11-22"), nil, nil, nil])
    #expect(read.map(\.category) == ["Dairy & Fridge", "Dairy & Fridge", nil, nil])
  }

  /// A note that was tags alone leaves no dash behind in the name (found by a trial: `soap x2 -` was added); a dash
  /// that is the whole text, or one before a note, stays.
  @Test func aNoteOfTagsAloneLeavesNoDash() throws {
    let text =
      Self.header.line(.todoTxt)
      + "\nsoap x2 - size:large\nx tea - due:2026-12-01 @Dairy_&_Fridge\n- +x\nsoap - mild\n"
    let read = try lines(text, .todoTxt)
    #expect(read.map(\.body) == ["soap x2", "tea", "-", "soap - mild"])
  }

  /// An app that sorts its lines may move the line naming the household: it is found wherever it is, and the
  /// lines before it are items.
  @Test func theLineNamingTheHouseholdIsFoundWhereASortingAppMovedIt() throws {
    let text = "x 2026-11-21 eggs\nmilk\n" + Self.header.line(.todoTxt) + "\n"
    guard case .checklist(let checklist) = Checklist.read(Array(text.utf8), format: .todoTxt) else {
      Issue.record("not read as a checklist")
      return
    }
    #expect(checklist.header == Self.header)
    #expect(
      checklist.lines.map(\.body) == ["eggs", "milk"] && checklist.lines.map(\.ticked) == [true, false])
  }

  /// A ticked task keeps its priority where apps put it, before or after its creation date: never in the name.
  @Test func todoTxtLeavesOutAPriorityBeforeOrAfterATickedTasksCreationDate() throws {
    let text =
      Self.header.line(.todoTxt)
      + "\nx 2026-11-26 (A) 2026-11-24 jam\nx 2026-11-26 2026-11-25 (B) kiwis\nx (C) tea\n(A) 2026-11-25 figs\n"
    let read = try lines(text, .todoTxt)
    #expect(read.map(\.body) == ["jam", "kiwis", "tea", "figs"])
    #expect(read.map(\.ticked) == [true, true, true, false])
    #expect(read.map(\.day) == [Day("2026-11-26"), Day("2026-11-26"), nil, nil])
  }

  /// The header of a checklist written before editions reads with none; one written since, with its edition.
  @Test func theHeaderCarriesItsEditionAndOneWithoutReadsAsBefore() {
    var header = Self.header
    header.edition = 12
    for format in MirrorFormat.allCases {
      #expect(MirrorHeader.parse(header.line(format)) == header)
    }
    #expect(
      MirrorHeader.parse(
        "<!-- grocery checklist of household h-1 kept by alice@kitchen (machine 0123456789abcdef); tick, add,"
          + " change or delete lines and grocery reads them back -->") == Self.header)
    #expect(header.line(.markdown).contains("(machine 0123456789abcdef) edition 12; tick"))
  }

  /// A file cut inside a line is cut short, ticks before the cut or on its last line or not (found by a trial);
  /// one that ends in a whole line without its newline, as some apps save, or at a line's end, is an edit.
  @Test(arguments: [
    ("- [ ] tea\n- [ ] mi", true), ("- [ ] tea\n- [ ] milk x", true), ("- [ ] tea\n- [ ] milk", true),
    ("- [ ] tea", false), ("- [ ] tea\n", false), ("- [ ] tea\n- [ ] milk x2", false), ("", false),
    ("- [x] tea\n- [ ] mi", true), ("- [x] tea\n- [x] mi", true), ("- [ ] tea\n- [x", true),
    ("- [X] tea\n- [x]", true), ("- [x] tea\n- [ ] milk x2", false), ("- [ ] tea\n- [ ] bread", false),
    // Not cuts (found by a review): a line added at the end, an empty box an editor put there, another order.
    ("- [ ] tea\n- [ ] milk x2\n- [ ] ", false), ("- [x] tea\n- [ ] milk x2\n- [ ] te", false),
    ("- [ ] milk x2\n- [ ] te", false), ("- [x] tea\n- [ ] milk x2\n- [x] ", false),
  ])
  func aFileCutInsideALineIsCutShort(_ file: String, _ cut: Bool) {
    #expect(Mirrors.cutShort(Array(file.utf8), of: "- [ ] tea\n- [ ] milk x2\n") == cut)
  }

  /// A todo.txt line ticked (`x DATE `) and cut is cut short too.
  @Test func aTodoTxtLineTickedAndCutIsCutShort() {
    let written = "tea\ncoffee\nmilk\n"
    for cut in ["tea\nx 2026-11-21 co", "x 2026-11-21 tea\nx 2026-1", "tea\nx 2026-11-21 coffee\nx"] {
      #expect(Mirrors.cutShort(Array(cut.utf8), of: written), "\(cut)")
    }
    for whole in [
      "tea\nx 2026-11-21 coffee", "tea\ncoffee\nmilk\nte", "x 2026-11-21 tea\ncoffee\nmilk\nx 2026-11-21 ",
    ] {
      #expect(!Mirrors.cutShort(Array(whole.utf8), of: written), "\(whole)")
    }
  }

  /// `mirrors.json` as the grocery before editions wrote it (a real file) reads, with no edition and no ticks.
  @Test func aMirrorStateWrittenBeforeEditionsReads() throws {
    let old =
      #"{"mirrors":[{"copies":{},"file":{"device":65024,"inode":1327207,"nanoseconds":992565300,"#
      + #""seconds":1795733593,"size":227},"folder":{"device":65024,"inode":1327190,"nanoseconds":992565300,"#
      + #""seconds":1795733593,"size":4096},"format":"markdown","items":["06B13F00-EDD6-462D-AB5F-2BE79AF7B8A2","#
      + #""FDF6C5EF-A5A6-45E2-B7A5-9B69A5C924F4"],"path":"\/tmp\/tmp.5DDaUuzjdh\/list.md","written":"<!-- grocery "#
      + #"checklist of household 4bd04b75-1976-47ed-af24-1e8a6bc14c8e kept by someone@vm (machine "#
      + #"6f6c4f4a2c88ad16); tick, add, change or delete lines and grocery reads them back -->\n\n## "#
      + #"Uncategorized\n\n- [ ] eggs\n- [ ] milk\n"}],"version":1}"#
    let folder = TemporaryDirectory()
    try Data(old.utf8).write(to: URL(fileURLWithPath: folder.file("mirrors.json")))
    let state = try MirrorState.read(folder.file("mirrors.json"))
    let record = try #require(state.mirrors.first)
    #expect(record.edition == nil && record.ticked == nil && record.items.count == 2)
    #expect(
      Mirrors.base(record.written, items: record.items, format: .markdown).map(\.line.body) == [
        "eggs", "milk",
      ])
  }

  @Test(arguments: [
    ("", "it is empty"), ("\r\n  \n", "it is empty"), ("\u{0}\u{1}binary", "it is not text"),
    ("# Groceries\n- [ ] milk\n", "no line names a household"),
  ])
  func aFileThatIsNotAChecklistSaysWhy(text: String, reason: String) {
    #expect(Checklist.read(Array(text.utf8), format: .markdown) == .notAChecklist(reason))
  }

  @Test func aLineGivesItsItemsAsAddTakesThem() throws {
    let line = ChecklistLine(number: 3, body: "2 milk - semi-skimmed", ticked: false)
    let entries = try line.entries(file: "list.md")
    #expect(entries.map(\.entry) == [TextLine.Entry(quantity: 2, name: "milk")])
    #expect(entries.map(\.note) == ["semi-skimmed"])
    #expect(throws: GroceryError.self) {
      try ChecklistLine(number: 4, body: "milk x0", ticked: false).entries(file: "list.md")
    }
    // A note the file holds as grocery wrote it, one an older grocery kept with a character that reorders text
    // included, comes back as it was: a line left as it was is never refused.
    let kept = "ok \u{202E}live, \u{200F}שלום"
    for body in ["milk - " + kept, "\"milk\" - " + kept] {
      let entries = try ChecklistLine(number: 5, body: body, ticked: false).entries(file: "list.md")
      #expect(entries.map(\.note) == [kept], "\(body)")
    }
  }

  @Test func conflictCopiesOfSyncthingAndDropboxAreKnownAndKeptCopiesAreNot() {
    let file = "/sync/list.md"
    #expect(Mirrors.isConflictCopy("list.sync-conflict-20261123-101500-ABCDEFG.md", of: file))
    #expect(Mirrors.isConflictCopy("list (Bob's conflicted copy 2026-11-23).md", of: file))
    // iCloud Drive's duplicate, and a file manager's.
    for copy in [
      "list 2.md", "list 13.md", "list (1).md", "list copy.md", "list copy 2.md", "list - Copy.md",
    ] {
      #expect(Mirrors.isConflictCopy(copy, of: file), "\(copy)")
    }
    for other in [
      "list 2b.md", "list (old).md", "list copyedit.md", "list2.md", "list 2.txt", "list .md", "list 2024.md",
      "list (2024).md", "list copy 123.md",
    ] {
      #expect(!Mirrors.isConflictCopy(other, of: file), "\(other)")
    }
    #expect(!Mirrors.isConflictCopy("list.md", of: file))
    #expect(!Mirrors.isConflictCopy("list.kept-20261123-101500.md", of: file))
    #expect(!Mirrors.isConflictCopy("list.sync-conflict-20261123-101500-ABCDEFG.txt", of: file))
  }
}
