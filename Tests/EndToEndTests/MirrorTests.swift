import Foundation
import TestSupport
import Testing

/// The list on a phone: a mirror file rewritten after every change and read back before every command, run through
/// the real binary, with the file edited the ways phone apps and sync tools edit it.
@Suite struct MirrorTests {
  let scenario = Scenario()
  var folder: TemporaryDirectory { scenario.folder }
  var grocery: GroceryProcess { scenario.grocery }
  var list: String { folder.file("list.md") }

  init() throws {
    try scenario.given(
      ["add", "milk", "eggs", "-q", "2", "-c", "dairy"],
      ["add", "bananas", "-c", "produce", "-n", "not too ripe"],
      ["add", "AA batteries"])
  }

  /// The file's text.
  func text(_ path: String) -> String {
    String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
  }

  /// The file's first line, which names the household and the machine.
  func header(_ path: String) -> String { String(text(path).prefix { $0 != "\n" }) }

  /// A todo.txt mirror of the whole list, `todo.txt`, and its lines as grocery wrote them (the header first).
  func todoTxtMirror() throws -> (file: String, lines: [String]) {
    let file = folder.file("todo.txt")
    try scenario.given(["mirror", "add", file, "--format", "todo.txt"])
    return (file, text(file).split(separator: "\n").map(String.init))
  }

  /// Saves the file as a phone app does: a new file renamed over the old one, so a new inode every time.
  func phoneSaves(_ path: String, _ text: String) throws {
    let temporary = path + ".phone-tmp"
    try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
    #expect(rename(temporary, path) == 0)
  }

  /// Saves the file as a phone does with each of its lines `was` changed to `now`; each must be in the file.
  func phoneEdits(_ path: String, _ lines: [(was: String, now: String)]) throws {
    var edited = text(path)
    for (was, now) in lines {
      #expect(edited.contains(was + "\n"), "\(was) in \(edited)")
      edited = edited.replacing(was + "\n", with: now + "\n")
    }
    try phoneSaves(path, edited)
  }

  /// Sets a file's modification time to noon on a day.
  func touch(_ path: String, _ day: String) throws {
    let date = ISO8601DateFormatter().date(from: day + "T12:00:00Z")!
    try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
  }

  func history() throws -> String { try grocery.run(["history"]).stdout }

  /// `list --flat` with the four items on the list, and how many were bought today.
  func wholeList(bought: Int = 0) -> String {
    "  [ ] bananas - not too ripe\n  [ ] eggs x2\n  [ ] milk x2\n  [ ] AA batteries\n\n4 items to buy, \(bought) bought today\n"
  }

