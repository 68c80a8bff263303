#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The attributes a command may set on an item; nil leaves an attribute as it is.
public struct ItemChanges: Equatable, Sendable {
  public var quantity: Int?
  public var category: String?
  /// A new note; `.some(nil)` clears it.
  public var note: String??
  public var locations: [String]?
  public var isStaple: Bool?
  public var rename: String?
  public var isAvailable: Bool?

  public init(
    quantity: Int? = nil, category: String? = nil, note: String?? = nil, locations: [String]? = nil,
    isStaple: Bool? = nil, rename: String? = nil, isAvailable: Bool? = nil
  ) {
    self.quantity = quantity
    self.category = category
    self.note = note
    self.locations = locations
    self.isStaple = isStaple
    self.rename = rename
    self.isAvailable = isAvailable
  }

  public var isEmpty: Bool { self == ItemChanges() }
}

/// What `add` did with one name.
public enum AddOutcome: Equatable, Sendable {
  case added(String)
  case returned(String)
  case alreadyOnList(String)
  /// It was on the list already, and the options given changed it (`add -q 2 milk`).
  case updated(String)
}

/// What `purchase` did with one item.
public struct PurchaseOutcome: Equatable, Sendable {
  public var name: String
  public var quantity: Int
  public var wasOnList: Bool
  /// Whether the purchase created the item (`purchase --new`).
  public var isNew = false
  /// The item's latest purchase, when this one is dated before it (an old receipt): the item is bought again
  /// since, so it stays on the list.
  public var boughtSince: Day?
}

/// What `staple` did with one name.
public enum StapleOutcome: Equatable, Sendable {
  case marked(String)
  case created(String)
  case already(String)
  case unmarked(String)
  case notStaple(String)
}

extension Groceries {
  /// Puts each name on the list, creating unknown items; changes given override the item's attributes.
  public mutating func add(
    _ names: [String], changes: ItemChanges, today: Day, now: Date, newID: () -> UUID
  ) throws -> [AddOutcome] {
    let changes = try canonical(changes)
    var outcomes: [AddOutcome] = []
    // One index of names for the whole batch, and one sort at the end, so a long list from standard input takes
    // time in proportion to its length.
    var found = ItemNameIndex(shared: .neither)
    var appended = false
    defer { if appended { sortItems() } }
    for raw in names {
      let name = try Names.clean(raw, what: "item name")
      if let index = found.index(of: name, in: items) {
        let (wasOnList, before) = (items[index].isOnList, items[index])
        apply(changes, to: index, now: now)
        if !wasOnList {
          items[index].isOnList = true
          items[index].unavailableOn = nil
          items[index].updated = now
        }
        let name = items[index].name
        outcomes.append(
          !wasOnList ? .returned(name) : items[index] == before ? .alreadyOnList(name) : .updated(name))
      } else {
        try Self.checkNewName(name)
        var item = Item(id: newID(), name: name, isOnList: true, now: now)
        item.quantity = changes.quantity ?? 1
        item.category = changes.category ?? Category.uncategorized
        item.note = changes.note ?? nil
        item.locations = changes.locations ?? []
        item.isStaple = changes.isStaple ?? false
        items.append(item)
        found.insert(name, at: items.count - 1)
        appended = true
        outcomes.append(.added(name))
      }
    }
    return outcomes
  }

  /// Records a purchase of each named item on the given day and takes it off the list.
  ///
  /// With `olderStaysListed`, a purchase dated before the item's latest one (an old receipt entered late) leaves
  /// it on the list, where it says nothing of what is needed now. A tick on the phone always takes it off.
  public mutating func purchase(
    _ names: [String], on day: Day, today: Day, now: Date, olderStaysListed: Bool = false
  ) throws -> [PurchaseOutcome] {
    try checkNotFuture(day, today: today)
    return try itemIndices(named: names).map {
      buy(at: $0, on: day, now: now, olderStaysListed: olderStaysListed)
    }
  }

  /// Records a purchase of each name on the given day, creating an item, off the list, for a name no item has
  /// in whole: an impulse buy in one change. A known item is bought as `purchase` buys it.
  public mutating func purchaseNew(
    _ names: [String], on day: Day, today: Day, now: Date, olderStaysListed: Bool = false, newID: () -> UUID
  ) throws -> [PurchaseOutcome] {
    try checkNotFuture(day, today: today)
    var created = Set<UUID>()
    var ids: [UUID] = []
    var seen = Set<UUID>()
    // The item a whole name is, as `itemIndex(named:whole:)` finds it (the first of two a spelling finds): many
    // names (a phone's ticked new lines) cost their number, not that times the household's items, and a new one no
    // list of suggestions.
    var known = ItemNameIndex(shared: .first)
    for raw in names {
      let name = try Names.clean(raw, what: "item name")
      if let found = known.index(of: name, in: items) {
        if seen.insert(items[found].id).inserted { ids.append(items[found].id) }
        continue
      }
      // No item has this whole name: it is the new item the command asks for.
      try Self.checkNewName(name)
      let item = Item(id: newID(), name: name, isOnList: false, now: now)
      items.append(item)
      known.insert(name, at: items.count - 1)
      created.insert(item.id)
      seen.insert(item.id)
      ids.append(item.id)
    }
    if !created.isEmpty { sortItems() }
    let index = Dictionary(items.indices.map { (items[$0].id, $0) }, uniquingKeysWith: { a, _ in a })
    return ids.map { id in
      var outcome = buy(at: index[id]!, on: day, now: now, olderStaysListed: olderStaysListed)
      outcome.isNew = created.contains(id)
      return outcome
    }
  }

