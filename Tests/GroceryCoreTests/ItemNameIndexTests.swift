import Foundation
import Testing

@testable import GroceryCore

/// The one index `add`, `purchase --new` and a phone's new lines find an item by a whole name with.
@Suite struct ItemNameIndexTests {
  let now = Date(timeIntervalSince1970: 1_795_000_000)

  func items(_ names: [String]) -> [Item] {
    names.map { Item(id: UUID(), name: $0, now: now) }
  }

  /// A name's key finds the first item of that key, before any spelling; then the name as paper spells it.
  @Test func aKeyFindsItsFirstItemBeforeASpellingDoes() {
    let items = items(["milk", "Milk", "Straße", "Oeufs"])
    for shared in [ItemNameIndex.SharedSpelling.first, .neither] {
      var index = ItemNameIndex(shared: shared)
      #expect(index.index(of: "MILK", in: items) == 0)
      #expect(index.index(of: "strasse", in: items) == 2, "as paper spells it")
      #expect(index.index(of: "OEUFS", in: items) == 3)
      #expect(index.index(of: "tea", in: items) == nil)
    }
  }

  /// A spelling the names of two items of different keys share (`Œufs`, `Oeufs`; typed `œufſ`, a long s, whose key
  /// is neither's): the first item for `purchase --new`, as `purchase` finds a name; neither for `add`. Two rows of
  /// one key (`milk`, `Milk`) are one name, and share no spelling.
  @Test func aSpellingTwoNamesShareIsTheFirstsOrNeithers() {
    let items = items(["Œufs", "Oeufs", "milk", "Milk"])
    var first = ItemNameIndex(shared: .first)
    var neither = ItemNameIndex(shared: .neither)
    #expect(first.index(of: "œufſ", in: items) == 0)
    #expect(neither.index(of: "œufſ", in: items) == nil)
    // `mılk`, a dotless i, is neither row's key, and milk as paper spells it.
    #expect(neither.index(of: "mılk", in: items) == 2)
  }

  /// An item noted as appended is found by its key and its spelling, once the indexes are made.
  @Test func anInsertedItemIsFound() {
    var items = items(["milk"])
    var index = ItemNameIndex(shared: .neither)
    #expect(index.index(of: "Łódź rye", in: items) == nil)
    items.append(Item(id: UUID(), name: "Łódź rye", now: now))
    index.insert("Łódź rye", at: 1)
    #expect(index.index(of: "łódź RYE", in: items) == 1)
    #expect(index.index(of: "Lodz rye", in: items) == 1, "as paper spells it")
  }
}
