#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The ids of the items, categories and locations some changes touch, and whether they touch the trips and the
/// machines' names: what a fold must load and write back.
struct Touched: Equatable, Sendable {
  var items: Set<UUID> = []
  var categories: Set<UUID> = []
  var locations: Set<UUID> = []
  /// A trip changed, or a purchase made on one or taken back (which may have been).
  var trips = false
  /// A machine named itself.
  var machines = false

  init(_ changes: [Change]) {
    for change in changes {
      for operation in change.operations {
        switch operation {
        case .item(let id, _, _): items.insert(id)
        case .category(let id, _, _): categories.insert(id)
        case .location(let id, _, _): locations.insert(id)
        case .buy(let item, _, _, let trip, _):
          items.insert(item)
          if trip != nil { trips = true }
        case .unbuy(let item, _, _, _):
          items.insert(item)
          trips = true
        case .trip: trips = true
        case .machine: machines = true
        case .order: continue
        }
      }
    }
  }

  /// Everything a state holds, for a cache written whole.
  init(everything state: HouseholdState) {
    items = Set(state.items.keys)
    categories = Set(state.categories.keys)
    locations = Set(state.locations.keys)
    trips = true
    machines = true
  }
}