  /// Records a purchase of the item at an index, as `purchase` records one of the item a name finds.
  mutating func purchase(itemAt index: Int, on day: Day, today: Day, now: Date) throws -> PurchaseOutcome {
    try checkNotFuture(day, today: today)
    return buy(at: index, on: day, now: now, olderStaysListed: false)
  }

  /// Purchases everything on the list (at a location, its part of it), skipping items unavailable today.
  public mutating func purchaseAll(
    at location: String?, on day: Day, today: Day, now: Date, olderStaysListed: Bool = false
  ) throws -> (bought: [PurchaseOutcome], skipped: [String]) {
    try checkNotFuture(day, today: today)
    let place = try location.map(locationName)
    let wanted = items.indices.filter { items[$0].isOnList && items[$0].isSold(at: place) }
    if wanted.isEmpty {
      throw GroceryError.nothingOnList(location: place)
    }
    let skipped = wanted.filter { items[$0].isUnavailable(on: today) }
    // Nothing to buy where something was asked for, as an empty list is (found by a trial: exit 0).
    if skipped.count == wanted.count {
      throw GroceryError.allUnavailable(location: place, names: skipped.map { items[$0].name })
    }
    let bought = wanted.filter { !items[$0].isUnavailable(on: today) }.map {
      buy(at: $0, on: day, now: now, olderStaysListed: olderStaysListed)
    }
    return (bought, skipped.map { items[$0].name })
  }

  /// Records a purchase of an item and takes it off the list, unless `olderStaysListed` and the purchase is dated
  /// before the item's latest one: an old receipt entered late says nothing of what is needed now.
  private mutating func buy(at index: Int, on day: Day, now: Date, olderStaysListed: Bool) -> PurchaseOutcome
  {
    let wasOnList = items[index].isOnList
    let boughtSince = olderStaysListed ? items[index].lastPurchased.flatMap { $0 > day ? $0 : nil } : nil
    let purchase = Purchase(date: day, quantity: items[index].quantity)
    items[index].record(purchase)
    newPurchases.append(
      NewPurchase(item: items[index].id, purchase: purchase, trip: openTrip, takesOffList: boughtSince == nil)
    )
    if boughtSince == nil {
      items[index].isOnList = false
      items[index].unavailableOn = nil
    }
    items[index].updated = now
    return PurchaseOutcome(
      name: items[index].name, quantity: items[index].quantity, wasOnList: wasOnList, boughtSince: boughtSince
    )
  }

  /// Refuses `-` as the name of a new item: on the command line a name of `-` reads names from standard input, so
  /// an item of that name could never be named again. Said so that it reads true where the `-` itself came from
  /// standard input (found by a trial).
  static func checkNewName(_ name: String) throws {
    if name == "-" {
      throw GroceryError.invalidValue(
        what: "item name", value: name,
        reason: "it stands for standard input wherever a name goes, so no item is named so")
    }
  }

  private func checkNotFuture(_ day: Day, today: Day) throws {
    if day > today {
      throw GroceryError.invalidValue(what: "date", value: day.description, reason: "it is in the future")
    }
  }

  /// Marks or unmarks items as staples; an unknown name becomes a new staple that is not on the list.
  ///
  /// With `today`, a skip that ends by then is none ("today ends a skip"): a staple skipped no longer, or never,
  /// that is given one is already so, and nothing is written.
  public mutating func setStaple(
    _ names: [String], remove: Bool, skipUntil: Day? = nil, today: Day? = nil, now: Date, newID: () -> UUID
  ) throws -> [StapleOutcome] {
    func effective(_ day: Day?) -> Day? {
      guard let day, let today else { return day }
      return day > today ? day : nil
    }
    var outcomes: [StapleOutcome] = []
    // Every name that matches no item, or several, is said at once.
    if remove { _ = try itemIndices(named: names) }
    for raw in names {
      if remove {
        let index = try itemIndex(named: raw)
        let was = items[index].isStaple
        if was {
          items[index].isStaple = false
          items[index].skipUntil = nil
          items[index].updated = now
        }
        outcomes.append(was ? .unmarked(items[index].name) : .notStaple(items[index].name))
        continue
      }
      let name = try Names.clean(raw, what: "item name")
      if let index = exactItemIndex(named: name) {
        let was = items[index].isStaple
        // A skip given replaces the staple's; none keeps it, unless the item only now becomes a staple.
        let skip = skipUntil != nil || !was ? skipUntil : items[index].skipUntil
        let changes = !was || effective(items[index].skipUntil) != effective(skip)
        if changes {
          items[index].isStaple = true
          items[index].skipUntil = effective(skip)
          items[index].updated = now
        }
        // A staple whose skip changed is marked anew; one left as it was is already so.
        outcomes.append(changes ? .marked(items[index].name) : .already(items[index].name))
      } else {
        try Self.checkNewName(name)
        var item = Item(id: newID(), name: name, isStaple: true, now: now)
        item.skipUntil = effective(skipUntil)
        items.append(item)
        sortItems()
        outcomes.append(.created(name))
      }
    }
    return outcomes
  }

