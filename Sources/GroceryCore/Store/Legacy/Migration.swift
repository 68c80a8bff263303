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
}
