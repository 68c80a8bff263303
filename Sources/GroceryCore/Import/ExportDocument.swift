#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// grocery's own export: the whole household as one versioned JSON document, which `import` reads back.
///
/// The layout, version 1 (adding a key is not a version bump; a reader refuses a newer version):
///
///     {
///       "format": "grocery-export",
///       "version": 1,
///       "categories": [{"id": "…", "name": "Produce", "color": "green"}, …],
///                                         (walk order; Uncategorized is implicit; "color" only when set)
///       "locations": [{"id": "…", "name": "Costco", "categoryOrder": ["Dairy & Fridge", …]}, …],
///       "items": [{"id": "…", "name": "Milk", "quantity": 1, "note": null, "category": "Dairy & Fridge",
///                  "locations": ["Costco"], "staple": true, "onList": false, "unavailableOn": null,
///                  "skipUntil": null, "created": "2026-11-01T12:00:00Z",
///                  "purchases": [{"date": "2026-11-02", "quantity": 1, "by": "ann@laptop"}, …]}, …]
///     }
public struct ExportDocument: Equatable, Sendable {
  /// The value of the `format` key that marks a grocery export.
  public static let formatName = "grocery-export"
  /// The newest export version this build reads, and the one it writes.
  public static let currentVersion = 1

  /// The household, with every purchase.
  public var groceries: Groceries

  /// Takes a household read with its whole history (`HouseholdStore.loadHistory()`), so no purchase is left out.
  public init(_ groceries: Groceries) { self.groceries = groceries }

  /// Returns the export's JSON text, two-space indented, one purchase a line: after its id, each category,
  /// location and item has the fields of its table that an export carries, in the table's order.
  public func json() -> String {
    var writer = Writer()
    return writer.add(groceries) + writer.finish(groceries)
  }

  /// Writes an export a part at a time, as `HouseholdStore.walkItems` reads a household with its history: the
  /// start with the categories and locations before the first part's items, then each part's, then the end;
  /// together the text `json()` gives for the whole household.
  public struct Writer {
    /// Whether the start is written, and whether an item is.
    var (started, listed) = (false, false)

    public init() {}

    /// Returns the text of a part's items (the categories and locations are every part's), after the start
    /// before the first.
    public mutating func add(_ part: Groceries) -> String {
      precondition(
        part.items.allSatisfy { $0.earlierPurchases == 0 },
        "an export needs the whole history: load it with loadHistory()")
      var text = started ? "" : start(part)
      started = true
      for item in part.items {
        var fields = [id(item.id)] + Self.fields(item, ItemFields.table)
        let purchases = item.purchases.map {
          "        {\"date\": \"\($0.date)\", \"quantity\": \($0.quantity), \"by\": \(Self.text($0.by))}"
        }
        fields.append(
          purchases.isEmpty
            ? "\"purchases\": []"
            : "\"purchases\": [\n" + purchases.joinedText(separator: ",\n") + "\n      ]")
        text +=
          (listed ? ",\n" : "  \"items\": [\n") + "    {\n"
          + fields.map { "      " + $0 }.joinedText(separator: ",\n") + "\n    }"
        listed = true
      }
      return text
    }

    /// Returns what ends the export: the start too, from the household, when no part came.
    public func finish(_ household: Groceries) -> String {
      (started ? "" : start(household)) + (listed ? "\n  ]\n}\n" : "  \"items\": []\n}\n")
    }

    /// The format, the version, the categories and the locations.
    private func start(_ household: Groceries) -> String {
      func array(_ key: String, _ elements: [String]) -> String {
        elements.isEmpty
          ? "  \"\(key)\": [],\n"
          : "  \"\(key)\": [\n" + elements.joinedText(separator: ",\n") + "\n  ],\n"
      }
      return "{\n  \"format\": \(JSONText.quote(formatName)),\n  \"version\": \(currentVersion),\n"
        + array(
          "categories",
          household.categories.map {
            "    {" + ([id($0.id)] + Self.fields($0, CategoryFields.table)).joinedText(separator: ", ") + "}"
          })
        + array(
          "locations",
          household.locations.map {
            "    {" + ([id($0.id)] + Self.fields($0, LocationFields.table)).joinedText(separator: ", ") + "}"
          })
    }

    private func id(_ id: UUID) -> String { "\"id\": " + JSONText.id(id) }

    private static func text(_ value: String?) -> String { value.map(JSONText.quote) ?? "null" }

    private static func fields<F, S, M>(_ model: M, _ table: [Field<F, S, M>]) -> [String] {
      table.compactMap { field in
        field.export.flatMap { export in export.write(model).map { "\"\(export.key)\": " + $0 } }
      }
    }
  }