  /// Puts back on the list the staples the policy picks, returning their names in walk order.
  public mutating func restock(_ policy: RestockPolicy, today: Day, now: Date) -> [String] {
    let picked = restockCandidates(policy, today: today)
    for index in picked {
      items[index].isOnList = true
      items[index].unavailableOn = nil
      items[index].updated = now
    }
    return picked.map { items[$0].name }
  }

  /// Returns the indices of the staples restock would put on the list, in walk order.
  public func restockCandidates(_ policy: RestockPolicy, today: Day) -> [Int] {
    let order = walkOrder()
    let rank = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    return items.indices
      .filter { index in
        let item = items[index]
        guard item.isStaple, !item.isOnList else { return false }
        if let skip = item.skipUntil, skip > today { return false }
        switch policy {
        case .all: return true
        case .due(let within, let every):
          return Cadence(item, fallback: every, today: today).isDue(today: today, within: within)
        }
      }
      .sorted { a, b in
        let (ra, rb) = (rank[items[a].category] ?? order.count, rank[items[b].category] ?? order.count)
        return ra != rb ? ra < rb : Names.ordered(items[a].name, items[b].name)
      }
  }

  /// Deletes the named items and their history, returning their names; only whole names match.
  public mutating func remove(_ names: [String]) throws -> [String] {
    let indices = try itemIndices(named: names, whole: true)
    let removed = indices.map { items[$0].name }
    for index in indices.sorted(by: >) { items.remove(at: index) }
    return removed
  }

  /// Changes one item's attributes, returning its name before and after the change.
  public mutating func edit(_ name: String, changes: ItemChanges, today: Day, now: Date) throws -> (
    old: String, new: String
  ) {
    if changes.isEmpty { throw GroceryError.nothingToChange }
    let index = try itemIndex(named: name)
    let before = items[index]
    let changes = try canonical(changes)
    if changes.isAvailable == false && !items[index].isOnList {
      throw GroceryError.notOnList(name: items[index].name)
    }
    if let newName = changes.rename {
      // A name that is another item's as paper spells it (`Ben’s` for `Ben's`) is that item's too.
      let spelled = Names.spelledKey(newName)
      if let other = exactItemIndex(named: newName)
        ?? items.indices.first(where: {
          $0 != index && Names.spelledKey(items[$0].name) == spelled
        }), other != index
      {
        throw GroceryError.duplicateName(kind: .item, name: items[other].name)
      }
      items[index].name = newName
    }
    apply(changes, to: index, now: now)
    // A mark of another day has lapsed: the item is available already, and `--available` changes nothing.
    if let available = changes.isAvailable, available == items[index].isUnavailable(on: today) {
      items[index].unavailableOn = available ? nil : today
    }
    // What changes nothing is no change: the item keeps its time, so nothing is written.
    var unchanged = items[index]
    unchanged.updated = before.updated
    if unchanged == before { return (before.name, before.name) }
    items[index].updated = now
    let newName = items[index].name
    sortItems()
    return (before.name, newName)
  }

  /// Resolves category and location names and cleans the new name.
  private func canonical(_ changes: ItemChanges) throws -> ItemChanges {
    var result = changes
    result.category = try changes.category.map(categoryName)
    result.rename = try changes.rename.map {
      let name = try Names.clean($0, what: "item name")
      try Self.checkNewName(name)
      return name
    }
    if let places = changes.locations {
      var resolved: [String] = []
      for name in try locationNames(places) where !resolved.contains(name) { resolved.append(name) }
      result.locations = resolved
    }
    return result
  }

  private mutating func apply(_ changes: ItemChanges, to index: Int, now: Date) {
    let before = items[index]
    if let quantity = changes.quantity { items[index].quantity = quantity }
    if let category = changes.category { items[index].category = category }
    if let note = changes.note { items[index].note = note }
    // The stores an item is bought at are a set: the same ones in another order, or one given twice, change nothing.
    if let locations = changes.locations, Set(locations) != Set(items[index].locations) {
      var seen = Set<String>()
      items[index].locations = locations.filter { seen.insert($0).inserted }
    }
    if let staple = changes.isStaple { items[index].isStaple = staple }
    if items[index] != before { items[index].updated = now }
  }
}

/// Which staples `restock` puts back on the list.
public enum RestockPolicy: Equatable, Sendable {
  /// Every staple that is not on the list.
  case all
  /// Only staples that are due, or due within the given days; `every` is the interval for staples with little history.
  case due(within: Int, every: Int)
}
