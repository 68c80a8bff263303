extension Groceries {
  /// Builds the view a query asks for, resolving its location and category names.
  public func listView(_ query: ListQuery) throws -> ListView {
    let location = try query.location.map(locationName)
    // A category named as the household spells it is that one, found without matching every name (each part of a
    // long list names its category so).
    let category = try query.category.map { name in
      name == Category.uncategorized || categories.contains { $0.name == name }
        ? name : try categoryName(name)
    }
    let today = query.today
    // Positions of the items in scope: an item is copied once, into its entry, not at every step.
    let scoped = items.indices.filter { index in
      items[index].isSold(at: location) && (category == nil || items[index].category == category)
    }
    // Bought today by a purchase of today, whatever later date another machine's clock gave one of its own (a time
    // zone whose midnight has passed): the newest purchase not after today is today's.
    func boughtToday(_ item: Item) -> Bool { item.purchases.last { $0.date <= today }?.date == today }
    var colors: [String: NamedColor] = [:]
    if let category {
      colors[category] = categories.first { $0.name == category }?.color
    } else {
      for category in categories { colors[category.name] = category.color }
    }
    func entry(_ item: Item) -> ListEntry {
      let cadence = Cadence(item, fallback: query.every, today: today)
      return ListEntry(
        item: item, isUnavailable: item.isOnList && item.isUnavailable(on: today),
        boughtToday: boughtToday(item), cadence: cadence, nextDue: cadence.nextDue(today: today),
        isSnoozed: item.skipUntil.map { $0 > today } ?? false, color: colors[item.category])
    }
    let chosen: [Int]
    switch query.mode {
    case .shopping: chosen = scoped.filter { items[$0].isOnList }
    case .all: chosen = scoped
    case .staples: chosen = scoped.filter { items[$0].isStaple }
    case .purchased: chosen = scoped.filter { items[$0].lastPurchased != nil }
    }
    var sections: [ListSection]
    if query.mode == .purchased {
      let sorted = chosen.map { items[$0] }.sorted { a, b in
        a.lastPurchased != b.lastPurchased
          ? a.lastPurchased! > b.lastPurchased! : Names.ordered(a.name, b.name)
      }
      // A purchase dated after today is one a clock ahead of this one made (another time zone's midnight passed,
      // or a fast clock): shown with its date, under a heading of its own, neither today's nor earlier.
      // One bought today too is today's.
      sections = [
        ListSection(
          title: "Dated after today",
          entries: sorted.filter { $0.lastPurchased! > today && !boughtToday($0) }.map(entry)),
        ListSection(title: "Bought today", entries: sorted.filter(boughtToday).map(entry)),
        ListSection(title: "Earlier", entries: sorted.filter { $0.lastPurchased! < today }.map(entry)),
      ]
    } else {
      // Each name's key is made once, not at every comparison.
      var keys = [String](repeating: "", count: items.count)
      for index in chosen { keys[index] = Names.key(items[index].name) }
      let byCategory = Dictionary(grouping: chosen) { items[$0].category }
      // Only the categories with entries are sorted: a part of a long list holds one category of many.
      sections = (category.map { [$0] } ?? walkOrder(at: location)).compactMap { name in
        guard let chosen = byCategory[name] else { return nil }
        return ListSection(
          title: name,
          entries: chosen.sorted {
            Names.ordered(items[$0].name, key: keys[$0], items[$1].name, key: keys[$1])
          }
          .map { entry(items[$0]) },
          color: colors[name])
      }
    }
    sections.removeAll { $0.entries.isEmpty }
    var counts = ListView.Counts()
    for section in sections {
      for entry in section.entries {
        counts.shown += 1
        if entry.item.isOnList {
          counts.onList += 1
        } else if !entry.isSnoozed && entry.nextDue <= today {
          counts.due += 1
        }
      }
    }
    return ListView(
      mode: query.mode, location: location, category: category, today: today, sections: sections,
      isFlat: query.flat, toBuy: scoped.count { items[$0].isOnList },
      boughtToday: scoped.count { boughtToday(items[$0]) }, counts: counts)
  }
}
