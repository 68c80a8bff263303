#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Rows of the item table in name order, grouped by name, for reading many items a part at a time: the rows of a
/// name two ids share go in one part, so that its view merges them. Each row carries a value the reader picks
/// parts by (its category for a list, its times bought for `stats`).
struct NameGroups<Value> {
  typealias Row = (row: Int64, key: String, value: Value)

  let rows: [Row]
  /// Positions in `rows`, in name order.
  let order: [Int]
  /// Ranges of `order`, one for each name, in name order.
  private(set) var groups: [Range<Int>] = []

  init(_ rows: [Row]) {
    self.rows = rows
    order = Names.order(count: rows.count, key: { rows[$0].key })
    var start = 0
    while start < order.count {
      var end = start + 1
      while end < order.count && rows[order[end]].key == rows[order[start]].key { end += 1 }
      groups.append(start..<end)
      start = end
    }
  }

  /// The rows of a group.
  func rows(in group: Int) -> some Sequence<Row> { groups[group].lazy.map { rows[order[$0]] } }

  /// The row numbers of the groups, ascending, as the file keeps them.
  func rowNumbers(of groups: some Sequence<Int>) -> [Int64] {
    groups.flatMap { self.groups[$0].map { rows[order[$0]].row } }.sorted()
  }
}

extension NameGroups where Value == Int {
  /// The values of a group's rows added up: a name's times bought is that of its rows together, as its view
  /// merges them.
  func total(of group: Int) -> Int { rows(in: group).reduce(0) { $0 + $1.value } }
}
