import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// The SQLite cache: what a command reads of it, the undo list by reference, and its layout from the field tables.
@Suite struct HouseholdCacheTests {
  let folder = TemporaryDirectory()

  func machine(_ name: String) -> HouseholdStore {
    HouseholdStore(
      path: folder.file("household"), folder: folder.file("household"),
      stateFolder: folder.file("state-" + name),
      defaultMachineName: name)
  }

  /// Bob's machine, on a household folder of its own: what he changes there reaches alice's household once
  /// `shareBobsLog` copies his log into it, as a sync would, so that a name both added apart is two ids (twins).
  func bobsMachine() -> HouseholdStore {
    let household = folder.file("bob-household")
    return HouseholdStore(
      path: household, folder: household, stateFolder: folder.file("state-bob"), defaultMachineName: "bob")
  }

  /// Copies bob's log into alice's household folder, over the copy an earlier call put there.
  func shareBobsLog() throws {
    let log = "/logs/" + (try bobsMachine().identity().id) + ".jsonl"
    let target = folder.file("household") + log
    if FileManager.default.fileExists(atPath: target) { try FileManager.default.removeItem(atPath: target) }
    try FileManager.default.copyItem(atPath: folder.file("bob-household") + log, toPath: target)
  }

  func add(_ names: [String], to store: HouseholdStore, at now: Date = Fixed.now) throws {
    try store.update(summary: { _ in "add" }, now: now) { groceries in
      _ = try groceries.add(names, changes: ItemChanges(), today: Fixed.today, now: now, newID: UUID.init)
    }
  }

  /// A change on more items than `manyItems` (a paste of a long list, then its undo) is saved with a larger page
  /// cache: what it saves is what folding the logs gives, and the next command's read of it is too.
  @Test func aChangeOnThousandsOfItemsSavesWhatAFoldGives() throws {
    let alice = machine("alice")
    let names = (0..<(HouseholdCache.manyItems + 500)).map { "thing \($0)" }
    try add(["Milk"], to: alice)
    try add(names, to: alice, at: Fixed.now + 1)
    var (cached, folded) = try alice.cachedAndFolded()
    #expect(cached.state == folded.state)
    #expect(cached.view.groceries.items.count == names.count + 1)
    _ = try alice.undo(now: Fixed.now + 2)
    (cached, folded) = try alice.cachedAndFolded()
    #expect(cached.state == folded.state)
    #expect(try alice.load().items.filter(\.isOnList).map(\.name) == ["Milk"])
  }

