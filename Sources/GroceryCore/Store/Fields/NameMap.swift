#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The names of categories and locations by id and the other way round, as one view of the household has them:
/// the model names things where the logs hold ids.
struct NameMap: Sendable {
  var categoryNames: [UUID: String] = [:]
  var categoryIDs: [String: UUID] = [:]
  var locationNames: [UUID: String] = [:]
  var locationIDs: [String: UUID] = [:]

  /// The map of a model household: ids by name, and names by id.
  init(_ groceries: Groceries) {
    for category in groceries.categories {
      categoryNames[category.id] = category.name
      if categoryIDs[category.name] == nil { categoryIDs[category.name] = category.id }
    }
    for location in groceries.locations {
      locationNames[location.id] = location.name
      if locationIDs[location.name] == nil { locationIDs[location.name] = location.id }
    }
  }

  init() {}

  /// The category's id; nil for Uncategorized or a name the household does not have.
  func categoryID(_ name: String) -> UUID? { categoryIDs[name] }

  /// The category's name; Uncategorized for none or an id no category has.
  func categoryName(_ id: UUID?) -> String { id.flatMap { categoryNames[$0] } ?? Category.uncategorized }

  /// The ids of the locations named, in order, skipping unknown names.
  func locationIDs(_ names: [String]) -> [UUID] { names.compactMap { locationIDs[$0] } }

  /// The names of the locations, in order, once each, skipping unknown ids.
  func locationNames(_ ids: [UUID]) -> [String] {
    var names: [String] = []
    for id in ids {
      if let name = locationNames[id], !names.contains(name) { names.append(name) }
    }
    return names
  }

  /// The names of the categories, in order, once each, skipping unknown ids.
  func categoryNames(_ ids: [UUID]) -> [String] {
    var names: [String] = []
    for id in ids {
      if let name = categoryNames[id], !names.contains(name) { names.append(name) }
    }
    return names
  }
}