  /// Reads an export's JSON, refusing a newer version before anything else, and anything malformed with its line.
  static func read(_ node: ImportJSON.Node, file: String) throws -> ImportDocument {
    guard case .object = node.value else { throw node.failure(file, "expected a grocery export object") }
    guard case .string(formatName)? = node["format"]?.value else {
      throw node.failure(file, "expected 'format' to be \"\(formatName)\"")
    }
    guard let version = try node.whole("version", in: 1...Int.max, file) else {
      throw node.failure(file, "'version' is missing")
    }
    if version > currentVersion {
      throw GroceryError.newerExportVersion(file: file, found: version, supported: currentVersion)
    }
    var document = ImportDocument(format: .grocery, setsCategoryOrder: true)
    func uuid(_ element: ImportJSON.Node) throws -> UUID? {
      guard let text = try element.string("id", file) else { return nil }
      guard let id = UUIDText.parse(ArraySlice(text.utf8)) else {
        throw element["id"]!.failure(file, "expected 'id' to be an id, found \(element["id"]!.shown)")
      }
      return id
    }
    func name(_ element: ImportJSON.Node, what: String) throws -> String {
      let raw = try element.required("name", file)
      guard case .string(let text) = raw.value else {
        throw raw.failure(file, "expected 'name' to be a string, found \(raw.shown)")
      }
      return try ImportName.clean(text, what: what, file: file, line: element.line, collapsing: false)
    }
    func names(_ element: ImportJSON.Node, _ key: String, what: String) throws -> [String]? {
      guard let list = element[key] else { return nil }
      return try list.elements(file, what: "'\(key)' to be an array of names").map { entry in
        guard case .string(let text) = entry.value else {
          throw entry.failure(file, "expected a name in '\(key)', found \(entry.shown)")
        }
        return try ImportName.clean(text, what: what, file: file, line: entry.line, collapsing: false)
      }
    }
    for element in try node.required("categories", file).elements(file, what: "an array of categories") {
      var color: NamedColor?
      if let text = try element.string("color", file) {
        guard let named = NamedColor(name: text) else {
          throw element["color"]!.failure(
            file,
            "expected 'color' to be one of \(NamedColor.allCases.map(\.rawValue).joinedText(separator: ", "))"
          )
        }
        color = named
      }
      document.categories.append(
        ImportedCategory(id: try uuid(element), name: try name(element, what: "category name"), color: color))
    }
    for element in try node.required("locations", file).elements(file, what: "an array of locations") {
      document.locations.append(
        ImportedLocation(
          id: try uuid(element), name: try name(element, what: "location name"),
          categoryOrder: try names(element, "categoryOrder", what: "category name") ?? []))
    }
    for element in try node.required("items", file).elements(file, what: "an array of items") {
      var item = ImportedItem(
        id: try uuid(element), name: try name(element, what: "item name"), line: element.line)
      // The fields of the table in its order, so that of two faults in one item the first is the one said; the
      // import reads a name for an id, and the time to the second, by its own rules.
      for field in ItemFields.table {
        if let read = field.importValue {
          try read(element, file, &item.fields)
          continue
        }
        switch field.export?.key {
        case "category":
          if let category = try element.string("category", file) {
            item.category = try ImportName.clean(
              category, what: "category name", file: file, line: element.line, collapsing: false)
          }
        case "locations": item.locations = try names(element, "locations", what: "location name")
        case "created":
          if let created = try element.string("created", file) {
            guard let date = Timestamp.parse(created) else {
              throw element["created"]!.failure(
                file,
                "expected 'created' to be a time as YYYY-MM-DDTHH:MM:SSZ, found \(element["created"]!.shown)")
            }
            item.created = date
          }
        default: continue
        }
      }
      if let purchases = element["purchases"] {
        for entry in try purchases.elements(file, what: "'purchases' to be an array") {
          guard case .some(.some(let day)) = try entry.day("date", file) else {
            throw entry.failure(file, "a purchase needs a 'date' as YYYY-MM-DD")
          }
          let quantity = try entry.whole("quantity", in: 1...999, file) ?? 1
          var by: String?
          if let text = try entry.string("by", file) {
            // The buyer is written to the log, which takes only a name a machine could have.
            do {
              by = try Names.clean(text, what: "buyer name")
            } catch GroceryError.invalidValue(_, let value, let reason) {
              throw entry["by"]!.failure(file, "buyer name '\(ImportName.shown(value))': \(reason)")
            }
          }
          item.purchases.append(Purchase(date: day, quantity: quantity, by: by))
        }
        item.purchases.sort { $0.date < $1.date }
      }
      document.items.append(item)
    }
    document.latestPurchase = ImportDocument.latestPurchase(of: document.items)
    // An export's names are already grocery's own, so only names grocery itself takes for one are folded.
    let (kept, merged) = ImportMerger.merge(document.items, keys: [{ Names.key($0) }])
    document.items = kept
    document.merged = merged
    return document
  }
}
