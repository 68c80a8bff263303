import Foundation
import Testing

@testable import GroceryCore

@Suite struct ChecklistRendererTests {
  let now = Date(timeIntervalSince1970: 1_795_000_000)
  let today = Day("2026-11-21")!
  let header = MirrorHeader(household: "h-1", machine: "0123456789abcdef", machineName: "alice@kitchen")

  func household() throws -> Groceries {
    var groceries = Groceries()
    var ids = (1...9).map { UUID(uuidString: "00000000-0000-0000-0000-00000000000\($0)")! }.makeIterator()
    _ = try groceries.add(
      ["milk", "eggs"], changes: ItemChanges(quantity: 2, category: "dairy"), today: today, now: now
    ) {
      ids.next()!
    }
    _ = try groceries.add(
      ["bananas"], changes: ItemChanges(category: "produce", note: "not too ripe"), today: today, now: now
    ) { ids.next()! }
    _ = try groceries.add(["AA batteries"], changes: ItemChanges(), today: today, now: now) { ids.next()! }
    return groceries
  }

  @Test func markdownHasCategoryHeadingsAndUntickedTasksInWalkOrder() throws {
    let view = try household().listView(ListQuery(today: today))
    let output = ChecklistRenderer.render(view, header: header, format: .markdown)
    #expect(
      output.text == """
        <!-- grocery checklist of household h-1 kept by alice@kitchen (machine 0123456789abcdef); tick, add, \
        change or delete lines and grocery reads them back -->

        ## Produce

        - [ ] bananas - not too ripe

        ## Dairy & Fridge

        - [ ] eggs x2
        - [ ] milk x2

        ## Uncategorized

        - [ ] AA batteries

        """)
    #expect(output.items.count == 4)
  }

  @Test func todoTxtHasOneLineAnItemWithItsCategoryAsAContext() throws {
    let view = try household().listView(ListQuery(today: today))
    #expect(
      ChecklistRenderer.render(view, header: header, format: .todoTxt).text == """
        grocery checklist of household h-1 kept by alice@kitchen (machine 0123456789abcdef) h:1
        bananas - not too ripe @Produce
        eggs x2 @Dairy_&_Fridge
        milk x2 @Dairy_&_Fridge
        AA batteries

        """)
  }

  @Test func whatIsWrittenReadsBackAsTheSameLines() throws {
    let view = try household().listView(ListQuery(today: today))
    for format in MirrorFormat.allCases {
      let output = ChecklistRenderer.render(view, header: header, format: format)
      let base = Mirrors.base(output.text, items: output.items, format: format)
      #expect(base.map(\.line.body) == ["bananas - not too ripe", "eggs x2", "milk x2", "AA batteries"])
      let edits = ChecklistDiff.edits(from: base, to: base.map(\.line), changedOn: today, shownAs: "list")
      #expect(edits == ChecklistEdits())
    }
  }

  /// Names, notes and categories that todo.txt or Markdown gives a meaning of their own read back as written, in
  /// both formats: each line is the item it was written for, never shifted onto the next one.
  @Test func namesThatLookLikeSyntaxReadBackAsTheirItems() throws {
    var groceries = Groceries()
    var number = 0
    func add(_ name: String, quantity: Int? = nil, note: String? = nil, category: String? = nil) throws {
      _ = try groceries.add(
        [name], changes: ItemChanges(quantity: quantity, category: category, note: note), today: today,
        now: now
      ) {
        number += 1
        return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", number))!
      }
    }
    for name in [
      "+plus", "@home", "due:soon", "x ray film", "x", "(A) jam", "2026-11-23 tea", "\\back", "\\", "a \\ b",
      "see http://x.com", "a:b:c", "oat +milk @now", "# hash", "<!-- not a comment", "[x] box", "- dash",
      "plain", "2 percent milk", "3 musketeers", "2x AA", "salt, coarse", "ham -", "Model x2", "box (3)",
      "\"quoted\" name", "a \"b\" c",
    ] {
      try add(name)
    }
    try add("pie - apple", quantity: 3, note: "fresh - today")
    try add("7 up", quantity: 2)
    try add("soap", quantity: 2, note: "size:large")
    try add("rice", note: "+organic x ray")
    try add("beans", note: "sale ✅ 2026-11-23")
    try add("peas", note: "sale @done(2026-11-23)")
    try add("jam ✅ 2026-11-23 extra")
    try add("soup \\✅ 2026-11-23", note: "a \\\\@done(2026-11-23) b @done(2026-11-24)")
    _ = try groceries.addCategory("snack_bar")
    try add("chips", category: "snack_bar")
    try add("nuts", category: "Dairy & Fridge")
    let view = try groceries.listView(ListQuery(today: today))
    let written = view.sections.flatMap { section in section.entries.map { ($0.item, section.title) } }
    for format in MirrorFormat.allCases {
      let output = ChecklistRenderer.render(view, header: header, format: format)
      let base = Mirrors.base(output.text, items: output.items, format: format)
      #expect(base.map(\.item) == output.items, "\(format)")
      // Each line reads back as its item's name, quantity and note, exactly.
      let read = try base.map { line -> String in
        let entries = try line.line.entries(file: "list")
        return entries.map { "\($0.entry.name)|\($0.entry.quantity ?? 1)|\($0.note ?? "-")" }.joined(
          separator: "+")
      }
      #expect(
        read == written.map { "\($0.0.name)|\($0.0.quantity)|\($0.0.note ?? "-")" },
        "\(format):\n\(output.text)")
      let categories = written.map { format == .todoTxt ? $0.1.replacing("_", with: " ") : $0.1 }
      #expect(base.map { $0.line.category ?? Category.uncategorized } == categories, "\(format)")
      let edits = ChecklistDiff.edits(from: base, to: base.map(\.line), changedOn: today, shownAs: "list")
      #expect(edits == ChecklistEdits(), "\(format)")
    }
  }

  /// A todo.txt text written before its syntax was kept as text (`+plus`, `x ray film`, `soap - size:large`, a
  /// line that reads as nothing or as ticked) still pairs each line with its own item: a save of it that ticks
  /// milk and deletes bread buys milk and takes bread off, and nothing else.
  @Test func aTodoTxtTextFromBeforeItsEscapesPairsEachLineWithItsItem() {
    let items = (1...5).map { UUID(uuidString: "00000000-0000-0000-0000-00000000000\($0)")! }
    let written =
      header.line(.todoTxt) + "\nmilk x2 @Dairy\n+plus\nx ray film\nsoap - size:large\nbread\n"
    let base = Mirrors.base(written, items: items, format: .todoTxt)
    #expect(base.map(\.item) == items)
    let saved = "x 2026-11-20 milk x2 @Dairy\n+plus\nx ray film\nsoap - size:large\n"
    guard
      case .checklist(let file) = Checklist.read(
        Array((header.line(.todoTxt) + "\n" + saved).utf8), format: .todoTxt)
    else {
      Issue.record("not a checklist")
      return
    }
    let edits = ChecklistDiff.edits(from: base, to: file.lines, changedOn: today, shownAs: "list")
    #expect(edits.bought.map(\.item) == [items[0]])
    #expect(edits.added.isEmpty && edits.changed.isEmpty)
    #expect(edits.removed == [items[4]], "\(edits.removed)")
  }

}