  @Test func aNamedReadLoadsOnlyTheItemsTheNameCanMean() throws {
    let alice = machine("alice")
    try add(["Milk", "Milk chocolate", "Eggs", "Bread"], to: alice)
    let id = try alice.identity().id
    let scoped = try alice.read(.names(["milk"]), machine: id)
    #expect(scoped.cache != nil)
    #expect(scoped.view.groceries.items.map(\.name) == ["Milk"], "a name that is one reads only that item")
    let prefix = try alice.read(.names(["milk c"]), machine: id)
    #expect(
      prefix.view.groceries.items.map(\.name) == ["Milk chocolate"], "one that starts one name reads it")
    let ambiguous = try alice.read(.names(["mil"]), machine: id)
    #expect(
      ambiguous.view.groceries.items.map(\.name) == ["Milk", "Milk chocolate"],
      "one that starts several reads two, so that it is ambiguous there too: the command reads all for its error"
    )
    #expect(try alice.read(.shopping(since: Fixed.today), machine: id).view.groceries.items.count == 4)
    #expect(try alice.read(.staples, machine: id).view.groceries.items.isEmpty)
  }

  /// An import reads only the items it can match (and those with the ids it carries), and matches them as it
  /// would among every item: curly quotes, dashes, runs of spaces, case and accents, twins, removed names.
  @Test func anImportReadsTheItemsItCanMatchAndMatchesAsAmongEveryItem() throws {
    let alice = machine("alice")
    let names = [
      "Ben’s cookies", "Jam – large", "Jam - small", "Milk", "milk powder", "Crème fraîche", "Straße", "Œufs",
      "tea  bags", "東京 rice", "Bread", "İzmir figs", "“Best” oats", "Rice", "tea \u{301} ’bag",
      "oat \u{301}milk", "Løgismose", "Strasse brot", "Weiß\u{2011}wein",
    ]
    try add(names + (1...20).map { "other \($0)" }, to: alice)
    try alice.update(summary: { _ in "remove" }, now: Fixed.now + 1) { _ = try $0.remove(["Bread"]) }
    let bob = bobsMachine()
    try add(["Milk", "ben's cookies", "Brown rice"], to: bob)
    try shareBobsLog()
    // Bob's export: his items by their ids, which alice's household holds too, and by their names; his rice is
    // then renamed, so its id is taken by a name the import does not match.
    var export = ""
    try bob.export { export += $0 }
    try alice.update(summary: { _ in "rename" }, now: Fixed.now + 2) {
      _ = try $0.edit(
        "Brown rice", changes: ItemChanges(rename: "Wholegrain rice"), today: Fixed.today, now: Fixed.now + 2)
    }
    let pasted = """
      ben's cookies
      jam - large
      JAM — SMALL
      milk
      creme fraiche
      strasse
      œufs
      tea bags
      東京 RICE
      bread
      izmir figs
      "best" oats
      tea \u{301} 'bag
      oat  milk
      LOGISMOSE
      straße brot
      weiss-wein
      new thing

      """
    let whole = try alice.load()
    var added: [String] = []
    for text in [pasted, export] {
      let document = try Importer.read([ImportFile(name: "f", text: text)])
      func run(_ groceries: Groceries, history: Groceries) -> (Groceries, ImportReport) {
        var groceries = groceries
        var next = 0
        let report = groceries.importing(
          document, today: Fixed.today, now: Fixed.now + 3, history: history,
          newID: {
            next += 1
            return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", next))!
          })
        return (groceries, report)
      }
      let (everything, expected) = run(whole, history: try alice.loadHistory())
      let read = try alice.load(document.scope)
      #expect(read.items.count < whole.items.count - 20, "\(document.format): only what it can match is read")
      let (scoped, report) = run(read, history: try alice.loadHistory(document.scope))
      #expect(report == expected, "\(document.format)")
      if text == pasted { added = report.added }
      #expect(!report.updated.isEmpty || !report.skipped.isEmpty, "\(document.format): it matched")
      for item in scoped.items {
        #expect(everything.items.first { $0.id == item.id } == item, "\(document.format): \(item.name)")
      }
    }
    // A name is found as paper spells it, either way round (`strasse` for `Straße`, `straße brot` for
    // `Strasse brot`), and when it must be folded too (`weiss-wein` for `Weiß‑wein`, its hyphen not ASCII's): the
    // paste adds only its new thing, and bread, which was removed.
    #expect(added == ["bread", "new thing"])
    // What the scope rests on: a name whose key is in ASCII with no two spaces running (nor a space at either
    // end) folds to that key, so that only the other names are folded to be compared.
    var random = SeededRandom(seed: 7)
    let pieces = [
      "a", "b", "C", "x", " ", "  ", "-", "'", "\u{301}", " \u{301}", "\u{301} ", "e\u{301}", "\u{308}", "’",
      "—",
      "\u{A0}", "é", "İ", "ß", "ﬁ", "東", "\u{2002}",
    ]
    var plain = 0
    for name in names
      + (0..<4000).map({ _ in (0..<5).map { _ in pieces.randomElement(using: &random)! }.joined() })
    {
      let key = Names.key(name)
      guard key.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }), !key.contains("  "), key == Names.trimmed(key)
      else { continue }
      plain += 1
      #expect(ImportName.key(name) == key, "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
    }
    #expect(plain > 200, "enough plain keys were made")

    // An export's id held by a twin (two ids of one name, from two machines): whichever of them the view shows,
    // the import gives its new item a new id, and the twin keeps both of its own.
    try add(["Rice"], to: bob)
    try shareBobsLog()
    var twins = ""
    try bob.export { twins += $0 }
    let rows = try alice.read(.all).state.items.filter { $0.value.name.value == "Rice" }.map(\.key)
    #expect(rows.count == 2, "alice's rice and bob's")
    try alice.update(summary: { _ in "rename" }, now: Fixed.now + 4) {
      _ = try $0.edit("Rice", changes: ItemChanges(rename: "Basmati"), today: Fixed.today, now: Fixed.now + 4)
    }
    let document = try Importer.read([ImportFile(name: "f", text: twins)])
    let report = try alice.update(document.scope, summary: { _ in "import" }, now: Fixed.now + 5) {
      $0.importing(document, today: Fixed.today, now: Fixed.now + 5, newID: UUID.init)
    }
    #expect(
      report.added.sorted() == ["Brown rice", "Rice"], "bob's brown rice is alice's wholegrain rice now")
    let after = try alice.read(.all).state.items
    #expect(rows.allSatisfy { after[$0]?.name.value == "Basmati" }, "both rows of the twin are still Basmati")
    #expect(after.filter { $0.value.name.value == "Rice" }.allSatisfy { !rows.contains($0.key) })
  }

  @Test func aChangeOnTheItemsItNamesWritesWhatAChangeOnEveryItemWrites() throws {
    let alice = machine("alice")
    try add(["Milk", "Eggs"], to: alice)
    try alice.update(.names(["milk"]), summary: { _ in "buy" }, now: Fixed.now + 1) {
      _ = try $0.purchase(["milk"], on: Fixed.today, today: Fixed.today, now: Fixed.now + 1)
    }
    let (cached, folded) = try alice.cachedAndFolded()
    #expect(cached.state == folded.state)
    #expect(cached.view.groceries.items.map(\.isOnList) == [true, false])
    // A name the scope does not hold is looked for among every item, so its error suggests from all of them.
    #expect(throws: GroceryError.unknownName(kind: .item, name: "egs", suggestions: ["Eggs"])) {
      try alice.update(.names(["egs"]), summary: { _ in "buy" }, now: Fixed.now + 2) {
        _ = try $0.purchase(["egs"], on: Fixed.today, today: Fixed.today, now: Fixed.now + 2)
      }
    }
  }

  @Test func aNameRunAgainOnTheItemsMatchingLooksAtMatchesOrIsRefusedAsAmongEveryItem() throws {
    let alice = machine("alice")
    let names = [
      "Milk", "Milk chocolate", "milk powder", "Œufs", "oeuf dur", "Crème fraîche", "creme brulee", "Bread",
      "bread rolls", "item 1", "item 2", "item 10", "item 02", "Løgismose", "lager", "Tea", "tee shirt",
      "東京 rice", "Ærø cheese", "ss", "Straße", "strasse brot", "oel", "Œil", "fish", "ﬁsh cake", "oeil",
      "Øeil", "Œil de boeuf", "xa", "x\u{10FFFF}", "x\u{10FFFF}y",
    ]
    // Two names paper spells alike, the one in plain letters added later.
    try add(["Øeuf"], to: alice, at: Fixed.now - 10)
    try add(names + ["oeuf"], to: alice)
    try alice.update(summary: { _ in "remove" }, now: Fixed.now + 1) { _ = try $0.remove(["tee shirt"]) }
    // Names bob added too, apart, so that each is two items of one key (twins), which the cache lists twice.
    try add(["Milk", "Tea", "item 10"], to: bobsMachine())
    try shareBobsLog()
    // Whole names, prefixes of one and of several, spellings from paper, typos near one and several names, a
    // removed name, and names near nothing.
    var typed = [
      "milk", "mil", "milk c", "MILK P", "oeufs", "OEUF", "oe", "creme", "crem", "crème f", "brea", "bred",
      "item", "item 1", "item 01", "itme", "itm 2", "logismose", "lag", "te", "tae", "tee shirt", "東京",
      "aero", "aerø", "strasse", "stras", "straß", "strasse b", "s", "zzz", "q", "chocolate milk", "mlik",
      "oeil", "oei", "fis", "fish c", "STRASSE", "Œuf", "oeuf", "OEUF ", "x", "X\u{10FFFF}",
    ]
    var random = SeededRandom(seed: 9)
    for _ in 0..<60 {
      let name = Array(names.randomElement(using: &random)!)
      var letters = Array(name.prefix(Int.random(in: 1...name.count, using: &random)))
      if Bool.random(using: &random), letters.count > 1 { letters.swapAt(0, letters.count - 1) }
      typed.append(String(letters))
    }
    let everything = try alice.load(.all)
    func outcome(_ groceries: Groceries, _ name: String, whole: Bool) -> String {
      do {
        return groceries.items[try groceries.itemIndex(named: name, whole: whole)].name
      } catch {
        return "\(error)"
      }
    }
    for name in typed {
      let widened = ItemScope.names([name]).widened
      let some = try alice.load(widened)
      // As a command goes: on the names' own items first, then, when that fails, on the widened read.
      let first = try alice.load(.names([name]))
      for whole in [false, true] {
        #expect(outcome(some, name, whole: whole) == outcome(everything, name, whole: whole), "'\(name)'")
        let firstTry = (try? first.itemIndex(named: name, whole: whole)).map { first.items[$0].name }
        #expect(
          firstTry ?? outcome(some, name, whole: whole) == outcome(everything, name, whole: whole),
          "'\(name)' on its own items first")
      }
    }
    // It reads the names involved, not every one: a typo reads the three names it suggests.
    #expect(
      try alice.load(ItemScope.names(["mlik"]).widened).items.map(\.name) == [
        "Milk", "Milk chocolate", "milk powder",
      ])
    #expect(try alice.load(ItemScope.names(["oeufs"]).widened).items.map(\.name) == ["Œufs"])
  }

  @Test func whatATypedTextCanCompleteToIsReadAloneAndCompletesAsAmongEveryItem() throws {
    let alice = machine("alice")
    let names = [
      "Milk", "Milk chocolate", "milk powder", "Œufs", "oeuf dur", "Crème fraîche", "creme brulee", "Bread",
      "item 1", "item 10", "Løgismose", "lager", "東京 rice", "Ærø cheese", "ss", "Straße", "strasse brot",
      "Œil",
      "ﬁsh cake", "candles", "xa", "x\u{10FFFF}", "x\u{10FFFF}y",
    ]
    try add(names, to: alice)
    // Removed and added again (a dead row), and a name another machine added too (twins, shown as the newer); and
    // one spelled as `Œil` is, which `add` here would take for it, added on that machine before it saw this one.
    try alice.update(summary: { _ in "remove" }, now: Fixed.now + 1) { _ = try $0.remove(["candles"]) }
    try add(["candles"], to: alice, at: Fixed.now + 2)
    let bob = bobsMachine()
    try add(["CRÈME FRAÎCHE", "straße", "Øeil"], to: bob, at: Fixed.now + 3)
    try shareBobsLog()
    let everything = try alice.load(.all)
    var typed = [
      "m", "MIL", "milk p", "oe", "Œ", "OEU", "œil", "oei", "c", "crè", "CREME F", "strasse", "straß",
      "stras",
      "s", "ss", "ae", "Æ", "aer", "lo", "lø", "東", "fi", "ﬁ", "item 1", "candles", "zzz", " ", "%", "_", "x",
      "X\u{10FFFF}",
    ]
    var random = SeededRandom(seed: 4)
    for _ in 0..<40 {
      let name = Array(names.randomElement(using: &random)!)
      typed.append(String(name.prefix(Int.random(in: 1...name.count, using: &random))).uppercased())
    }
    for text in typed {
      let some = try alice.load(.completing(text))
      #expect(
        Names.completions(of: text, among: some.items.map(\.name))
          == Names.completions(of: text, among: everything.items.map(\.name)), "'\(text)'")
    }
    #expect(
      Names.completions(of: "crème", among: everything.items.map(\.name)) == [
        "creme brulee", "CRÈME FRAÎCHE",
      ])
    // Only the rows of the names it can complete to are read: not those of other names, nor a removed row.
    let id = try alice.identity().id
    let milk = try alice.read(.completing("MIL"), machine: id).state.items.values.compactMap(\.name.value)
    #expect(milk.sorted() == ["Milk", "Milk chocolate", "milk powder"])
    #expect(try alice.read(.completing("cand"), machine: id).state.items.count == 1)
    #expect(
      try alice.read(.completing("STRASSE"), machine: id).state.items.count == 3, "both Straße and one brot")
    // Every living item is every item a view shows, without the removed row.
    #expect(try alice.load(.living) == everything)
    #expect(try alice.read(.living, machine: id).state.items.count == names.count + 3)
    #expect(try alice.read(.all, machine: id).state.items.count == names.count + 4)
  }

  @Test func everyItemReadAPartAtATimeIsEveryItemInNameOrderWithTwinsInOnePart() throws {
    let alice = machine("alice")
    try add(["Milk", "milk powder", "Œufs", "item 2", "item 10", "Bread", "candles", "tea"], to: alice)
    try alice.update(summary: { _ in "sort" }, now: Fixed.now + 1) { groceries in
      _ = try groceries.addCategory("Dairy")
      _ = try groceries.addLocation("Aldi")
      for index in groceries.items.indices where groceries.items[index].name.hasPrefix("i") {
        groceries.items[index].category = "Dairy"
        groceries.items[index].locations = ["Aldi"]
      }
      _ = try groceries.remove(["candles"])
    }
    try add(["candles"], to: alice, at: Fixed.now + 2)
    // Bob, who had not seen alice's log, added milk and bread too: each name is two ids, one item.
    let bob = bobsMachine()
    try add(["MILK", "bread"], to: bob, at: Fixed.now + 3)
    try shareBobsLog()
    let everything = try alice.load(.all)
    #expect(everything.items.count == 8)
    for size in [1, 2, 3, 256] {
      var parts: [Groceries] = []
      let household = try alice.walkItems(partSize: size) { parts.append($0) }
      #expect(parts.flatMap(\.items) == everything.items, "in parts of \(size)")
      #expect(parts.allSatisfy { $0.items.count <= size && $0.categories == everything.categories })
      #expect(household.items.isEmpty && household.locations == everything.locations)
    }
    #expect(try alice.categorySummaries() == everything.categorySummaries())
    #expect(try alice.categorySummaries().first { $0.name == "Dairy" }?.itemCount == 2)
    #expect(
      try alice.locationSummaries() == [LocationSummary(name: "Aldi", itemCount: 2, hasOwnOrder: false)])
  }

  @Test func theHouseholdWithItsHistoryReadAPartAtATimeIsItsWholeExport() throws {
    let alice = machine("alice")
    // A household not made yet: its categories, from no cache.
    var writer = ExportDocument.Writer()
    var start = ""
    let none = try alice.walkItems(history: true) { start += writer.add($0) }
    #expect(start + writer.finish(none) == ExportDocument(try alice.loadHistory()).json())
    // Milk bought every day for 40 days, tea twice, salt never; candles bought, removed and added again; bob,
    // who had not seen alice's log, added milk too and bought it (one item, two ids).
    try alice.update(summary: { _ in "buy" }, now: Fixed.now) { groceries in
      for ago in 0..<40 {
        _ = try groceries.purchaseNew(
          ["milk"], on: Fixed.today.adding(days: -ago), today: Fixed.today, now: Fixed.now, newID: UUID.init)
      }
      for ago in [3, 30] {
        _ = try groceries.purchaseNew(
          ["tea", "candles"], on: Fixed.today.adding(days: -ago), today: Fixed.today, now: Fixed.now,
          newID: UUID.init)
      }
      _ = try groceries.add(
        ["salt", "item 2", "item 10"], changes: ItemChanges(), today: Fixed.today, now: Fixed.now,
        newID: UUID.init)
    }
    try alice.update(summary: { _ in "remove" }, now: Fixed.now + 1) { _ = try $0.remove(["candles"]) }
    try add(["candles"], to: alice, at: Fixed.now + 2)
    let bob = bobsMachine()
    try bob.update(summary: { _ in "buy" }, now: Fixed.now + 3) { groceries in
      _ = try groceries.purchaseNew(
        ["MILK"], on: Fixed.day(-1), today: Fixed.today, now: Fixed.now + 3, newID: UUID.init)
    }
    try shareBobsLog()
    let whole = try alice.loadHistory()
    #expect(whole.items.first { Names.key($0.name) == "milk" }?.purchases.count == 41)
    for size in [1, 2, 3, 256] {
      var parts: [Groceries] = []
      let household = try alice.walkItems(partSize: size, history: true) { parts.append($0) }
      #expect(parts.flatMap(\.items) == whole.items, "in parts of \(size)")
      // At most 16 purchases a name in a part, but for a part of one name.
      #expect(
        parts.allSatisfy {
          $0.items.count == 1 || $0.items.reduce(0) { $0 + $1.purchases.count } <= size * 16
        })
      var writer = ExportDocument.Writer()
      let text = parts.map { writer.add($0) }.joinedText(separator: "") + writer.finish(household)
      #expect(text == ExportDocument(whole).json(), "the export in parts of \(size)")
    }
    // A value flipped on disk in the first part's rows: the cache is dropped and the logs folded, whole.
    try Database(path: alice.cachePath, create: false).execute(
      "UPDATE item SET \"quantity\" = 7 WHERE key = 'candles'")
    var parts: [Groceries] = []
    _ = try alice.walkItems(partSize: 1, history: true) { parts.append($0) }
    #expect(parts.flatMap(\.items) == whole.items)
    #expect(!FileManager.default.fileExists(atPath: alice.cachePath), "rebuilt by the next command")
    // In a row only a later part reads: the parts before may have been written, so the error; into a file,
    // where none of it was seen yet, the export is made again from the logs.
    let flipTea = {
      _ = try alice.read()
      try Database(path: alice.cachePath, create: false).execute(
        "UPDATE item SET \"quantity\" = 7 WHERE key = 'tea'")
    }
    try flipTea()
    var text = ""
    let failure = #expect(throws: Database.Failure.self) { try alice.export(partSize: 1) { text += $0 } }
    #expect(!text.isEmpty && ExportDocument(whole).json().hasPrefix(text))
    #expect(failure?.description.hasPrefix("cannot use the cache '\(alice.cachePath)': ") == true)
    #expect(
      !FileManager.default.fileExists(atPath: alice.cachePath), "removed, for the next command to rebuild")
    var again = ""
    try alice.export(partSize: 1) { again += $0 }
    #expect(again == ExportDocument(whole).json())
    let file = folder.file("export.json")
    try "an older backup\n".write(toFile: file, atomically: false, encoding: .utf8)
    try flipTea()
    try alice.export(to: file, partSize: 1)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == ExportDocument(whole).json())
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.contains(".tmp-") })
  }

  @Test func removingACategoryOrAStoreReadsTheItemsItMovesAndMovesWhatItMovesAmongEveryItem() throws {
    let alice = machine("alice")
    let bob = bobsMachine()
    try alice.update(summary: { _ in "stock" }, now: Fixed.now) { g in
      _ = try g.addCategory("Pantry")
      _ = try g.addLocation("Aldi")
      _ = try g.add(
        ["rice", "pasta"], changes: ItemChanges(category: "Pantry"), today: Fixed.today, now: Fixed.now,
        newID: UUID.init)
      _ = try g.add(
        ["milk"], changes: ItemChanges(locations: ["Aldi"]), today: Fixed.today, now: Fixed.now,
        newID: UUID.init)
      _ = try g.add(
        ["tea", "Straße"], changes: ItemChanges(), today: Fixed.today, now: Fixed.now, newID: UUID.init)
    }
    // Bob made the same category and store apart, spelt otherwise, and filed tea under them; his tea is a twin.
    try bob.update(summary: { _ in "stock" }, now: Fixed.now + 1) { g in
      _ = try g.addCategory("PANTRY")
      _ = try g.addLocation("aldi")
      _ = try g.add(
        ["tea", "oats"], changes: ItemChanges(category: "PANTRY", locations: ["aldi"]), today: Fixed.today,
        now: Fixed.now + 1, newID: UUID.init)
    }
    try shareBobsLog()
    let everything = try alice.load(.all)
    // What removing it does: the items moved, or the error.
    func removal(_ scope: ItemScope, from groceries: Groceries) -> String {
      var copy = groceries
      do {
        switch scope {
        case .inCategory(let name):
          return "\(try copy.removeCategory(name, force: false, now: Fixed.now + 2).moved)"
        case .atStore(let name): return "\(try copy.removeLocation(name, now: Fixed.now + 2).affected)"
        default: return "not a removal"
        }
      } catch {
        return "\(error)"
      }
    }
    // Names as typed: whole, in other cases, with white space around them (as the command trims them), begun only.
    for (scope, names) in [
      (ItemScope.inCategory("pantry"), ["oats", "pasta", "rice", "tea"]),
      (.inCategory(" PANTRY\u{A0}"), ["oats", "pasta", "rice", "tea"]), (.inCategory("Pantr"), []),
      (.atStore("ALDI"), ["milk", "oats", "tea"]), (.atStore("\u{3000}aldi\t"), ["milk", "oats", "tea"]),
      (.atStore("nowhere"), []),
    ] {
      let some = try alice.load(scope)
      #expect(some.items.map(\.name) == names, "\(scope)")
      #expect(removal(scope, from: some) == removal(scope, from: everything), "\(scope)")
    }
    #expect(removal(.inCategory(" PANTRY\u{A0}"), from: everything) == "4")
    #expect(removal(.atStore("\u{3000}aldi\t"), from: everything) == "3")
    #expect(
      removal(.inCategory("Pantr"), from: everything).contains("Pantr"), "refused: a category is named whole")
  }

  @Test func theUndoListNamesWhereEachChangeIsInTheLogAndUndoReadsItFromThere() throws {
    let alice = machine("alice")
    try add(["Milk"], to: alice)
    try add(["Eggs"], to: alice, at: Fixed.now + 1)
    let id = try alice.identity().id
    let log = try Data(contentsOf: URL(fileURLWithPath: alice.logsFolder + "/" + id + ".jsonl"))
    let lines = log.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
    let undo = try alice.read(.ids([]), machine: id).undo
    #expect(undo.map(\.offset) == [0, lines.first!.count + 1])
    #expect(undo.map(\.length) == lines.map { $0.count + 1 })
    #expect(try alice.undo(now: Fixed.now + 2).summary == "add")
    #expect(try alice.load().items.map(\.name) == ["Milk"])
  }

  @Test func theUndoListAChangeKeepsIsTheOneARebuildFolds() throws {
    // Each change writes only what differs in the undo list: the new entry, the oldest let go past the depth,
    // the entry an undo takes. Step by step, the list the cache holds is the one the logs fold to.
    let alice = HouseholdStore(
      path: folder.file("household"), folder: folder.file("household"),
      stateFolder: folder.file("state-alice"),
      undoDepth: 3, defaultMachineName: "alice")
    var at = Fixed.now
    var steps = 0
    func step(_ change: () throws -> Void) throws {
      at += 60
      steps += 1
      try change()
      let id = try alice.identity().id
      let kept = try alice.read(.ids([]), machine: id).undo
      // A copy of this machine's state folder without the cache folds the logs whole.
      let copy = folder.file("fold-\(steps)")
      try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        atPath: folder.file("state-alice") + "/identity.json", toPath: copy + "/identity.json")
      let fresh = HouseholdStore(
        path: folder.file("household"), folder: folder.file("household"), stateFolder: copy, undoDepth: 3)
      let folded = try fresh.read(.ids([]), machine: id).undo
      #expect(try alice.read(.ids([]), machine: id).cache != nil)
      #expect(kept == folded, "step \(steps)")
      #expect(!folded.isEmpty)
    }
    for name in ["Milk", "Eggs", "Bread", "Tea", "Jam"] { try step { try add([name], to: alice, at: at) } }
    try step { _ = try alice.undo(now: at) }
    try step { _ = try alice.undo(now: at) }
    try step { try add(["Rice"], to: alice, at: at) }
    try step { _ = try alice.undo(now: at) }
    for name in ["Oats", "Salt", "Figs", "Kale"] { try step { try add([name], to: alice, at: at) } }
    #expect(try alice.read(.ids([]), machine: alice.identity().id).undo.map(\.summary).count == 3)
  }

  @Test func theCacheHasAColumnForEveryFieldOfEveryTableAndOneForTheirStamps() throws {
    let alice = machine("alice")
    try add(["Milk"], to: alice)
    let database = try Database(path: alice.cachePath, create: false)
    let tables = [
      ("item", ItemFields.table.map(\.key)), ("category", CategoryFields.table.map(\.key)),
      ("location", LocationFields.table.map(\.key)), ("trip", TripFields.table.map(\.key)),
    ]
    for (table, keys) in tables {
      let info = try database.statement("PRAGMA table_info(\(table))")
      var columns: [String] = []
      while try info.step() { columns.append(info.text(1)) }
      // The stamps, then each field's value in the table's order.
      let start = try #require(columns.firstIndex(of: "stamps"), "\(table)")
      #expect(Array(columns[(start + 1)...].prefix(keys.count)) == keys, "\(table)")
      #expect(!columns.contains { $0.hasSuffix("_at") }, "\(table): a stamp in a column of its own")
    }
  }

  @Test func everyTripStaysInTheCacheForTheListThoughTheEverydayStateKeepsAFew() throws {
    let alice = machine("alice")
    try add(["Milk"], to: alice)
    for n in 0..<5 {
      let at = Fixed.now + Double(n) * 600
      _ = try alice.startTrip(at: nil, now: at)
      try alice.update(.names(["milk"]), summary: { _ in "buy" }, now: at + 60) {
        _ = try $0.purchase(["milk"], on: Fixed.today, today: Fixed.today, now: at + 60)
      }
    }
    let id = try alice.identity().id
    let reading = try alice.read(.ids([]), machine: id)
    #expect(reading.state.trips.trips.count == TripBook.kept)
    #expect(try reading.cache?.allTrips().count == 5)
    let cached = try alice.trips(now: Fixed.now + 3600)
    unlink(alice.cachePath)
    let fromLogs = try alice.foldAll(try alice.logFiles(), machine: id, keepingAllTrips: true)
    #expect(cached.count == 5 && cached.allSatisfy { $0.purchases.map(\.name) == ["Milk"] })
    #expect(cached.map(\.id) == fromLogs.state.trips.trips.sorted { TripBook.later($1, than: $0) }.map(\.key))
  }

  @Test func onlyTheMachineThatMadeAPurchaseTakesItBack() throws {
    let alice = machine("alice")
    try add(["Milk"], to: alice)
    try alice.update(.names(["milk"]), summary: { _ in "buy" }, now: Fixed.now + 1) {
      _ = try $0.purchase(["milk"], on: Fixed.today, today: Fixed.today, now: Fixed.now + 1)
    }
    let id = try alice.identity().id
    let log = try String(contentsOfFile: alice.logsFolder + "/" + id + ".jsonl", encoding: .utf8)
    let bought = try #require(log.split(separator: "\n").last)
    let change = try #require(bought.split(separator: "\"")[3...].first)
    let item = try #require(try alice.load().items.first).id
    let unbuy =
      "{\"v\":2,\"id\":\"b1\",\"at\":\"2026-11-21T13:00:00.000Z\",\"seq\":0,\"machine\":\"00000000000000b0\","
      + "\"summary\":\"undo\",\"ops\":[{\"op\":\"unbuy\",\"item\":\"\(UUIDText.format(item))\","
      + "\"change\":\"\(change)\",\"day\":\"\(Fixed.today)\",\"quantity\":1}]}\n"
    try unbuy.write(toFile: alice.logsFolder + "/00000000000000b0.jsonl", atomically: false, encoding: .utf8)
    #expect(try alice.loadHistory().items.first?.purchases.count == 1)
    #expect(try alice.load().items.first?.timesBought == 1)
    let (cached, folded) = try alice.cachedAndFolded()
    #expect(cached.state == folded.state)
    unlink(alice.cachePath)
    #expect(try alice.loadHistory().items.first?.purchases.count == 1, "the same from a fold of every log")
  }

  @Test func aFlippedValueInTheCacheMakesItBeRebuiltNotBelieved() throws {
    let alice = machine("alice")
    try add(["Milk"], to: alice)
    #expect(try alice.load().items.first?.quantity == 1)
    // A bit flipped on disk: the row says 7, which no log ever did; its checksum no longer matches.
    try Database(path: alice.cachePath, create: false).execute("UPDATE item SET \"quantity\" = 7")
    #expect(try alice.load().items.first?.quantity == 1)
    #expect(try alice.read(.all).cache != nil, "rebuilt, and used again")
    try Database(path: alice.cachePath, create: false).execute("UPDATE category SET \"name\" = 'Dairy!'")
    #expect(try alice.load().categories.map(\.name).contains("Dairy & Fridge"))
  }

  @Test func aRowIsCheckedInPlaceWithTheSumItWasWrittenWith() throws {
    let database = try Database(path: folder.file("sums.sqlite"), create: true)
    try database.execute("CREATE TABLE t(a, b, c, d, e, f, g)")
    let rows: [[SQLValue]] = [
      [
        .null, .integer(-7), .integer(Int64.max), .text(""), .text("Œufs 🥚 & crème"), .blob([]),
        .blob([0, 255, 7]),
      ],
      [.text("a"), .null, .integer(0), .blob([1]), .text("b"), .integer(1 << 40), .null],
    ]
    for row in rows {
      let insert = try database.statement("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?)")
      for (index, value) in row.enumerated() { insert.bind(value, at: Int32(index + 1)) }
      try insert.run()
    }
    let select = try database.statement("SELECT * FROM t ORDER BY rowid")
    var sums: [Int64] = []
    while try select.step() {
      var row = RowReader(select)
      for _ in 0..<7 { row.skip() }
      sums.append(row.total)
    }
    #expect(sums == rows.map(HouseholdCache.sum), "the in-place sum is the written one")
    #expect(Set(sums).count == 2)
  }

  @Test func aStampIsReadInPlaceAsItWasWrittenAndNothingElseIsTakenForOne() throws {
    let database = try Database(path: folder.file("stamps.sqlite"), create: true)
    try database.execute("CREATE TABLE t(s)")
    let stamps = [
      Stamp.zero, Stamp(milliseconds: 1_700_000_000_123, counter: 7, machineNumber: 0xfedc_ba98_7654_3210),
      Stamp(milliseconds: -5, counter: Int(Int32.max), machineNumber: 1),
    ]
    let others: [SQLValue] = [
      .blob(Array(repeating: 1, count: 23)), .blob(Array(repeating: 1, count: 25)),
      .text(String(repeating: "a", count: 24)), .integer(24), .null,
    ]
    for value in stamps.map({ SQLValue.blob($0.bytes) }) + others {
      try database.statement("INSERT INTO t VALUES (?)").bind(value).run()
    }
    let select = try database.statement("SELECT s FROM t ORDER BY rowid")
    var read: [Stamp?] = []
    while try select.step() { read.append(select.stamp(0)) }
    #expect(read == stamps + others.map { _ in nil })
    #expect(stamps.map { Stamp(bytes: $0.bytes) } == stamps, "and from a copy of its bytes")
  }

  @Test func theDaysOfAStoredWindowAreReadAsTheWholeWindowGivesThemAndACutOneIsRefused() throws {
    // Windows of every fill, two purchases on every third day, with buyers of no name, an empty one and a long
    // non-Latin one between the days.
    let buyers: [String?] = [nil, "", "J", "Zoë", String(repeating: "東京", count: 40)]
    for count in [0, 1, 2, 7, 40, 61, 90] {
      var window = PurchaseWindow()
      for index in 0..<count {
        window.add(
          Fixed.today.adding(days: -(index * 2) / 3), quantity: 1 + index % 4, machine: UInt64(index % 3 + 1),
          by: buyers[index % buyers.count])
      }
      let bytes = HouseholdCache.bytes(window)
      let whole = try bytes.withUnsafeBytes { try HouseholdCache.window($0) }
      let days = try bytes.withUnsafeBytes { try HouseholdCache.windowDays($0) }
      #expect(whole == window, "\(count) purchases")
      #expect(days.days == window.entries.map(\.date), "\(count) purchases")
      #expect(days.earlier == window.earlier, "\(count) purchases")
      #expect(count < 90 || window.earlier > 0, "a full window counts the older purchases")
      // Cut anywhere inside, the bytes are refused, never read as fewer days.
      for end in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 50)) {
        #expect(throws: Database.Failure.self, "\(count) purchases cut at \(end)") {
          try Array(bytes[..<end]).withUnsafeBytes { try HouseholdCache.windowDays($0) }
        }
      }
    }
  }

  @Test func theSumChangesWithAnyFlippedBitAndWithAValueMovedToTheNextColumn() {
    func sum(_ values: [SQLValue]) -> Int64 { HouseholdCache.sum(values) }
    // Blobs of every length around a word's, so that both whole words and the padded tail are covered.
    for length in 1...19 {
      let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
      let original = sum([.integer(5), .blob(bytes), .text("milk")])
      for index in 0..<length {
        for bit in 0..<8 {
          var flipped = bytes
          flipped[index] ^= 1 << bit
          #expect(sum([.integer(5), .blob(flipped), .text("milk")]) != original, "byte \(index), bit \(bit)")
        }
      }
      // A zero byte added at the end, which the padding alone would not tell.
      #expect(sum([.integer(5), .blob(bytes + [0]), .text("milk")]) != original)
    }
    // The same top bit flipped in two words, which a sum without the rotation would not see.
    let words = [UInt8](repeating: 0x41, count: 16)
    var twice = words
    twice[7] ^= 0x80
    twice[15] ^= 0x80
    #expect(sum([.blob(words)]) != sum([.blob(twice)]))
    // A value moved to the next column, or a text stored as a blob.
    #expect(sum([.text("ab"), .null]) != sum([.null, .text("ab")]))
    #expect(sum([.text("ab"), .text("c")]) != sum([.text("a"), .text("bc")]))
    #expect(sum([.text("ab")]) != sum([.blob(Array("ab".utf8))]))
    #expect(sum([.integer(1 << 40)]) != sum([.integer(1 << 41)]))
  }

  /// Staples bought on these days before today (oldest first), with whether each is on the list.
  func stock(_ store: HouseholdStore, _ staples: [(String, [Int], Bool)], skip: [String: Int] = [:]) throws {
    let start = Fixed.today.adding(days: -90)
    try store.update(summary: { _ in "stock" }, now: Fixed.now) { groceries in
      _ = try groceries.setStaple(staples.map(\.0), remove: false, now: Fixed.now, newID: UUID.init)
      for (name, days, _) in staples {
        for day in days {
          _ = try groceries.purchase(
            [name], on: start.adding(days: 90 - day), today: Fixed.today, now: Fixed.now)
        }
      }
      for (name, days) in skip {
        _ = try groceries.setStaple(
          [name], remove: false, skipUntil: Fixed.today.adding(days: days), now: Fixed.now, newID: UUID.init)
      }
      for (name, _, onList) in staples where onList {
        _ = try groceries.add(
          [name], changes: ItemChanges(), today: Fixed.today, now: Fixed.now, newID: UUID.init)
      }
    }
  }

  @Test func restockDueReadsOnlyTheStaplesItMayPutOnTheListAndPicksWhatReadingEveryItemPicks() throws {
    let alice = machine("alice")
    // Days ago of each purchase, oldest first: regular, irregular, once, never, recent, on the list, skipped.
    try stock(
      alice,
      [
        ("weekly", [49, 42, 35, 28, 21, 14, 7], false), ("fortnightly", [60, 46, 32, 18, 4], false),
        ("irregular", [80, 77, 50, 49, 20], false), ("once", [12], false), ("never", [], false),
        ("yesterday", [30, 16, 1], false), ("listed", [40, 30, 20], true), ("skipped", [70, 60, 50], false),
        ("daily", [5, 4, 3, 2], false), ("monthly", [90, 60, 30], false),
      ], skip: ["skipped": 5])
    // Twins: another machine that had not seen alice's log stocked two of the same names, which the view
    // merges, so no one row holds what the merged item shows.
    let bob = bobsMachine()
    try stock(bob, [("weekly", [3], false), ("monthly", [45, 44], true)])
    // "pair": alice added it and made it a staple later; bob added it and bought it later. The merged item is a
    // staple off the list, though alice's row is on the list and bob's is no staple.
    let t = Fixed.now
    try alice.update(summary: { _ in "add" }, now: t + 1) {
      _ = try $0.add(["pair"], changes: ItemChanges(), today: Fixed.today, now: t + 1, newID: UUID.init)
    }
    try bob.update(summary: { _ in "add" }, now: t + 2) {
      _ = try $0.add(["pair"], changes: ItemChanges(), today: Fixed.today, now: t + 2, newID: UUID.init)
    }
    try alice.update(summary: { _ in "staple" }, now: t + 3) {
      _ = try $0.setStaple(["pair"], remove: false, now: t + 3, newID: UUID.init)
    }
    try bob.update(summary: { _ in "buy" }, now: t + 4) {
      _ = try $0.purchase(["pair"], on: Fixed.today.adding(days: -10), today: Fixed.today, now: t + 4)
    }
    try shareBobsLog()

    var scopedSmaller = false
    for ahead in [0, 3, 10, 40] {
      for within in [0, 2] {
        for every in [1, 7, 30] {
          let today = Fixed.today.adding(days: ahead)
          let policy = RestockPolicy.due(within: within, every: every)
          let all = try alice.load(.all)
          let scoped = try alice.load(.restock(policy, today: today))
          let picked = { (g: Groceries) in g.restockCandidates(policy, today: today).map { g.items[$0].name }
          }
          #expect(picked(scoped) == picked(all), "today +\(ahead), within \(within), every \(every)")
          #expect(
            Set(scoped.items.map(\.name)).isSuperset(of: ["weekly", "monthly"]), "twins are read whole")
          if scoped.items.count < all.items.filter(\.isStaple).count { scopedSmaller = true }
        }
      }
    }
    #expect(scopedSmaller, "a due read leaves out staples that are not due")
    let merged = try alice.load(.all)
    #expect(
      merged.restockCandidates(.due(within: 0, every: 7), today: Fixed.today).map { merged.items[$0].name }
        .contains("pair"), "the merged pair is due, though neither row is")
    let everyStaple = RestockPolicy.all
    let all = try alice.load(.all)
    let scoped = try alice.load(.restock(everyStaple, today: Fixed.today))
    #expect(
      scoped.restockCandidates(everyStaple, today: Fixed.today).map { scoped.items[$0].name }
        == all.restockCandidates(everyStaple, today: Fixed.today).map { all.items[$0].name })
  }

  @Test func anEverydayChangeToATwinKeepsBothRowsMarked() throws {
    // Bob added milk too, apart: two living ids of one name, both marked, so that a read picking rows by
    // their own columns (`restock --due`) takes them whole.
    let alice = machine("alice")
    try add(["Milk", "Eggs"], to: alice)
    let bob = bobsMachine()
    try add(["Milk"], to: bob)
    try shareBobsLog()
    func marked(_ key: String) throws -> Int64 {
      let cache = try #require(try alice.read(.ids([])).cache)
      let s = try cache.database.statement("SELECT count(*) FROM item WHERE twin = 1 AND key = ?")
      _ = try s.bind(.text(key)).step()
      return s.integer(0)
    }
    #expect(try marked("milk") == 2)
    // A change that keeps the name and the item alive keeps the marks, on the row it writes and the other.
    try alice.update(summary: { _ in "buy" }, now: Fixed.now + 10) {
      _ = try $0.purchase(["milk"], on: Fixed.today, today: Fixed.today, now: Fixed.now + 10)
    }
    #expect(try marked("milk") == 2)
    try alice.update(summary: { _ in "staple" }, now: Fixed.now + 11) {
      _ = try $0.setStaple(["milk"], remove: false, now: Fixed.now + 11, newID: UUID.init)
    }
    #expect(try marked("milk") == 2)
    #expect(try marked("eggs") == 0)
    // The list's counts, the windows and every row are what a rebuild would make (`check`).
    #expect(try alice.check(now: Fixed.now + 20).cache == nil)
    // Removed, the name has no living row to share: no mark is left.
    try alice.update(summary: { _ in "remove" }, now: Fixed.now + 12) { _ = try $0.remove(["milk"]) }
    #expect(try marked("milk") == 0)
    #expect(try alice.check(now: Fixed.now + 20).cache == nil)
  }

  @Test func aNameRemovedAndAddedAgainIsReadAsItsLivingRowAloneAndLeavesNoTwins() throws {
    let alice = machine("alice")
    try stock(alice, [("weekly", [14, 7], false)])
    // Candles for a birthday every year: added, then removed; each time a new id for the same name.
    for year in 0..<6 {
      let now = Fixed.now + Double(10 * year + 1)
      try add(["candles"], to: alice, at: now)
      if year < 5 {
        try alice.update(summary: { _ in "remove" }, now: now + 1) { _ = try $0.remove(["candles"]) }
      }
    }
    let policy = RestockPolicy.due(within: 0, every: 7)
    let scoped = try alice.load(.restock(policy, today: Fixed.today))
    #expect(!scoped.items.map(\.name).contains("candles"), "one living candles, no staple: nothing to read")
    #expect(scoped.items.map(\.name) == ["weekly"])
    let cache = try #require(try alice.read(.ids([])).cache)
    let listed = try #require(try cache.database.reading { try cache.listRows(.all) })
    #expect(
      listed.filter { $0.key == "candles" }.count == 1, "a list reads the living candles, not the removed")
    // So does a change that names it, typed whole, begun or misspelt.
    let id = try alice.identity().id
    for scope in [ItemScope.names(["candles"]), .names(["candl"]), ItemScope.names(["candels"]).widened] {
      #expect(try alice.read(scope, machine: id).state.items.count == 1, "\(scope) reads one row")
    }
    // And restock, once the living candles is a staple off the list.
    try alice.update(summary: { _ in "buy" }, now: Fixed.now + 90) { groceries in
      _ = try groceries.purchase(["candles"], on: Fixed.today, today: Fixed.today, now: Fixed.now + 90)
      _ = try groceries.setStaple(["candles"], remove: false, now: Fixed.now + 90, newID: UUID.init)
    }
    let restocked = try alice.read(.restock(.all, today: Fixed.today), machine: id).state.items.values
    #expect(restocked.filter { $0.name.value == "candles" }.count == 1, "restock reads one candles row")
    try alice.update(summary: { _ in "unstaple" }, now: Fixed.now + 91) {
      _ = try $0.setStaple(["candles"], remove: true, now: Fixed.now + 91, newID: UUID.init)
    }
    // So too when a change saves over a thousand names, which marks the whole table at once.
    try add((0...1000).map { "bulk \($0)" }, to: alice, at: Fixed.now + 100)
    #expect(try alice.load(.restock(policy, today: Fixed.today)).items.map(\.name) == ["weekly"])
    // A second living id of the name (another machine's) makes them twins again, read whole.
    let bob = bobsMachine()
    try add(["candles"], to: bob)
    try shareBobsLog()
    #expect(try alice.load(.restock(policy, today: Fixed.today)).items.map(\.name) == ["candles", "weekly"])
  }

  @Test func statsReadTheWeeksTheyShowFromTheCacheAndCountWhatTheWholeHistoryCounts() throws {
    let alice = machine("alice")
    let bob = bobsMachine()
    // Milk every other day for 200 days: more than the recent purchases an item keeps cover twelve weeks of.
    // Bob, who had not seen alice's log, bought milk too (a twin) and bread now and then.
    try alice.update(summary: { _ in "buy" }, now: Fixed.now) { groceries in
      for ago in stride(from: 200, through: 0, by: -2) {
        _ = try groceries.purchaseNew(
          ["milk"], on: Fixed.today.adding(days: -ago), today: Fixed.today, now: Fixed.now, newID: UUID.init)
      }
      for ago in [40, 20, 5] {
        _ = try groceries.purchaseNew(
          ["eggs"], on: Fixed.today.adding(days: -ago), today: Fixed.today, now: Fixed.now, newID: UUID.init)
      }
    }
    try bob.update(summary: { _ in "buy" }, now: Fixed.now + 1) { groceries in
      for ago in [150, 60, 30, 9] {
        _ = try groceries.purchaseNew(
          ["milk", "bread"], on: Fixed.today.adding(days: -ago), today: Fixed.today, now: Fixed.now + 1,
          newID: UUID.init)
      }
      for ago in [35, 15, 3] {
        _ = try groceries.purchaseNew(
          ["eggs"], on: Fixed.today.adding(days: -ago), today: Fixed.today, now: Fixed.now + 1,
          newID: UUID.init)
      }
    }
    try shareBobsLog()

    let since = Fixed.today.adding(days: -84)
    let everyday = try alice.load()
    #expect(everyday.items.contains { $0.earlierPurchases > 0 }, "the everyday view keeps only recent ones")
    let weeks = try alice.loadRecent(since: since)
    #expect(try alice.read().cache != nil, "read from the cache")
    let whole = try alice.loadHistory()
    #expect(try weeks.stats([], today: Fixed.today) == whole.stats([], today: Fixed.today))
    #expect(try weeks.stats([], today: Fixed.today).first?.timesBought == 105)
    #expect(try weeks.stats(["milk"], today: Fixed.today) == whole.stats(["milk"], today: Fixed.today))
    // The whole household's figures read a name at a time: the twin's two rows are read together.
    try add(["tea", "item 2", "item 10"], to: alice, at: Fixed.now + 2)
    try alice.update(summary: { _ in "buy" }, now: Fixed.now + 3) {
      _ = try $0.purchase(["tea", "item 10"], on: Fixed.today, today: Fixed.today, now: Fixed.now + 3)
    }
    // Jam, bought five times, comes after eggs, whose two rows hold three purchases each.
    try alice.update(summary: { _ in "buy" }, now: Fixed.now + 4) { groceries in
      for ago in [50, 40, 30, 20, 10] {
        _ = try groceries.purchaseNew(
          ["jam"], on: Fixed.today.adding(days: -ago), today: Fixed.today, now: Fixed.now + 4,
          newID: UUID.init)
      }
    }
    let counted = try alice.loadHistory().stats([], today: Fixed.today)
    #expect(counted.map(\.name) == ["milk", "eggs", "jam", "bread", "item 10", "tea"])
    #expect(counted.map(\.timesBought) == [105, 6, 5, 4, 1, 1])
    for size in [1, 2, 256] {
      var parts: [[ItemStats]] = []
      _ = try alice.walkStats(since: since, today: Fixed.today, now: Fixed.now, partSize: size) {
        parts.append($0)
      }
      #expect(parts.joined().elementsEqual(counted), "in parts of \(size)")
      #expect(parts.allSatisfy { $0.count <= size })
    }
  }

  @Test func historyReadADayRunAtATimeShowsWhatTheWholeHistoryShows() throws {
    let alice = machine("alice")
    let bob = bobsMachine()
    // Milk every other day for 200 days, and again on every tenth; eggs and candles now and then. Bob, who had
    // not seen alice's log, bought milk too (a twin) and bread.
    try alice.update(summary: { _ in "buy" }, now: Fixed.now) { groceries in
      for ago in stride(from: 200, through: 0, by: -2) {
        let day = Fixed.today.adding(days: -ago)
        for _ in 0..<(ago % 10 == 0 ? 2 : 1) {
          _ = try groceries.purchaseNew(
            ["milk"], on: day, today: Fixed.today, now: Fixed.now, newID: UUID.init)
        }
      }
      for ago in [90, 40, 20, 5] {
        _ = try groceries.purchaseNew(
          ["eggs", "candles"], on: Fixed.today.adding(days: -ago), today: Fixed.today, now: Fixed.now,
          newID: UUID.init)
      }
    }
    try alice.update(summary: { _ in "remove" }, now: Fixed.now + 1) { _ = try $0.remove(["candles"]) }
    // Candles again, a new item: the purchases of the one removed are in no history.
    try alice.update(summary: { _ in "buy" }, now: Fixed.now + 1) { groceries in
      _ = try groceries.purchaseNew(
        ["candles"], on: Fixed.today.adding(days: -3), today: Fixed.today, now: Fixed.now + 1,
        newID: UUID.init)
    }
    try bob.update(summary: { _ in "buy" }, now: Fixed.now + 2) { groceries in
      for ago in [150, 60, 30, 9, 0] {
        _ = try groceries.purchaseNew(
          ["milk", "bread"], on: Fixed.today.adding(days: -ago), today: Fixed.today, now: Fixed.now + 2,
          newID: UUID.init)
      }
    }
    try shareBobsLog()
    // Bob then sees alice's log and buys two of the milk both now show as one, today: it goes on alice's id.
    // Same-day purchases of one name keep the order of the whole history, however they are read.
    let aliceLog = "/logs/" + (try alice.identity().id) + ".jsonl"
    try FileManager.default.copyItem(
      atPath: folder.file("household") + aliceLog, toPath: folder.file("bob-household") + aliceLog)
    try bob.update(summary: { _ in "buy" }, now: Fixed.now + 3) { groceries in
      let milk = try groceries.itemIndex(named: "milk")
      groceries.items[milk].quantity = 2
      _ = try groceries.purchase(["milk"], on: Fixed.today, today: Fixed.today, now: Fixed.now + 3)
    }
    try shareBobsLog()
    #expect(try alice.read().cache != nil, "read from the cache")
    let today = try alice.loadHistory(.all).history(["milk"], since: Fixed.today)
    #expect(today.map(\.quantity).sorted() == [1, 1, 1, 2], "alice's two, bob's own and bob's on alice's")
    let whole = try alice.loadHistory()
    // As `history` reads with no names: runs of days of at most so many purchases (a day with more is one run),
    // each with the items bought then and every living row of their names, newest first.
    for ago in [nil, 300, 201, 200, 150, 84, 31, 30, 10, 1, 0, -1] {
      let since = ago.map { Fixed.today.adding(days: -$0) }
      let expected = try whole.history([], since: since)
      for size in [1, 2, 3, 7, 4096] {
        var parts: [[HistoryEntry]] = []
        try alice.walkHistory(since: since, partSize: size) { parts.append($0) }
        #expect(parts.joined().elementsEqual(expected), "since \(ago ?? 0) in parts of \(size)")
        #expect(parts.allSatisfy { !$0.isEmpty })
        if size == 1 { #expect(parts.count == Set(expected.map(\.date)).count, "a day a part") }
      }
    }
    #expect(Set(try whole.history([], since: nil).compactMap(\.by)).count == 2, "bought on both machines")
    // With names, only the weeks asked for are read.
    for names in [["milk"], ["eggs", "bread"], ["mil"]] {
      let named = try alice.loadHistory(.names(names))
      for ago in [300, 200, 31, 1, 0, -1] {
        let since = Fixed.today.adding(days: -ago)
        #expect(
          try alice.loadHistory(.names(names), since: since).history(names, since: since)
            == named.history(names, since: since), "\(names) since \(ago)")
      }
    }
    let id = try alice.identity().id
    // Alice bought milk, eggs and the candles since removed that day: bob's milk is read with hers, and the
    // candles added again (which show none of the removed one's purchases), not the removed row nor bread.
    let days = Fixed.today.adding(days: -20)...Fixed.today.adding(days: -20)
    let bought = try alice.read(.boughtDuring(days), machine: id).state.items.values
    #expect(bought.compactMap(\.name.value).sorted() == ["candles", "eggs", "milk", "milk"])
    #expect(bought.allSatisfy { $0.alive.value })
    #expect(try whole.history(["candles"], since: nil).map(\.date) == [Fixed.today.adding(days: -3)])
    // It reads the weeks asked for, not the whole history.
    let milk = { (groceries: Groceries) in groceries.items.first { $0.name == "milk" }?.purchases.count ?? 0 }
    let month = try alice.loadHistory(.names(["milk"]), since: Fixed.today.adding(days: -30))
    #expect(milk(month) < milk(try alice.loadHistory(.names(["milk"]))) / 2)
    #expect(try alice.loadHistory(.living).history(["candles"], since: nil).count == 1, "the new one's only")

    // A value flipped on disk in a row the first run reads: the cache is dropped and the logs folded, whole.
    let expected = try whole.history([], since: nil)
    try Database(path: alice.cachePath, create: false).execute(
      "UPDATE item SET \"quantity\" = 7 WHERE key = 'milk'")
    var parts: [[HistoryEntry]] = []
    try alice.walkHistory(since: nil, partSize: 3) { parts.append($0) }
    #expect(parts.joined().elementsEqual(expected))
    #expect(!FileManager.default.fileExists(atPath: alice.cachePath), "rebuilt by the next command")
    // In a row only a later run reads, once parts are handed (and may be written): the error, after whole days.
    _ = try alice.read()
    try Database(path: alice.cachePath, create: false).execute(
      "UPDATE item SET \"quantity\" = 7 WHERE key = 'eggs'")
    parts = []
    #expect(throws: Database.Failure.self) {
      try alice.walkHistory(since: nil, partSize: 3) { parts.append($0) }
    }
    #expect(!parts.isEmpty && expected.starts(with: parts.joined()))
  }

  @Test func aNameOneRowHoldsIsFiguredForStatsAsItsViewFiguresIt() throws {
    let alice = machine("alice")
    // Coffee daily for 100 days, twice on every fifth: its recent purchases cover 40 days, not the twelve
    // weeks stats shows. Salt every third day for 300 days: its recent ones reach back beyond the weeks, with
    // older ones counted. Tea every tenth day: all of them kept. Gone: bought, then removed.
    try alice.update(summary: { _ in "buy" }, now: Fixed.now) { groceries in
      for ago in stride(from: 99, through: 0, by: -1) {
        let day = Fixed.today.adding(days: -ago)
        var names = ["coffee"] + (ago % 5 == 0 ? ["coffee"] : [])
        if ago % 10 == 0 { names.append("tea") }
        for name in names {
          _ = try groceries.purchaseNew([name], on: day, today: Fixed.today, now: Fixed.now, newID: UUID.init)
        }
      }
      for ago in stride(from: 299, through: 0, by: -3) {
        _ = try groceries.purchaseNew(
          ["salt"], on: Fixed.today.adding(days: -ago), today: Fixed.today, now: Fixed.now, newID: UUID.init)
      }
      _ = try groceries.purchaseNew(
        ["gone"], on: Fixed.today, today: Fixed.today, now: Fixed.now, newID: UUID.init)
    }
    try alice.update(summary: { _ in "remove" }, now: Fixed.now + 1) { _ = try $0.remove(["gone"]) }

    let since = Fixed.today.adding(days: -84)
    let everyday = try alice.load()
    let coffee = try #require(everyday.items.first { $0.name == "coffee" })
    #expect(coffee.earlierPurchases > 0 && coffee.purchases.first!.date > since, "coffee's window is partial")
    let salt = try #require(everyday.items.first { $0.name == "salt" })
    #expect(salt.earlierPurchases > 0 && salt.purchases.first!.date < since, "salt's reaches back")
    let whole = try alice.loadHistory().stats([], today: Fixed.today)
    #expect(whole.map(\.name) == ["coffee", "salt", "tea"])
    #expect(whole.first?.timesBought == 120)
    // Each week of coffee: a purchase a day, and one more on the days a multiple of five days ago.
    let weeks = (0..<12).map { week in (7 * (11 - week)...7 * (11 - week) + 6).map { $0 % 5 == 0 ? 2 : 1 } }
    #expect(whole.first?.weekly == weeks.map { $0.reduce(0, +) })
    for size in [1, 2, 256] {
      var parts: [[ItemStats]] = []
      _ = try alice.walkStats(since: since, today: Fixed.today, now: Fixed.now, partSize: size) {
        parts.append($0)
      }
      #expect(Array(parts.joined()) == whole, "in parts of \(size)")
    }
  }
}
