import Foundation
import Testing

@testable import GroceryCore

/// What each edit of a checklist means, found against the lines last written.
@Suite struct ChecklistDiffTests {
  let now = Date(timeIntervalSince1970: 1_795_000_000)
  let today = Day("2026-11-21")!
  let header = MirrorHeader(household: "h-1", machine: "0123456789abcdef", machineName: "alice@kitchen")
  var groceries = Groceries()
  var written = ChecklistRenderer.Output(text: "", items: [])

  init() throws {
    _ = try groceries.add(["milk", "eggs"], changes: ItemChanges(category: "dairy"), today: today, now: now) {
      UUID()
    }
    _ = try groceries.add(
      ["bananas", "apples"], changes: ItemChanges(category: "produce"), today: today, now: now
    ) {
      UUID()
    }
    written = ChecklistRenderer.render(
      try groceries.listView(ListQuery(today: today)), header: header, format: .markdown)
  }

  /// The edits of a file whose lines after the header are these.
  func edits(_ body: String) -> ChecklistEdits {
    let text = header.line(.markdown) + "\n" + body
    guard case .checklist(let file) = Checklist.read(Array(text.utf8), format: .markdown) else {
      Issue.record("not a checklist")
      return ChecklistEdits()
    }
    return ChecklistDiff.edits(
      from: Mirrors.base(written.text, items: written.items, format: .markdown), to: file.lines,
      changedOn: today, shownAs: "list.md")
  }

  func id(_ name: String) -> UUID { groceries.items[groceries.exactItemIndex(named: name)!].id }

  @Test func linesReorderedAndRebulletedAreNoEdit() {
    #expect(edits("## Dairy\n* [ ] milk\n+ [ ] eggs\n## Produce\n- [ ] bananas\n- [ ] apples\n").isEmpty)
  }

