#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The household as commands see it, built from the folded state, with what the store needs to turn a changed
/// copy back into operations.
struct HouseholdView: Sendable {
  var groceries: Groceries
  /// For an item shown once for several ids (two machines added the same name), every id behind it.
  var members: [UUID: [UUID]] = [:]
  /// The same for categories and locations.
  var categoryMembers: [UUID: [UUID]] = [:]
  var locationMembers: [UUID: [UUID]] = [:]
  /// Machine names by machine id.
  var machines: [String: String] = [:]
  /// The name each category id is shown under (several ids may share one); an id not here is Uncategorized.
  var categoryNames: [UUID: String] = [:]

  /// Builds the view; with `history`, items hold every purchase instead of the recent ones. With `recent`, the
  /// items it names hold every purchase since a day (and count the older ones): for figures over weeks that
  /// the recent ones may not cover, without reading the whole history.
  ///
  /// `frame`, the categories and locations of the same state made once, saves making them again for each part of
  /// a long list (a household of many categories read a category at a time).
  init(
    _ state: HouseholdState, history: [UUID: [HouseholdState.Bought]]? = nil,
    recent: (since: Day, purchases: [UUID: [HouseholdState.Bought]])? = nil, frame: Frame? = nil
  ) {
    let frame = frame ?? Frame(state)
    let (who, names, categoryOf) = (frame.who, frame.names, frame.categoryOf)
    categoryMembers = frame.categoryMembers
    locationMembers = frame.locationMembers
    let (categories, locations) = (frame.categories, frame.locations)

    // Items: one per name; when two ids share a name, each field takes the newest value among them.
    // Sorts the ids with their creation, not the whole states, which are large to move.
    let liveItems = state.items.compactMap { id, item in
      item.alive.value && item.name.value != nil ? (id: id, created: item.created) : nil
    }
    .sorted { HouseholdView.older($0.created, $0.id, than: $1.created, $1.id) }
    .map { ($0.id, state.items[$0.id]!) }
    var itemByKey: [String: Int] = [:]
    var items: [Item] = []
    items.reserveCapacity(liveItems.count)
    var merged: [Int: [ItemState]] = [:]
    for (id, item) in liveItems {
      let key = Names.key(item.name.value!)
      if let index = itemByKey[key] {
        members[items[index].id, default: [items[index].id]].append(id)
        merged[index, default: [state.items[items[index].id]!]].append(item)
        continue
      }
      itemByKey[key] = items.count
      items.append(
        HouseholdView.item(
          id, item, names: names, who: who,
          history: history?[id] ?? recent.flatMap { $0.purchases[id] },
          partial: history == nil && recent?.purchases[id] != nil))
    }
    for (index, group) in merged {
      let group = group.map(HouseholdView.withoutCreationDefaults)
      var combined = group[0]
      var window = PurchaseWindow()
      var full: [HouseholdState.Bought] = []
      for (n, state) in group.enumerated() {
        if n > 0 {
          for field in ItemFields.table { field.combine(&combined, state) }
          combined.updated = max(combined.updated, state.updated)
        }
        for entry in state.purchases.entries {
          window.add(entry.date, quantity: entry.quantity, machine: entry.machine, by: entry.by)
        }
        window.earlier += state.purchases.earlier
      }
      combined.purchases = window
      let id = items[index].id
      var partial = false
      if let history {
        for member in members[id] ?? [id] { full += history[member] ?? [] }
        full.sort(by: HouseholdState.historyOrder)
      } else if let recent, (members[id] ?? [id]).contains(where: { recent.purchases[$0] != nil }) {
        // A member whose recent purchases were not read has all of them in its window.
        for (member, state) in zip(members[id] ?? [id], group) {
          full +=
            recent.purchases[member]
            ?? state.purchases.entries.filter { $0.date >= recent.since }.map {
              HouseholdState.Bought(
                item: member, change: "",
                stamp: Stamp(milliseconds: 0, counter: 0, machineNumber: $0.machine),
                day: $0.date, quantity: $0.quantity, by: $0.by)
            }
        }
        full.sort(by: HouseholdState.historyOrder)
        partial = true
      }
      let item = HouseholdView.item(
        id, combined, names: names, who: who, history: history == nil && !partial ? nil : full,
        partial: partial)
      items[index] = item
    }
    var groceries = Groceries(categories: categories, locations: locations, items: items)
    groceries.sortItems()
    self.groceries = groceries
    for (machine, name) in state.machines { machines[machine] = name.value }
    self.categoryNames = categoryOf
  }

