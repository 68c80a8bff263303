#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Purchases that two machines recorded by each migrating a copy of one version-1 store: the same purchase, made
/// once, of the same item (grocery 1 gave each item its id), on the same day, of the same quantity. An import of
/// such a copy, or of an export, is counted with them: two machines that imported one file, or one that imported a
/// copy another machine migrated later, recorded the same purchases.
///
/// Each copy counts as many of them as it holds, and the household as many as the copy that holds the most: two
/// copies of one store count each purchase once, and a copy that went on to record one more adds that one. They
/// are kept as the earliest migration recorded them, whatever order the logs are read in.
enum SharedMigrations {
  /// The positions in `bought`, among the `live` ones, of purchases an earlier migration recorded too.
  static func repeated(in bought: [HouseholdState.Bought], live: [Int], migrations: Set<String>) -> Set<Int> {
    guard migrations.count > 1 else { return [] }
    struct Key: Hashable {
      var item: UUID
      var day: Day
      var quantity: Int
      var by: String?
    }
    var groups: [Key: [Int]] = [:]
    for index in live where migrations.contains(bought[index].change) {
      let one = bought[index]
      groups[Key(item: one.item, day: one.day, quantity: one.quantity, by: one.by), default: []].append(index)
    }
    var repeated = Set<Int>()
    for indices in groups.values {
      var byChange: [String: [Int]] = [:]
      for index in indices { byChange[bought[index].change, default: []].append(index) }
      guard byChange.count > 1 else { continue }
      let changes = byChange.keys.sorted {
        let (a, b) = (bought[byChange[$0]![0]].stamp, bought[byChange[$1]![0]].stamp)
        return a != b ? a < b : $0 < $1
      }
      var counted = 0
      for change in changes {
        let own = byChange[change]!
        repeated.formUnion(own.dropFirst(max(0, own.count - counted)))
        counted = max(counted, own.count)
      }
    }
    return repeated
  }
}

extension Change {
  /// Whether the change is an import that recorded purchases: the purchases of a file (a version-1 store's copy, an
  /// export) that another machine may have migrated or imported too, each counted once as two migrations' are
  /// (`SharedMigrations`). Known by its summary, as a migration is: an import's begins `import `, and no other
  /// change's does.
  var isImportWithPurchases: Bool {
    undoes == nil && summary.hasPrefix(ChangeVerb.importFiles.present)
      && operations.contains { if case .buy = $0 { true } else { false } }
  }
}
