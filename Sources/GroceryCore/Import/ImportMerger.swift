/// Folds items an import names twice into one, and says what it folded.
enum ImportMerger {
  /// Returns one item per matching key, in the order of first appearance, with the merges made.
  ///
  /// Of the items folded together the first on the list is kept (else the first), so a name both on and off the
  /// list stays on it; its quantity, category and availability are the ones kept, and the purchases of all are.
  static func merge(_ items: [ImportedItem], key: (String) -> String = ImportName.key) -> (
    items: [ImportedItem], merged: [ImportMerge]
  ) {
    var groups: [[ImportedItem]] = []
    var indexByKey: [String: Int] = [:]
    for item in items {
      let key = key(item.name)
      if let index = indexByKey[key] {
        groups[index].append(item)
      } else {
        indexByKey[key] = groups.count
        groups.append([item])
      }
    }
    var kept: [ImportedItem] = []
    var merged: [ImportMerge] = []
    for group in groups {
      var chosen = group.first { $0.isOnList == true } ?? group[0]
      // Every purchase of the folded items is kept, on the one item they become.
      if group.count > 1 {
        chosen.purchases = group.flatMap(\.purchases).sorted { $0.date < $1.date }
      }
      kept.append(chosen)
      guard group.count > 1 else { continue }
      var places: [String] = []
      for item in group {
        let place = item.category ?? Category.uncategorized
        if !places.contains(place) { places.append(place) }
      }
      merged.append(
        ImportMerge(
          kind: .item, name: chosen.name, spellings: group.map(\.name),
          places: places.count > 1 ? places : [],
          kept: places.count > 1 ? chosen.category ?? Category.uncategorized : nil))
    }
    return (kept, merged)
  }
}
