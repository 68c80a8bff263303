/// Folds items an import names twice into one, and says what it folded.
enum ImportMerger {
  /// Returns one item per matching name, in the order of first appearance, with the merges made. Names match by
  /// the first of `keys` that two share, as an import matches a name with the household's: by default the key,
  /// then the spelling on paper (`Strasse` and `Straße`).
  ///
  /// Of the items folded together the first on the list is kept (else the first), so a name both on and off the
  /// list stays on it; its quantity, category and availability are the ones kept, and the purchases of all are.
  static func merge(
    _ items: [ImportedItem], keys: [(String) -> String] = [ImportName.key, ImportName.spelledKey]
  ) -> (items: [ImportedItem], merged: [ImportMerge]) {
    var groups: [[ImportedItem]] = []
    var indexByKey = Array(repeating: [String: Int](), count: keys.count)
    for item in items {
      let itemKeys = keys.map { $0(item.name) }
      if let index = itemKeys.indices.lazy.compactMap({ indexByKey[$0][itemKeys[$0]] }).first {
        groups[index].append(item)
      } else {
        for (n, key) in itemKeys.enumerated() where indexByKey[n][key] == nil {
          indexByKey[n][key] = groups.count
        }
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
