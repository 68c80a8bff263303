#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads grocery 1's store file (`grocery.json`, version 1) as an import: what a copy of it recorded after the
/// household was migrated from another (a machine still on grocery 1, a copy kept elsewhere) comes in as any import
/// does, each purchase the item has already on that day of that quantity left out.
///
/// The file is read as migration reads it, with the same checks and the same names, so its items match the ones
/// its migration made; a new one keeps grocery 1's id.
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
    var document = ImportDocument(format: .grocery, setsCategoryOrder: true)
    document.categories = groceries.categories.map { ImportedCategory(name: $0.name, color: $0.color) }
    document.locations = groceries.locations.map {
      ImportedLocation(name: $0.name, categoryOrder: $0.categoryOrder)
    }
    document.items = groceries.items.map { item in
      ImportedItem(
        id: item.id, name: item.name, quantity: item.quantity, category: item.category,
        locations: item.locations, isStaple: item.isStaple, isOnList: item.isOnList,
        unavailableOn: .some(item.unavailableOn), note: .some(item.note), skipUntil: .some(item.skipUntil),
        created: item.created, purchases: item.purchases, line: lines[item.id] ?? node.line)
    }
    return document
  }
}