  /// Removing a file that is no mirror is refused on a machine that has never used grocery without making its
  /// state folder or a lock there.
  @Test func removingAFileThatIsNoMirrorWritesNothing() throws {
    var fresh = GroceryProcess(folder: folder.file("fresh"))
    try FileManager.default.createDirectory(atPath: fresh.folder, withIntermediateDirectories: true)
    fresh.environment["GROCERY_STORE"] = folder.file("fresh/household")
    let file = folder.file("list.md")
    let outcome = try fresh.run(["mirror", "remove", file])
    #expect(
      outcome
        == Outcome(
          stderr: "grocery: error: '\(file)' is not a mirror on this machine; 'grocery mirror' lists them\n",
          status: 1))
    #expect(try FileManager.default.contentsOfDirectory(atPath: fresh.folder).isEmpty)
  }

  @Test func addWritesTheChecklistAtOnceAndListsIt() throws {
    try scenario.expect(["mirror", "add", list], stdout: "mirroring the list to \(list)\n")
    #expect(header(list).hasPrefix("<!-- grocery checklist of household "))
    #expect(header(list).contains(" kept by someone@"))
    #expect(
      text(list) == header(list) + """


        ## Produce

        - [ ] bananas - not too ripe

        ## Dairy & Fridge

        - [ ] eggs x2
        - [ ] milk x2

        ## Uncategorized

        - [ ] AA batteries

        """)
    try scenario.expect(["mirror"], stdout: "\(list) (markdown)\n")
    try scenario.expect(["mirror", "remove", list], stdout: "stopped mirroring to \(list)\n")
    try scenario.expect(
      ["mirror"], stdout: "no mirrors on this machine; 'grocery mirror add FILE' keeps one\n")
  }

  @Test func todoTxtAtAStoreKeepsItsWalkOrderAndItsItems() throws {
    try scenario.given(["location", "add", "Market"], ["edit", "AA batteries", "--at", "Market"])
    let file = folder.file("todo.txt")
    try scenario.expect(
      ["mirror", "add", file, "--format", "todo.txt", "--at", "market"],
      stdout: "mirroring the list to \(file)\n")
    #expect(header(file).hasSuffix(" h:1"))
    #expect(
      text(file) == header(file)
        + "\nbananas - not too ripe @Produce\neggs x2 @Dairy_&_Fridge\nmilk x2 @Dairy_&_Fridge\nAA batteries\n"
    )
    try scenario.expect(["mirror"], stdout: "\(file) (todo.txt, at Market)\n")
  }

  /// A mirror whose path and store do not fit in 80 columns is listed as its path, whole, then its format and
  /// store wrapped under it.
  @Test func aLongPathAndStoreAreListedWithinEightyColumnsKeepingThePathWhole() throws {
    let store = "The Big Farmers Market On The Corner Of Main Street And Station Road Open Saturdays"
    let deep = folder.file(String(repeating: "a-long-folder-name/", count: 4))
    try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
    let file = deep + "todo.txt"
    try scenario.given(
      ["location", "add", store], ["mirror", "add", file, "--format", "todo.txt", "--at", store])
    try scenario.expect(
      ["mirror"],
      stdout: file + "\n  (todo.txt, at The Big Farmers Market On The Corner Of Main Street And Station\n"
        + "  Road Open Saturdays)\n")
    let short = folder.file("list.md")
    try scenario.given(["mirror", "add", short])
    let listed = try scenario.grocery.run(["mirror"]).stdout
    #expect(
      listed.hasSuffix("\n" + short + " (markdown)\n") || listed.hasPrefix(short + " (markdown)\n"),
      "\(listed)")
  }

  @Test func theFileIsRewrittenAfterEveryChangeKeepingItsMode() throws {
    try scenario.given(["mirror", "add", list])
    #expect(chmod(list, 0o640) == 0)
    try scenario.given(["purchase", "milk"], ["add", "bread"])
    #expect(!text(list).contains("milk"))
    #expect(text(list).contains("- [ ] bread\n"))
    let info = try FileManager.default.attributesOfItem(atPath: list)
    #expect((info[.posixPermissions] as? Int) == 0o640)
  }

  /// A tick applied before a command is a change saved: the command's output failing after it says so (exit 3),
  /// never exit 74, which means nothing was written.
  @Test func aTickAppliedBeforeAReadWhoseOutputFailsIsReportedSaved() throws {
    try scenario.given(["mirror", "add", list])
    try phoneSaves(list, text(list).replacing("- [ ] milk x2", with: "- [x] milk x2"))
    let outcome = try scenario.grocery.start(["list"], stdoutPath: "/dev/full").wait()
    #expect(outcome.status == 3, "\(outcome)")
    #expect(
      outcome.stderr.hasSuffix(
        "grocery: error: the change was saved, but standard output could not be written: no space left on"
          + " device\n"), "\(outcome)")
    try scenario.expect(["history"], stdout: "2026-11-21 milk x2\n")
  }

  /// A tick the phone saved is applied before the command: a walk order set as it was still says it changed nothing,
  /// so that the `undo` after it, which takes back the tick, is no surprise.
  @Test func aTickAppliedBeforeAnUnchangedWalkOrderLeavesItSaidUnchanged() throws {
    try scenario.given(["mirror", "add", list])
    try phoneSaves(list, text(list).replacing("- [ ] milk x2", with: "- [x] milk x2"))
    let reordered = try scenario.grocery.run(["reorder-categories", "produce"])
    #expect(reordered.stdout.hasPrefix("1. Produce\n"), "\(reordered)")
    #expect(
      reordered.stderr
        == "grocery: \(list): from the phone: bought milk\n"
        + "grocery: unchanged: the walk order (it is so already)\n", "\(reordered)")
    try scenario.expect(["undo"], stdout: "undid: from the phone: bought milk\n")
  }

  /// A dry run writes nothing, not even the phone's ticks: they wait for the next command (found by a trial: a
  /// cron `restock --dry-run` bought what the phone had ticked).
  @Test(arguments: [["restock", "--dry-run"], ["import", "--dry-run", "--format", "text"]])
  func aDryRunLeavesThePhonesTicksForTheNextCommand(_ dryRun: [String]) throws {
    try scenario.given(["mirror", "add", list])
    try scenario.folder.write("pasted.txt", "tea\n")
    let command = dryRun + (dryRun[0] == "import" ? [scenario.folder.file("pasted.txt")] : [])
    try phoneSaves(list, text(list).replacing("- [ ] milk x2", with: "- [x] milk x2"))
    let before = scenario.grocery.storeBytes()
    let dry = try scenario.grocery.run(command)
    #expect(dry.status == 0 && !dry.stderr.contains("from the phone"), "\(dry)")
    #expect(scenario.grocery.storeBytes() == before)
    let listed = try scenario.grocery.run(["history"])
    #expect(listed.stdout == "2026-11-21 milk x2\n")
    #expect(listed.stderr == "grocery: \(list): from the phone: bought milk\n")
  }

  @Test func phoneTicksAndEditsComeBackAsOneChangeThatUndoReverts() throws {
    try scenario.given(["mirror", "add", list])
    var edited = text(list)
    edited = edited.replacing("- [ ] eggs x2", with: "- [x] eggs x2")
    edited = edited.replacing("- [ ] milk x2", with: "- [x] milk x2")
    edited = edited.replacing("- [ ] AA batteries", with: "- [ ] AA batteries x4\n- [ ] 2 bread")
    try phoneSaves(list, edited)
    try scenario.expect(
      ["list", "--flat"],
      stdout:
        "  [ ] bananas - not too ripe\n  [ ] AA batteries x4\n  [ ] bread x2\n\n3 items to buy, 2 bought today\n",
      stderr: "grocery: \(list): from the phone: bought eggs, milk; added bread; changed AA batteries\n")
    #expect(try history() == "2026-11-21 eggs x2\n2026-11-21 milk x2\n")
    #expect(text(list).hasSuffix("## Uncategorized\n\n- [ ] AA batteries x4\n- [ ] bread x2\n"))
    try scenario.expect(
      ["undo"], stdout: "undid: from the phone: bought eggs, milk; added bread; changed AA batteries\n")
    #expect(try history() == "No purchases yet.\n")
    #expect(text(list).contains("- [ ] milk x2\n"))
    #expect(!text(list).contains("bread"))
  }

  /// A mirror whose folder is gone (a sync folder unmounted) is said once by a change, which reads the mirrors before
  /// it and writes them after it.
  @Test func aMirrorThatCannotBeWrittenIsSaidOnceByAChange() throws {
    let gone = folder.file("sync/list.md")
    try FileManager.default.createDirectory(atPath: folder.file("sync"), withIntermediateDirectories: false)
    try scenario.given(["mirror", "add", gone])
    try FileManager.default.removeItem(atPath: folder.file("sync"))
    try scenario.expect(
      ["add", "tea"], stdout: "added: tea\n",
      stderr: "grocery: warning: cannot write '\(gone)': no such file or directory\n")
    try scenario.expect(["mirror"], stdout: "\(gone) (markdown; its folder is gone)\n")
  }

  /// Something picked up in the shop that the household has but was not on the list: a new line, ticked, buys it.
  @Test func aNewTickedLineForAnItemOffTheListBuysIt() throws {
    try scenario.given(["add", "honey", "butter"], ["buy", "honey", "butter", "--on", "2026-11-14"])
    try scenario.given(["mirror", "add", list])
    try phoneSaves(list, text(list) + "- [x] Honey x2\n- [x] butter\n")
    let outcome = try grocery.run(["list", "--flat"])
    #expect(outcome.stdout == wholeList(bought: 2), "\(outcome)")
    #expect(outcome.stderr == "grocery: \(list): from the phone: bought honey, butter\n", "\(outcome)")
    #expect(
      try history()
        == "2026-11-21 butter\n2026-11-21 honey x2\n2026-11-14 butter\n2026-11-14 honey\n")
    // Read again, the ticks buy nothing more.
    try scenario.expect(["list", "--flat"], stdout: wholeList(bought: 2))
    #expect(try history().split(separator: "\n").count == 4)
  }

  /// A tick or a quantity changed on the phone for an item another machine removed meanwhile is said, and the file
  /// kept, never dropped without a word.
  @Test func anEditToAnItemRemovedMeanwhileIsSaidNotDropped() throws {
    try scenario.given(["mirror", "add", list])
    let edited = text(list).replacing(
      "- [ ] bananas - not too ripe\n", with: "- [x] bananas - not too ripe\n"
    )
    .replacing("- [ ] AA batteries\n", with: "- [ ] AA batteries x4\n")
    try scenario.given(["remove", "bananas", "AA batteries"])
    try phoneSaves(list, edited)
    let outcome = try grocery.run(["list", "--flat"])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(
      outcome.stderr.contains("'AA batteries' is no longer in the household (removed meanwhile?)")
        && outcome.stderr.contains("'bananas' is no longer in the household"), "\(outcome)")
    #expect(outcome.stderr.contains(".kept-"), "the file as it was is kept: \(outcome)")
    #expect(try history() == "No purchases yet.\n")
  }

  @Test func aLineThatCannotBeReadIsKeptBesideTheFileBeforeItIsWrittenAgain() throws {
    try scenario.given(["mirror", "add", list])
    let edited = text(list).replacing("- [ ] eggs x2", with: "- [x] eggs x2\n- [ ] milk x0")
    try phoneSaves(list, edited)
    let outcome = try grocery.run(["list", "--flat"])
    #expect(outcome.status == 0, "\(outcome)")
    let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.contains(".kept-")
    }
    #expect(kept.count == 1, "\(kept)")
    #expect(text(folder.file(kept.first ?? "")) == edited, "the words typed are kept")
    #expect(
      outcome.stderr.contains("(the file as it was is kept as '\(folder.file(kept.first ?? ""))')"),
      "\(outcome)")
    #expect(try history() == "2026-11-21 eggs x2\n", "the tick beside it still counts")
  }

  /// A save that changes nothing grocery reads (CRLF line ends, lines moved) leaves the file for the next change
  /// to write over, where the mirror stayed as the phone saved it, never written again, showing a stale list.
  @Test func aSaveWithNothingToApplyIsWrittenOverByTheNextChange() throws {
    try scenario.given(["mirror", "add", list])
    let lines = text(list).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    try phoneSaves(list, ([lines[0]] + lines.dropFirst().reversed()).joined(separator: "\r\n"))
    try scenario.expect(["list", "--flat"], stdout: wholeList())
    try scenario.given(["add", "tea"])
    #expect(header(list).contains(" edition 2;"), "\(text(list))")
    #expect(text(list).contains("- [ ] tea\n"), "\(text(list))")
  }

  /// A line that cannot be read, alone in a save, is said once: the file is kept beside it and written again.
  @Test func aLineThatCannotBeReadAloneIsKeptAndSaidOnce() throws {
    try scenario.given(["mirror", "add", list])
    try phoneSaves(list, text(list) + "- [ ] milk x0\n")
    let first = try grocery.run(["list", "--flat"])
    #expect(first.stderr.contains("skipped: line ") && first.stderr.contains("kept as"), "\(first)")
    #expect(!text(list).contains("x0"), "\(text(list))")
    try scenario.expect(["list", "--flat"], stdout: wholeList())
  }

  /// A line typed over with the name of an item off the list puts that item on it and takes the one the line
  /// named off, where the rename was refused, said, and the words typed were lost.
  @Test func aLineTypedOverWithAnotherItemsNamePutsThatItemOnTheList() throws {
    try scenario.given(["add", "bread", "rice"], ["buy", "bread"], ["mirror", "add", list])
    try phoneSaves(list, text(list).replacing("- [ ] rice\n", with: "- [ ] bread\n"))
    let outcome = try grocery.run(["list", "--flat"])
    #expect(outcome.stderr == "grocery: \(list): from the phone: added bread; took off rice\n", "\(outcome)")
    #expect(outcome.stdout.contains("[ ] bread\n") && !outcome.stdout.contains("rice"), "\(outcome)")
  }

  /// Names and notes holding a tick's day as apps write it are written with a `\` before the mark; a tick an app
  /// adds after them (Obsidian's ` ✅ DATE`, ` @done(DATE)`) is the purchase's day, and words typed after an escaped
  /// mark leave no `\` behind.
  @Test func markdownTicksAfterADayInANameOrNoteBuyOnTheirOwnDay() throws {
    try scenario.given(
      ["add", "beans", "-n", "sale ✅ 2026-11-23"], ["add", "jam ✅ 2026-11-23"],
      ["add", "tea", "-n", "sale @done(2026-11-23)"], ["add", "pasta", "-n", "@done(2026-11-23)"],
      ["mirror", "add", list])
    try phoneEdits(
      list,
      [
        ("- [ ] beans - sale \\✅ 2026-11-23", "- [x] beans - sale \\✅ 2026-11-23 ✅ 2026-11-20"),
        ("- [ ] jam \\✅ 2026-11-23", "- [x] jam \\✅ 2026-11-23 ✅ 2026-11-20"),
        ("- [ ] tea - sale \\@done(2026-11-23)", "- [x] tea - sale \\@done(2026-11-23) @done(2026-11-20)"),
        ("- [ ] pasta - \\@done(2026-11-23)", "- [ ] pasta - \\@done(2026-11-23) penne"),
      ])
    let outcome = try grocery.run(["list", "--purchased", "--format", "csv"])
    #expect(
      outcome.stderr
        == "grocery: \(list): from the phone: bought beans, jam ✅ 2026-11-23, tea; changed pasta\n",
      "\(outcome)")
    #expect(try history() == "2026-11-20 beans\n2026-11-20 jam ✅ 2026-11-23\n2026-11-20 tea\n")
    let notes = try grocery.run(["list", "--all", "--format", "csv"]).stdout
    for row in [
      "beans,1,sale ✅ 2026-11-23,", "tea,1,sale @done(2026-11-23),", "pasta,1,'@done(2026-11-23) penne,",
    ] {
      #expect(notes.contains("," + row), "\(row) in \(notes)")
    }
  }

  /// A new line, ticked, with a quantity or a note makes its item with them and buys it: the purchase counts
  /// the quantity the line gave.
  @Test func aNewTickedLineBuysTheQuantityAndKeepsTheNoteItGave() throws {
    try scenario.given(["mirror", "add", list])
    try phoneSaves(list, text(list) + "- [x] yogurt x3\n- [x] cheese - brie\n- [x] bread\n")
    let outcome = try grocery.run(["list", "--flat"])
    #expect(
      outcome.stderr == "grocery: \(list): from the phone: bought yogurt, cheese, bread\n", "\(outcome)")
    #expect(try history() == "2026-11-21 bread\n2026-11-21 cheese\n2026-11-21 yogurt x3\n")
    let rows = try grocery.run(["list", "--all", "--format", "csv"]).stdout
    #expect(rows.contains(",cheese,1,brie,false,") && rows.contains(",yogurt,3,,false,"), "\(rows)")
  }

  /// A name a pasted list would read otherwise (a number first, a comma, ` - `) is written in quotes: a quantity
  /// or note changed after it is that change, where the item was renamed (`2 percent milk` to `percent milk x3`)
  /// or its name taken for its note.
  @Test func aNameWrittenInQuotesKeepsItsNameWhenItsQuantityOrNoteChanges() throws {
    try scenario.given(
      ["add", "2 percent milk", "salt, coarse"], ["add", "pie - apple", "-n", "fresh"],
      ["mirror", "add", list])
    try phoneEdits(
      list,
      [
        ("- [ ] \"2 percent milk\"", "- [ ] \"2 percent milk\" x3"),
        ("- [ ] \"pie - apple\" - fresh", "- [ ] \"pie - apple\" - stale"),
        ("- [ ] \"salt, coarse\"", "- [x] \"salt, coarse\""),
      ])
    let outcome = try grocery.run(["list", "--category", "uncategorized"])
    #expect(
      outcome.stderr
        == "grocery: \(list): from the phone: bought 'salt, coarse'; changed 2 percent milk, pie - apple\n",
      "\(outcome)")
    #expect(
      outcome.stdout.contains("[ ] 2 percent milk x3\n  [ ] AA batteries\n  [ ] pie - apple - stale\n"),
      "\(outcome)")
    #expect(try history() == "2026-11-21 salt, coarse\n")
  }

  /// A second line naming an item on the list with another quantity changes it, and says so.
  @Test func aSecondLineForAnItemOnTheListIsSaidAsAChange() throws {
    try scenario.given(["mirror", "add", list])
    try phoneSaves(list, text(list) + "- [ ] milk x5\n")
    let outcome = try grocery.run(["list", "--flat"])
    #expect(outcome.stderr == "grocery: \(list): from the phone: changed milk\n", "\(outcome)")
    #expect(outcome.stdout.contains("[ ] milk x5\n"), "\(outcome)")
  }

  /// One mirror that cannot be read or written (a folder where its file was, its folder gone) is said, and the
  /// others are read and written all the same: what was written to each is kept, so the phone's next save of it
  /// is read whole, where it was read as a text grocery no longer keeps and only its ticks applied.
  @Test func oneMirrorThatCannotBeReadOrWrittenLeavesTheOthersWorking() throws {
    let gone = folder.file("gone/list.md")
    try FileManager.default.createDirectory(atPath: folder.file("gone"), withIntermediateDirectories: true)
    try scenario.given(["mirror", "add", gone], ["mirror", "add", list])
    try FileManager.default.removeItem(atPath: folder.file("gone"))
    let added = try grocery.run(["add", "kiwi"])
    #expect(added.status == 0 && added.stderr.contains("cannot write '\(gone)"), "\(added)")
    #expect(text(list).contains("- [ ] kiwi\n"), "\(text(list))")
    try phoneEdits(list, [("- [ ] milk x2", "- [x] milk x2"), ("- [ ] eggs x2", "- [ ] eggs x6")])
    let outcome = try grocery.run(["list", "--flat"])
    #expect(outcome.stderr.contains("from the phone: bought milk; changed eggs\n"), "\(outcome)")
    let other = folder.file("other.md")
    try scenario.given(["mirror", "add", other])
    try FileManager.default.removeItem(atPath: list)
    try FileManager.default.createDirectory(atPath: list, withIntermediateDirectories: false)
    try phoneEdits(other, [("- [ ] bananas - not too ripe", "- [x] bananas - not too ripe")])
    let read = try grocery.run(["list", "--flat"])
    #expect(read.stderr.contains("cannot read '\(list)': it is not a regular file\n"), "\(read)")
    #expect(read.stderr.contains("\(other): from the phone: bought bananas\n"), "\(read)")
  }

  /// A household.json a newer grocery wrote is said once, by the command, not again for the mirrors.
  @Test func aHouseholdThatCannotBeReadIsSaidOnceWithAMirror() throws {
    try scenario.given(["mirror", "add", list])
    let marker = grocery.store + "/household.json"
    try folder.write("newer.json", "{\"format\":\"grocery-household\",\"version\":9,\"id\":\"x\"}\n")
    try FileManager.default.removeItem(atPath: marker)
    try FileManager.default.copyItem(atPath: folder.file("newer.json"), toPath: marker)
    let outcome = try grocery.run(["list"])
    #expect(outcome.status == 65, "\(outcome)")
    #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome)")
  }

  @Test func aDamagedListOfMirrorsIsSaid() throws {
    try scenario.given(["mirror", "add", list])
    let state = try grocery.household().stateFolder
    try Data("[]".utf8).write(to: URL(fileURLWithPath: state + "/mirrors.json"))
    try phoneEdits(list, [("- [ ] milk x2", "- [x] milk x2")])
    let outcome = try grocery.run(["list", "--flat"])
    #expect(
      outcome.status == 0 && outcome.stderr.hasPrefix("grocery: warning: cannot read the mirrors: "),
      "\(outcome)")
  }

  /// A new line and a new ticked line of one new item: bought, and on the list, as the unticked line says, as a
  /// written line left unticked beside a ticked copy keeps its item listed; the file is written over, so the next
  /// command reads nothing new, where the new line was read again and put the item back on the list after a
  /// purchase (found by a trial and a review).
  @Test func aNewLineAndANewTickedLineOfOneItemBuyItAndLeaveItListed() throws {
    try scenario.given(["mirror", "add", list])
    let written = text(list)
    try phoneSaves(list, written + "- [ ] figs\n- [x] figs\n")
    let first = try grocery.run(["list", "--flat"])
    #expect(first.stderr == "grocery: \(list): from the phone: bought figs; added figs\n", "\(first)")
    #expect(first.stdout.contains("  [ ] figs\n"), "\(first)")
    #expect(!text(list).contains("[x]") && text(list).contains("- [ ] figs\n"), "\(text(list))")
    try scenario.expect(["list", "--flat"], stdout: first.stdout)
    // The phone ticks the line grocery wrote back: a purchase, where it was taken as applied already (found by a
    // review).
    try phoneEdits(list, [("- [ ] figs", "- [x] figs")])
    #expect(try grocery.run(["list"]).stderr == "grocery: \(list): from the phone: bought figs\n")
    #expect(!text(list).contains("figs"), "\(text(list))")
    #expect(!(try grocery.run(["list", "--flat"]).stdout.contains("figs")))
    #expect(try history() == "2026-11-21 figs\n2026-11-21 figs\n")
  }

  /// A written line ticked and a new line of the same item below it (`- [x] milk x2`, `- [ ] milk x3`): the two
  /// bought, and milk back on the list with three, where the new line was added first and the tick then bought three
  /// and left milk off the list (found by a trial).
  @Test func aTickedLineAndANewLineOfItsItemBuyItAndPutItBack() throws {
    try scenario.given(["mirror", "add", list])
    try phoneSaves(list, text(list).replacing("- [ ] milk x2\n", with: "- [x] milk x2\n") + "- [ ] milk x3\n")
    let outcome = try grocery.run(["list", "--flat"])
    #expect(outcome.stderr == "grocery: \(list): from the phone: bought milk; added milk\n", "\(outcome)")
    #expect(
      outcome.stdout
        == "  [ ] bananas - not too ripe\n  [ ] eggs x2\n  [ ] milk x3\n  [ ] AA batteries\n\n4 items to buy, 1 bought today\n"
    )
    #expect(try history() == "2026-11-21 milk x2\n")
    #expect(text(list).components(separatedBy: "milk").count == 2, "milk once in \(text(list))")
    try scenario.expect(["list", "--flat"], stdout: outcome.stdout)
  }

  /// A line of an item left unticked with a ticked line of it typed beside it, above or below (an app ticking a copy
  /// of a recurring task): bought, and still on the list, as the file shows it, whichever comes first, where with
  /// the ticked line below it was taken off the list (found by a trial).
  @Test(arguments: [true, false])
  func aNewTickedLineBesideItsItemsUntickedLineBuysItAndLeavesItListed(tickedBelow: Bool) throws {
    try scenario.given(["mirror", "add", list])
    let pair = tickedBelow ? "- [ ] milk x2\n- [x] milk\n" : "- [x] milk\n- [ ] milk x2\n"
    try phoneSaves(list, text(list).replacing("- [ ] milk x2\n", with: pair))
    let outcome = try grocery.run(["list", "--flat"])
    #expect(outcome.stderr == "grocery: \(list): from the phone: bought milk\n", "\(outcome)")
    #expect(outcome.stdout == wholeList(bought: 1), "\(outcome)")
    #expect(try history() == "2026-11-21 milk x2\n")
    // Written over at once, though the list reads as it did: the phone no longer shows the tick.
    #expect(
      !text(list).contains("[x]") && text(list).components(separatedBy: "milk").count == 2, "\(text(list))")
    // Ticked later on the text written back: a purchase, where it was taken as applied already (found by a review).
    try phoneEdits(list, [("- [ ] milk x2", "- [x] milk x2")])
    #expect(try grocery.run(["list"]).stderr == "grocery: \(list): from the phone: bought milk\n")
    #expect(try history() == "2026-11-21 milk x2\n2026-11-21 milk x2\n")
    try scenario.given(["add", "milk"])
    let file = folder.file("todo.txt")
    try scenario.given(["mirror", "add", file, "--format", "todo.txt"])
    let line = try #require(text(file).split(separator: "\n").first { $0.hasPrefix("eggs x2") })
    let todo = tickedBelow ? "\(line)\nx 2026-11-21 eggs\n" : "x 2026-11-21 eggs\n\(line)\n"
    try phoneSaves(file, text(file).replacing(line + "\n", with: todo))
    let again = try grocery.run(["list", "--flat"])
    #expect(again.stderr == "grocery: \(file): from the phone: bought eggs\n", "\(again)")
    #expect(again.stdout == wholeList(bought: 2), "\(again)")
  }

  /// A new ticked line with a quantity and a note beside its item's own line: the purchase counts the line's
  /// quantity, and the item keeps its own, as its line still says, where it took the line's (found by a trial).
  @Test func aNewTickedLineWithAQuantityBesideItsItemsLineLeavesTheItemAsItsLineSays() throws {
    try scenario.given(["mirror", "add", list])
    try phoneSaves(
      list, text(list).replacing("- [ ] eggs x2\n", with: "- [ ] eggs x2\n- [x] eggs x4 - big\n"))
    let outcome = try grocery.run(["list", "--flat"])
    #expect(outcome.stderr == "grocery: \(list): from the phone: bought eggs\n", "\(outcome)")
    #expect(outcome.stdout == wholeList(bought: 1), "\(outcome)")
    #expect(try history() == "2026-11-21 eggs x4\n")
  }

  /// A line typed over in case, left unticked, with a ticked line of the old name below it: bought, renamed, and
  /// still on the list, as the file shows it, where it was taken off (found by a trial).
  @Test func aLineRenamedBesideATickedLineOfItsOldNameStaysListed() throws {
    try scenario.given(["mirror", "add", list])
    try phoneSaves(list, text(list).replacing("- [ ] milk x2\n", with: "- [ ] Milk x2\n- [x] milk\n"))
    let outcome = try grocery.run(["list", "--flat"])
    #expect(
      outcome.stderr == "grocery: \(list): from the phone: bought Milk; renamed milk to Milk\n", "\(outcome)")
    #expect(outcome.stdout.contains("  [ ] Milk x2\n"), "\(outcome)")
    #expect(try history() == "2026-11-21 Milk x2\n")
  }

  /// Lines typed over with another item's name beside that item's own lines follow the rules of every line: a tick
  /// buys once, and an unticked line keeps its item on the list (found by a review: the item was added back after
  /// both its lines were ticked, and taken off though a line of it was left unticked).
  @Test(arguments: [
    ("- [x] eggs x2\n", "- [x] eggs\n", "bought eggs; took off milk", false),
    ("- [ ] eggs x2\n", "- [x] eggs\n", "bought eggs; took off milk", true),
  ])
  func aLineTypedOverWithAnotherItemsNameBesideItsOwnLine(
    eggs: String, milk: String, said: String, listed: Bool
  ) throws {
    try scenario.given(["mirror", "add", list])
    try phoneSaves(
      list, text(list).replacing("- [ ] eggs x2\n", with: eggs).replacing("- [ ] milk x2\n", with: milk))
    let outcome = try grocery.run(["list", "--flat"])
    #expect(outcome.stderr == "grocery: \(list): from the phone: \(said)\n", "\(outcome)")
    #expect(outcome.stdout.contains("[ ] eggs") == listed && !outcome.stdout.contains("milk"), "\(outcome)")
    #expect(try history() == "2026-11-21 eggs x2\n")
  }

  /// An item off the list: a new ticked line of it and a line typed over with its name, left unticked, buy it and
  /// put it on the list, as the unticked line says.
  @Test func aLineTypedOverWithAnItemsNameLeftUntickedBesideANewTickOfItKeepsItListed() throws {
    try scenario.given(["buy", "eggs"], ["mirror", "add", list])
    try phoneSaves(
      list, text(list).replacing("- [ ] milk x2\n", with: "- [ ] eggs\n") + "- [x] eggs\n")
    let outcome = try grocery.run(["list", "--flat"])
    #expect(
      outcome.stderr == "grocery: \(list): from the phone: bought eggs; added eggs; took off milk\n",
      "\(outcome)")
    #expect(outcome.stdout.contains("[ ] eggs") && !outcome.stdout.contains("milk"), "\(outcome)")
    #expect(try history() == "2026-11-21 eggs x2\n2026-11-21 eggs x2\n")
  }

  /// A phone's old save with a tick of an item bought since and a new line of it: the tick buys nothing more, and
  /// the line puts it back on the list with its quantity, where the line put it back first and the tick bought it
  /// again (found by a review).
  @Test func anOldSavesTickOfAnItemBoughtSinceWithANewLineOfItBuysNothingMore() throws {
    try scenario.given(["mirror", "add", list])
    let old = text(list)
    try scenario.given(["buy", "milk"])
    try phoneSaves(list, old.replacing("- [ ] milk x2\n", with: "- [x] milk x2\n- [ ] milk x3\n"))
    let outcome = try grocery.run(["list", "--flat"])
    #expect(outcome.stderr == "grocery: \(list): from the phone: added milk\n", "\(outcome)")
    #expect(outcome.stdout.contains("  [ ] milk x3\n"), "\(outcome)")
    #expect(try history() == "2026-11-21 milk x2\n")
  }

  /// A line typed over with another item's name and ticked buys that item, with the line's quantity and note.
  @Test func aTickedLineTypedOverWithAnotherItemsNameBuysThatItem() throws {
    try scenario.given(["add", "oat milk"], ["buy", "oat milk"], ["mirror", "add", list])
    try phoneEdits(list, [("- [ ] milk x2", "- [x] oat milk x2 - barista")])
    let outcome = try grocery.run(["list", "--flat"])
    #expect(
      outcome.stderr == "grocery: \(list): from the phone: bought oat milk; took off milk\n",
      "\(outcome)")
    #expect(try history() == "2026-11-21 oat milk\n2026-11-21 oat milk x2\n")
  }

  @Test func todoTxtTicksWithAndWithoutDatesWithCRLFAndAByteOrderMark() throws {
    let file = folder.file("todo.txt")
    try scenario.given(["mirror", "add", file, "--format", "todo.txt"])
    let lines = text(file).split(separator: "\n").map(String.init)
    let edited =
      "\u{FEFF}" + lines[0] + "\r\n" + "x 2026-11-19 " + lines[1] + "\r\n" + "x " + lines[2] + "\r\n"
      + lines[3]
      + "\r\n" + lines[4] + "\r\n"
    try phoneSaves(file, edited)
    try touch(file, "2026-11-20")
    try scenario.expect(
      ["list", "--flat"], stdout: "  [ ] milk x2\n  [ ] AA batteries\n\n2 items to buy, 0 bought today\n",
      stderr: "grocery: \(file): from the phone: bought bananas, eggs\n")
    #expect(try history() == "2026-11-20 eggs x2\n2026-11-19 bananas\n")
  }

  /// Simpletask's Archive moves ticked lines from the file to `done.txt` beside it: a line gone from the file that
  /// `done.txt` gained, ticked, is a purchase on the day of its tick, where it was taken off the list, not bought
  /// (and three lines gone of four held the file back as too many lost at once). What `done.txt` held before, and a
  /// line deleted that it never gained, are taken off the list as before.
  @Test(arguments: [true, false])
  func linesSimpletaskArchivedToDoneTxtAreBought(doneExisted: Bool) throws {
    let file = folder.file("todo.txt")
    let done = folder.file("done.txt")
    // Archived last week, with the text of a line written now: there before the mirror was made, never read. Or
    // none, and Simpletask makes the file at its first archive.
    if doneExisted {
      try Data("x 2026-11-14 milk x2 @Dairy_&_Fridge\n".utf8).write(to: URL(fileURLWithPath: done))
    }
    let (_, lines) = try todoTxtMirror()
    #expect(
      Array(lines.dropFirst()) == [
        "bananas - not too ripe @Produce", "eggs x2 @Dairy_&_Fridge", "milk x2 @Dairy_&_Fridge",
        "AA batteries",
      ])
    // Bananas and eggs ticked and archived, AA batteries deleted.
    try phoneSaves(file, lines[0] + "\n" + lines[3] + "\n")
    let archive = text(done) + "x 2026-11-20 \(lines[1])\nx 2026-11-21 \(lines[2])\n"
    try archive.write(toFile: done, atomically: false, encoding: .utf8)
    try scenario.expect(
      ["list", "--flat"], stdout: "  [ ] milk x2\n\n1 item to buy, 1 bought today\n",
      stderr: "grocery: \(file): from the phone: bought bananas, eggs; took off AA batteries\n")
    #expect(try history() == "2026-11-21 eggs x2\n2026-11-20 bananas\n")
    // Milk deleted: done.txt's line of last week buys nothing.
    try phoneSaves(file, header(file) + "\n")
    try scenario.expect(
      ["list", "--flat"], stdout: "Nothing on the list.\n",
      stderr: "grocery: \(file): from the phone: took off milk\n")
    #expect(try history() == "2026-11-21 eggs x2\n2026-11-20 bananas\n")
  }

  /// Lines edited in Simpletask, then ticked and archived before grocery read the file, are bought as their own
  /// items, where they bought nothing and the items were taken off: eggs with its quantity changed, milk renamed
  /// (a word in common with one gone line alone, under the same context). A ticked line like no line gone, or like
  /// one under another context (another list's, archived to the same done.txt), buys nothing, and AA batteries,
  /// deleted, is taken off.
  @Test func linesEditedBeforeTheyWereArchivedAreBoughtAsTheirOwnItems() throws {
    let (file, lines) = try todoTxtMirror()
    try phoneSaves(file, lines[0] + "\n" + lines[1] + "\n")
    try phoneSaves(
      folder.file("done.txt"),
      "x 2026-11-20 eggs x3 @Dairy_&_Fridge\nx 2026-11-20 oat milk x2 @Dairy_&_Fridge\nx 2026-11-20 call the vet\n"
        + "x 2026-11-20 buy batteries for the smoke alarm @home\n"
    )
    try scenario.expect(
      ["list", "--flat"], stdout: "  [ ] bananas - not too ripe\n\n1 item to buy, 0 bought today\n",
      stderr:
        "grocery: \(file): from the phone: bought eggs, oat milk; took off AA batteries; changed eggs; renamed milk to"
        + " oat milk\n")
    #expect(try history() == "2026-11-20 eggs x3\n2026-11-20 oat milk x2\n")
    #expect(try grocery.run(["names", "items"]).stdout.contains("call the vet") == false)
  }

  /// A file held back as too many lines lost at once keeps what the lines archived changed of their items with
  /// their purchases, as it does the purchases: a line changed in case alone (`Eggs x2`) renames its item, and one
  /// with its quantity changed buys that many.
  @Test func aFileHeldBackKeepsWhatArchivedLinesChanged() throws {
    try scenario.given(["add", "bread"])
    let (file, lines) = try todoTxtMirror()
    try phoneSaves(file, lines[0] + "\n")
    try phoneSaves(
      folder.file("done.txt"), "x 2026-11-20 Eggs x2 @Dairy_&_Fridge\nx 2026-11-20 milk x3 @Dairy_&_Fridge\n")
    let outcome = try grocery.run(["list", "--flat"])
    #expect(outcome.stderr.contains("bought Eggs, milk; changed milk; renamed eggs to Eggs\n"), "\(outcome)")
    #expect(outcome.stderr.contains("applied only the purchases done.txt gained"), "\(outcome)")
    #expect(try history() == "2026-11-20 Eggs x2\n2026-11-20 milk x3\n")
  }

  /// done.txt synced back before the file it was archived from waits for it: a command between the two, which
  /// looks at the mirror as its folder changed, takes none of its lines as read (found by a review).
  @Test func doneTxtSyncedBeforeTheFileWaitsForIt() throws {
    let (file, lines) = try todoTxtMirror()
    try phoneSaves(folder.file("done.txt"), "x 2026-11-20 \(lines[2])\n")
    #expect(try grocery.run(["list"]).status == 0)
    try phoneSaves(file, ([lines[0], lines[1]] + lines.dropFirst(3)).joined(separator: "\n") + "\n")
    try scenario.expect(
      ["list", "--flat"],
      stdout:
        "  [ ] bananas - not too ripe\n  [ ] milk x2\n  [ ] AA batteries\n\n3 items to buy, 0 bought today\n",
      stderr: "grocery: \(file): from the phone: bought eggs\n")
    #expect(try history() == "2026-11-20 eggs x2\n")
  }

  /// A file held back as too many lines lost at once still buys what done.txt gained, then and by the time of
  /// `mirror accept`: the copy kept, which it applies, no longer holds those lines (found by a review and a trial).
  @Test func aFileHeldBackStillBuysWhatDoneTxtGained() throws {
    let (file, lines) = try todoTxtMirror()
    try phoneSaves(folder.file("done.txt"), "x 2026-11-20 \(lines[1])\n")
    try phoneSaves(file, lines[0] + "\n")
    let outcome = try grocery.run(["list", "--flat"])
    #expect(
      outcome.stderr.contains("lost 3 of its 4 lines at once; applied only the purchases done.txt gained"))
    #expect(
      outcome.stdout == "  [ ] eggs x2\n  [ ] milk x2\n  [ ] AA batteries\n\n3 items to buy, 0 bought today\n"
    )
    #expect(try history() == "2026-11-20 bananas\n")
    // Eggs archived too, its done.txt line synced back once the file was held: `mirror accept` buys it.
    try (text(folder.file("done.txt")) + "x 2026-11-21 \(lines[2])\n").write(
      toFile: folder.file("done.txt"), atomically: false, encoding: .utf8)
    #expect(try grocery.run(["list"]).stderr == "")
    #expect(try history() == "2026-11-20 bananas\n")
    #expect(try grocery.run(["mirror", "accept", file]).status == 0)
    #expect(try history() == "2026-11-21 eggs x2\n2026-11-20 bananas\n")
  }

  /// A file held back keeps its own ticks for `mirror accept`: applying what done.txt gained took them as applied
  /// too, so that the accept bought nothing of them (found by a re-read).
  @Test func aFileHeldBackWithDoneTxtKeepsItsOwnTicksForAccept() throws {
    try scenario.given(["add", "bread"])
    let (file, lines) = try todoTxtMirror()
    let batteries = try #require(lines.first { $0.hasPrefix("AA batteries") })
    try phoneSaves(folder.file("done.txt"), "x 2026-11-20 \(lines[1])\n")
    try phoneSaves(file, lines[0] + "\nx 2026-11-21 \(batteries)\n")
    let outcome = try grocery.run(["list", "--flat"])
    #expect(outcome.stderr.contains("applied only the purchases done.txt gained"), "\(outcome)")
    #expect(try history() == "2026-11-20 bananas\n")
    #expect(try grocery.run(["mirror", "accept", file]).status == 0)
    #expect(try history() == "2026-11-21 AA batteries\n2026-11-20 bananas\n")
  }

  /// A todo.txt line's `@context` typed over moves its item to the category it names, by a unique start as every
  /// name; one that names no category leaves the item where it is, said, and the file kept, where it did nothing
  /// and was written over without a word.
  /// A new todo.txt line naming an item the household has, with a `@context` typed on it, moves the item there, as
  /// a context typed over on its written line does: only a Markdown heading a line falls under is not the line's
  /// own (found by a review).
  @Test func aNewTodoTxtLineWithAContextMovesTheItemItNames() throws {
    let file = folder.file("todo.txt")
    try scenario.given(["purchase", "milk"], ["mirror", "add", file, "--format", "todo.txt"])
    try phoneSaves(file, text(file) + "milk @Produce\n")
    let outcome = try grocery.run(["list"])
    #expect(outcome.stdout.hasPrefix("Produce\n  [ ] bananas - not too ripe\n  [ ] milk x2\n"), "\(outcome)")
    // One that names no category is said, as on a written line, and the item goes back on the list where it is.
    try scenario.given(["purchase", "eggs"])
    try phoneSaves(file, text(file) + "eggs @Nowhere\n")
    let nowhere = try grocery.run(["list"])
    #expect(nowhere.stdout.contains("Dairy & Fridge\n  [ ] eggs x2\n"), "\(nowhere)")
    #expect(
      nowhere.stderr.contains("skipped: '@Nowhere' names no category; 'eggs' stays where it is"), "\(nowhere)"
    )
  }

  @Test func aTodoTxtContextTypedOverMovesItsItem() throws {
    let file = folder.file("todo.txt")
    try scenario.given(["mirror", "add", file, "--format", "todo.txt"])
    try phoneEdits(
      file,
      [
        ("bananas - not too ripe @Produce", "bananas - not too ripe @D"),
        ("eggs x2 @Dairy_&_Fridge", "eggs x2 @produce"),
        ("milk x2 @Dairy_&_Fridge", "milk x2 @Nowhere"),
      ])
    let kept = folder.file("todo.kept-20261121-120000.txt")
    let outcome = try grocery.run(["list"])
    #expect(
      outcome.stdout.hasPrefix(
        "Produce\n  [ ] bananas - not too ripe\n  [ ] eggs x2\n\nDairy & Fridge\n  [ ] milk x2\n"),
      "\(outcome)")
    #expect(
      outcome.stderr
        == "grocery: \(file): from the phone: changed eggs\n"
        + "grocery: warning: '\(file)': skipped: '@D' names several categories ('Deli & Meat', 'Dairy & Fridge');"
        + " 'bananas' stays where it is (the file as it was is kept as '\(kept)')\n"
        + "grocery: warning: '\(file)': skipped: '@Nowhere' names no category; 'milk' stays where it is (the file as"
        + " it was is kept as '\(kept)')\n", "\(outcome)")
    #expect(text(file).contains("\neggs x2 @Produce\n") && text(file).contains("\nmilk x2 @Dairy_&_Fridge\n"))
    #expect(text(kept).contains("\nmilk x2 @Nowhere\n"))
  }

  /// A `@context` typed on the line of an uncategorized item, which grocery writes without one, moves it to the
  /// category it names, where it was dropped without a word (found by a trial).
  @Test func aTodoTxtContextTypedOnAnUncategorizedItemMovesIt() throws {
    let file = folder.file("todo.txt")
    try scenario.given(["mirror", "add", file, "--format", "todo.txt"])
    try phoneEdits(file, [("AA batteries", "AA batteries @dairy")])
    let outcome = try grocery.run(["list"])
    #expect(outcome.stdout.contains("Dairy & Fridge\n  [ ] AA batteries\n"), "\(outcome)")
    #expect(!outcome.stdout.contains("Uncategorized"), "\(outcome)")
    #expect(outcome.stderr == "grocery: \(file): from the phone: changed AA batteries\n", "\(outcome)")
    #expect(text(file).contains("\nAA batteries @Dairy_&_Fridge\n"), "\(text(file))")
  }

  /// Names and notes todo.txt reads as more than text (`+plus`, a name opening `x `, `size:large`) are written
  /// with a `\` in front and read back as written: a tick buys the item ticked, a quantity changed stays a
  /// quantity, and a context names the category it was written for, `_` and all.
  @Test func todoTxtKeepsNamesThatLookLikeItsSyntaxAsText() throws {
    let file = folder.file("todo.txt")
    try scenario.given(
      ["category", "add", "snack_bar"], ["add", "plain", "+plus", "x ray film"],
      ["add", "soap", "-q", "2", "-n", "size:large"], ["add", "chips", "-c", "snack_bar"],
      ["mirror", "add", file, "--format", "todo.txt"])
    let lines = text(file).split(separator: "\n").map(String.init)
    #expect(lines.contains("\\+plus") && lines.contains("\\x ray film"), "\(lines)")
    #expect(lines.contains("soap x2 - \\size:large") && lines.contains("chips @snack_bar"), "\(lines)")
    let edited = lines.map { line in
      line == "plain"
        ? "x 2026-11-21 plain" : line == "soap x2 - \\size:large" ? "soap x3 - \\size:large" : line
    }
    try phoneSaves(file, (edited + ["nuts @snack_bar"]).joined(separator: "\n") + "\n")
    let outcome = try grocery.run(["list", "--format", "csv"])
    #expect(
      outcome.stderr == "grocery: \(file): from the phone: bought plain; added nuts; changed soap\n",
      "\(outcome)")
    #expect(try history() == "2026-11-21 plain\n")
    let rows = outcome.stdout.split(whereSeparator: \.isNewline).map(String.init)
    for name in ["'+plus", "x ray film"] {
      #expect(rows.contains { $0.contains(",\(name),1,") }, "\(name) stays on the list: \(rows)")
    }
    #expect(rows.contains { $0.hasPrefix("Uncategorized,soap,3,size:large,") }, "\(rows)")
    #expect(rows.contains { $0.hasPrefix("snack_bar,nuts,1,") }, "\(rows)")
  }

  @Test func aLineTickedAndUntickedAgainIsNoPurchaseAndReorderedLinesNoEdit() throws {
    try scenario.given(["mirror", "add", list])
    let lines = text(list).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    try phoneSaves(list, ([lines[0]] + lines.dropFirst().reversed()).joined(separator: "\r\n"))
    try scenario.expect(
      ["list", "--flat"],
      stdout: wholeList()
    )
    #expect(try history() == "No purchases yet.\n")
  }

  /// The phone saves over the file an edit made on the text before the laptop's latest: it is read against that
  /// text, so what the laptop added since stays on the list, and what the phone deleted goes.
  @Test func aSaveOfAnOlderEditionKeepsWhatWasAddedSince() throws {
    try scenario.given(["mirror", "add", list])
    let older = text(list)
    #expect(header(list).contains(" edition 1;"))
    try scenario.given(["add", "tea", "coffee"])
    #expect(header(list).contains(" edition 2;"))
    let edited = older.replacing("- [ ] milk x2", with: "- [x] milk x2").replacing(
      "- [ ] AA batteries\n", with: "")
    try phoneSaves(list, edited)
    try scenario.expect(
      ["list", "--flat"],
      stdout:
        "  [ ] bananas - not too ripe\n  [ ] eggs x2\n  [ ] coffee\n  [ ] tea\n\n4 items to buy, 1 bought today\n",
      stderr: "grocery: \(list): from the phone: bought milk; took off AA batteries\n")
    #expect(header(list).contains(" edition 3;"))
  }

  /// A tick applied once is not bought again when a conflict copy of the same text brings it back, or a phone
  /// saves that text again, after the item went back on the list.
  @Test func aTickSeenAgainInACopyOfTheSameEditionBuysNothingMore() throws {
    try scenario.given(["mirror", "add", list])
    let ticked = text(list).replacing("- [ ] milk x2", with: "- [x] milk x2")
    try phoneSaves(list, ticked)
    #expect(try grocery.run(["list"]).stderr == "grocery: \(list): from the phone: bought milk\n")
    try scenario.given(["add", "milk"])
    try Data(ticked.utf8).write(
      to: URL(fileURLWithPath: folder.file("list.sync-conflict-20261121-101500-ABCDEFG.md")))
    try scenario.expect(
      ["list", "--flat"],
      stdout: wholeList(bought: 1)
    )
    try phoneSaves(list, ticked)
    try scenario.expect(
      ["list", "--flat"],
      stdout: wholeList(bought: 1)
    )
    #expect(try history() == "2026-11-21 milk x2\n")
  }

  /// A conflict copy's line typed over and ticked buys the item the line was written for, as the file's own line
  /// would, and the rename is not made (a copy's typing over is not applied), where a new item of the typed name was
  /// made and bought and the written one left on the list (found by a trial).
  @Test func aConflictCopysLineTypedOverAndTickedBuysItsItem() throws {
    try scenario.given(["mirror", "add", list])
    let copy = text(list).replacing("- [ ] bananas - not too ripe", with: "- [x] ripe bananas")
    try Data(copy.utf8).write(
      to: URL(fileURLWithPath: folder.file("list.sync-conflict-20261121-101500-ABCDEFG.md")))
    let outcome = try grocery.run(["list", "--flat"])
    #expect(outcome.stderr == "grocery: \(list): from the phone: bought bananas\n", "\(outcome)")
    #expect(
      outcome.stdout == "  [ ] eggs x2\n  [ ] milk x2\n  [ ] AA batteries\n\n3 items to buy, 1 bought today\n"
    )
    #expect(try history() == "2026-11-21 bananas\n")
    #expect(try grocery.run(["list", "--all", "--format", "csv"]).stdout.contains("ripe bananas") == false)
  }

  /// A conflict copy's line typed over with the name of another item the household has, and ticked, buys that
  /// item, as the file's own line does, where the item the line was written for was bought (found by a review).
  @Test func aConflictCopysLineTypedOverWithAnotherItemsNameAndTickedBuysThatItem() throws {
    try scenario.given(["add", "honey"], ["buy", "honey", "--on", "2026-11-20"], ["mirror", "add", list])
    let copy = text(list).replacing("- [ ] bananas - not too ripe", with: "- [x] Honey")
    try Data(copy.utf8).write(
      to: URL(fileURLWithPath: folder.file("list.sync-conflict-20261121-101500-ABCDEFG.md")))
    let outcome = try grocery.run(["list", "--flat"])
    #expect(outcome.stderr == "grocery: \(list): from the phone: bought honey\n", "\(outcome)")
    #expect(outcome.stdout == wholeList(bought: 1), "\(outcome)")
    #expect(try history() == "2026-11-21 honey\n2026-11-20 honey\n")
  }

  /// A conflict copy's line typed over with another item's name, ticked, is a tick of that name: beside the file's
  /// tick of the line as written, two purchases, and beside the file's tick of that item, one (found by a review:
  /// the first was dropped, the second bought twice). A ticked copy of a line it leaves unticked keeps the item
  /// listed, as in the file.
  @Test(arguments: [
    ("- [x] milk x2", "bought milk, eggs", "2026-11-21 eggs x2\n2026-11-21 milk x2\n", false),
    ("- [x] eggs x2", "bought eggs", "2026-11-21 eggs x2\n", true),
  ])
  func aConflictCopysTypedOverTickAndTheFilesOwnTick(
    file: String, said: String, history expected: String, milkListed: Bool
  ) throws {
    try scenario.given(["mirror", "add", list])
    let written = text(list)
    try Data(written.replacing("- [ ] milk x2", with: "- [x] eggs").utf8).write(
      to: URL(fileURLWithPath: folder.file("list.sync-conflict-20261121-101500-ABCDEFG.md")))
    try phoneSaves(list, written.replacing(file.replacing("[x]", with: "[ ]"), with: file))
    let outcome = try grocery.run(["list", "--flat"])
    #expect(outcome.stderr == "grocery: \(list): from the phone: \(said)\n", "\(outcome)")
    #expect(outcome.stdout.contains("milk") == milkListed, "\(outcome)")
    #expect(try history() == expected)
  }

  @Test func aConflictCopysTickedCopyOfALineItLeavesUntickedKeepsTheItemListed() throws {
    try scenario.given(["mirror", "add", list])
    try Data(text(list).replacing("- [ ] milk x2\n", with: "- [ ] milk x2\n- [x] milk\n").utf8).write(
      to: URL(fileURLWithPath: folder.file("list.sync-conflict-20261121-101500-ABCDEFG.md")))
    let outcome = try grocery.run(["list", "--flat"])
    #expect(outcome.stderr == "grocery: \(list): from the phone: bought milk\n", "\(outcome)")
    #expect(outcome.stdout == wholeList(bought: 1), "\(outcome)")
  }

  /// A save of an earlier edition with nothing in it to apply (a sync tool putting the phone's old copy back) is
  /// written over with the list as it is, where it stayed, showing what was bought since as still to buy.
  @Test func aSaveOfAnEarlierEditionIsWrittenOverWithTheList() throws {
    try scenario.given(["mirror", "add", list])
    let old = text(list)
    try scenario.given(["buy", "milk"], ["add", "cheese"])
    let now = text(list)
    #expect(now != old && now.contains("cheese"))
    try phoneSaves(list, old)
    let outcome = try grocery.run(["list", "--flat"])
    #expect(outcome.status == 0 && outcome.stderr.isEmpty, "\(outcome)")
    #expect(text(list) == now)
    #expect(try history() == "2026-11-21 milk x2\n")
  }

  /// A tick a grocery before 2026-11-27 applied is kept under its line's text (`milk x2`), where ticks are now kept
  /// under the item's name: a conflict copy of that edition does not buy it again after the upgrade.
  @Test func aTickKeptUnderItsLinesTextByAnOlderGroceryIsNotBoughtAgain() throws {
    try scenario.given(["mirror", "add", list])
    let ticked = text(list).replacing("- [ ] milk x2", with: "- [x] milk x2")
    try phoneSaves(list, ticked)
    #expect(try grocery.run(["list"]).stderr == "grocery: \(list): from the phone: bought milk\n")
    try scenario.given(["add", "milk"])
    let editions = try grocery.household().stateFolder + "/mirror-editions.json"
    let kept = text(editions)
    #expect(kept.contains("\"ticked\":[\"milk\"]"), "\(kept)")
    try Data(kept.replacing("\"ticked\":[\"milk\"]", with: "\"ticked\":[\"milk x2\"]").utf8).write(
      to: URL(fileURLWithPath: editions))
    try Data(ticked.utf8).write(
      to: URL(fileURLWithPath: folder.file("list.sync-conflict-20261121-101500-ABCDEFG.md")))
    try scenario.expect(["list", "--flat"], stdout: wholeList(bought: 1))
    #expect(try history() == "2026-11-21 milk x2\n")
  }

  /// A mirror kept by the grocery before editions: its text is kept as edition 0 when the next one is written, so
  /// the phone's save of it is read against it, and what the laptop added since stays on the list.
  @Test func aSaveOfTheTextWrittenBeforeEditionsIsReadAgainstIt() throws {
    try scenario.given(["mirror", "add", list])
    // As the grocery before editions left them: no edition in the file's first line, none in mirrors.json.
    let state = try grocery.household().stateFolder + "/mirrors.json"
    let old = text(list).replacing(" edition 1;", with: ";")
    try phoneSaves(list, old)
    var json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state))) as? [String: Any])
    var mirrors = try #require(json["mirrors"] as? [[String: Any]])
    mirrors[0]["written"] = old
    mirrors[0]["edition"] = nil
    mirrors[0]["file"] = nil
    json["mirrors"] = mirrors
    try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: state))
    try scenario.given(["add", "tea"])
    #expect(header(list).contains(" edition 1;"))
    try phoneSaves(list, old.replacing("- [ ] milk x2", with: "- [x] milk x2"))
    try scenario.expect(
      ["list", "--flat"],
      stdout:
        "  [ ] bananas - not too ripe\n  [ ] eggs x2\n  [ ] AA batteries\n  [ ] tea\n\n4 items to buy, 1 bought today\n",
      stderr: "grocery: \(list): from the phone: bought milk\n")
  }

  /// A state folder that cannot keep the earlier editions costs only their help: the mirror goes on as before.
  @Test func editionsThatCannotBeKeptLeaveTheMirrorWorking() throws {
    try scenario.given(["mirror", "add", list])
    let editions = try grocery.household().stateFolder + "/mirror-editions.json"
    #expect(mkdir(editions, 0o700) == 0)
    try scenario.given(["add", "tea"], ["add", "coffee"])
    try phoneSaves(list, text(list).replacing("- [ ] milk x2", with: "- [x] milk x2"))
    // What cannot be kept is said, never passed over in silence.
    #expect(
      try grocery.run(["list"]).stderr
        == "grocery: warning: cannot read '\(editions)': is a directory; a phone's save of a mirror's older text is"
        + " read for its ticks only\ngrocery: \(list): from the phone: bought milk\n")
    #expect(try grocery.run(["list"]).stderr == "")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".kept-") }
        .isEmpty)
  }

  /// Damaged earlier editions are said, and written afresh at the next text written.
  @Test func damagedEditionsAreSaidAndWrittenAfresh() throws {
    try scenario.given(["mirror", "add", list], ["add", "tea"])
    let editions = try grocery.household().stateFolder + "/mirror-editions.json"
    try Data("garbage".utf8).write(to: URL(fileURLWithPath: editions))
    let outcome = try grocery.run(["add", "coffee"])
    #expect(
      outcome.stderr
        == "grocery: warning: cannot read store '\(editions)': it is damaged, and is written afresh; a phone's save"
        + " of a mirror's older text is read for its ticks only\n", "\(outcome)")
    #expect(text(editions).hasPrefix("{\"editions\":{"))
    #expect(try grocery.run(["add", "jam"]).stderr == "")
  }

  /// A mirror removed and added again goes on from its file's edition: a phone's save of an old text is never
  /// read against a new text of the same number, so what was added meanwhile stays on the list; the editions it
  /// had are kept, so that save is read against its own text, not only for its ticks.
  @Test func aMirrorAddedAgainGoesOnFromItsFilesEdition() throws {
    try scenario.given(["mirror", "add", list])
    let first = text(list)
    try scenario.given(
      ["add", "tea"], ["mirror", "remove", list], ["add", "oats"], ["mirror", "add", list])
    #expect(header(list).contains(" edition 3;"))
    try phoneSaves(list, first.replacing("- [ ] milk x2", with: "- [x] milk x2"))
    let outcome = try grocery.run(["list", "--flat"])
    #expect(outcome.stdout.contains("  [ ] oats\n") && outcome.stdout.contains("  [ ] tea\n"), "\(outcome)")
    #expect(outcome.stderr.contains("from the phone: bought milk\n"), "\(outcome)")
    #expect(!outcome.stderr.contains("was saved from a text grocery no longer keeps"), "\(outcome)")
  }

  /// The same file by another path, through a linked folder, is the same mirror: refused, as the same path is.
  @Test func theSameFileThroughALinkedFolderIsRefusedAsAlreadyMirrored() throws {
    try scenario.given(["mirror", "add", list])
    #expect(symlink(folder.path, folder.file("linked")) == 0)
    let other = folder.file("linked/list.md")
    let before = scenario.grocery.storeBytes()
    let outcome = try grocery.run(["mirror", "add", other])
    #expect(outcome.status != 0 && outcome.stderr.contains("'\(other)'"), "\(outcome)")
    #expect(try grocery.run(["mirror"]).stdout.components(separatedBy: "list.md").count == 2)
    #expect(scenario.grocery.storeBytes() == before)
  }

  /// A copy cut short inside a line (a sync still under way) is not read as lines deleted and the last renamed,
  /// nor is the phone's own save, ticked, cut (found by a trial: its tick was applied, the lines after the cut
  /// deleted and the last one renamed).
  @Test(arguments: [false, true])
  func aFileCutShortInsideALineAppliesNothing(ticked: Bool) throws {
    try scenario.given(["mirror", "add", list])
    let whole = text(list)
    let saved = ticked ? whole.replacing("- [ ] eggs x2", with: "- [x] eggs x2") : whole
    try phoneSaves(list, String(saved.dropLast(5)))
    let kept = folder.file("list.kept-20261121-120000.md")
    try scenario.expect(
      ["list", "--flat"],
      stdout: wholeList(),
      stderr:
        "grocery: warning: '\(list)' no longer reads as a checklist (it is cut short); applied nothing, kept it as"
        + " '\(kept)' and wrote the list again\n")
    #expect(text(list) == whole)
  }

  /// A phone's file of hundreds of long new lines is applied, told as at most three names of each kind and how many
  /// more, where its every name made a summary longer than a log line may hold: nothing was applied, and every
  /// command tried again (found by a trial).
  @Test func aPhonesFileOfManyNewLinesIsAppliedAndToldInShort() throws {
    try scenario.given(["mirror", "add", list])
    let padding = String(repeating: "x", count: 80)
    let lines = (0..<800).map { "- [ ] \(padding) \($0)\n" }.joined()
    try phoneSaves(list, text(list) + lines)
    let listed = try scenario.grocery.run(["list", "--flat"])
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(
      listed.stderr
        == "grocery: \(list): from the phone: added \(padding) 0, \(padding) 1, \(padding) 2 and 797 more\n")
    #expect(try scenario.grocery.run(["names", "items"]).stdout.contains("\(padding) 799\n"))
    #expect(try scenario.grocery.run(["list", "--flat"]).stderr.isEmpty)
  }

  /// A mirror named as a sync tool names a copy of another (`list 2.md` beside `list.md`) is read as itself, never as
  /// a copy of the other: its tick was said under the other's name (found by a trial).
  @Test func aMirrorNamedAsAnothersCopyIsReadAsItself() throws {
    let second = folder.file("list 2.md")
    try scenario.given(["mirror", "add", list], ["mirror", "add", second])
    try phoneSaves(second, text(second).replacing("- [ ] milk x2", with: "- [x] milk x2"))
    let listed = try scenario.grocery.run(["list", "--flat"])
    #expect(listed.stderr == "grocery: \(second): from the phone: bought milk\n", "\(listed)")
    #expect(try scenario.grocery.run(["history"]).stdout.split(separator: "\n").count == 1)
  }

  /// Each mirror that cannot be written is said, where only the first was (found by a trial).
  @Test(.enabled(if: ReadOnlyFolder.available, "\(ReadOnlyFolder.reason)"))
  func eachMirrorThatCannotBeWrittenIsSaid() throws {
    let shared = folder.file("shared")
    try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
    let (first, second) = (shared + "/list.md", shared + "/second.md")
    try scenario.given(["mirror", "add", first], ["mirror", "add", second])
    let readOnly = try ReadOnlyFolder(shared)
    defer { readOnly.restore() }
    let added = try scenario.grocery.run(["add", "jam"])
    #expect(added.status == 0 && added.stdout == "added: jam\n", "\(added)")
    let said = added.stderr.split(separator: "\n").filter {
      $0.hasPrefix("grocery: warning: cannot write the mirrors")
    }
    #expect(
      said.count == 2 && said[0].contains("list.md") && said[1].contains("second.md"), "\(added.stderr)")
  }

  /// A link put in the mirror's place is replaced by the list, never written through: the list was written over
  /// the file it named, outside the folder (found by a trial), or made where a dangling one pointed.
  @Test(arguments: [false, true])
  func aLinkInTheMirrorsPlaceIsReplacedNotWrittenThrough(dangling: Bool) throws {
    try scenario.given(["mirror", "add", list])
    let notes = scenario.folder.file("notes.txt")
    if !dangling { try "my precious notes\n".write(toFile: notes, atomically: true, encoding: .utf8) }
    #expect(unlink(list) == 0 && symlink(notes, list) == 0)
    #expect(try scenario.grocery.run(["add", "jam"]).status == 0)
    if dangling {
      #expect(!FileManager.default.fileExists(atPath: notes))
    } else {
      #expect(try String(contentsOfFile: notes, encoding: .utf8) == "my precious notes\n")
    }
    var info = stat()
    #expect(lstat(list, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
    #expect(text(list).contains("- [ ] jam\n"))
    // Nor is a link taken as a mirror: it would be replaced, and the file it names left as it was (found by a
    // review).
    let link = folder.file("link.md")
    #expect(symlink(notes, link) == 0)
    try scenario.expectRefused(
      ["mirror", "add", link],
      stderr:
        "grocery: error: '\(link)' exists and is not a grocery checklist (it is a link, which grocery would"
        + " replace, never write through); give a new file\n", status: 1)
  }

  @Test func aConflictCopysTicksAreAppliedAndTicksTwiceBuyOnce() throws {
    try scenario.given(["mirror", "add", list])
    let ticked = text(list).replacing("- [ ] milk x2", with: "- [x] milk x2")
    try phoneSaves(list, ticked)
    try Data(ticked.replacing("- [ ] eggs x2", with: "- [x] eggs x2").utf8).write(
      to: URL(fileURLWithPath: folder.file("list.sync-conflict-20261121-101500-ABCDEFG.md")))
    try Data(ticked.utf8).write(
      to: URL(fileURLWithPath: folder.file("list (bob's conflicted copy 2026-11-21).md")))
    try scenario.expect(
      ["list", "--flat"],
      stdout: "  [ ] bananas - not too ripe\n  [ ] AA batteries\n\n2 items to buy, 2 bought today\n",
      stderr: "grocery: \(list): from the phone: bought milk, eggs\n")
    try scenario.expect(
      ["list", "--flat"],
      stdout: "  [ ] bananas - not too ripe\n  [ ] AA batteries\n\n2 items to buy, 2 bought today\n")
    #expect(try history() == "2026-11-21 eggs x2\n2026-11-21 milk x2\n")
  }

  /// A conflict copy's tick of a line the file typed over with another item's name buys the item the line was
  /// written for, not the one typed: the copy was ticked before the line was typed over. Milk was never bought.
  @Test func aConflictCopysTickOfALineTheFileTypedOverBuysTheLinesOwnItem() throws {
    try scenario.given(["add", "oat milk"], ["buy", "oat milk"], ["mirror", "add", list])
    let written = text(list)
    try Data(written.replacing("- [ ] milk x2", with: "- [x] milk x2").utf8).write(
      to: URL(fileURLWithPath: folder.file("list.sync-conflict-20261121-101500-ABCDEFG.md")))
    try phoneSaves(list, written.replacing("- [ ] milk x2", with: "- [ ] oat milk x2"))
    let outcome = try grocery.run(["list", "--flat"])
    #expect(outcome.stderr == "grocery: \(list): from the phone: bought milk; added oat milk\n", "\(outcome)")
    #expect(try history() == "2026-11-21 milk x2\n2026-11-21 oat milk\n")
    #expect(outcome.stdout.contains("[ ] oat milk x2\n"), "\(outcome)")
  }

  /// A name typed over in case or accents alone renames the item, as `edit --rename` does, where the edit was
  /// ignored and the file written back as it was.
  @Test func aNameTypedOverInCaseOrAccentsAloneRenamesTheItem() throws {
    try scenario.given(["mirror", "add", list])
    try phoneEdits(list, [("- [ ] eggs x2", "- [ ] Eggs x2"), ("- [ ] AA batteries", "- [ ] AA bättéries")])
    try scenario.expect(
      ["list", "--flat"],
      stdout:
        "  [ ] bananas - not too ripe\n  [ ] Eggs x2\n  [ ] milk x2\n  [ ] AA bättéries\n\n4 items to buy, 0 bought"
        + " today\n",
      stderr: "grocery: \(list): from the phone: renamed eggs to Eggs, AA batteries to AA bättéries\n")
    #expect(text(list).contains("- [ ] Eggs x2\n"))
    try scenario.expect(
      ["list", "--flat"],
      stdout:
        "  [ ] bananas - not too ripe\n  [ ] Eggs x2\n  [ ] milk x2\n  [ ] AA bättéries\n\n4 items to buy, 0 bought today\n"
    )
  }

  /// A conflict copy's tick of a line the file itself deleted is bought: the phone ticked it in the shop before
  /// the other edit took it off. It was dropped without a word.
  @Test func aConflictCopysTickOfALineTheFileDeletedIsBought() throws {
    try scenario.given(["mirror", "add", list])
    let written = text(list)
    try Data(written.replacing("- [ ] milk x2", with: "- [x] milk x2").utf8).write(
      to: URL(fileURLWithPath: folder.file("list.sync-conflict-20261121-101500-ABCDEFG.md")))
    try phoneSaves(
      list, written.replacing("- [ ] milk x2\n", with: "").replacing("- [ ] AA batteries\n", with: ""))
    try scenario.expect(
      ["list", "--flat"],
      stdout: "  [ ] bananas - not too ripe\n  [ ] eggs x2\n\n2 items to buy, 1 bought today\n",
      stderr: "grocery: \(list): from the phone: bought milk; took off AA batteries\n")
    #expect(try history() == "2026-11-21 milk x2\n")
  }

  /// A ticked line copied, as a phone app duplicates one, is one tick: an item with a quantity or a note is bought
  /// once, as one with neither is, where the copy read as a new line bought it again.
  @Test func aTickedLineCopiedBuysOnceWhateverTheLineHolds() throws {
    try scenario.given(["mirror", "add", list])
    try phoneEdits(
      list,
      [
        ("- [ ] milk x2", "- [x] milk x2\n- [x] milk x2"),
        ("- [ ] bananas - not too ripe", "- [x] bananas - not too ripe\n- [x] bananas - not too ripe"),
        ("- [ ] AA batteries", "- [x] AA batteries\n- [x] AA batteries"),
      ])
    try scenario.expect(
      ["list", "--flat"], stdout: "  [ ] eggs x2\n\n1 item to buy, 3 bought today\n",
      stderr: "grocery: \(list): from the phone: bought bananas, milk, AA batteries\n")
    #expect(try history() == "2026-11-21 AA batteries\n2026-11-21 bananas\n2026-11-21 milk x2\n")
  }

  /// A recurring task ticked on two days (the phone read by no command between): two purchases, each on its day,
  /// and the unticked line keeps the item listed, where all but the first tick were dropped (found by a trial).
  @Test func ticksOfOneItemOnTwoDaysAreTwoPurchases() throws {
    try scenario.given(["mirror", "add", list])
    try phoneEdits(
      list, [("- [ ] milk x2", "- [x] milk x2 ✅ 2026-11-14\n- [x] milk x2 ✅ 2026-11-21\n- [ ] milk x2")])
    let outcome = try grocery.run(["list", "--flat"])
    #expect(outcome.stdout == wholeList(bought: 1), "\(outcome)")
    #expect(try history() == "2026-11-21 milk x2\n2026-11-14 milk x2\n")
  }

  /// A heading typed on the phone names a category as every name does, a unique start enough: a line under
  /// `### dairy` goes into Dairy & Fridge, as `add -c dairy` puts it; one under a heading naming none, or several,
  /// is Uncategorized.
  @Test func aHeadingTypedOnThePhoneNamesACategoryByItsStart() throws {
    try scenario.given(["mirror", "add", list], ["category", "add", "Deli"])
    try phoneSaves(list, text(list) + "\n### dairy\n\n- [ ] cream\n\n## D\n\n- [ ] dates\n")
    _ = try grocery.run(["list"])
    let rows = try grocery.run(["list", "--all", "--format", "csv"]).stdout
    #expect(rows.contains("\nDairy & Fridge,cream,") && rows.contains("\nUncategorized,dates,"), "\(rows)")
  }

  /// A new ticked line in a conflict copy is bought with its quantity and note, as in the file itself.
  @Test func aNewTickedLineInAConflictCopyBuysItsQuantityAndKeepsItsNote() throws {
    try scenario.given(["mirror", "add", list])
    try Data((text(list) + "- [x] chocolate x3 - dark\n").utf8).write(
      to: URL(fileURLWithPath: folder.file("list.sync-conflict-20261121-101500-ABCDEFG.md")))
    let outcome = try grocery.run(["list", "--flat"])
    #expect(outcome.stderr == "grocery: \(list): from the phone: bought chocolate\n", "\(outcome)")
    #expect(try history() == "2026-11-21 chocolate x3\n")
    #expect(
      try grocery.run(["list", "--all", "--format", "csv"]).stdout.contains(
        "Uncategorized,chocolate,3,dark,false,")
    )
  }

  /// A conflict copy's new lines are items the phone put on the list, where they were lost: the copy Syncthing
  /// keeps is often the phone's own save. What the copy deleted or typed over is not applied, as the file may have
  /// changed it since; and a copy changed again does not put an item bought since back on the list.
  @Test func aConflictCopysNewLinesArePutOnTheListOnce() throws {
    try scenario.given(["mirror", "add", list])
    let copy = folder.file("list.sync-conflict-20261121-101500-ABCDEFG.md")
    let edited = text(list).replacing("- [ ] milk x2\n", with: "").replacing(
      "- [ ] AA batteries", with: "- [ ] AA batteries\n- [ ] bread x2 - sourdough")
    try Data(edited.replacing("- [ ] eggs x2", with: "- [ ] duck eggs x2").utf8).write(
      to: URL(fileURLWithPath: copy))
    let outcome = try grocery.run(["list", "--flat"])
    #expect(outcome.stderr == "grocery: \(list): from the phone: added bread\n", "\(outcome)")
    #expect(
      outcome.stdout
        == "  [ ] bananas - not too ripe\n  [ ] eggs x2\n  [ ] milk x2\n  [ ] AA batteries\n"
        + "  [ ] bread x2 - sourdough\n\n5 items to buy, 0 bought today\n")
    try scenario.given(["buy", "bread"])
    try Data((edited + "\n").utf8).write(to: URL(fileURLWithPath: copy))
    try scenario.expect(["list", "--flat"], stdout: wholeList(bought: 1))
  }

  /// A phone that saves an old edition again, with a line it added then, does not put the item back on the list
  /// once it was bought, as its ticks buy nothing twice.
  @Test func aLineAddedInAnOldEditionSavedAgainAddsNothingMore() throws {
    try scenario.given(["mirror", "add", list])
    let added = text(list).replacing("- [ ] AA batteries", with: "- [ ] AA batteries\n- [ ] bread")
    try phoneSaves(list, added)
    #expect(try grocery.run(["list"]).stderr == "grocery: \(list): from the phone: added bread\n")
    try scenario.given(["buy", "bread"])
    try phoneSaves(list, added)
    try scenario.expect(["list", "--flat"], stdout: wholeList(bought: 1))
  }

  /// A store's mirror's new line of an item kept at another store only: put on the list, and said, as the store's
  /// list leaves it out; the file is written over without it, so the phone shows the store's list, where the line
  /// stayed and went at some later change without a word (found by a trial).
  @Test func aStoresMirrorsLineOfAnItemKeptElsewhereIsAddedAndSaid() throws {
    try scenario.given(
      ["location", "add", "Costco"], ["location", "add", "Corner"], ["add", "tea", "--at", "Corner"],
      ["buy", "tea"])
    let file = folder.file("costco.md")
    try scenario.given(["mirror", "add", file, "--at", "Costco"])
    let written = text(file)
    try phoneSaves(file, written + "- [ ] tea\n")
    #expect(
      try grocery.run(["list"]).stderr
        == "grocery: \(file): from the phone: added tea\ngrocery: warning: '\(file)': 'tea' is on the list, kept at"
        + " 'Corner', which this list of 'Costco' leaves out\n")
    #expect(
      text(file).drop { $0 != "\n" } == written.drop { $0 != "\n" }, "the store's list, without the line")
    #expect(try grocery.run(["list", "--at", "Corner", "--flat"]).stdout.contains("  [ ] tea\n"))
    try phoneSaves(file, written + "- [ ] bread\n")
    #expect(try grocery.run(["list"]).stderr == "grocery: \(file): from the phone: added bread\n")
  }

  /// A conflict copy made from a text no longer kept has its ticks bought, but not its other lines: what was
  /// taken off the list since would read as new lines.
  @Test func aConflictCopyOfATextNoLongerKeptAddsNothing() throws {
    try scenario.given(["mirror", "add", list])
    let old = text(list).replacing("- [ ] AA batteries", with: "- [ ] AA batteries\n- [ ] bread")
    for name in ["a", "b", "c", "d", "e", "f", "g", "h", "i"] {
      try scenario.given(["add", name], ["remove", name])
    }
    try Data(old.replacing("- [ ] milk x2", with: "- [x] milk x2").utf8).write(
      to: URL(fileURLWithPath: folder.file("list.sync-conflict-20261121-101500-ABCDEFG.md")))
    try scenario.expect(
      ["list", "--flat"],
      stdout:
        "  [ ] bananas - not too ripe\n  [ ] eggs x2\n  [ ] AA batteries\n\n3 items to buy, 1 bought today\n",
      stderr: "grocery: \(list): from the phone: bought milk\n")
  }

  @Test func anEmptiedFileAppliesNothingKeepsACopyAndIsWrittenAgain() throws {
    try scenario.given(["mirror", "add", list])
    let written = text(list)
    try phoneSaves(list, "")
    let kept = folder.file("list.kept-20261121-120000.md")
    try scenario.expect(
      ["list", "--flat"],
      stdout: wholeList(),
      stderr:
        "grocery: warning: '\(list)' no longer reads as a checklist (it is empty); applied nothing, kept it as"
        + " '\(kept)' and wrote the list again\n")
    #expect(text(list) == written)
    #expect(FileManager.default.fileExists(atPath: kept))
    try scenario.expect(
      ["list", "--flat"],
      stdout: wholeList()
    )
  }

  @Test func moreThanHalfTheLinesVanishingWaitsForAccept() throws {
    try scenario.given(["mirror", "add", list])
    let header = header(list)
    try phoneSaves(list, header + "\n\n## Produce\n\n- [ ] bananas - not too ripe\n")
    let kept = folder.file("list.kept-20261121-120000.md")
    try scenario.expect(
      ["list", "--flat"],
      stdout: wholeList(),
      stderr:
        "grocery: warning: '\(list)' lost 3 of its 4 lines at once; applied nothing, kept it as '\(kept)' and"
        + " wrote the list again; 'grocery mirror accept \(list)' applies it\n")
    #expect(text(list).contains("- [ ] milk x2"))
    try scenario.expect(
      ["mirror", "accept", list], stdout: "from the phone: took off eggs, milk, AA batteries\n")
    #expect(!FileManager.default.fileExists(atPath: kept))
    try scenario.expect(
      ["list", "--flat"], stdout: "  [ ] bananas - not too ripe\n\n1 item to buy, 0 bought today\n")
    try scenario.expectRefused(
      ["mirror", "accept", list],
      stderr: "grocery: error: no edits of '\(list)' are waiting to be accepted\n", status: 1)
  }

  /// The ticks `mirror accept` applies are bought on the day the file changed, as they would have been had it been
  /// read then, not on the day the kept copy was written.
  @Test func ticksAcceptedAfterAHoldAreBoughtOnTheDayTheFileChanged() throws {
    try scenario.given(["mirror", "add", list])
    try phoneSaves(list, header(list) + "\n\n## Produce\n\n- [x] bananas - not too ripe\n")
    try touch(list, "2026-11-19")
    _ = try grocery.run(["list"])
    try scenario.expect(
      ["mirror", "accept", list],
      stdout: "from the phone: bought bananas; took off eggs, milk, AA batteries\n")
    #expect(try history() == "2026-11-19 bananas\n")
  }

  /// The phone's edits to the list written again after a hold (a tick, a new line) are read before `mirror accept`
  /// writes the list, never written over.
  @Test func editsMadeAfterAHoldAreAppliedBeforeAcceptWritesTheList() throws {
    try scenario.given(["mirror", "add", list])
    try phoneSaves(list, header(list) + "\n\n## Produce\n\n- [x] bananas - not too ripe\n")
    _ = try grocery.run(["list"])
    try phoneEdits(list, [("- [ ] AA batteries", "- [x] AA batteries\n- [ ] rice")])
    let outcome = try grocery.run(["mirror", "accept", list])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stderr.contains("from the phone: bought AA batteries; added rice\n"), "\(outcome)")
    #expect(outcome.stdout == "from the phone: bought bananas; took off eggs, milk\n", "\(outcome)")
    #expect(try history() == "2026-11-21 AA batteries\n2026-11-21 bananas\n")
    try scenario.expect(["list", "--flat"], stdout: "  [ ] rice\n\n1 item to buy, 2 bought today\n")
    #expect(text(list).hasSuffix("## Uncategorized\n\n- [ ] rice\n"))
  }

  /// A mirror removed and added again reads the ticks and lines the phone wrote in it, before the removal or
  /// after it, against the text they were made from; they are applied, not written over.
  @Test(arguments: [false, true])
  func aMirrorAddedAgainAppliesWhatThePhoneWroteInIt(editedAfterRemoving: Bool) throws {
    try scenario.given(["mirror", "add", list])
    if editedAfterRemoving { try scenario.given(["mirror", "remove", list]) }
    try phoneEdits(
      list, [("- [ ] milk x2", "- [x] milk x2"), ("- [ ] AA batteries", "- [ ] AA batteries\n- [ ] rice")])
    if !editedAfterRemoving {
      let removed = try grocery.run(["mirror", "remove", list])
      #expect(removed.stderr == "grocery: \(list): from the phone: bought milk; added rice\n", "\(removed)")
    }
    let added = try grocery.run(["mirror", "add", list])
    #expect(added.stdout == "mirroring the list to \(list)\n", "\(added)")
    if editedAfterRemoving {
      #expect(added.stderr == "grocery: \(list): from the phone: bought milk; added rice\n", "\(added)")
    }
    #expect(try history() == "2026-11-21 milk x2\n")
    #expect(text(list).contains("- [ ] rice\n") && !text(list).contains("milk"), "\(text(list))")
    try scenario.expect(
      ["mirror", "add", list],
      stderr: "grocery: error: '\(list)' is already a mirror of the list on this machine\n", status: 1)
  }

  /// What a mirror added again applies from its file is written to the other mirrors at once: a phone shopping
  /// from one of them never sees the item bought as still on the list.
  @Test func whatAMirrorAddedAgainAppliesIsWrittenToTheOtherMirrors() throws {
    let other = folder.file("other.md")
    try scenario.given(["mirror", "add", list], ["mirror", "add", other], ["mirror", "remove", list])
    try phoneEdits(list, [("- [ ] milk x2", "- [x] milk x2")])
    let added = try grocery.run(["mirror", "add", list])
    #expect(added.stderr == "grocery: \(list): from the phone: bought milk\n", "\(added)")
    #expect(!text(other).contains("milk") && text(other).contains("- [ ] eggs x2\n"), "\(text(other))")
  }

  /// `undo` reverts the last change people made, not the phone's ticks waiting in the mirror, which the next command
  /// applies.
  @Test func undoLeavesThePhonesWaitingTicksForTheNextCommand() throws {
    try scenario.given(["mirror", "add", list], ["purchase", "eggs"])
    try phoneEdits(list, [("- [ ] milk x2", "- [x] milk x2")])
    try scenario.expect(["undo"], stdout: "undid: purchase eggs\n")
    #expect(try history() == "2026-11-21 milk x2\n")
    #expect(text(list).contains("- [ ] eggs x2\n") && !text(list).contains("milk"), "\(text(list))")
  }

  @Test func anotherHouseholdsMirrorIsRefusedAndItsFileLeftAlone() throws {
    let other = Scenario()
    try other.given(["add", "tea"])
    let theirs = folder.file("theirs.md")
    var them = other.grocery
    them.environment["GROCERY_STORE"] = other.grocery.store
    #expect(try them.run(["mirror", "add", theirs]).status == 0)
    let before = text(theirs)
    try scenario.expectRefused(
      ["mirror", "add", theirs],
      stderr:
        "grocery: error: '\(theirs)' is the checklist of another household; give each household its own file\n",
      status: 1)
    #expect(text(theirs) == before)
  }

  @Test func aFileThatIsNotAChecklistIsNeverOverwrittenAndAFailedAddWritesNothing() throws {
    let notes = folder.file("notes.md")
    try folder.write("notes.md", "# My notes\n\nbuy a bike\n")
    try scenario.expectRefused(
      ["mirror", "add", notes],
      stderr:
        "grocery: error: '\(notes)' exists and is not a grocery checklist (no line names a household); give a"
        + " new file\n", status: 1)
    #expect(text(notes) == "# My notes\n\nbuy a bike\n")
    try scenario.expectRefused(
      ["mirror", "add", folder.file("missing/list.md")],
      stderr: "grocery: error: cannot write '\(folder.file("missing/list.md"))': no such file or directory\n",
      status: 74)
  }

  @Test func editsOnBothSidesAreMergedWithTheLastWrittenFileAsTheBase() throws {
    try scenario.given(["mirror", "add", list])
    var laptop = grocery
    laptop.environment["HOME"] = folder.file("laptop")
    try FileManager.default.createDirectory(atPath: folder.file("laptop"), withIntermediateDirectories: true)
    #expect(try laptop.run(["add", "bread"]).status == 0)
    try phoneSaves(list, text(list).replacing("- [ ] milk x2", with: "- [x] milk x2"))
    try scenario.expect(
      ["list", "--flat"],
      stdout:
        "  [ ] bananas - not too ripe\n  [ ] eggs x2\n  [ ] AA batteries\n  [ ] bread\n\n4 items to buy, 1 bought today\n",
      stderr: "grocery: \(list): from the phone: bought milk\n")
    #expect(text(list).contains("- [ ] bread\n"))
    #expect(!text(list).contains("milk"))
  }

  @Test func twoMachinesEachKeepTheirOwnMirrorAndRefuseTheOthers() throws {
    try scenario.given(["mirror", "add", list])
    var laptop = grocery
    laptop.environment["HOME"] = folder.file("laptop")
    laptop.environment["USER"] = "bob"
    try FileManager.default.createDirectory(atPath: folder.file("laptop"), withIntermediateDirectories: true)
    let outcome = try laptop.run(["mirror", "add", list])
    #expect(outcome.status == 1)
    #expect(outcome.stderr.hasPrefix("grocery: error: '\(list)' is kept by another machine, 'someone@"))
    let theirs = folder.file("bob.md")
    #expect(try laptop.run(["mirror", "add", theirs]).status == 0)
    try phoneSaves(theirs, text(theirs).replacing("- [ ] eggs x2", with: "- [x] eggs x2"))
    let bought = try laptop.run(["list", "--flat"])
    #expect(bought.stderr == "grocery: \(theirs): from the phone: bought eggs\n")
    try scenario.given(["add", "tea"])
    #expect(!text(list).contains("eggs"))
    #expect(text(list).contains("- [ ] tea\n"))
    #expect(try history().hasPrefix("2026-11-21 eggs x2 (bob@"))
  }

  /// Writes an executable shell script to use as an editor.
  func editor(_ name: String, _ body: String) throws -> String {
    try folder.write(name, "#!/bin/sh\n" + body + "\n")
    #expect(chmod(folder.file(name), 0o755) == 0)
    return folder.file(name)
  }

  @Test func listEditAppliesWhatTheEditorSavedAsOneChange() throws {
    let tick = try editor(
      "tick.sh", "sed -i 's/- \\[ \\] milk x2/- [x] milk x2/' \"$1\"\nprintf -- '- [ ] tea\\n' >> \"$1\"")
    let outcome = try grocery.run(["list", "--edit"], extra: ["EDITOR": tick, "VISUAL": ""])
    #expect(outcome == Outcome(stdout: "from the editor: bought milk; added tea\n"))
    #expect(try history() == "2026-11-21 milk x2\n")
    try scenario.expect(["undo"], stdout: "undid: from the editor: bought milk; added tea\n")
    #expect(try history() == "No purchases yet.\n")
  }

  /// A phone's tick made while household.json is lost is applied by the next change, which writes the marker back:
  /// the mirror is this household's still, as this machine remembers it, where it was set aside as another
  /// household's checklist (found by a trial).
  @Test func aTickMadeWhileTheHouseholdMarkerIsLostIsApplied() throws {
    try scenario.given(["mirror", "add", list])
    #expect(unlink(grocery.store + "/household.json") == 0)
    try phoneEdits(list, [("- [ ] milk x2", "- [x] milk x2")])
    let outcome = try grocery.run(["add", "tea"])
    #expect(outcome.status == 0 && outcome.stderr.contains("from the phone: bought milk"), "\(outcome)")
    #expect(!outcome.stderr.contains("kept"), "\(outcome)")
    #expect(try history() == "2026-11-21 milk x2\n")
    #expect(FileManager.default.fileExists(atPath: grocery.store + "/household.json"))
  }

  /// A household folder moved away, its mirror left behind: the phone's tick in it is not applied to the household a
  /// change then makes anew, whose id is another (found by a review of the lost-marker case above).
  @Test func aMirrorOfAHouseholdMovedAwayIsNotAppliedToANewOne() throws {
    try scenario.given(["mirror", "add", list])
    #expect(rename(grocery.store, folder.file("moved")) == 0)
    try phoneSaves(list, text(list) + "- [x] cheese\n")
    let outcome = try grocery.run(["add", "tea"])
    #expect(outcome.stderr.contains("it names another household"), "\(outcome)")
    #expect(try history() == "No purchases yet.\n")
  }

  /// With no editor named, vi is not run where there is no terminal (a script, cron): it wrote its screen into the
  /// output and failed (found by a trial). Refused before anything is written, exit 1, as an editor that fails.
  @Test func listEditWithNoEditorNamedAndNoTerminalStartsNone() throws {
    let before = grocery.storeBytes()
    let outcome = try grocery.run(["list", "--edit"], extra: ["EDITOR": "", "VISUAL": ""])
    #expect(
      outcome
        == Outcome(
          stderr:
            "grocery: error: the editor 'vi' was not started: standard input or output is not a terminal;"
            + " set VISUAL or EDITOR to an editor that needs none; nothing changed\n", status: 1))
    #expect(grocery.storeBytes() == before)
  }

  /// A line whose name looks like a quantity or part of a list (`2`, `milk,`, ticked `x3`, `eggs x2` typed over as
  /// `4`) makes no item and renames none, as `add` refuses such a name, and is said; the household's item of such a
  /// name is that item (found by a trial: the lines made items named `2` and `milk,`).
  @Test func aLineNamedLikeAQuantityOrAListMakesNoItem() throws {
    let csv = folder.file("odd.csv")
    try "name,on_list\n7,false\n".write(toFile: csv, atomically: true, encoding: .utf8)
    try scenario.given(["import", csv])
    let script = try editor(
      "odd.sh",
      "sed -i 's/- \\[ \\] eggs x2/- [ ] 4/' \"$1\"\nprintf -- '- [ ] 2\\n- [ ] milk,\\n- [x] x3\\n- [ ] 7\\n- [ ] tea\\n'"
        + " >> \"$1\"")
    let outcome = try grocery.run(["list", "--edit"], extra: ["EDITOR": script])
    let advice = "; a quantity goes with its name ('2 milk', 'milk x2'), and each item on a line of its own"
    #expect(outcome.stdout == "from the editor: added 7, tea\n", "\(outcome)")
    for (name, said) in [
      ("2", "is only digits"), ("milk,", "ends in a comma"), ("4", "is only digits"), ("x3", "is a quantity"),
    ] {
      #expect(outcome.stderr.contains("skipped: item name '\(name)' \(said)\(advice)"), "\(outcome)")
    }
    try scenario.expect(
      ["list", "--flat"],
      stdout: "  [ ] bananas - not too ripe\n  [ ] eggs x2\n  [ ] milk x2\n  [ ] 7\n  [ ] AA batteries\n"
        + "  [ ] tea\n\n6 items to buy, 0 bought today\n")
  }

  /// A new line naming an item the household has, typed at the end of the file under the last heading, puts it
  /// back on the list as it is: its note and its category stay, where the note was cleared and the item moved to
  /// that heading's category (found by a trial). A note or quantity the line gives is taken; a new item still
  /// takes the heading's category.
  @Test func aNewLineNamingAnItemTheHouseholdHasKeepsItsNoteAndCategory() throws {
    try scenario.given(["purchase", "bananas", "milk"], ["edit", "AA batteries", "-c", "snacks"])
    let script = try editor(
      "again.sh", "printf -- '- [ ] bananas\\n- [ ] milk x3 - oat\\n- [ ] pears\\n' >> \"$1\"")
    let outcome = try grocery.run(["list", "--edit"], extra: ["EDITOR": script])
    #expect(outcome == Outcome(stdout: "from the editor: added bananas, milk, pears\n"), "\(outcome)")
    try scenario.expect(
      ["list"],
      stdout:
        "Produce\n  [ ] bananas - not too ripe\n\nDairy & Fridge\n  [ ] eggs x2\n  [ ] milk x3 - oat\n\n"
        + "Snacks, Drinks & Other\n  [ ] AA batteries\n  [ ] pears\n\n5 items to buy, 2 bought today\n")
  }

  /// A new line ticked with a quantity, naming an item the household has, buys that quantity and keeps the item's
  /// note, where the note was cleared (a note the line does not give is none to set).
  @Test func aNewTickedLineWithAQuantityKeepsTheItemsNote() throws {
    try scenario.given(["purchase", "bananas"])
    let script = try editor("tick.sh", "printf -- '- [x] bananas x3\\n' >> \"$1\"")
    let outcome = try grocery.run(["list", "--edit"], extra: ["EDITOR": script])
    #expect(outcome == Outcome(stdout: "from the editor: bought bananas\n"), "\(outcome)")
    try scenario.expect(["add", "bananas"], stdout: "back on the list: bananas\n")
    #expect(try grocery.run(["list"]).stdout.contains("[ ] bananas x3 - not too ripe\n"))
  }

  @Test func listEditThatDeletesTheFileSaysSoAndChangesNothing() throws {
    let script = try editor("delete.sh", "rm \"$1\"")
    let before = grocery.storeBytes()
    let outcome = try grocery.run(["list", "--edit"], extra: ["EDITOR": script])
    #expect(outcome == Outcome(stderr: "grocery: warning: the checklist was deleted; nothing changed\n"))
    #expect(grocery.storeBytes() == before)
  }

  /// An edit that no longer reads as a checklist (the line naming the household deleted) changes nothing and
  /// keeps what was saved, where it was thrown away, and is refused (exit 1) as an editor that failed is, where it
  /// exited 0.
  @Test func listEditThatNoLongerReadsKeepsWhatWasSaved() throws {
    let script = try editor("header.sh", "sed -i '1d; s/- \\[ \\] milk x2/- [x] milk x2/' \"$1\"")
    let before = grocery.storeBytes()
    let outcome = try grocery.run(["list", "--edit"], extra: ["EDITOR": script])
    let state = try grocery.household().stateFolder
    let kept = try FileManager.default.contentsOfDirectory(atPath: state).filter { $0.contains(".kept-") }
    #expect(kept.count == 1, "\(kept)")
    let path = state + "/" + (kept.first ?? "")
    #expect(
      outcome
        == Outcome(
          stderr:
            "grocery: error: the checklist no longer reads as a checklist (no line names a household);"
            + " nothing changed; what you saved is kept as '\(path)'\n", status: 1))
    #expect(text(path).contains("- [x] milk x2\n") && !text(path).contains("grocery checklist"))
    try FileManager.default.removeItem(atPath: path)
    #expect(grocery.storeBytes() == before, "nothing else was written")
  }

  @Test func visualComesBeforeEditor() throws {
    let tick = try editor("tick.sh", "sed -i 's/- \\[ \\] eggs x2/- [x] eggs x2/' \"$1\"")
    let outcome = try grocery.run(["list", "--edit"], extra: ["VISUAL": tick, "EDITOR": "false"])
    #expect(outcome == Outcome(stdout: "from the editor: bought eggs\n"))
  }

  @Test(
    arguments: [
      ("exit 0", "nothing changed\n", "", 0),
      (": > \"$1\"", "", "grocery: warning: the checklist was emptied; nothing changed\n", 0),
      (
        "sed -i 's/milk/tea/' \"$1\"; exit 3", "",
        "grocery: error: the editor '{editor}' exited with status 3; nothing changed\n", 1
      ),
    ] as [(String, String, String, Int32)])
  func nothingChangesWhenTheFileIsUnchangedEmptiedOrTheEditorFails(
    body: String, stdout: String, stderr: String, status: Int32
  ) throws {
    let script = try editor("edit.sh", body)
    let before = grocery.storeBytes()
    let wanted = Outcome(stdout: stdout, stderr: stderr.replacing("{editor}", with: script), status: status)
    #expect(try grocery.run(["list", "--edit"], extra: ["EDITOR": script]) == wanted)
    #expect(grocery.storeBytes() == before)
  }
}

