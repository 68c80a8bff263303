#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns a whole household held in memory (a version-1 store, or `init --sample`) into the operations of one
/// change: every category, location and item with its fields, and every purchase with its day and quantity.
enum Migration {
  static func operations(_ groceries: Groceries, from empty: HouseholdView, now: Date) -> [Operation] {
    var target = groceries
    target.newPurchases = []
    var operations = ChangeDiff.operations(from: empty, to: target, now: now)
    for item in groceries.items {
      for purchase in item.purchases {
        operations.append(.buy(item: item.id, day: purchase.date, quantity: purchase.quantity))
      }
    }
    return operations
  }

  /// What the change that migrates the version-1 store file `name` says it did; every grocery since log version 2
  /// has written it so, and the fold knows a migration by it.
  static func summary(of name: String) -> String { "migrate " + name + " (version 1)" }

  /// Whether a summary is a migration's.
  static func isSummary(_ summary: String) -> Bool {
    summary.hasPrefix("migrate ") && summary.hasSuffix(" (version 1)") && summary.utf8.count > 20
  }
}

extension Change {
  /// Whether the change migrated a version-1 store: its purchases may be another machine's migration's too, when
  /// both migrated a copy of one store.
  var isMigration: Bool { undoes == nil && Migration.isSummary(summary) }
}
