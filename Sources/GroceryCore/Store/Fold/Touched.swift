#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The ids of the items, categories and locations some changes touch: what a fold must load and write back.
struct Touched: Equatable, Sendable {
  var items: Set<UUID> = []
  var categories: Set<UUID> = []
  var locations: Set<UUID> = []

  init(_ changes: [Change]) {
    for change in changes {
      for operation in change.operations {
        switch operation {
        case .item(let id, _, _): items.insert(id)
        case .category(let id, _, _): categories.insert(id)
        case .location(let id, _, _): locations.insert(id)
        case .buy(let item, _, _, _, _), .unbuy(let item, _, _, _): items.insert(item)
        case .order, .trip, .machine: continue
        }
      }
    }
  }
}
