/// The formats `import` reads.
public enum ImportFormat: String, CaseIterable, Sendable {
  /// ShoppingList14's `items.json` and `locations.json`.
  case shoppingList14 = "shoppinglist14"
  /// A pasted list, one item a line.
  case text
  /// The CSV that `list --format csv --all` writes.
  case csv
  /// grocery's own export, or grocery 1's store file.
  case grocery

  /// The format's name in messages, with its article.
  public var title: String {
    switch self {
    case .shoppingList14: return "a ShoppingList14 file"
    case .text: return "plain text"
    case .csv: return "a grocery CSV list"
    case .grocery: return "a grocery export"
    }
  }

  /// Returns the format a text is in: JSON from ShoppingList14 or a grocery export by its keys, CSV by the header
  /// `list --format csv` writes, and plain text otherwise; nil for JSON of another kind. JSON that does not parse
  /// is refused, naming the file and line.
  public static func detect(_ text: String, file: String) throws -> ImportFormat? {
    if Importer.looksLikeJSON(text) {
      return detect(json: try Importer.parsedJSON(ImportFile(name: file, text: text)))
    }
    return CSVImporter.isHeader(text) ? .csv : .text
  }

  /// Returns the format of parsed JSON, or nil when it is neither ShoppingList14's nor grocery's.
  static func detect(json node: ImportJSON.Node) -> ImportFormat? {
    switch node.value {
    case .array(let elements):
      if elements.isEmpty { return .shoppingList14 }
      let keys = Set(elements.flatMap(\.keys))
      return keys.contains("onList") || keys.contains("visitationOrder") ? .shoppingList14 : nil
    case .object:
      if case .string(ExportDocument.formatName)? = node["format"]?.value { return .grocery }
      return GroceryOneImporter.isStore(node) ? .grocery : nil
    default:
      return nil
    }
  }
}
