#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a migration from version 1 brought in, told apart from where it was written: two machines that each
/// migrated their own copy of one version-1 store wrote the same items, purchases and categories, but the ids of
/// the categories and stores grocery 1 had none for are new on each. The print names those by name, so that two
/// migrations of the same store print the same.
struct MigrationPrint: Equatable {
  /// Each operation, as text, with category and store ids given as the names the migration gave them, sorted.
  var operations: [String]

  /// Whether a change is a migration from version 1, by the summary grocery writes for one.
  static func isMigration(_ change: Change) -> Bool {
    change.summary.hasPrefix("migrate ") && change.summary.hasSuffix(" (version 1)")
  }

  /// The print of a migration change; nil for any other change.
  init?(_ change: Change) {
    guard Self.isMigration(change) else { return nil }
    var names: [UUID: String] = [:]
    for operation in change.operations {
      switch operation {
      case .category(let id, let set, _): names[id] = set.name.map { "category " + $0 }
      case .location(let id, let set, _): names[id] = set.name.map { "location " + $0 }
      default: break
      }
    }
    func named(_ id: UUID) -> String { names[id] ?? id.uuidString }
    var printed: [String] = []
    for operation in change.operations {
      switch operation {
      case .item(let id, var set, _):
        let category = set.category.map { $0.map(named) ?? "none" } ?? "-"
        let locations = set.locations.map { $0.map(named) } ?? []
        (set.category, set.locations) = (nil, nil)
        printed.append("item \(id.uuidString) \(set) category \(category) at \(locations)")
      case .category(_, let set, _):
        printed.append("\(set)")
      case .location(_, var set, _):
        let order = set.order.map { $0.map(named) } ?? []
        set.order = nil
        printed.append("\(set) order \(order)")
      case .order(let ids, _):
        printed.append("order \(ids.map(named))")
      case .buy(let item, let day, let quantity, _, let by):
        printed.append("buy \(item.uuidString) \(day) \(quantity) \(by ?? "")")
      case .machine:
        break
      default:
        printed.append("\(operation)")
      }
    }
    operations = printed.sorted()
  }
}
