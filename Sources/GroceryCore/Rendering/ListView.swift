#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Which items `list` shows.
public enum ListMode: String, Sendable, CaseIterable {
  /// The items on the list, under category headings in walk order.
  case shopping
  /// Every item with its state.
  case all
  /// The staples with their cadence.
  case staples
  /// What was bought, today first then earlier.
  case purchased
}

/// What to show: the mode, an optional location and category, and the day it is.
public struct ListQuery: Sendable {
  public var mode: ListMode
  public var location: String?
  public var category: String?
  public var today: Day
  /// The interval assumed for staples with too little history.
  public var every: Int
  /// Shows one section without headings, in the same order: by the walk position of the category, then name.
  public var flat: Bool

  public init(
    mode: ListMode = .shopping, location: String? = nil, category: String? = nil, today: Day, every: Int = 7,
    flat: Bool = false
  ) {
    self.mode = mode
    self.location = location
    self.category = category
    self.today = today
    self.every = every
    self.flat = flat
  }
}

/// One item as a list shows it, with what is derived from the day.
public struct ListEntry: Equatable, Sendable {
  public var item: Item
  public var isUnavailable: Bool
  public var boughtToday: Bool
  public var cadence: Cadence
  public var nextDue: Day
  public var isSnoozed: Bool
  /// The colour of the item's category, if it has one.
  public var color: NamedColor?
}

/// A heading and its entries.
public struct ListSection: Equatable, Sendable {
  public var title: String
  public var entries: [ListEntry]
  /// The colour of the section's category; nil for none, and for sections that are not a category.
  public var color: NamedColor?
}

/// A list ready to render: sections in walk order and the counts for the footer.
public struct ListView: Equatable, Sendable {
  public var mode: ListMode
  public var location: String?
  public var category: String?
  public var today: Day
  public var sections: [ListSection]
  /// Whether people's renderers leave out the headings and show the sections as one, in order.
  public var isFlat = false
  /// Items on the list within the view's location and category.
  public var toBuy: Int
  /// Items bought today within the view's location and category.
  public var boughtToday: Int

  public var isEmpty: Bool { sections.isEmpty }
  public var entries: [ListEntry] { sections.flatMap(\.entries) }
}

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
      let byCategory = Dictionary(grouping: chosen, by: \.category)
      sections = walkOrder(at: location).map { name in
        ListSection(
          title: name,
          entries: (byCategory[name] ?? []).sorted { Names.ordered($0.name, $1.name) }.map(entry),
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
