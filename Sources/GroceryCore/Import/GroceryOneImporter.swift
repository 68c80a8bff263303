#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads grocery 1's store file (`grocery.json`, version 1) as an import: what a copy of it recorded after the
/// household was migrated from another (a machine still on grocery 1, a copy kept elsewhere) comes in, and nothing
/// else. An item the household has (by grocery 1's id, then by name) takes only the purchases it lacks, each on a day
/// and of a quantity it has none of; an item it never had comes in whole, under a new id.
///
/// The file is read as migration reads it, with the same checks and the same names.
enum GroceryOneImporter {
  /// Whether parsed JSON is a version-1 store: an object of version 1 with items, and no export's format.
  static func isStore(_ node: ImportJSON.Node) -> Bool {
    guard case .object = node.value, node["format"] == nil, node["items"] != nil,
      case .number(let version, _)? = node["version"]?.value
    else { return false }
    return version == 1
  }

  static func read(_ node: ImportJSON.Node, text: String, file: String) throws -> ImportDocument {
    let groceries: Groceries
    do {
      groceries = try StoreCodec.decode(Data(text.utf8), path: file).groceries
    } catch GroceryError.unreadableStore(_, let reason) {
      throw GroceryError.malformedImport(
        file: file, line: node.line, reason: "as a grocery 1 store, " + reason)
    }
    // Each item's line in the file, by its id, for the report.
    var lines: [UUID: Int] = [:]
    if case .array(let elements)? = node["items"]?.value {
      for element in elements {
        if case .string(let text)? = element["id"]?.value, let id = UUIDText.parse(ArraySlice(text.utf8)) {
          lines[id] = element.line
        }
      }
    }
    // What the household was made from: it keeps its own fields, categories, stores and walk order, changed or
    // not since, and takes only what the copy holds that it lacks.
    var document = ImportDocument(format: .grocery)
    document.addsOnly = true
    document.items = groceries.items.map { item in
      ImportedItem(
        id: item.id, name: item.name, quantity: item.quantity, category: item.category,
        locations: item.locations, isStaple: item.isStaple, isOnList: item.isOnList,
        unavailableOn: .some(item.unavailableOn), note: .some(item.note), skipUntil: .some(item.skipUntil),
        created: item.created, purchases: item.purchases, line: lines[item.id] ?? node.line)
    }
    // Its stores, so that one the household lacks comes with its own aisle order, as migration brings it.
    document.locations = groceries.locations.map {
      ImportedLocation(name: $0.name, categoryOrder: $0.categoryOrder)
    }
    document.latestPurchase = ImportDocument.latestPurchase(of: document.items)
    return document
  }
}
