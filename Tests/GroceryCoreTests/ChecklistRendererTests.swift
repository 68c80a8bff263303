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
}