/// A mirror follows what another machine did once `sync` brings it in, and the phone's ticks go out with the next.
@Suite(.enabled(if: gitAvailable, "needs git")) struct MirrorSyncTests {
  @Test func syncRewritesTheMirrorAndTheOtherMachineSeesThePhonesTicks() throws {
    let household = try Household()
    let alice = household.machine("alice")
    let bob = household.machine("bob")
    try household.share([alice, bob])
    let file = household.folder.file("alice.md")
    try household.on(alice, at: 1, "mirror", "add", file)
    try household.on(bob, at: 2, "add", "bread")
    try household.syncAll([bob, alice], at: 3)
    let written = String(decoding: FileManager.default.contents(atPath: file) ?? Data(), as: UTF8.self)
    #expect(written.hasSuffix("## Uncategorized\n\n- [ ] bread\n"))
    try Data(written.replacing("- [ ] bread", with: "- [x] bread").utf8).write(to: URL(fileURLWithPath: file))
    let sent = try household.on(alice, at: 4, "sync")
    #expect(sent.stdout == "sent: from the phone: bought bread\n")
    #expect(sent.stderr == "grocery: \(file): from the phone: bought bread\n")
    let came = try household.on(bob, at: 5, "sync")
    #expect(came.stdout == "from alice: from the phone: bought bread\n")
    #expect(try bob.run(["history"]).stdout == "2026-11-21 bread (alice)\n")
  }
}