  @Test func aTickIsAPurchaseOnTheDayTheLineCarriesElseTheDayTheFileChanged() {
    let found = edits(
      "## Produce\n- [x] apples ✅ 2026-11-19\n- [x] bananas\n## Dairy\n- [ ] eggs\n- [ ] milk\n")
    #expect(
      found.bought == [
        ChecklistEdits.Bought(item: id("apples"), name: "apples", day: Day("2026-11-19")!),
        ChecklistEdits.Bought(item: id("bananas"), name: "bananas", day: today),
      ])
    #expect(found.added.isEmpty && found.removed.isEmpty && found.changed.isEmpty)
  }

  @Test func aNewLineIsAnItemUnderItsHeadingReadAsAPasteIsRead() {
    let found = edits(
      "## Produce\n- [ ] apples\n- [ ] bananas\n- [ ] pears x3\n## Dairy\n- [ ] eggs\n- [ ] milk\n- 2 yoghurt\n"
    )
    #expect(
      found.added == [
        ChecklistEdits.Added(name: "pears", quantity: 3, category: "Produce"),
        ChecklistEdits.Added(name: "yoghurt", quantity: 2, category: "Dairy"),
      ])
  }

  @Test func aDeletedLineTakesTheItemOffAndAChangedQuantityOrNoteIsThatChange() {
    let found = edits("## Produce\n- [ ] apples x4 - green\n## Dairy\n- [ ] eggs\n- [ ] milk\n")
    #expect(found.removed == [id("bananas")])
    #expect(
      found.changed == [
        ChecklistEdits.Changed(item: id("apples"), name: "apples", quantity: 4, note: .some("green"))
      ])
  }

  @Test func anEditedNameInTheSamePlaceRenamesTheItemAndElsewhereIsANewItem() {
    let renamed = edits("## Produce\n- [ ] apples\n- [ ] plantains\n## Dairy\n- [ ] eggs\n- [ ] milk\n")
    #expect(
      renamed.changed == [ChecklistEdits.Changed(item: id("bananas"), name: "bananas", rename: "plantains")])
    #expect(renamed.added.isEmpty && renamed.removed.isEmpty)
    let moved = edits("## Produce\n- [ ] apples\n## Dairy\n- [ ] eggs\n- [ ] milk\n- [ ] plantains\n")
    #expect(moved.added.map(\.name) == ["plantains"])
    #expect(moved.removed == [id("bananas")])
  }

  /// The edits of a checklist written for this household with bread, carrots and dates added (uncategorized),
  /// whose lines `edit` changes, and the id of bread.
  func placeEdits(_ format: MirrorFormat, _ edit: (inout [String]) throws -> Void) throws -> (
    ChecklistEdits, UUID
  ) {
    var household = groceries
    _ = try household.add(["bread", "carrots", "dates"], changes: ItemChanges(), today: today, now: now) {
      UUID()
    }
    let written = ChecklistRenderer.render(
      try household.listView(ListQuery(today: today)), header: header, format: format)
    var lines = written.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    try edit(&lines)
    guard
      case .checklist(let file) = Checklist.read(Array(lines.joined(separator: "\n").utf8), format: format)
    else {
      Issue.record("not a checklist")
      return (ChecklistEdits(), UUID())
    }
    let found = ChecklistDiff.edits(
      from: Mirrors.base(written.text, items: written.items, format: format), to: file.lines,
      changedOn: today, shownAs: "list")
    return (found, household.items[household.exactItemIndex(named: "bread")!].id)
  }

  /// Two lines claiming one written line's place (a line typed at the top of a todo.txt file, whose lines each name
  /// their context, and one edited where the written line was; an app that sorted the lines): the one most like it
  /// renames it, and when both are as like it, neither does, so no item's history goes to a new line's name (found
  /// by a trial: tofu typed at the top took bread's history, and by a review, the same after sorting).
  @Test func aWrittenLineTwoEditedLinesClaimIsRenamedByTheOneMostLikeItOrByNeither() throws {
    func rename(_ lines: inout [String], to name: String) throws {
      let bread = try #require(lines.firstIndex { $0.hasSuffix("bread") })
      lines[bread] = lines[bread].replacingOccurrences(of: "bread", with: name)
    }
    // Tofu at the top, bread typed over in place: as like bread, so neither renames it.
    let (tied, bread) = try placeEdits(.todoTxt) { lines in
      try rename(&lines, to: "baguette")
      lines.insert("tofu", at: 1)
    }
    #expect(tied.changed.isEmpty && tied.removed == [bread], "\(tied)")
    #expect(Set(tied.added.map(\.name)) == ["tofu", "baguette"])
    // A word of bread's name kept: that line renames it, wherever the other was typed.
    let (kept, keptBread) = try placeEdits(.todoTxt) { lines in
      try rename(&lines, to: "wholemeal bread")
      lines.insert("tofu", at: 1)
    }
    #expect(
      kept.changed == [ChecklistEdits.Changed(item: keptBread, name: "bread", rename: "wholemeal bread")])
    #expect(kept.added.map(\.name) == ["tofu"] && kept.removed.isEmpty)
    let (moved, movedBread) = try placeEdits(.todoTxt) { lines in
      let at = try #require(lines.firstIndex { $0.hasSuffix("bread") })
      lines.remove(at: at)
      lines.insert("tofu", at: at)
      lines.insert("wholemeal bread", at: 1)
    }
    #expect(
      moved.changed == [ChecklistEdits.Changed(item: movedBread, name: "bread", rename: "wholemeal bread")])
    // Sorted by the app, with a new line after the one bread came after: neither renames it.
    let (sorted, sortedBread) = try placeEdits(.todoTxt) { lines in
      try rename(&lines, to: "baguette")
      lines.append("mints")
      let header = lines.removeFirst()
      lines = [header] + lines.filter { !$0.isEmpty }.sorted()
    }
    #expect(sorted.changed.allSatisfy { $0.item != sortedBread || $0.rename == "baguette" }, "\(sorted)")
    #expect(!sorted.changed.contains { $0.rename == "mints" }, "\(sorted)")
  }

  /// A new line typed just above one typed over: the written line goes to the edited line most like it, not to the
  /// first (found by a trial: feta took milk's history and oat milk came in new), and to neither when both are as
  /// like it.
  @Test func aNewLineTypedAboveOneTypedOverDoesNotTakeItsItem() {
    let found = edits(
      "## Produce\n- [ ] apples\n- [ ] bananas\n## Dairy & Fridge\n- [ ] eggs\n- [ ] feta\n- [ ] oat milk\n")
    #expect(found.changed == [ChecklistEdits.Changed(item: id("milk"), name: "milk", rename: "oat milk")])
    #expect(found.added.map(\.name) == ["feta"] && found.removed.isEmpty)
    let tied = edits(
      "## Produce\n- [ ] apples\n- [ ] bananas\n## Dairy & Fridge\n- [ ] eggs\n- [ ] feta\n- [ ] tofu\n")
    #expect(tied.changed.isEmpty && tied.removed == [id("milk")], "\(tied)")
    #expect(tied.added.map(\.name) == ["feta", "tofu"])
  }

  /// A line deleted beside one edited leaves two written lines in its place: the edited line renames the one it is
  /// most like (a word of its name, its note, its quantity), never the one deleted because it came first.
  @Test func anEditedLineBesideADeletedOneRenamesTheItemItIsMostLike() {
    // Written: apples, then bananas. Apples deleted, bananas edited.
    let found = edits("## Produce\n- [ ] ripe bananas\n## Dairy\n- [ ] eggs\n- [ ] milk\n")
    #expect(
      found.changed == [ChecklistEdits.Changed(item: id("bananas"), name: "bananas", rename: "ripe bananas")])
    #expect(found.removed == [id("apples")])
    // Like both as much: it renames neither, where renaming the first gave apples' history to plantains.
    let either = edits("## Produce\n- [ ] plantains\n## Dairy\n- [ ] eggs\n- [ ] milk\n")
    #expect(either.changed.isEmpty)
    #expect(either.added.map(\.name) == ["plantains"])
    #expect(
      either.removed == [id("bananas"), id("apples")] || either.removed == [id("apples"), id("bananas")])
    // Both renamed, none deleted: each takes the written line in its place, in order.
    let both = edits("## Produce\n- [ ] pears\n- [ ] plums\n## Dairy\n- [ ] eggs\n- [ ] milk\n")
    #expect(
      both.changed == [
        ChecklistEdits.Changed(item: id("apples"), name: "apples", rename: "pears"),
        ChecklistEdits.Changed(item: id("bananas"), name: "bananas", rename: "plums"),
      ])
    #expect(both.added.isEmpty && both.removed.isEmpty)
  }

  /// Lines typed over together, each most like a written line other than the one in its place by a word of its
  /// name, rename the ones they are like: milk's history never goes to the eggs.
  @Test func linesTypedOverTogetherRenameTheItemsTheyAreLike() {
    let found = edits(
      "## Produce\n- [ ] apples\n- [ ] bananas\n## Dairy & Fridge\n- [ ] oat milk\n- [x] free range eggs\n")
    #expect(
      found.changed.sorted { $0.name < $1.name } == [
        ChecklistEdits.Changed(item: id("eggs"), name: "eggs", rename: "free range eggs"),
        ChecklistEdits.Changed(item: id("milk"), name: "milk", rename: "oat milk"),
      ])
    #expect(found.bought.map(\.item) == [id("eggs")])
    #expect(found.added.isEmpty && found.removed.isEmpty)
    // Where a line is like none, or two lines are like one, they rename in order, as before.
    let mixed = edits("## Produce\n- [ ] green apples\n- [ ] red apples\n## Dairy\n- [ ] eggs\n- [ ] milk\n")
    #expect(
      mixed.changed == [
        ChecklistEdits.Changed(item: id("apples"), name: "apples", rename: "green apples"),
        ChecklistEdits.Changed(item: id("bananas"), name: "bananas", rename: "red apples"),
      ])
  }

  @Test func aLineThatCannotBeReadIsReportedAndTakesNothingOff() {
    let found = edits("## Produce\n- [ ] apples\n- [ ] bananas x0\n## Dairy\n- [ ] eggs\n")
    #expect(found.skipped.count == 1)
    #expect(found.skipped.first?.hasPrefix("line 4: ") == true, "\(found.skipped)")
    #expect(found.skipped.first?.contains("cannot import") == false, "\(found.skipped)")
    #expect(found.removed.isEmpty)
  }

  @Test func ticksAreSafeToApplyTwice() {
    var household = groceries
    let found = edits("## Produce\n- [x] apples\n- [ ] bananas\n## Dairy\n- [x] eggs\n- [ ] milk\n")
    let first = found.apply(to: &household, today: today, now: now, newID: UUID.init)
    #expect(first.parts == ["bought apples, eggs"])
    let after = household
    let second = found.apply(to: &household, today: today, now: now, newID: UUID.init)
    #expect(second.parts.isEmpty)
    #expect(household == after)
  }

  /// New lines are added a run at a time (one run, thousands of lines, took minutes one by one); a name the
  /// household refuses in the middle of a run is said, and every other line of the run is still added, in order.
  @Test func aNewLineRefusedAmidOthersIsSaidAndTheRestAreAdded() {
    var household = groceries
    var found = ChecklistEdits()
    found.added = ["pears", "-", "plums", "pears", "kiwis"].map { ChecklistEdits.Added(name: $0) }
    found.added.append(ChecklistEdits.Added(name: "limes", quantity: 2))
    let applied = found.apply(to: &household, today: today, now: now, newID: UUID.init)
    #expect(applied.parts == ["added pears, plums, kiwis, limes"])
    #expect(applied.skipped.count == 1)
    #expect(applied.skipped.first?.contains("standard input") == true, "\(applied.skipped)")
    let listed = household.items.filter(\.isOnList).map { "\($0.name) x\($0.quantity)" }
    #expect(
      listed == [
        "apples x1", "bananas x1", "eggs x1", "kiwis x1", "limes x2", "milk x1", "pears x1", "plums x1",
      ])
  }

  /// Ticked new lines are bought a run at a time (one run, thousands of lines, took minutes one by one), as they
  /// were one by one: a name ticked twice, or spelled as paper spells it, is two purchases; a refused one is said
  /// and the rest bought; a written line's tick between them is bought in its place.
  @Test func tickedNewLinesAreBoughtInRunsAsOneByOne() throws {
    var household = groceries
    var found = ChecklistEdits()
    found.bought = [
      ChecklistEdits.Bought(name: "Straße", day: today), ChecklistEdits.Bought(name: "-", day: today),
      ChecklistEdits.Bought(name: "Strasse", day: today), ChecklistEdits.Bought(name: "plums", day: today),
      ChecklistEdits.Bought(item: id("milk"), name: "milk", day: today),
      ChecklistEdits.Bought(name: "milk", day: today), ChecklistEdits.Bought(name: "kiwis", day: today),
    ]
    let applied = found.apply(to: &household, today: today, now: now, newID: UUID.init)
    #expect(applied.parts == ["bought Straße, Straße, plums, milk, milk, kiwis"])
    #expect(applied.skipped.count == 1 && applied.skipped.first?.contains("standard input") == true)
    func bought(_ name: String) -> Int? { household.items.first { $0.name == name }?.purchases.count }
    #expect(bought("Straße") == 2)
    #expect(bought("milk") == 2)
    #expect(bought("plums") == 1 && bought("kiwis") == 1)
    #expect(household.items.filter(\.isOnList).map(\.name) == ["apples", "bananas", "eggs"])
  }
}
