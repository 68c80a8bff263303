import Foundation
import GroceryCore
import TestSupport
import Testing

@Suite struct CommandTests {
  let scenario = Scenario()

  @Test func versionAndHelpGoToStandardOutput() throws {
    try scenario.expect(["--version"], stdout: "grocery 2.0.0\n")
    let help = try scenario.grocery.run(["--help"])
    #expect(help.status == 0 && help.stderr.isEmpty)
    #expect(help.stdout.hasPrefix("grocery 2.0.0 - a grocery staples manager for the shell\n"))
    #expect(help.stdout.contains("EXIT STATUS: 0 success, 1 refused, 3 saved but not reported, 64 usage,"))
    let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count <= 40, "--help fits a 40-row terminal")
    #expect(lines.allSatisfy { $0.count <= 80 })
    let tripHelp = try scenario.grocery.run(["trip", "--help"])
    #expect(
      tripHelp.stdout.hasPrefix("USAGE: grocery trip [OPTIONS] [SUBCOMMAND]\n"),
      "bare trip and trip --list run")
    let addHelp = try scenario.grocery.run(["add", "--help"])
    #expect(addHelp.stdout.hasPrefix("USAGE: grocery add [OPTIONS] NAME...\n"))
    #expect(try scenario.grocery.run(["help", "add"]) == addHelp)
    #expect(scenario.grocery.storeBytes() == nil)
  }

  @Test func versionGoesBeforeAnyCommandAndACommandRefusesIt() throws {
    try scenario.expect(["--quiet", "--version"], stdout: "grocery 2.0.0\n")
    try scenario.expectRefused(
      ["list", "--version"],
      stderr: "grocery: error: option '--version' goes before any command: 'grocery --version'\n"
        + "usage: grocery list [OPTIONS] (see 'grocery list --help')\n", status: 64)
    try scenario.expectRefused(
      ["add", "milk", "--version"],
      stderr: "grocery: error: option '--version' goes before any command: 'grocery --version'\n"
        + "usage: grocery add [OPTIONS] NAME... (see 'grocery add --help')\n", status: 64)
    #expect(scenario.grocery.storeBytes() == nil)
  }

  @Test func addListAndPurchaseTheDailyWay() throws {
    try scenario.expect(
      ["add", "milk", "eggs", "-q", "2", "-c", "dairy"], stdout: "added: milk\nadded: eggs\n")
    try scenario.expect(["add", "Bananas", "--category=produce", "-n", "ripe"], stdout: "added: Bananas\n")
    try scenario.expect(["add", "batteries"], stdout: "added: batteries\n")
    try scenario.expect(
      ["list"],
      stdout: """
        Produce
          [ ] Bananas - ripe

        Dairy & Fridge
          [ ] eggs x2
          [ ] milk x2

        Uncategorized
          [ ] batteries

        4 items to buy, 0 bought today

        """)
    try scenario.expect(["purchase", "MILK", "egg"], stdout: "bought: milk x2\nbought: eggs x2\n")
    try scenario.expect(["buy", "milk"], stdout: "bought: milk x2 (it was not on the list)\n")
    try scenario.expect(
      ["list", "--category", "dairy"], stdout: "Nothing on the list in Dairy & Fridge.\n")
    try scenario.expect(["add", "milk"], stdout: "back on the list: milk\n")
    try scenario.expect(["add", "milk", "-q", "3"], stdout: "updated: milk\n")
    try scenario.expect(["add", "milk", "-q", "3"], stdout: "already on the list: milk\n")
    try scenario.expect(
      ["list", "--purchased"],
      stdout: """
        Bought today
          [x] eggs x2
          [x] milk x4

        2 bought today

        """)
  }

  /// Right-to-left text pasted into a note brings its direction marks: they are kept and shown as they are, never
  /// as escapes in a list meant for mail or paper; a character that reorders the text after it is refused.
  @Test func aNoteKeepsTheMarksRightToLeftTextCarries() throws {
    try scenario.given(["add", "bananas"])
    try scenario.expect(["edit", "bananas", "-n", "\u{200F}שלום"], stdout: "updated: bananas\n")
    try scenario.expect(
      ["list"], stdout: "Uncategorized\n  [ ] bananas - \u{200F}שלום\n\n1 item to buy, 0 bought today\n")
    try scenario.expectRefused(
      ["edit", "bananas", "-n", "ok \u{202E}evil"],
      stderr:
        "grocery: error: invalid note 'ok \\u{202e}evil': it contains a bidirectional formatting character"
        + " (U+202E), which can disguise it\nusage: grocery edit [OPTIONS] NAME (see 'grocery edit --help')\n",
      status: 64)
  }

  @Test func addReadsNamesFromStandardInput() throws {
    try scenario.expect(
      ["add", "-", "--staple"], stdout: "added: bread\nadded: tea bags\n",
      stdin: "bread\n\n# weekly\n  tea bags  \n")
    try scenario.expect(
      ["staple"],
      stdout: """
        Uncategorized
          [ ] bread (on the list; every 7 days (assumed); never bought)
          [ ] tea bags (on the list; every 7 days (assumed); never bought)

        2 staples, 2 on the list, 0 more due to restock

        """)
  }

  /// `-` reads names from standard input wherever a list of names goes, `history` and `stats` too; given twice,
  /// standard input is read once.
  @Test func historyAndStatsReadNamesFromStandardInputAndADashTwiceReadsItOnce() throws {
    try scenario.expect(["add", "-", "-"], stdout: "added: bread\nadded: tea\n", stdin: "bread\ntea\n")
    try scenario.given(["purchase", "bread", "tea"])
    try scenario.expect(["history", "-"], stdout: "2026-11-21 bread\n", stdin: "bread\n")
    let stats = try scenario.grocery.run(["stats", "-"], stdin: "tea\n")
    #expect(
      stats.status == 0 && stats.stdout.contains("\ntea ") && !stats.stdout.contains("bread"), "\(stats)")
    try scenario.expectRefused(
      ["history", "-"],
      stderr:
        "grocery: error: no names to show the history of (standard input held none: only blank lines or #"
        + " comments, or nothing)\n", status: 1, stdin: "# none\n")
  }

  /// Every command that reads names from `-` refuses standard input holding none, writing nothing: `remove` and
  /// `staple` had done nothing and said nothing with exit 0, and `staple` not even listed the staples.
  @Test(arguments: [
    (["remove", "-"], "remove"), (["staple", "-"], "staple"), (["staple", "--remove", "-"], "unstaple"),
    (["add", "-"], "add"), (["purchase", "-"], "purchase"),
  ])
  func standardInputHoldingNoNameIsRefused(_ command: [String], _ verb: String) throws {
    try scenario.given(["staple", "milk"])
    try scenario.expectRefused(
      command,
      stderr:
        "grocery: error: no names to \(verb) (standard input held none: only blank lines or # comments, or"
        + " nothing)\n", status: 1, stdin: "# none\n\n")
  }

  @Test func purchaseBackdatesAndRecordsHistory() throws {
    try scenario.given(["add", "milk"])
    try scenario.expect(["purchase", "milk", "--on", "yesterday"], stdout: "bought: milk on 2026-11-20\n")
    try scenario.expect(
      ["list", "--purchased"], stdout: "Earlier\n  [x] milk (2026-11-20)\n\n0 bought today\n")
    try scenario.expectRefused(
      ["purchase", "milk", "--on", "2026-11-22"],
      stderr:
        "grocery: error: invalid date '2026-11-22': it is in the future\n"
        + "usage: grocery purchase [OPTIONS] NAME... (see 'grocery purchase --help')\n", status: 64)
    // An older receipt, entered once milk is back on the list: recorded, and milk stays on the list.
    try scenario.given(["add", "milk"])
    try scenario.expect(
      ["purchase", "milk", "--on", "2026-11-01"],
      stdout: "bought: milk on 2026-11-01 (bought since, on 2026-11-20: it stays on the list)\n")
    try scenario.expect(["list"], stdout: "Uncategorized\n  [ ] milk\n\n1 item to buy, 0 bought today\n")
  }

  @Test func purchaseAllAtAStoreSkipsWhatIsUnavailable() throws {
    try scenario.given(
      ["location", "add", "Costco"], ["add", "salmon", "--at", "costco"], ["add", "milk", "bread"],
      ["add", "stamps"], ["location", "add", "Post office"], ["edit", "stamps", "--at", "post"],
      ["edit", "bread", "--unavailable"])
    try scenario.expect(
      ["purchase", "--all", "--at", "cost"],
      stdout: "bought: milk\nbought: salmon\nskipped, unavailable today: bread\n")
    try scenario.expect(
      ["list"],
      stdout: """
        Uncategorized
          [ ] bread (unavailable today)
          [ ] stamps

        2 items to buy, 2 bought today

        """)
    // Where every item left is unavailable today, nothing is bought, as on an empty list: exit 1, nothing written
    // (found by a trial: it said what it skipped and exited 0).
    try scenario.expectRefused(
      ["purchase", "--all", "--at", "cost"],
      stderr:
        "grocery: error: nothing bought: every item on the list for 'Costco' is unavailable today ('bread')\n",
      status: 1)
    let tomorrow = GroceryProcess(folder: scenario.folder.path, now: "2026-11-22T09:00:00Z")
    #expect(try tomorrow.run(["list"]).stdout.contains("  [ ] bread\n"))
  }

  @Test func stapleMarksUnmarksAndCreates() throws {
    try scenario.given(["add", "milk"])
    try scenario.expect(["staple", "milk", "coffee"], stdout: "staple: milk\nnew staple: coffee\n")
    try scenario.expect(["staple", "milk"], stdout: "already a staple: milk\n")
    try scenario.expect(["staple", "--remove", "cof"], stdout: "no longer a staple: coffee\n")
    try scenario.expect(
      ["list", "--all"],
      stdout: """
        Uncategorized
              coffee (never bought)
          [ ] milk (on the list; staple; never bought)

        1 item to buy, 0 bought today

        """)
  }

  @Test func restockIsIdempotentAndDryRunWritesNothing() throws {
    try scenario.given(["staple", "milk", "eggs", "bread"], ["add", "bread"])
    let before = scenario.grocery.storeBytes()
    try scenario.expect(["restock", "--dry-run"], stdout: "would add: eggs\nwould add: milk\n")
    // A dry run's report is the point of it: --quiet does not silence it.
    try scenario.expect(["--quiet", "restock", "--dry-run"], stdout: "would add: eggs\nwould add: milk\n")
    #expect(scenario.grocery.storeBytes() == before)
    try scenario.expect(["restock"], stdout: "added: eggs\nadded: milk\n")
    let after = scenario.grocery.storeBytes()
    try scenario.expect(["restock"], stdout: "nothing to restock\n")
    #expect(scenario.grocery.storeBytes() == after)
    try scenario.expect(["restock", "--quiet"])
  }

  @Test func reorderCategoriesSetsShowsAndResets() throws {
    try scenario.expect(
      ["reorder-categories", "dairy", "produce"],
      stdout: """
        1. Dairy & Fridge
        2. Produce
        3. Deli & Meat
        4. Bread & Frozen
        5. Boxed & Canned
        6. Snacks, Drinks & Other
        7. Uncategorized

        """)
    try scenario.given(["location", "add", "Costco"])
    try scenario.expect(
      ["reorder-categories", "--at", "costco", "snacks"],
      stdout: """
        1. Snacks, Drinks & Other
        2. Dairy & Fridge
        3. Produce
        4. Deli & Meat
        5. Bread & Frozen
        6. Boxed & Canned
        7. Uncategorized

        """)
    let reset = try scenario.grocery.run(["reorder-categories", "--reset"])
    #expect(reset.stdout.hasPrefix("1. Produce\n2. Deli & Meat\n3. Dairy & Fridge\n"))
    let shown = try scenario.grocery.run(["reorder-categories", "--at", "Costco"])
    #expect(shown.stdout.hasPrefix("1. Snacks, Drinks & Other\n2. Dairy & Fridge\n"))
    // The change names the store as the household spells it, not as typed.
    try scenario.given(["reorder-categories", "--at", "COSTCO", "--reset"])
    try scenario.expect(["undo"], stdout: "undid: reset category order at Costco\n")
    try scenario.expect(["undo"], stdout: "undid: reset category order\n")
    try scenario.expect(["undo"], stdout: "undid: reorder categories at Costco\n")
    // Setting the order it has writes nothing, says so, and leaves undo with the change before it.
    try scenario.given(
      ["reorder-categories", "produce"], ["reorder-categories", "--at", "costco", "snacks"])
    let before = scenario.grocery.storeBytes()
    let again = try scenario.grocery.run(["reorder-categories", "produce"])
    #expect(again.stdout.hasPrefix("1. Produce\n2. Dairy & Fridge\n"))
    #expect(again.stderr == "grocery: unchanged: the walk order (it is so already)\n")
    #expect(scenario.grocery.storeBytes() == before)
    for quiet in [false, true] {
      try scenario.given(["reorder-categories", "--reset", "--at", "costco"])
      let reset = try scenario.grocery.run(
        ["reorder-categories", "--reset", "--at", "costco"] + (quiet ? ["--quiet"] : []))
      #expect(
        reset.stderr == (quiet ? "" : "grocery: unchanged: the walk order at Costco (it is so already)\n"))
    }
    try scenario.expect(["undo"], stdout: "undid: reset category order at Costco\n")
    try scenario.expect(["undo"], stdout: "undid: reorder categories at Costco\n")
    try scenario.expect(["undo"], stdout: "undid: reorder categories\n")
    try scenario.expectRefused(
      ["reorder-categories", "uncategorized"],
      stderr: "grocery: error: 'Uncategorized' always comes last and cannot be reordered\n", status: 1)
  }

  /// A store's order set again as it is walked is unchanged, though a category added since is not in what the
  /// store named: it keeps following the general order there.
  @Test func aStoresOrderSetAgainAfterANewCategoryIsUnchanged() throws {
    try scenario.given(
      ["location", "add", "Aldi"], ["reorder-categories", "--at", "aldi", "dairy", "produce"],
      ["category", "add", "Pharmacy"])
    let before = scenario.grocery.storeBytes()
    let again = try scenario.grocery.run(["reorder-categories", "--at", "aldi", "dairy", "produce"])
    #expect(again.stdout.hasPrefix("1. Dairy & Fridge\n2. Produce\n"), "\(again)")
    #expect(again.stdout.hasSuffix("7. Pharmacy\n8. Uncategorized\n"), "\(again)")
    #expect(again.stderr == "grocery: unchanged: the walk order at Aldi (it is so already)\n")
    #expect(scenario.grocery.storeBytes() == before)
    try scenario.expect(["undo"], stdout: "undid: add category Pharmacy\n")
  }

  @Test func removeAndEdit() throws {
    try scenario.given(["add", "milk", "eggs"], ["purchase", "eggs"])
    try scenario.expect(
      ["edit", "milk", "--rename", "Oat milk", "-q", "2", "-n", "barista"], stdout: "updated: Oat milk\n")
    try scenario.expect(["edit", "oat", "--clear-note", "-c", "dairy"], stdout: "updated: Oat milk\n")
    let undoable = try scenario.grocery.run(["undo", "--list"]).stdout
    #expect(
      undoable.hasPrefix("1. edit Oat milk  (") && undoable.contains("\n2. edit milk (now Oat milk)  ("))
    // An edit that changes nothing says so and writes nothing: undo still has the one above.
    let before = scenario.grocery.storeBytes()
    try scenario.expect(
      ["edit", "oat milk", "-q", "2", "-c", "Dairy & Fridge"],
      stdout: "unchanged: Oat milk (it is so already)\n")
    #expect(scenario.grocery.storeBytes() == before)
    #expect(try scenario.grocery.run(["undo", "--list"]).stdout.hasPrefix("1. edit Oat milk  ("))
    try scenario.expect(
      ["list"], stdout: "Dairy & Fridge\n  [ ] Oat milk x2\n\n1 item to buy, 1 bought today\n")
    try scenario.expect(["remove", "eggs", "oat milk"], stdout: "removed: eggs\nremoved: Oat milk\n")
    try scenario.expect(["list", "--all"], stdout: "No items yet.\n")
  }

  /// An item named twice in one change is summed up once (found by a trial: `staple tea, tea`).
  @Test func anItemNamedTwiceIsSummedUpOnceInTheUndoList() throws {
    try scenario.given(["staple", "tea", "TEA", "milk"], ["purchase", "tea", "Tea"])
    let undoable = try scenario.grocery.run(["undo", "--list"]).stdout
    #expect(
      undoable.components(separatedBy: "  (").dropLast().map { $0.components(separatedBy: "\n").last! } == [
        "1. purchase tea", "2. staple tea, milk",
      ], "\(undoable)")
  }

  /// A rename is told with the name the item had as the household spells it, whatever was typed.
  @Test func aRenameIsToldWithTheItemsOwnName() throws {
    try scenario.given(
      ["add", "Oat milk"], ["edit", "oat", "--rename", "oat milk"], ["edit", "OAT M", "-q", "2"])
    try scenario.given(["edit", "oat milk", "--rename", "Oat milk", "-n", "barista"])
    let undoable = try scenario.grocery.run(["undo", "--list"]).stdout
    #expect(
      undoable.components(separatedBy: "  (").dropLast().map { $0.components(separatedBy: "\n").last! } == [
        "1. edit oat milk (now Oat milk)", "2. edit oat milk", "3. edit Oat milk (now oat milk)",
        "4. add Oat milk",
      ], "\(undoable)")
  }

  /// A name is ambiguous, as among every item, even when the command reads an item another of its names can be:
  /// `apple` is the start of two items, whatever `apple juice` beside it reads.
  @Test func aPrefixOfTwoItemsIsAmbiguousBesideANameOfOneOfThem() throws {
    try scenario.given(["add", "apple juice", "apples"])
    let ambiguous = "grocery: error: item 'apple' is ambiguous; it could be 'apple juice', 'apples'\n"
    try scenario.expectRefused(["buy", "apple", "apple juice"], stderr: ambiguous, status: 1)
    try scenario.expectRefused(["edit", "apple", "--rename", "apple juice"], stderr: ambiguous, status: 1)
    try scenario.expectRefused(
      ["remove", "apples", "apple"],
      stderr: "grocery: error: no item named 'apple'; did you mean 'apple juice' or 'apples'?\n", status: 1)
  }

  @Test func categoriesAndLocations() throws {
    try scenario.given(["add", "aspirin"])
    try scenario.expect(["category", "add", "Pharmacy"], stdout: "added category: Pharmacy\n")
    try scenario.given(["edit", "aspirin", "-c", "pharm"])
    try scenario.expect(
      ["category", "rename", "pharm", "Chemist"], stdout: "renamed category: Pharmacy -> Chemist\n")
    try scenario.expect(
      ["category", "list"],
      stdout: """
        1. Produce  (0 items)
        2. Deli & Meat  (0 items)
        3. Dairy & Fridge  (0 items)
        4. Bread & Frozen  (0 items)
        5. Boxed & Canned  (0 items)
        6. Snacks, Drinks & Other  (0 items)
        7. Chemist  (1 item)
        8. Uncategorized  (0 items)

        """)
    try scenario.expect(
      ["category", "remove", "chemist"], stdout: "removed category: Chemist (1 item moved to Uncategorized)\n"
    )
    try scenario.expect(["category", "remove", "produce", "--force"], stdout: "removed category: Produce\n")
    try scenario.expect(["location"], stdout: "No locations yet; add one with 'grocery location add NAME'.\n")
    try scenario.expect(["location", "add", "Costco"], stdout: "added location: Costco\n")
    try scenario.given(
      ["edit", "aspirin", "--at", "costco"], ["reorder-categories", "--at", "costco", "dairy"])
    try scenario.expect(["location", "list"], stdout: "Costco  (1 item only here; own aisle order)\n")
    try scenario.expect(
      ["location", "rename", "costco", "Costco Wholesale"],
      stdout: "renamed location: Costco -> Costco Wholesale\n")
    try scenario.expect(
      ["location", "rm", "costco wholesale"],
      stdout: "removed location: Costco Wholesale (1 item now bought anywhere)\n")
  }

  /// A rename to the name it has, however typed, changes nothing, writes nothing and says so, as `edit` does; it
  /// said it had renamed it (found by a trial). One to another case is a rename.
  @Test func aRenameToTheSameNameSaysItIsUnchanged() throws {
    try scenario.given(["location", "add", "Costco"])
    let before = scenario.grocery.storeBytes()
    try scenario.expect(
      ["category", "rename", "produce", "Produce"], stdout: "unchanged: category Produce (it is so already)\n"
    )
    try scenario.expect(
      ["location", "rename", "Costco", "Costco"], stdout: "unchanged: location Costco (it is so already)\n")
    #expect(scenario.grocery.storeBytes() == before)
    try scenario.expect(
      ["location", "rename", "Costco", "costco"], stdout: "renamed location: Costco -> costco\n")
  }

  /// An empty folder (one a sync tool or `mktemp -d` just made) takes a new household, where `init` said a store
  /// existed there; a file given for the store that is no store is said as a read says it, creating nothing.
  @Test func initTakesAnEmptyFolderAndRefusesAFileThatIsNoStore() throws {
    try FileManager.default.createDirectory(atPath: scenario.grocery.store, withIntermediateDirectories: true)
    try scenario.expect(
      ["init", "--sample"], stdout: "created sample store with 61 items: \(scenario.grocery.store)\n")
    #expect(try scenario.grocery.run(["list"]).stdout.hasSuffix(" bought today\n"))
    var other = scenario.grocery
    let file = scenario.folder.file("notes.json")
    try "{\"x\":1}\n".write(toFile: file, atomically: true, encoding: .utf8)
    other.environment["GROCERY_STORE"] = file
    other.environment["XDG_STATE_HOME"] = scenario.folder.file("other-state")
    let outcome = try other.run(["init"])
    #expect(
      outcome
        == Outcome(
          stderr:
            "grocery: error: cannot read store '\(file)': it is not a grocery household folder, and as a"
            + " version-1 store file: version: missing\n", status: 65))
    #expect(!FileManager.default.fileExists(atPath: scenario.folder.file("notes")))
    #expect(!FileManager.default.fileExists(atPath: scenario.folder.file("other-state")))
    // A folder of other files is said as such, not as a store.
    let photos = scenario.folder.file("photos")
    try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
    try "x".write(toFile: photos + "/cat.jpg", atomically: true, encoding: .utf8)
    other.environment["GROCERY_STORE"] = photos
    #expect(
      try other.run(["init"])
        == Outcome(
          stderr: "grocery: error: '\(photos)' holds files and no household; init makes one in a new or empty"
            + " folder\n", status: 1))
    #expect(try FileManager.default.contentsOfDirectory(atPath: photos) == ["cat.jpg"])
    // Nor does a change make it a household (a mistyped --store), while a sync tool's own files are no files.
    for command in [["add", "milk"], ["staple", "milk"], ["category", "add", "Dairy"], ["trip", "start"]] {
      #expect(
        try other.run(command)
          == Outcome(
            stderr: "grocery: error: '\(photos)' holds files and no household; init makes one in a new or"
              + " empty folder\n", status: 1), "\(command)")
    }
    // Nor does `sync setup`, which made it a repository and pushed it (found by a trial).
    if gitAvailable {
      let remote = scenario.folder.file("remote.git")
      #expect(try git(["init", "-q", "--bare", "-b", "main", remote], in: scenario.folder.path) == 0)
      #expect(
        try other.run(["sync", "setup", remote, "--name", "alice"])
          == Outcome(
            stderr: "grocery: error: '\(photos)' holds files and no household; init makes one in a new or"
              + " empty folder\n", status: 1))
      #expect(try git(["rev-parse", "-q", "--verify", "refs/heads/main"], in: remote) != 0)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: photos) == ["cat.jpg"])
    #expect(!FileManager.default.fileExists(atPath: scenario.folder.file("other-state")))
    let synced = scenario.folder.file("synced")
    try FileManager.default.createDirectory(atPath: synced + "/.stfolder", withIntermediateDirectories: true)
    other.environment["GROCERY_STORE"] = synced
    #expect(try other.run(["add", "milk"]) == Outcome(stdout: "added: milk\n"))
    let fresh = scenario.folder.file("fresh")
    try FileManager.default.createDirectory(atPath: fresh + "/.stfolder", withIntermediateDirectories: true)
    other.environment["GROCERY_STORE"] = fresh
    #expect(try other.run(["init"]).status == 0, "init takes a folder a sync tool just made")
  }

  @Test func initCreatesOnceAndTheSampleShowsARealList() throws {
    try scenario.expect(
      ["init", "--sample"], stdout: "created sample store with 61 items: \(scenario.grocery.store)\n")
    try scenario.expectRefused(
      ["init"], stderr: "grocery: error: a store already exists at '\(scenario.grocery.store)'\n", status: 1)
    let list = try scenario.grocery.run(["list"])
    #expect(list.status == 0)
    #expect(list.stdout.hasPrefix("Produce\n  [ ] "))
    #expect(list.stdout.contains("(unavailable today)"))
    #expect(list.stdout.hasSuffix(" bought today\n"))
    for mode in ["--all", "--staples", "--purchased"] {
      let output = try scenario.grocery.run(["list", mode]).stdout
      #expect(output.split(separator: "\n").allSatisfy { TextLayout.width(String($0)) <= 80 }, "\(mode)")
      #expect(!output.contains("\u{1B}"))
    }
    let groceries = try scenario.grocery.household().load()
    #expect(groceries.items.filter(\.isStaple).count >= 12)
    #expect(groceries.locations.count == 3)
    #expect(Set(groceries.items.map(\.category)).count == 7)
  }

  /// A staple bought every day says so in the singular, in `list --staples` and in `stats`.
  @Test func aDailyStapleIsEveryDayNotEveryDays() throws {
    try scenario.given(["staple", "milk"], ["buy", "milk", "--on", "yesterday"], ["buy", "milk"])
    try scenario.expect(
      ["list", "--staples"],
      stdout: "Uncategorized\n      milk (every 1 day; bought today; due 2026-11-22)\n\n"
        + "1 staple, 0 on the list, 0 more due to restock\n")
    #expect(try scenario.grocery.run(["stats"]).stdout.contains("  1 day   "))
  }

  @Test func undoRevertsChangesAndListsThem() throws {
    try scenario.given(["add", "milk"], ["purchase", "milk"])
    let afterAdd = try scenario.grocery.run(["undo", "--list"])
    #expect(
      afterAdd.stdout == "1. purchase milk  (2026-11-21 12:00)\n2. add milk  (2026-11-21 12:00)\n")
    try scenario.expect(["undo"], stdout: "undid: purchase milk\n")
    try scenario.expect(["list"], stdout: "Uncategorized\n  [ ] milk\n\n1 item to buy, 0 bought today\n")
    try scenario.expect(["undo"], stdout: "undid: add milk\n")
    try scenario.expect(["list", "--all"], stdout: "No items yet.\n")
    try scenario.expectRefused(["undo"], stderr: "grocery: error: nothing to undo\n", status: 1)
    try scenario.expect(["undo", "--list"], stdout: "Nothing to undo.\n")
  }

  @Test func undoSaysWhatItLeavesAsItIsForAnotherMachine() throws {
    // Bob, another machine on the same household folder, edits milk; alice removes it; bob undoes his edit.
    var bob = scenario.grocery
    bob.environment["XDG_STATE_HOME"] = scenario.folder.file("bob-state")
    try scenario.given(["add", "milk"])
    #expect(try bob.run(["edit", "milk", "-q", "2"]).status == 0)
    try scenario.given(["remove", "milk"])
    #expect(try bob.run(["undo"]) == Outcome(stdout: "undid: edit milk\n"))
    try scenario.expect(
      ["undo"], stdout: "undid: remove milk\nnot put back: milk (another machine has changed it since)\n")
    try scenario.expect(["list", "--all"], stdout: "No items yet.\n")
  }

  /// Alice and bob add one name apart (bob on a copy of the folder from before, synced after): undoing alice's
  /// add leaves bob's, and says so, where it said only "undid" and the name stayed listed.
  @Test func undoOfAnAddAnotherMachineMadeTooSaysTheNameStays() throws {
    try scenario.given(["add", "bread"])
    let copy = scenario.folder.file("bob-household")
    try FileManager.default.copyItem(atPath: scenario.grocery.store, toPath: copy)
    try scenario.given(["add", "oat milk", "-q", "3"])
    var bob = scenario.grocery
    bob.environment["XDG_STATE_HOME"] = scenario.folder.file("bob-state")
    bob.environment["GROCERY_STORE"] = copy
    #expect(try bob.run(["add", "Oat Milk", "-n", "barista"]).status == 0)
    let logs = scenario.grocery.store + "/logs/"
    for name in try FileManager.default.contentsOfDirectory(atPath: copy + "/logs")
    where !FileManager.default.fileExists(atPath: logs + name) {
      try FileManager.default.copyItem(atPath: copy + "/logs/" + name, toPath: logs + name)
    }
    try scenario.expect(
      ["undo"], stdout: "undid: add oat milk\nnot removed: Oat Milk (another machine added it too)\n")
    try scenario.expect(
      ["list"],
      stdout: "Uncategorized\n  [ ] bread\n  [ ] Oat Milk - barista\n\n2 items to buy, 0 bought today\n")
    try scenario.expect(["undo"], stdout: "undid: add bread\n")
  }

  /// A rename of a category or a location that another machine's later rename beat is said, as an item's field
  /// is, where undo said only that it undid the rename.
  @Test func undoSaysWhichCategoryOrLocationNameItLeavesAsAnotherMachineSetIt() throws {
    var bob = scenario.grocery
    bob.environment["XDG_STATE_HOME"] = scenario.folder.file("bob-state")
    try scenario.given(["location", "add", "Aldi"], ["category", "add", "Sweets"])
    try scenario.given(
      ["category", "rename", "Sweets", "Candy"], ["location", "rename", "Aldi", "Aldi North"])
    #expect(try bob.run(["category", "rename", "Candy", "Treats"]).status == 0)
    #expect(try bob.run(["location", "rename", "Aldi North", "Aldi Süd"]).status == 0)
    let undone = try scenario.grocery.run(["undo"])
    #expect(
      undone.stdout.hasSuffix(
        "\nnot changed back: location Aldi Süd (another machine has changed it since)\n"), "\(undone)")
    let again = try scenario.grocery.run(["undo"])
    #expect(
      again.stdout.hasSuffix("\nnot changed back: category Treats (another machine has changed it since)\n"),
      "\(again)")
    #expect(try scenario.grocery.run(["location", "list"]).stdout.contains("Aldi Süd"))
  }

  /// Three machines add one name apart, each spelled its own way: the undo of the newest add names the item by
  /// the name the list shows after it (the newest left), where it named the oldest twin, a name shown neither
  /// before nor after.
  @Test func undoOfAnAddTwoOtherMachinesMadeTooNamesTheItemAsTheListShowsIt() throws {
    try scenario.given(["add", "bread"])
    var machines = [scenario.grocery]
    for name in ["bob", "carol"] {
      let copy = scenario.folder.file(name + "-household")
      try FileManager.default.copyItem(atPath: scenario.grocery.store, toPath: copy)
      var machine = scenario.grocery
      machine.environment["XDG_STATE_HOME"] = scenario.folder.file(name + "-state")
      machine.environment["GROCERY_STORE"] = copy
      machines.append(machine)
    }
    for (minute, (machine, name)) in zip(machines, ["Oat milk", "oat milk", "OAT MILK"]).enumerated() {
      let at = ["GROCERY_NOW": "2026-11-21T09:1\(minute):00Z"]
      #expect(try machine.run(["add", name], extra: at).status == 0)
    }
    // Every machine's log in carol's folder, as a folder-sync tool would bring them.
    let carol = machines[2]
    let carolsFolder = try carol.household().folder
    for machine in machines.dropLast() {
      let household = try machine.household()
      let log = "/logs/" + (try household.identity().id) + ".jsonl"
      try? FileManager.default.removeItem(atPath: carolsFolder + log)
      try FileManager.default.copyItem(atPath: household.folder + log, toPath: carolsFolder + log)
    }
    let later = ["GROCERY_NOW": "2026-11-21T09:30:00Z"]
    #expect(try carol.run(["list"], extra: later).stdout.contains("[ ] OAT MILK\n"))
    // Bob's and carol's copies of one folder both took the name `user@host #2`; bob's came first.
    let was = try carol.household().identity().name
    #expect(was.hasSuffix(" #2"))
    let undone = try carol.run(["undo"], extra: later)
    #expect(
      undone
        == Outcome(
          stdout: "undid: add OAT MILK\nnot removed: oat milk (another machine added it too)\n",
          stderr: "grocery: warning: another machine of the household goes by '\(was)', so this one is now"
            + " '\(was.dropLast(2))#3'\n"),
      "\(undone)")
    #expect(try carol.household().identity().name == was.dropLast(2) + "#3")
    #expect(try carol.run(["list"], extra: later).stdout.contains("[ ] oat milk\n"))
  }

  /// A machine that joins a folder where another already goes by its name (a second HOME on one computer) says
  /// which name it took, as the docs promise, once, where it took it without a word.
  @Test func aMachineThatJoinsUnderATakenNameSaysWhichItTook() throws {
    try scenario.given(["add", "milk"])
    let name = try scenario.grocery.household().identity().name
    var bob = scenario.grocery
    bob.environment["XDG_STATE_HOME"] = scenario.folder.file("bob-state")
    #expect(
      try bob.run(["add", "eggs"])
        == Outcome(
          stdout: "added: eggs\n",
          stderr: "grocery: warning: another machine of the household goes by '\(name)', so this one is now"
            + " '\(name) #2'\n"))
    #expect(try bob.run(["add", "tea"]) == Outcome(stdout: "added: tea\n"))
  }

  /// An undo of a reorder that another machine's later reorder overrode says the order stays, where it said
  /// `undid` alone and the order did not change.
  @Test func undoOfAReorderAnotherMachineOverrodeSaysTheOrderStays() throws {
    var bob = scenario.grocery
    bob.environment["XDG_STATE_HOME"] = scenario.folder.file("bob-state")
    try scenario.given(["reorder-categories", "produce", "dairy"])
    #expect(try bob.run(["reorder-categories", "bread"]).status == 0)
    let order = try scenario.grocery.run(["reorder-categories"]).stdout
    try scenario.expect(
      ["undo"],
      stdout:
        "undid: reorder categories\nnot changed back: the order of the categories (another machine has changed"
        + " it since)\n")
    try scenario.expect(["reorder-categories"], stdout: order)
    // A category added sets the order too, which is not what its undo is told by.
    try scenario.given(["category", "add", "Pharmacy"])
    #expect(try bob.run(["reorder-categories", "produce"]).status == 0)
    try scenario.expect(["undo"], stdout: "undid: add category Pharmacy\n")
  }

  @Test func undoSaysWhichFieldsItLeavesAsAnotherMachineSetThem() throws {
    var bob = scenario.grocery
    bob.environment["XDG_STATE_HOME"] = scenario.folder.file("bob-state")
    try scenario.given(
      ["add", "milk", "eggs"], ["edit", "eggs", "-q", "2", "-n", "fresh"], ["edit", "milk", "-q", "4"])
    #expect(try bob.run(["edit", "eggs", "-q", "3"]).status == 0)
    #expect(try bob.run(["edit", "milk", "-q", "5"]).status == 0)
    try scenario.expect(
      ["undo"], stdout: "undid: edit milk\nnot changed back: milk (another machine has changed it since)\n")
    try scenario.expect(
      ["undo"], stdout: "undid: edit eggs\npartly changed back: eggs (another machine has changed it since)\n"
    )
    try scenario.expect(
      ["list"], stdout: "Uncategorized\n  [ ] eggs x3\n  [ ] milk x5\n\n2 items to buy, 0 bought today\n")
  }

  /// Everything a household shows: every item with its state, the orders, the categories and the locations.
  func household() throws -> String {
    var commands = [
      ["list", "--all", "--format", "json"], ["reorder-categories"], ["category", "list"],
      ["location", "list"],
      ["history", "--format", "json"],
    ]
    if try scenario.grocery.run(["names", "locations"]).stdout.contains("Costco") {
      commands.append(["reorder-categories", "--at", "costco"])
    }
    return try commands.map { try scenario.grocery.run($0).stdout }.joined(separator: "\n")
  }

  @Test func undoingMixedCommandsOneByOneRestoresEachState() throws {
    let commands: [[String]] = [
      ["add", "milk", "eggs", "-c", "dairy"], ["staple", "milk", "tea"],
      ["purchase", "milk", "--on", "yesterday"],
      ["location", "add", "Costco"], ["edit", "eggs", "-q", "3", "--at", "costco", "-n", "free range"],
      ["reorder-categories", "dairy", "produce"], ["category", "add", "Pharmacy"], ["restock"],
      ["remove", "tea"],
      ["category", "remove", "dairy & fridge", "--force"], ["purchase", "--all"],
    ]
    var states = [try household()]
    for command in commands {
      try scenario.given(command)
      states.append(try household())
    }
    #expect(Set(states).count == states.count, "every command changed the household")
    for (index, expected) in states.dropLast().enumerated().reversed() {
      let outcome = try scenario.grocery.run(["undo"])
      #expect(outcome.status == 0 && outcome.stdout.hasPrefix("undid: "), "\(outcome)")
      #expect(try household() == expected, "after undoing \(commands[index])")
    }
    try scenario.expect(["undo"], stderr: "grocery: error: nothing to undo\n", status: 1)
  }

  @Test func everyFormatOfTheList() throws {
    try scenario.given(["add", "milk", "-c", "dairy", "-n", "2%, organic"], ["add", "eggs"])
    try scenario.expect(
      ["list", "--format", "markdown", "--title", "Week 47"],
      stdout: """
        # Week 47

        ## Dairy \\& Fridge

        - [ ] milk - 2%, organic

        ## Uncategorized

        - [ ] eggs

        _2 items to buy, 0 bought today_

        """)
    try scenario.expect(
      ["list", "-f", "csv"],
      stdout: "category,name,quantity,note,on_list,available,staple,last_purchased,bought_today\r\n"
        + "Dairy & Fridge,milk,1,\"2%, organic\",true,true,false,,false\r\nUncategorized,eggs,1,,true,true,false,,false\r\n"
    )
    let json = try scenario.grocery.run(["list", "--format=json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect((object["items"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["milk", "eggs"])
  }

  static let refusals: [([String], String, Int32)] = [
    (["purchase", "mlk"], "grocery: error: no item named 'mlk'; did you mean 'milk'?\n", 1),
    (["purchase", "m"], "grocery: error: item 'm' is ambiguous; it could be 'milk', 'mint'\n", 1),
    (
      ["add", "x", "-c", "diary"],
      "grocery: error: no category named 'diary'; did you mean 'Dairy & Fridge'?\n", 1
    ),
    (["add", "x", "--at", "costco"], "grocery: error: no location named 'costco'\n", 1),
    (
      ["add", "x", "-q", "0"],
      "grocery: error: invalid quantity '0': expected a whole number from 1 to 999\n"
        + "usage: grocery add [OPTIONS] NAME... (see 'grocery add --help')\n", 64
    ),
    (
      ["add", "x", "-q", "3.5"],
      "grocery: error: invalid quantity '3.5': expected a whole number from 1 to 999\n"
        + "usage: grocery add [OPTIONS] NAME... (see 'grocery add --help')\n", 64
    ),
    (
      ["buy", "milk", "--on", "tomorrow"],
      "grocery: error: invalid date 'tomorrow': expected YYYY-MM-DD, 'today' or 'yesterday'\n"
        + "usage: grocery purchase [OPTIONS] NAME... (see 'grocery purchase --help')\n", 64
    ),
    (
      ["list", "--format", "pdf"],
      "grocery: error: unknown format 'pdf' for '--format'; expected text, markdown, json, csv or print\n"
        + "usage: grocery list [OPTIONS] (see 'grocery list --help')\n", 64
    ),
    (
      ["add", "line\nbreak"],
      "grocery: error: invalid item name 'line\\nbreak': it contains a control character\n", 64
    ),
    (["add", "  "], "grocery: error: invalid item name '  ': it is blank\n", 64),
    (["purchase", "--all", "--at", "nowhere"], "grocery: error: no location named 'nowhere'\n", 1),
    (["edit", "mint", "--rename", "MILK"], "grocery: error: there is already an item named 'milk'\n", 1),
    (["edit", "bread", "--unavailable"], "grocery: error: no item named 'bread'\n", 1),
    (
      ["category", "remove", "dairy & fridge"],
      "grocery: error: 'Dairy & Fridge' is a built-in category; use --force to remove it\n", 1
    ),
    (["category", "add", "produce"], "grocery: error: there is already a category named 'Produce'\n", 1),
    (
      ["category", "rename", "uncategorized", "Misc"], "grocery: error: 'Uncategorized' cannot be renamed\n",
      1
    ),
    (["remove", "milk", "nothing"], "grocery: error: no item named 'nothing'\n", 1),
    (
      ["purchase", "mlk", "mnt", "milk", "xyzzy"],
      "grocery: error: no items named 'mlk' (did you mean 'milk'?), 'mnt' (did you mean 'mint'?) or 'xyzzy'\n",
      1
    ),
    (["remove", "nothing", "milk", "nada"], "grocery: error: no items named 'nothing' or 'nada'\n", 1),
    (
      ["purchase", "mlk", "m", "MLK"],
      "grocery: error: no item named 'mlk' (did you mean 'milk'?); 'm' is ambiguous (it could be 'milk', 'mint')\n",
      1
    ),
    (
      ["staple", "--remove", "mlk", "milk", "xyzzy"],
      "grocery: error: no items named 'mlk' (did you mean 'milk'?) or 'xyzzy'\n", 1
    ),
    (
      ["reorder-categories", "Dary", "produce", "Frozn"],
      "grocery: error: no categories named 'Dary' (did you mean 'Dairy & Fridge'?) or 'Frozn'\n", 1
    ),
    (
      ["edit", "milk", "--at", "Aldo", "--at", "Costco"],
      "grocery: error: no locations named 'Aldo' or 'Costco'\n", 1
    ),
    (
      ["frobnicate"],
      "grocery: error: unknown command 'frobnicate'\nusage: grocery [OPTIONS] COMMAND [ARGUMENTS] (see 'grocery --help')\n",
      64
    ),
    (
      ["add", "--bogus", "x"],
      "grocery: error: unknown option '--bogus'\nusage: grocery add [OPTIONS] NAME... (see 'grocery add --help')\n",
      64
    ),
    (
      ["purchase"],
      "grocery: error: missing NAME... (or --all)\nusage: grocery purchase [OPTIONS] NAME... (see 'grocery purchase --help')\n",
      64
    ),
  ]

  @Test(arguments: refusals)
  func refusedCommandsSayWhyAndLeaveTheStoreByteIdentical(
    _ arguments: [String], _ stderr: String, _ status: Int32
  )
    throws
  {
    try scenario.given(["add", "milk", "mint"])
    try scenario.expectRefused(arguments, stderr: stderr, status: status)
  }

  /// This machine's log in the scenario's household.
  func ownLog() throws -> String {
    let logs = scenario.grocery.store + "/logs"
    let names = try FileManager.default.contentsOfDirectory(atPath: logs)
    #expect(names.count == 1)
    return logs + "/" + (names.first ?? "")
  }

  func append(_ text: String, to path: String) throws {
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.seekToEndOfFile()
    handle.write(Data(text.utf8))
    handle.closeFile()
  }

  @Test func anUnreadableLineIsLeftOutNamedOnEveryCommandAndNeverRewritten() throws {
    try scenario.given(["add", "milk"])
    let log = try ownLog()
    try append("{\"v\":2,\"id\":\"x\",\"at\":17}\n", to: log)
    let damaged = try String(contentsOfFile: log, encoding: .utf8)
    let warning =
      "grocery: warning: '\(log)' line 2: at: expected a string; that change is left"
      + " out ('grocery check' lists every one)\n"
    try scenario.expect(
      ["list"], stdout: "Uncategorized\n  [ ] milk\n\n1 item to buy, 0 bought today\n", stderr: warning)
    try scenario.expect(["add", "eggs"], stdout: "added: eggs\n", stderr: warning)
    try scenario.expect(["undo"], stdout: "undid: add eggs\n", stderr: warning)
    #expect(try String(contentsOfFile: log, encoding: .utf8).hasPrefix(damaged), "the line is kept as it was")
  }

  @Test func linesFromANewerGroceryAreLeftOutAndSaidAndANewerHouseholdIsRefused() throws {
    try scenario.given(["add", "milk"])
    let log = try ownLog()
    try append("{\"v\":5,\"id\":\"x\",\"what\":\"a new kind of change\"}\n", to: log)
    try scenario.expect(
      ["add", "eggs"], stdout: "added: eggs\n",
      stderr:
        "grocery: warning: '\(log)' holds changes from a newer grocery, the first on line 2 (log version 5; this"
        + " grocery reads up to 4); they are not shown until this machine's grocery is upgraded\n")
    let marker = scenario.grocery.store + "/household.json"
    try scenario.folder.write(
      "household/household.json", "{\"format\":\"grocery-household\",\"version\":9}\n")
    try scenario.expectRefused(
      ["list"],
      stderr:
        "grocery: error: cannot read store '\(marker)': it is version 9, and this grocery understands versions up to 4; install a newer grocery\n",
      status: 65)
  }

  @Test func aHalfWrittenLastLineIsIgnoredThenCleanedUp() throws {
    try scenario.given(["add", "milk"])
    let log = try ownLog()
    try append("{\"v\":2,\"id\":\"cut-short", to: log)
    try scenario.expect(["list"], stdout: "Uncategorized\n  [ ] milk\n\n1 item to buy, 0 bought today\n")
    try scenario.expect(["add", "eggs"], stdout: "added: eggs\n")
    let text = String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self)
    #expect(!text.contains("cut-short"))
    #expect(text.hasSuffix("}\n"))
    try scenario.expect(
      ["list"], stdout: "Uncategorized\n  [ ] eggs\n  [ ] milk\n\n2 items to buy, 0 bought today\n")
  }

  @Test func aStoreThatCannotBeWrittenIsAnIOError() throws {
    try scenario.folder.write("not-a-folder", "")
    let store = scenario.folder.file("not-a-folder/household")
    try scenario.expect(
      ["--store", store, "add", "milk"],
      stderr: "grocery: error: cannot use '\(store)': a part of it is a file, not a folder\n", status: 74)
  }

  /// Holds the household's lock as another grocery would, returning the lock's path and the open file.
  func holdTheLock() throws -> (path: String, fd: Int32) {
    try scenario.given(["add", "milk"])
    let lock = try scenario.grocery.household().stateFolder + "/lock"
    let fd = open(lock, O_RDWR)
    #expect(fd >= 0)
    #expect(flock(fd, LOCK_EX) == 0)
    return (lock, fd)
  }

  @Test func aHeldLockMakesGroceryWaitThenGiveUp() throws {
    let (lock, fd) = try holdTheLock()
    defer { close(fd) }
    let before = scenario.grocery.storeBytes()
    try scenario.expect(
      ["add", "eggs", "--lock-timeout", "0.2"],
      stderr: "grocery: waiting for another grocery to finish with '\(scenario.grocery.store)'...\n"
        + "grocery: error: gave up waiting after 0.2s for another grocery to release '\(lock)'\n",
      status: 75)
    #expect(scenario.grocery.storeBytes() == before)
    let list = try scenario.grocery.run(["list"])
    #expect(list.status == 0, "reading needs no lock")
  }

  @Test func quietSilencesTheNoteThatAnotherGroceryHoldsTheLock() throws {
    let (lock, fd) = try holdTheLock()
    defer { close(fd) }
    for arguments in [["--quiet", "add", "eggs"], ["restock", "--due", "--quiet"]] {
      try scenario.expectRefused(
        arguments + ["--lock-timeout", "0.2"],
        stderr: "grocery: error: gave up waiting after 0.2s for another grocery to release '\(lock)'\n",
        status: 75)
    }
    // A timeout of none says no wait it does not make.
    try scenario.expectRefused(
      ["add", "eggs", "--lock-timeout", "0"],
      stderr:
        "grocery: error: another grocery holds '\(lock)', and a lock timeout of 0 does not wait for it\n",
      status: 75)
  }

  @Test func aFullStandardOutputIsAnIOErrorNotACrash() throws {
    try scenario.given(["add", "milk"])
    let outcome = try scenario.grocery.start(["list"], stdoutPath: "/dev/full").wait()
    #expect(outcome.status == 74)
    #expect(outcome.stderr == "grocery: error: cannot write standard output: no space left on device\n")
  }

  @Test func quietSilencesReportsButNotErrors() throws {
    try scenario.expect(["add", "milk", "--quiet"])
    try scenario.expect(
      ["--quiet", "purchase", "nope"], stderr: "grocery: error: no item named 'nope'\n", status: 1)
  }
}
