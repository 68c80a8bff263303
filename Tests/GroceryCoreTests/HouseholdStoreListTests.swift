import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// The list read a part at a time from the cache (`walkList`): the same list, byte for byte, as the whole read,
/// in every format.
@Suite struct HouseholdStoreListTests {
  let folder = TemporaryDirectory()

  func machine(_ name: String) -> HouseholdStore {
    let household = folder.file(name == "alice" ? "household" : name + "-household")
    return HouseholdStore(
      path: household, folder: household, stateFolder: folder.file("state-" + name), defaultMachineName: name)
  }

  /// Alice's household: items in every category and none, at two locations, staples, today's purchases, an
  /// item unavailable today, removed items, and names that sort by number; bob, who had not seen her log, added some of the same
  /// names (twins), one in another category.
  func household() throws -> HouseholdStore {
    let alice = machine("alice")
    let t = Fixed.now
    try alice.update(summary: { _ in "stock" }, now: t) { g in
      _ = try g.addLocation("Corner Store")
      _ = try g.addLocation("Market")
      _ = try g.reorderCategories(["Dairy & Fridge", "Produce"], at: "Corner Store")
      // Coloured categories: a part of the list, one category's view, keeps its colour.
      _ = try g.setCategoryColor("produce", .green)
      _ = try g.setCategoryColor("dairy", .blue)
      let categories = Category.builtIn.map(\.name) + [Category.uncategorized]
      for n in 0..<23 {
        _ = try g.add(
          ["item \(n * 7 % 23)"],
          changes: ItemChanges(
            quantity: n % 3 + 1, category: categories[n % categories.count],
            note: n % 4 == 0 ? "note \(n)" : nil,
            locations: n % 5 == 0 ? ["Corner Store"] : n % 5 == 1 ? ["Market"] : nil),
          today: Fixed.today, now: t, newID: UUID.init)
      }
      _ = try g.add(
        ["milk", "eggs", "item 02", "Ápples"], changes: ItemChanges(category: "Dairy & Fridge"),
        today: Fixed.today,
        now: t, newID: UUID.init)
      _ = try g.setStaple(["item 3", "item 4", "item 5", "milk"], remove: false, now: t, newID: UUID.init)
      _ = try g.purchase(["item 4", "item 6"], on: Fixed.today, today: Fixed.today, now: t)
      _ = try g.purchase(["item 5"], on: Fixed.today.adding(days: -20), today: Fixed.today, now: t)
      _ = try g.edit("item 7", changes: ItemChanges(isAvailable: false), today: Fixed.today, now: t)
    }
    // Removed items: one on the list when removed, one bought today, which no list shows.
    try alice.update(summary: { _ in "remove" }, now: t + 2) { g in
      _ = try g.purchase(["item 11"], on: Fixed.today, today: Fixed.today, now: t + 2)
      _ = try g.remove(["item 10", "item 11"])
    }
    let bob = machine("bob")
    try bob.update(summary: { _ in "add" }, now: t + 1) { g in
      _ = try g.add(
        ["milk"], changes: ItemChanges(category: "Produce", note: "oat"), today: Fixed.today, now: t + 1,
        newID: UUID.init)
      _ = try g.add(
        ["eggs", "item 9"], changes: ItemChanges(), today: Fixed.today, now: t + 1, newID: UUID.init)
    }
    let bobLog = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.file("bob-household") + "/logs").first)
    try FileManager.default.copyItem(
      atPath: folder.file("bob-household") + "/logs/" + bobLog,
      toPath: folder.file("household") + "/logs/" + bobLog)
    return alice
  }

  /// With parts of 2 names, the list comes in many parts; with parts larger than the list, in one.
  @Test(arguments: [2, 1000]) func aListReadAPartAtATimeIsTheListReadWhole(partSize: Int) throws {
    let alice = try household()
    #expect(try alice.read().cache != nil, "read from the cache")
    var manyParts = false
    for mode in [ListMode.shopping, .all, .staples, .purchased] {
      for location in [nil, "corner", "Market"] {
        for category in [nil, "dairy", "Uncategorized"] {
          for flat in [false, true] {
            let query = ListQuery(
              mode: mode, location: location, category: category, today: Fixed.today, flat: flat)
            let scope: ItemScope =
              mode == .shopping ? .shopping(since: Fixed.today) : mode == .staples ? .staples : .all
            let view = try alice.load(scope).listView(query)
            let style = TextStyle(color: true)
            var text = TextRenderer.writer(title: "Week", style: style)
            var markdown = MarkdownRenderer.writer()
            var json = JSONListRenderer.Writer(title: "Week \"1\"")
            var (paper, narrow) = (
              PrintRenderer.Writer(), PrintRenderer.Writer(columns: 1, width: 30, utf8: true)
            )
            var (plain, marked, csv, structured, parts) = ("", "", CSVRenderer.head, "", 0)
            let whole = try alice.walkList(query, partSize: partSize) { part in
              plain += text.add(part)
              marked += markdown.add(part)
              csv += CSVRenderer.rows(part)
              structured += try json.add(part)
              paper.add(part)
              narrow.add(part)
              parts += 1
            }
            plain += text.finish(whole)
            marked += markdown.finish(whole)
            structured += try json.finish(whole)
            let said = "\(mode) at \(location ?? "-") in \(category ?? "-") flat \(flat)"
            #expect(plain == TextRenderer.render(view, title: "Week", style: style), "\(said)")
            #expect(marked == MarkdownRenderer.render(view), "\(said)")
            #expect(csv == CSVRenderer.render(view), "\(said)")
            #expect(structured == (try JSONListRenderer.render(view, title: "Week \"1\"")), "\(said)")
            #expect(paper.finish(whole) == PrintRenderer.render(view), "\(said)")
            #expect(
              narrow.finish(whole) == PrintRenderer.render(view, columns: 1, width: 30, utf8: true), "\(said)"
            )
            #expect(whole.toBuy == view.toBuy && whole.boughtToday == view.boughtToday, "\(said)")
            if parts > 8 { manyParts = true }
            if partSize == 1000 && mode != .purchased { #expect(parts <= 1, "\(said): one part") }
          }
        }
      }
    }
    #expect(manyParts == (partSize == 2), "the lists were read in many parts only when parts were small")
    // A row flipped on disk that only a later part reads: the parts before may have been written, so the walk
    // stops; the paper list, written only once whole, reads again from the logs and the cache rebuilt.
    let query = ListQuery(today: Fixed.today)
    let page = PrintRenderer.render(try alice.load(.shopping(since: Fixed.today)).listView(query))
    try Database(path: alice.cachePath, create: false).execute(
      "UPDATE item SET \"quantity\" = 7 WHERE key = 'item 19'")
    var paper = PrintRenderer.Writer()
    let laidOut = try alice.againIfDamaged {
      paper = PrintRenderer.Writer()
      let whole = try alice.walkList(query, partSize: partSize) { paper.add($0) }
      return paper.finish(whole)
    }
    #expect(laidOut == page)
    if partSize == 2 {
      _ = try alice.read()
      try Database(path: alice.cachePath, create: false).execute(
        "UPDATE item SET \"quantity\" = 7 WHERE key = 'item 19'")
      #expect(throws: Database.Failure.self) { _ = try alice.walkList(query, partSize: partSize) { _ in } }
    }
    #expect(try alice.read().view.members.count == 3, "milk, eggs and item 9 are each two ids shown as one")
  }
}
