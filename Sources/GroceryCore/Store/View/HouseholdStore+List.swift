/// Reading a list a part at a time, in walk order, so that showing it costs the same memory at any size.
extension HouseholdStore {
  /// Reads the list the query asks for and hands it to `part` a view at a time, in order: from the cache, each
  /// category's next `partSize` names (every row of each, so that a name two ids share is shown once); read in memory,
  /// or for the purchased list (ordered by day, not by walk), the whole view at once. Returns the whole list's
  /// view without its sections: the names it resolved and every count.
  public func walkList(_ query: ListQuery, partSize: Int = 256, part: (ListView) throws -> Void) throws
    -> ListView
  {
    try migrateIfNeeded()
    let scope: ItemScope
    switch query.mode {
    case .shopping: scope = .shopping(since: query.today)
    case .staples: scope = .staples
    case .all, .purchased: scope = .all
    }
    return try read(.ids([])) { reading in
      guard let cache = reading.cache, query.mode != .purchased, let rows = try cache.listRows(scope) else {
        // Read in memory (no cache to read from), every item already is.
        var state = reading.state
        try reading.cache?.loadItems(scope, into: &state)
        var view = try (reading.cache == nil ? reading.view : HouseholdView(state)).groceries.listView(query)
        try part(view)
        view.sections = []
        return view
      }
      let household = reading.view.groceries
      var whole = ListView(
        mode: query.mode, location: try query.location.map(household.locationName),
        category: try query.category.map(household.categoryName), today: query.today, sections: [],
        isFlat: query.flat, toBuy: 0, boughtToday: 0)
      // The rows in name order, in groups of one name: the rows of a name two ids share are read together, under
      // the category of each, and shown under the one their view gives them.
      let order = rows.indices.sorted {
        Names.ordered(rows[$0].key, key: rows[$0].key, rows[$1].key, key: rows[$1].key)
      }
      var groups: [Range<Int>] = []
      var byCategory: [String: [Int]] = [:]
      var start = 0
      while start < order.count {
        var end = start + 1
        while end < order.count && rows[order[end]].key == rows[order[start]].key { end += 1 }
        for index in start..<end {
          let name =
            rows[order[index]].category.flatMap { reading.view.categoryNames[$0] } ?? Category.uncategorized
          if byCategory[name]?.last != groups.count { byCategory[name, default: []].append(groups.count) }
        }
        groups.append(start..<end)
        start = end
      }
      var each = query
      each.location = whole.location
      for category in household.walkOrder(at: whole.location) where whole.category ?? category == category {
        guard let names = byCategory[category] else { continue }
        each.category = category
        for first in stride(from: 0, to: names.count, by: partSize) {
          var state = reading.state
          let next = names[first..<min(first + partSize, names.count)]
          try cache.loadItems(
            rows: next.flatMap { groups[$0].map { rows[order[$0]].row } }.sorted(), into: &state)
          let view = try HouseholdView(state).groceries.listView(each)
          whole.count(view)
          if !view.isEmpty { try part(view) }
        }
      }
      return whole
    }
  }
}