  /// The categories and locations of a state as the view shows them, and how names are spelt: all of a view that
  /// its items do not change.
  struct Frame: Sendable {
    /// The live stores, oldest first, one per name: the name each live store is shown by (that of the oldest of
    /// its name, as two machines' `location add` of one name are one store), the one shown for each name, and
    /// the stores each such one stands for, itself first, where there are several.
    static func storesShown(_ state: HouseholdState) -> (
      names: [UUID: String], shown: [(UUID, LocationState)], members: [UUID: [UUID]]
    ) {
      let liveLocations = state.locations.filter { $0.value.alive.value && $0.value.name.value != nil }
        .sorted { HouseholdView.older($0.value.created, $0.key, than: $1.value.created, $1.key) }
      var locationByKey: [String: UUID] = [:]
      var locationOf: [UUID: String] = [:]
      var survivors: [(UUID, LocationState)] = []
      var members: [UUID: [UUID]] = [:]
      for (id, location) in liveLocations {
        let name = location.name.value!
        let key = Names.key(name)
        if let survivor = locationByKey[key] {
          // An item at any of several stores shown as one is at that one, spelt as it is shown.
          locationOf[id] = locationOf[survivor]
          members[survivor, default: [survivor]].append(id)
          continue
        }
        locationOf[id] = name
        locationByKey[key] = id
        survivors.append((id, location))
      }
      return (locationOf, survivors, members)
    }

    var who: [UInt64: String] = [:]
    var names = NameMap()
    var categoryOf: [UUID: String] = [:]
    var categoryMembers: [UUID: [UUID]] = [:]
    var locationMembers: [UUID: [UUID]] = [:]
    var categories: [Category] = []
    var locations: [Location] = []

    init(_ state: HouseholdState) {
      // Who bought what is said once the household has more than one machine, or when the log named the buyer.
      var who: [UInt64: String] = [:]
      if state.machines.count > 1 {
        for (machine, name) in state.machines { who[MachineID.number(machine) ?? 0] = name.value }
      }
      // Categories: the general order first, then those it does not name, oldest first; one per name.
      let liveCategories = state.categories.filter { $0.value.alive.value && $0.value.name.value != nil }
      var categoryOrder = state.order.value.filter { liveCategories[$0] != nil }
      var seen = Set(categoryOrder)
      if seen.count != categoryOrder.count {
        var once = Set<UUID>()
        categoryOrder = categoryOrder.filter { once.insert($0).inserted }
        seen = once
      }
      categoryOrder += liveCategories.filter { !seen.contains($0.key) }
        .sorted { HouseholdView.older($0.value.created, $0.key, than: $1.value.created, $1.key) }.map(\.key)
      var categoryOf: [UUID: String] = [:]
      var categories: [Category] = []
      var categoryByKey: [String: UUID] = [:]
      let byAge = liveCategories.sorted {
        HouseholdView.older($0.value.created, $0.key, than: $1.value.created, $1.key)
      }
      var survivorOfCategory: [UUID: UUID] = [:]
      for (id, category) in byAge {
        let name = category.name.value!
        let key = Names.key(name)
        if key == Names.key(Category.uncategorized) {
          survivorOfCategory[id] = nil
          continue
        }
        if let survivor = categoryByKey[key] {
          survivorOfCategory[id] = survivor
          categoryMembers[survivor, default: [survivor]].append(id)
        } else {
          categoryByKey[key] = id
          survivorOfCategory[id] = id
        }
      }
      for id in categoryOrder {
        guard survivorOfCategory[id] == id, let state = liveCategories[id], let name = state.name.value else {
          continue
        }
        let shown = HouseholdView.combined(
          state, (categoryMembers[id] ?? []).dropFirst().compactMap { liveCategories[$0] },
          CategoryFields.table
        )
        var category = Category(id: id, name: name)
        for field in CategoryFields.table { field.show(shown, &category, NameMap()) }
        // Of several shown as one, the oldest's spelling is shown, whichever was set last.
        category.name = name
        categories.append(category)
      }
      for (id, survivor) in survivorOfCategory {
        if let name = liveCategories[survivor]?.name.value { categoryOf[id] = name }
      }

      let (locationOf, survivors, members) = Self.storesShown(state)
      locationMembers = members
      var categoryNames = NameMap()
      categoryNames.categoryNames = categoryOf
      var locations: [Location] = []
      for (id, own) in survivors {
        let others = (locationMembers[id] ?? []).dropFirst().compactMap { state.locations[$0] }
        let shown = HouseholdView.combined(own, others, LocationFields.table)
        var location = Location(id: id, name: own.name.value!)
        for field in LocationFields.table { field.show(shown, &location, categoryNames) }
        location.name = own.name.value!
        locations.append(location)
      }

      var names = NameMap()
      names.categoryNames = categoryOf
      names.locationNames = locationOf
      self.who = who
      self.names = names
      self.categoryOf = categoryOf
      self.categories = categories
      self.locations = locations
    }
  }

