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

  /// In todo.txt, where each line names its own context, a new line without one put at the top renames nothing: a
  /// name edited where the written line was renames its item (found by a trial: the new line was taken as the first
  /// uncategorized line, and took bread's history).
  @Test func aNewTodoTxtLineAtTheTopDoesNotTakeTheRenameOfTheLineEditedInPlace() throws {
    let format = MirrorFormat.todoTxt
    var household = groceries
    _ = try household.add(["bread", "carrots", "dates"], changes: ItemChanges(), today: today, now: now) {
      UUID()
    }
    let written = ChecklistRenderer.render(
      try household.listView(ListQuery(today: today)), header: header, format: format)
    let lines = written.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let bread = try #require(lines.firstIndex { $0.hasSuffix(" bread") || $0 == "bread" })
    var edited = lines
    edited[bread] = edited[bread].replacingOccurrences(of: "bread", with: "baguette")
    edited.insert("tofu", at: 1)
    #expect(edited[2].contains(" @"), "above a categorized line: \(edited)")
    guard
      case .checklist(let file) = Checklist.read(Array(edited.joined(separator: "\n").utf8), format: format)
    else {
      Issue.record("not a checklist")
      return
    }
    let found = ChecklistDiff.edits(
      from: Mirrors.base(written.text, items: written.items, format: format), to: file.lines,
      changedOn: today, shownAs: "list")
    let breadID = household.items[household.exactItemIndex(named: "bread")!].id
    #expect(found.changed == [ChecklistEdits.Changed(item: breadID, name: "bread", rename: "baguette")])
    #expect(found.added.map(\.name) == ["tofu"] && found.removed.isEmpty)
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
}
