import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// The report `import` prints.
@Suite struct ImportReportRendererTests {
  @Test func anEmptyImportSaysSoInOneLine() {
    #expect(ImportReportRenderer.render(ImportReport()) == "added 0, updated 0, skipped 0\n")
  }

  @Test func everyPartOfTheReportHasItsLine() {
    var report = ImportReport()
    report.added = ["Milk", "Eggs"]
    report.updated = ["Bread"]
    report.skipped = [ImportSkip(name: "butter", reason: "checked off on line 4")]
    report.merged = [
      ImportMerge(kind: .item, name: "Tea", spellings: ["Tea", "tea "]),
      ImportMerge(
        kind: .item, name: "Eggs", spellings: ["Eggs", "Eggs"], places: ["Fridge", "Dairy"], kept: "Fridge"),
    ]
    report.addedCategories = ["Bakery"]
    report.addedLocations = ["Costco", "Lidl"]
    report.purchases = 14
    report.reordered = true
    report.recoloured = ["Produce"]
    report.reorderedLocations = ["Costco"]
    #expect(
      ImportReportRenderer.render(report) == """
        added 2, updated 1, skipped 1
        new categories: 'Bakery'
        new locations: 'Costco', 'Lidl'
        purchases recorded: 14
        walk order set from the import
        colours set: 'Produce'
        aisle order set at: 'Costco'
        skipped 'butter': checked off on line 4
        merged item 'Tea' from 'Tea', 'tea '
        merged item 'Eggs' (listed 2 times) under 'Fridge', 'Dairy'; kept 'Fridge'

        """)
  }

  @Test func aDryRunNamesEveryItemAndEachHeading() {
    var report = ImportReport()
    report.added = ["Milk", "Eggs"]
    report.updated = ["Bread"]
    report.headings = [
      ImportHeading(name: "Shopping for Sunday", line: 1, reason: "no category by that name"),
      ImportHeading(name: "Dairy", line: 3, category: "Dairy & Fridge"),
    ]
    #expect(
      ImportReportRenderer.render(report, dryRun: true) == """
        would add 2, update 1, skip 0
        would add: 'Milk', 'Eggs'
        would update: 'Bread'
        skipped heading 'Shopping for Sunday' on line 1: no category by that name
        heading 'Dairy' on line 3: category 'Dairy & Fridge'

        """)
  }
}
