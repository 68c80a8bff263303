#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reading a list, or every item, a part at a time, so that showing it costs the same memory at any size.
extension HouseholdStore {
  /// Reads every item not removed a part at a time, in name order, and hands `part` each part's view: the
  /// household's categories and locations with the items of the next `partSize` names (the rows of a name two ids
  /// share are read together). Returns the household without its items. With `history`, each item holds every
  /// purchase, and a part holds at most 16 purchases a name, as the cache counts each item's, unless its first
  /// name alone has more. Folded in memory (no cache), every item is one part.
  public func walkItems(partSize: Int = 256, history: Bool = false, part: (Groceries) throws -> Void) throws
    -> Groceries
  {
    if var old = try migrateForReading() {
      try part(old)
      old.items = []
      return old
    }
    return try readInParts(part) { reading, part in
      guard let cache = reading.cache else {
        var household =
          (history ? HouseholdView(reading.state, history: reading.history ?? [:]) : reading.view)
          .groceries
        try part(household)
        household.items = []
        return household
      }
      let names = NameGroups(try cache.boughtRows())
      func bought(_ group: Int) -> Int { history ? names.total(of: group) : 0 }
      var parts: [[Int64]] = []
      var first = 0
      while first < names.groups.count {
        var (next, count) = (first + 1, bought(first))
        while next < names.groups.count && next - first < partSize && count + bought(next) <= partSize * 16 {
          count += bought(next)
          next += 1
        }
        parts.append(names.rowNumbers(of: first..<next))
        first = next
      }
      // Each part read from the cache on a second thread, a part or two ahead of the one handed on; but for an
      // export, whose parts hold every purchase of their items: three of them at once took a 20-year household's
      // export from 12.1 to 14.1 MB at peak, near its target (15 MB).
      let base = reading.state
      // The categories and locations, the same for every part, made once.
      let frame = HouseholdView.Frame(base)
      try ReadAhead.run(
        count: parts.count, ahead: history ? 0 : 2,
        produce: { [parts] index in
          var state = base
          try cache.loadItems(rows: parts[index], into: &state)
          var purchases: [UUID: [HouseholdState.Bought]]?
          if history { purchases = try cache.purchases(of: Array(state.items.keys)) }
          return (state, purchases)
        },
        consume: { read in try part(HouseholdView(read.0, history: read.1, frame: frame).groceries) })
      return reading.view.groceries
    }
  }

  /// Runs `body` once more when it stopped on a cache found damaged part way (which the read removed, so the
  /// second run rebuilds it): for a command that writes nothing until its whole read is done, as the paper list,
  /// laid out whole, does.
  public func againIfDamaged<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let failure as Database.Failure where failure.isDamage {
      return try body()
    }
  }

  /// `category list`: every category in walk order with its items counted, a part of the items at a time.
  public func categorySummaries() throws -> [CategorySummary] {
    var counts: [String: Int] = [:]
    return try walkItems { $0.countCategories(into: &counts) }.categorySummaries(counts: counts)
  }

  /// `location list`: every location with the items limited to it counted, a part of the items at a time.
  public func locationSummaries() throws -> [LocationSummary] {
    var counts: [String: Int] = [:]
    return try walkItems { $0.countLocations(into: &counts) }.locationSummaries(counts: counts)
  }

  /// Reads the list the query asks for and hands it to `part` a view at a time, in order: from the cache, each
  /// category's next `partSize` names (every row of each, so that a name two ids share is shown once); a list
  /// of no more names than that, one read in memory, or the purchased list (ordered by day, not by walk), as
  /// the whole view at once. Returns the whole list's view without its sections: the names it resolved and
  /// every count. Each view has the whole list's mode, date, location and category.
  public func walkList(_ query: ListQuery, partSize: Int = 256, part: (ListView) throws -> Void) throws
    -> ListView
  {
    if let old = try migrateForReading() {
      var view = try old.listView(query)
      try part(view)
      view.sections = []
      return view
    }
    let scope: ItemScope
    switch query.mode {
    case .shopping: scope = .shopping(since: query.today)
    case .staples: scope = .staples
    case .all, .purchased: scope = .all
    }
    return try readInParts(part) { reading, part in
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
      let names = NameGroups(rows)
      // A list of one part's names is read at once, and shown as one view, as a list read in memory is.
      if names.groups.count <= partSize {
        var state = reading.state
        try cache.loadItems(rows: names.rowNumbers(of: names.groups.indices), into: &state)
        var view = try HouseholdView(state).groceries.listView(query)
        if !view.isEmpty { try part(view) }
        view.sections = []
        return view
      }
      // Each name under the category of each of its rows: the rows of a name two ids share are read together,
      // under the category of each, and shown under the one their view gives them.
      var byCategory: [String: [Int]] = [:]
      for group in names.groups.indices {
        for row in names.rows(in: group) {
          let name = row.value.flatMap { reading.view.categoryNames[$0] } ?? Category.uncategorized
          if byCategory[name]?.last != group { byCategory[name, default: []].append(group) }
        }
      }
      // The parts in walk order, each its category's next names; read from the cache on a second thread, a part
      // or two ahead of the one laid out and written.
      var parts: [(category: String, rows: [Int64])] = []
      for category in household.walkOrder(at: whole.location) where whole.category ?? category == category {
        guard let groups = byCategory[category] else { continue }
        for first in stride(from: 0, to: groups.count, by: partSize) {
          parts.append((category, names.rowNumbers(of: groups[first..<min(first + partSize, groups.count)])))
        }
      }
      let base = reading.state
      // The categories and locations, the same for every part, made once: a part a category, each making them
      // again, made a household of a thousand categories wait seconds.
      let frame = HouseholdView.Frame(base)
      // Each part shows one category: its view holds that one alone, so that laying it out costs the same however
      // many categories the household has.
      let categoryNamed = Dictionary(
        frame.categories.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
      var each = query
      each.location = whole.location
      var index = 0
      try ReadAhead.run(
        count: parts.count,
        produce: { [parts] job in
          var state = base
          try cache.loadItems(rows: parts[job].rows, into: &state)
          return state
        },
        consume: { state in
          let category = parts[index].category
          index += 1
          var own = frame
          own.categories = categoryNamed[category].map { [$0] } ?? []
          each.category = category
          var view = try HouseholdView(state, frame: own).groceries.listView(each)
          view.category = whole.category
          whole.count(view)
          if !view.isEmpty { try part(view) }
        })
      return whole
    }
  }
}