  /// Returns the state of an entity shown for several that share a name: the oldest's, each field taking the
  /// newest value among them.
  static func combined<F, S, M>(_ oldest: S, _ others: [S], _ table: [Field<F, S, M>]) -> S {
    var shown = oldest
    for other in others {
      for field in table { field.combine(&shown, other) }
    }
    return shown
  }

  /// Orders by creation time, then by id, so every machine picks the same one of two same-named things.
  static func older(_ a: Register<Int64>, _ aID: UUID, than b: Register<Int64>, _ bID: UUID) -> Bool {
    if a.stamp != b.stamp { return a.stamp < b.stamp }
    // Made by one change: in the order it made them (`ChangeDiff` dates a change's new stores a millisecond
    // apart), else by id.
    if a.value != b.value { return a.value < b.value }
    return UUIDText.less(aID, bID)
  }

  /// A twin as its fields show in the merge: a field its add left at its default (`add milk` says nothing of
  /// whether milk is a staple, or of its quantity) is taken as older than every change, so that the other row's
  /// value, given on purpose, shows; otherwise the newest value of the rows shows. Whether it is on the list is
  /// always said on purpose (`add` puts it there, `buy --new` does not), as are its name and life.
  private static func withoutCreationDefaults(_ state: ItemState) -> ItemState {
    var state = state
    let made = state.created.stamp
    for field in ItemFields.table where !alwaysOnPurpose.contains(field.key) {
      let (value, stamp) = field.save(state)
      if stamp == made && value == field.save(HouseholdView.blankItem).value {
        _ = field.load(&state, value, .zero)
      }
    }
    return state
  }

  private static let alwaysOnPurpose: Set<String> = ["name", "onList", "alive", "created"]

  private static let blankItem = ItemState()

  private static func item(
    _ id: UUID, _ state: ItemState, names: NameMap, who: [UInt64: String], history: [HouseholdState.Bought]?,
    partial: Bool = false
  ) -> Item {
    let created = Date(timeIntervalSince1970: Double(state.created.value / 1000))
    var item = Item(id: id, name: "", now: created)
    for field in ItemFields.table { field.show(state, &item, names) }
    item.updated = Date(timeIntervalSince1970: Double(state.updated.milliseconds / 1000))
    if let history {
      item.purchases = history.map {
        Purchase(date: $0.day, quantity: $0.quantity, by: $0.by ?? who[$0.stamp.machineNumber])
      }
      // Purchases not read, when these are only the recent ones.
      if partial {
        item.earlierPurchases = max(
          0, state.purchases.earlier + state.purchases.entries.count - history.count)
      }
    } else {
      item.purchases = state.purchases.entries.map {
        Purchase(date: $0.date, quantity: $0.quantity, by: $0.by ?? who[$0.machine])
      }
      item.earlierPurchases = state.purchases.earlier
    }
    return item
  }
}
