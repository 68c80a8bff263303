#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns what a command did to the household into operations on stable ids: the fields that changed, with the
/// values they had, and the purchases it recorded.
enum ChangeDiff {
  static func operations(from before: HouseholdView, to after: Groceries, now: Date) -> [Operation] {
    let created = Stamp.milliseconds(of: now)
    var operations: [Operation] = []
    let old = before.groceries

    let oldNames = NameMap(old)
    let newNames = NameMap(after)

    // Categories, by id.
    let oldCategories = Dictionary(old.categories.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let newCategories = Dictionary(after.categories.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    for category in after.categories {
      let previous = oldCategories[category.id]
      var (set, was) = (CategoryFields(), CategoryFields())
      for field in CategoryFields.table { field.diff(previous, category, oldNames, newNames, &set, &was) }
      if previous == nil {
        set.alive = true
        set.created = created
        operations.append(
          .category(category.id, set: newEntity(set, CategoryFields.table), was: CategoryFields(alive: false))
        )
      } else if set != CategoryFields() {
        for id in before.categoryMembers[category.id] ?? [category.id] {
          operations.append(.category(id, set: set, was: was))
        }
      }
    }
    for category in old.categories where newCategories[category.id] == nil {
      for id in before.categoryMembers[category.id] ?? [category.id] {
        operations.append(.category(id, set: CategoryFields(alive: false), was: CategoryFields(alive: true)))
      }
    }
    let (oldOrder, newOrder) = (old.categories.map(\.id), after.categories.map(\.id))
    if oldOrder != newOrder {
      // The order the fold gives with none written: the order as it was, less the categories taken away, then
      // those it does not name, oldest first (this change's new ones, by id). A change that only adds or removes
      // categories so writes none: a whole order written with it undid a reorder another machine made meanwhile
      // (found by a trial).
      let kept = Set(newOrder)
      let implied =
        oldOrder.filter(kept.contains)
        + newOrder.filter { oldCategories[$0] == nil }.sorted(by: UUIDText.less)
      if newOrder != implied { operations.append(.order(newOrder, was: oldOrder)) }
    }
    // Locations, by id. The household lists them oldest first: those one change adds (an import, a migration)
    // are made a millisecond apart, so that they keep the order the change gives them.
    let oldLocations = Dictionary(old.locations.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let newLocations = Dictionary(after.locations.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    var added: Int64 = 0
    for location in after.locations {
      let previous = oldLocations[location.id]
      var (set, was) = (LocationFields(), LocationFields())
      for field in LocationFields.table { field.diff(previous, location, oldNames, newNames, &set, &was) }
      if previous == nil {
        set.alive = true
        set.created = created + added
        added += 1
        operations.append(
          .location(location.id, set: newEntity(set, LocationFields.table), was: LocationFields(alive: false))
        )
      } else if set != LocationFields() {
        for id in before.locationMembers[location.id] ?? [location.id] {
          operations.append(.location(id, set: set, was: was))
        }
      }
    }
    for location in old.locations where newLocations[location.id] == nil {
      for id in before.locationMembers[location.id] ?? [location.id] {
        operations.append(.location(id, set: LocationFields(alive: false), was: LocationFields(alive: true)))
      }
    }
    // Items, by id.
    let oldItems = Dictionary(old.items.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    var present = Set<UUID>()
    // An item bought off the list is taken off it all the same: another machine may have put it on since, unseen.
    var boughtOff = Set<UUID>()
    for bought in after.newPurchases where bought.takesOffList { boughtOff.insert(bought.item) }
    for item in after.items {
      present.insert(item.id)
      let previous = oldItems[item.id]
      var (set, was) = (ItemFields(), ItemFields())
      for field in ItemFields.table { field.diff(previous, item, oldNames, newNames, &set, &was) }
      if let previous, set.onList == nil, !item.isOnList, boughtOff.contains(item.id) {
        (set.onList, was.onList) = (false, previous.isOnList)
      }
      if previous == nil {
        set.alive = true
        set.created = Stamp.milliseconds(of: item.created)
        operations.append(
          .item(item.id, set: newEntity(set, ItemFields.table), was: ItemFields(alive: false)))
      } else if !set.isEmpty {
        for id in before.members[item.id] ?? [item.id] { operations.append(.item(id, set: set, was: was)) }
      }
    }
    for item in old.items where !present.contains(item.id) {
      for id in before.members[item.id] ?? [item.id] {
        operations.append(.item(id, set: ItemFields(alive: false), was: ItemFields(alive: true)))
      }
    }
    let categoryOfItem = Dictionary(
      after.items.map { ($0.id, newNames.categoryID($0.category)) }, uniquingKeysWith: { a, _ in a })
    for bought in after.newPurchases {
      operations.append(
        .buy(
          item: bought.item, day: bought.purchase.date, quantity: bought.purchase.quantity,
          trip: bought.trip.map { TripTag(trip: $0, category: categoryOfItem[bought.item] ?? nil) },
          by: bought.purchase.by))
    }
    return operations
  }

  /// The fields of a new entity as its first change sets them: a field newer than version 2 only when it has a
  /// value, so that the line stays one an older grocery reads.
  static func newEntity<F, S, M>(_ set: F, _ table: [Field<F, S, M>]) -> F {
    var fields = set
    for field in table where field.version > Change.oldestVersion {
      if field.encode(set) == "null" { field.clear(&fields) }
    }
    return fields
  }
}
