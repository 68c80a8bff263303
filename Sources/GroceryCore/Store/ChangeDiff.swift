#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns what a command did to the household into operations on stable ids: the fields that changed, with the
/// values they had, and the purchases it recorded.
enum ChangeDiff {
  static func operations(from before: HouseholdView, to after: Groceries, now: Date) -> [Operation] {
    let created = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
    var operations: [Operation] = []
    let old = before.groceries

    // Categories, by id.
    let oldCategories = Dictionary(old.categories.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let newCategories = Dictionary(after.categories.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    for category in after.categories {
      if let previous = oldCategories[category.id] {
        var set = CategoryFields()
        var was = CategoryFields()
        if previous.name != category.name { (set.name, was.name) = (category.name, previous.name) }
        if previous.color != category.color {
          (set.color, was.color) = (.some(category.color), .some(previous.color))
        }
        if set != CategoryFields() {
          for id in before.categoryMembers[category.id] ?? [category.id] {
            operations.append(.category(id, set: set, was: was))
          }
        }
      } else {
        operations.append(
          .category(
            category.id,
            set: CategoryFields(
              name: category.name, color: category.color.map { .some($0) }, alive: true, created: created),
            was: CategoryFields(alive: false)))
      }
    }
    for category in old.categories where newCategories[category.id] == nil {
      for id in before.categoryMembers[category.id] ?? [category.id] {
        operations.append(.category(id, set: CategoryFields(alive: false), was: CategoryFields(alive: true)))
      }
    }
    if old.categories.map(\.id) != after.categories.map(\.id) {
      operations.append(.order(after.categories.map(\.id), was: old.categories.map(\.id)))
    }
    let oldCategoryID = Dictionary(old.categories.map { ($0.name, $0.id) }, uniquingKeysWith: { a, _ in a })
    let newCategoryID = Dictionary(after.categories.map { ($0.name, $0.id) }, uniquingKeysWith: { a, _ in a })

    // Locations, by id.
    let oldLocations = Dictionary(old.locations.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let newLocations = Dictionary(after.locations.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    for location in after.locations {
      let order = location.categoryOrder.compactMap { newCategoryID[$0] }
      if let previous = oldLocations[location.id] {
        var set = LocationFields()
        var was = LocationFields()
        if previous.name != location.name {
          set.name = location.name
          was.name = previous.name
        }
        let previousOrder = previous.categoryOrder.compactMap { oldCategoryID[$0] }
        if previousOrder != order {
          set.order = order
          was.order = previousOrder
        }
        if set != LocationFields() {
          for id in before.locationMembers[location.id] ?? [location.id] {
            operations.append(.location(id, set: set, was: was))
          }
        }
      } else {
        operations.append(
          .location(
            location.id,
            set: LocationFields(name: location.name, order: order, alive: true, created: created),
            was: LocationFields(alive: false)))
      }
    }
    for location in old.locations where newLocations[location.id] == nil {
      for id in before.locationMembers[location.id] ?? [location.id] {
        operations.append(.location(id, set: LocationFields(alive: false), was: LocationFields(alive: true)))
      }
    }
    let oldLocationID = Dictionary(old.locations.map { ($0.name, $0.id) }, uniquingKeysWith: { a, _ in a })
    let newLocationID = Dictionary(after.locations.map { ($0.name, $0.id) }, uniquingKeysWith: { a, _ in a })

    // Items, by id.
    let oldItems = Dictionary(old.items.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    var present = Set<UUID>()
    for item in after.items {
      present.insert(item.id)
      let category = newCategoryID[item.category]
      let locations = item.locations.compactMap { newLocationID[$0] }
      guard let previous = oldItems[item.id] else {
        operations.append(
          .item(
            item.id,
            set: ItemFields(
              name: item.name, quantity: item.quantity, note: .some(item.note), category: .some(category),
              locations: locations, staple: item.isStaple, onList: item.isOnList,
              unavailableOn: .some(item.unavailableOn), skipUntil: .some(item.skipUntil), alive: true,
              created: Int64((item.created.timeIntervalSince1970 * 1000).rounded(.down))),
            was: ItemFields(alive: false)))
        continue
      }
      var set = ItemFields()
      var was = ItemFields()
      if previous.name != item.name { (set.name, was.name) = (item.name, previous.name) }
      if previous.quantity != item.quantity {
        (set.quantity, was.quantity) = (item.quantity, previous.quantity)
      }
      if previous.note != item.note { (set.note, was.note) = (.some(item.note), .some(previous.note)) }
      let previousCategory = oldCategoryID[previous.category]
      if previousCategory != category {
        (set.category, was.category) = (.some(category), .some(previousCategory))
      }
      let previousLocations = previous.locations.compactMap { oldLocationID[$0] }
      if previousLocations != locations { (set.locations, was.locations) = (locations, previousLocations) }
      if previous.isStaple != item.isStaple { (set.staple, was.staple) = (item.isStaple, previous.isStaple) }
      if previous.isOnList != item.isOnList { (set.onList, was.onList) = (item.isOnList, previous.isOnList) }
      if previous.unavailableOn != item.unavailableOn {
        (set.unavailableOn, was.unavailableOn) = (.some(item.unavailableOn), .some(previous.unavailableOn))
      }
      if previous.skipUntil != item.skipUntil {
        (set.skipUntil, was.skipUntil) = (.some(item.skipUntil), .some(previous.skipUntil))
      }
      if !set.isEmpty {
        for id in before.members[item.id] ?? [item.id] { operations.append(.item(id, set: set, was: was)) }
      }
    }
    for item in old.items where !present.contains(item.id) {
      for id in before.members[item.id] ?? [item.id] {
        operations.append(.item(id, set: ItemFields(alive: false), was: ItemFields(alive: true)))
      }
    }
    let categoryOfItem = Dictionary(
      after.items.map { ($0.id, newCategoryID[$0.category]) }, uniquingKeysWith: { a, _ in a })
    for bought in after.newPurchases {
      operations.append(
        .buy(
          item: bought.item, day: bought.purchase.date, quantity: bought.purchase.quantity,
          trip: bought.trip.map { TripTag(trip: $0, category: categoryOfItem[bought.item] ?? nil) },
          by: bought.purchase.by))
    }
    return operations
  }
}
