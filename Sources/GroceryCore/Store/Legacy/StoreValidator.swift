#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Checks what the types alone cannot: ranges, unique names, and references between parts.
enum StoreValidator {
  /// Returns a description of the first problem, or nil.
  static func check(_ groceries: Groceries) -> String? {
    // Names are told apart as written: a name two spellings of which only a later grocery reads as one (a
    // zero-width space in one) was two names to the grocery that wrote the file, and `LegacyNames` keeps the
    // items apart.
    var categoryNames = Set<String>()
    for (i, category) in groceries.categories.enumerated() {
      if let problem = nameProblem(category.name) { return "categories[\(i)].name: \(problem)" }
      if Names.key(category.name) == Names.key(Category.uncategorized) {
        return "categories[\(i)].name: '\(Category.uncategorized)' is implicit and must not be listed"
      }
      if !categoryNames.insert(category.name).inserted {
        return "categories[\(i)].name: '\(category.name)' appears more than once"
      }
    }
    categoryNames.insert(Category.uncategorized)
    var locationNamesSeen = Set<String>()
    for (i, location) in groceries.locations.enumerated() {
      if let problem = nameProblem(location.name) { return "locations[\(i)].name: \(problem)" }
      if !locationNamesSeen.insert(location.name).inserted {
        return "locations[\(i)].name: '\(location.name)' appears more than once"
      }
      for (j, name) in location.categoryOrder.enumerated() where !categoryNames.contains(name) {
        return "locations[\(i)].categoryOrder[\(j)]: no category named '\(name)'"
      }
    }
    let locationNames = Set(groceries.locations.map(\.name))
    var itemNames = Set<String>()
    var ids = Set<UUID>()
    for (i, item) in groceries.items.enumerated() {
      let at = "items[\(i)]"
      if let problem = nameProblem(item.name) { return "\(at).name: \(problem)" }
      if !itemNames.insert(item.name).inserted {
        return "\(at).name: '\(item.name)' appears more than once"
      }
      if !ids.insert(item.id).inserted { return "\(at).id: \(item.id.uuidString) appears more than once" }
      if !Limits.quantity.contains(item.quantity) {
        return "\(at).quantity: expected a whole number from \(Limits.quantityText)"
      }
      if !Stamp.writable.contains(Stamp.milliseconds(of: item.created)) {
        return "\(at).created: \(Timestamp.format(item.created)) is not a time a log line may carry"
      }
      if let note = item.note, note.isEmpty || note.count > Limits.noteLength || Names.containsControl(note) {
        return "\(at).note: expected 1 to \(Limits.noteLength) characters without control characters"
      }
      if !categoryNames.contains(item.category) {
        return "\(at).category: no category named '\(item.category)'"
      }
      for (j, name) in item.locations.enumerated() where !locationNames.contains(name) {
        return "\(at).locations[\(j)]: no location named '\(name)'"
      }
      var previous: Day?
      for (j, purchase) in item.purchases.enumerated() {
        if !Limits.quantity.contains(purchase.quantity) {
          return "\(at).purchases[\(j)].quantity: expected a whole number from \(Limits.quantityText)"
        }
        if let previous, purchase.date < previous { return "\(at).purchases[\(j)].date: out of date order" }
        previous = purchase.date
      }
    }
    return nil
  }

  private static func nameProblem(_ name: String) -> String? {
    do {
      let clean = try Names.clean(name)
      return clean == name ? nil : "'\(Names.printable(name))' has surrounding spaces or is not normalised"
    } catch let error as GroceryError {
      if case .invalidValue(_, _, let reason) = error { return reason }
      return error.message
    } catch {
      return "not an acceptable name"
    }
  }
}
