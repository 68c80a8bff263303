extension Groceries {
  /// Builds the view a query asks for, resolving its location and category names.
  public func listView(_ query: ListQuery) throws -> ListView {
    let location = try query.location.map(locationName)
    let category = try query.category.map(categoryName)
    let today = query.today
    let scoped = items.filter { item in
      item.isSold(at: location) && (category == nil || item.category == category)
    }
    var colors: [String: NamedColor] = [:]
    for category in categories { colors[category.name] = category.color }
    func entry(_ item: Item) -> ListEntry {
      let cadence = Cadence(item, fallback: query.every)
      return ListEntry(
        item: item, isUnavailable: item.isOnList && item.isUnavailable(on: today),
        boughtToday: item.lastPurchased == today, cadence: cadence, nextDue: cadence.nextDue(today: today),
        isSnoozed: item.skipUntil.map { $0 > today } ?? false, color: colors[item.category])
    }
    let chosen: [Item]
    switch query.mode {
    case .shopping: chosen = scoped.filter(\.isOnList)
    case .all: chosen = scoped
    case .staples: chosen = scoped.filter(\.isStaple)
    case .purchased: chosen = scoped.filter { $0.lastPurchased != nil }
    }
    var sections: [ListSection]
    if query.mode == .purchased {
      let sorted = chosen.sorted { a, b in
        a.lastPurchased != b.lastPurchased
          ? a.lastPurchased! > b.lastPurchased! : Names.ordered(a.name, b.name)
      }
      sections = [
        ListSection(title: "Bought today", entries: sorted.filter { $0.lastPurchased == today }.map(entry)),
        ListSection(title: "Earlier", entries: sorted.filter { $0.lastPurchased != today }.map(entry)),
      ]
    } else {
      // Each name's key is made once, not at every comparison.
      let byCategory = Dictionary(
        grouping: chosen.map { (key: Names.key($0.name), item: $0) }, by: \.item.category)
      sections = walkOrder(at: location).map { name in
        ListSection(
          title: name,
          entries: (byCategory[name] ?? []).sorted {
            Names.ordered($0.item.name, key: $0.key, $1.item.name, key: $1.key)
          }
          .map { entry($0.item) },
          color: colors[name])
      }
    }
    sections.removeAll { $0.entries.isEmpty }
    return ListView(
      mode: query.mode, location: location, category: category, today: today, sections: sections,
      isFlat: query.flat, toBuy: scoped.filter(\.isOnList).count,
      boughtToday: scoped.filter { $0.lastPurchased == today }.count)
  }
}
