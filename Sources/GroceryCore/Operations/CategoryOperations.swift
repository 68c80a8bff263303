#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Groceries {
  /// Adds a category just before Uncategorized, returning its name.
  public mutating func addCategory(_ raw: String, id: UUID = UUID()) throws -> String {
    let name = try Names.clean(raw, what: "category name")
    if let existing = (categories.map(\.name) + [Category.uncategorized]).first(where: {
      Names.spelledKey($0) == Names.spelledKey(name)
    }) {
      throw GroceryError.duplicateName(kind: .category, name: existing)
    }
    categories.append(Category(id: id, name: name))
    return name
  }

  /// Renames a category everywhere it is used, returning the old and new names.
  public mutating func renameCategory(_ old: String, to new: String) throws -> (old: String, new: String) {
    let from = try categoryName(old)
    if from == Category.uncategorized {
      throw GroceryError.uncategorizedRenamed
    }
    let to = try Names.clean(new, what: "category name")
    if let clash = categoryClash(to, besides: from) {
      throw GroceryError.duplicateName(kind: .category, name: clash)
    }
    renameCategory(named: from, to: to)
    return (from, to)
  }

  /// The category (Uncategorized too) other than `from` a category named `name` could not be told from, as paper
  /// spells names; nil when none.
  func categoryClash(_ name: String, besides from: String) -> String? {
    (categories.map(\.name) + [Category.uncategorized]).first {
      Names.spelledKey($0) == Names.spelledKey(name) && $0 != from
    }
  }

  /// Renames the category named `from` to `to`, a clean name no other has, everywhere it is used.
  mutating func renameCategory(named from: String, to: String) {
    for i in categories.indices where categories[i].name == from { categories[i].name = to }
    for i in items.indices where items[i].category == from { items[i].category = to }
    for i in locations.indices {
      locations[i].categoryOrder = locations[i].categoryOrder.map { $0 == from ? to : $0 }
    }
  }

  /// Gives a category a colour, or takes it away with nil, returning the category's name.
  @discardableResult
  public mutating func setCategoryColor(_ name: String, _ color: NamedColor?) throws -> String {
    let found = try categoryName(name)
    guard let index = categories.firstIndex(where: { $0.name == found }) else {
      throw GroceryError.uncategorizedColored
    }
    categories[index].color = color
    return found
  }

  /// Removes a category named in whole, moving its items to Uncategorized; a built-in one (renamed or not) needs
  /// `force`.
  public mutating func removeCategory(_ raw: String, force: Bool, now: Date) throws -> (
    name: String, moved: Int
  ) {
    let name = try categoryName(raw, whole: true)
    if name == Category.uncategorized {
      throw GroceryError.uncategorizedRemoved
    }
    // Built in is what the category is (its fixed id, whatever it is called now), not what it is called.
    let id = categories.first { $0.name == name }?.id
    if !force, let id, Category.builtIn.contains(where: { $0.id == id }) {
      throw GroceryError.builtInCategory(name: name)
    }
    categories.removeAll { $0.name == name }
    var moved = 0
    for i in items.indices where items[i].category == name {
      items[i].category = Category.uncategorized
      items[i].updated = now
      moved += 1
    }
    for i in locations.indices { locations[i].categoryOrder.removeAll { $0 == name } }
    return (name, moved)
  }

  /// Puts the named categories first in the given order (at a location, in its own order); the rest keep theirs.
  public mutating func reorderCategories(_ raws: [String], at location: String?) throws -> [String] {
    var named: [String] = []
    for name in try categoryNames(raws) {
      if name == Category.uncategorized {
        throw GroceryError.uncategorizedReordered
      }
      if named.contains(name) { throw GroceryError.categoryRepeated(name: name) }
      named.append(name)
    }
    if let location {
      let place = try locationName(location)
      let shown = walkOrder(at: place)
      let current = shown.dropLast()
      let order = named + current.filter { !named.contains($0) }
      let index = locations.firstIndex { $0.name == place }!
      let kept = locations[index].categoryOrder
      locations[index].categoryOrder = order
      // A store's own order set again as it is walked changes nothing: the store keeps what it names, so that a
      // category added since still follows the general order there, and nothing is written. A store without
      // one gets one, even as the general order walks it: it no longer follows that order.
      if !kept.isEmpty && walkOrder(at: place) == shown { locations[index].categoryOrder = kept }
      return walkOrder(at: place)
    }
    let byName = Dictionary(uniqueKeysWithValues: categories.map { ($0.name, $0) })
    let order = named + categories.map(\.name).filter { !named.contains($0) }
    categories = order.compactMap { byName[$0] }
    return walkOrder()
  }

  /// Restores the default order: built-in categories in their default order, then the others as they were. Built
  /// in is what a category is (its fixed id, whatever it is called now), as for `removeCategory`.
  public mutating func resetCategoryOrder(at location: String?) throws -> [String] {
    if let location {
      let place = try locationName(location)
      let index = locations.firstIndex { $0.name == place }!
      locations[index].categoryOrder = []
      return walkOrder(at: place)
    }
    let ids = Category.builtIn.map(\.id)
    let builtIn = ids.compactMap { id in categories.first { $0.id == id } }
    categories = builtIn + categories.filter { !ids.contains($0.id) }
    return walkOrder()
  }

  /// Adds a location, returning its name.
  public mutating func addLocation(_ raw: String, id: UUID = UUID()) throws -> String {
    let name = try Names.clean(raw, what: "location name")
    if let existing = locations.first(where: { Names.spelledKey($0.name) == Names.spelledKey(name) }) {
      throw GroceryError.duplicateName(kind: .location, name: existing.name)
    }
    locations.append(Location(id: id, name: name))
    return name
  }

  /// Renames a location everywhere it is used, returning the old and new names.
  public mutating func renameLocation(_ old: String, to new: String) throws -> (old: String, new: String) {
    let from = try locationName(old)
    let to = try Names.clean(new, what: "location name")
    if let clash = locationClash(to, besides: from) {
      throw GroceryError.duplicateName(kind: .location, name: clash)
    }
    renameLocation(named: from, to: to)
    return (from, to)
  }

  /// The location other than `from` a location named `name` could not be told from, as paper spells names; nil
  /// when none.
  func locationClash(_ name: String, besides from: String) -> String? {
    locations.first { Names.spelledKey($0.name) == Names.spelledKey(name) && $0.name != from }?.name
  }

  /// Renames the location named `from` to `to`, a clean name no other has, everywhere it is used.
  mutating func renameLocation(named from: String, to: String) {
    for i in locations.indices where locations[i].name == from { locations[i].name = to }
    for i in items.indices { items[i].locations = items[i].locations.map { $0 == from ? to : $0 } }
  }

  /// Removes a location named in whole; items bought only there become available anywhere. Returns the name and
  /// those items.
  public mutating func removeLocation(_ raw: String, now: Date) throws -> (name: String, affected: Int) {
    let name = try locationName(raw, whole: true)
    locations.removeAll { $0.name == name }
    // Counted: the items bought only there, which are now bought anywhere; an item at other stores too stays
    // limited to those.
    var affected = 0
    for i in items.indices where items[i].locations.contains(name) {
      items[i].locations.removeAll { $0 == name }
      items[i].updated = now
      if items[i].locations.isEmpty { affected += 1 }
    }
    return (name, affected)
  }
}
