/// Reads the `items.json` and `locations.json` that ShoppingList14's development tab writes.
///
/// A location becomes a category, its `visitationOrder` the walk order and its colour the category's; an item's
/// `onList` and `quantity` carry over, and `isAvailable: false` makes it unavailable today. Items under the app's
/// "Unknown Location", which `locations.json` never lists, go to Uncategorized. Names that differ only in case,
/// spaces, curly apostrophes or dashes are folded into one and reported.
enum ShoppingList14Importer {
  /// The location ShoppingList14 gives items that have none.
  static let unknownLocation = "Unknown Location"

  /// Returns the document the files describe; either may be missing.
  static func read(
    items: (file: String, node: ImportJSON.Node)?, locations: (file: String, node: ImportJSON.Node)?
  ) throws -> ImportDocument {
    var document = ImportDocument(format: .shoppingList14)
    // Every spelling of each category, so that folding them together can be reported.
    var spellings: [String: [String]] = [:]
    if let (file, node) = locations {
      var places: [(order: Double, index: Int, category: ImportedCategory, line: Int)] = []
      for (index, element) in try node.elements(file, what: "an array of locations").enumerated() {
        let raw = try element.required("name", file)
        guard case .string(let text) = raw.value else {
          throw raw.failure(file, "expected 'name' to be a string, found \(raw.shown)")
        }
        let name = try ImportName.clean(text, what: "location name", file: file, line: element.line)
        var category = ImportedCategory(name: name)
        let paths: [(String, WritableKeyPath<ImportedCategory, Double?>?)] = [
          ("red", \.red), ("green", \.green), ("blue", \.blue), ("opacity", nil),
        ]
        for (key, path) in paths {
          guard let value = try element.number(key, file) else { continue }
          guard (0...1).contains(value) else {
            throw element[key]!.failure(
              file, "expected '\(key)' to be from 0 to 1, found \(element[key]!.shown)")
          }
          if let path { category[keyPath: path] = value }
        }
        let order = try element.number("visitationOrder", file) ?? Double(index)
        places.append((order, index, category, element.line))
      }
      places.sort { $0.order != $1.order ? $0.order < $1.order : $0.index < $1.index }
      for place in places where ImportName.key(place.category.name) != ImportName.key(unknownLocation) {
        let key = ImportName.key(place.category.name)
        if spellings[key] == nil { document.categories.append(place.category) }
        spellings[key, default: []].append(place.category.name)
      }
      document.setsCategoryOrder = true
    }
    if let (file, node) = items {
      var read: [ImportedItem] = []
      for element in try node.elements(file, what: "an array of items") {
        let raw = try element.required("name", file)
        guard case .string(let text) = raw.value else {
          throw raw.failure(file, "expected 'name' to be a string, found \(raw.shown)")
        }
        let name = try ImportName.clean(text, what: "item name", file: file, line: element.line)
        var item = ImportedItem(name: name, line: element.line)
        item.quantity = try element.whole("quantity", in: 1...999, file)
        item.isOnList = try element.bool("onList", file)
        item.isUnavailable = try element.bool("isAvailable", file).map { !$0 }
        item.category = try category(
          try element.string("locationName", file), in: &document, spellings: &spellings, file: file,
          line: element.line)
        read.append(item)
      }
      (document.items, document.merged) = ImportMerger.merge(read)
    }
    let categoryMerges = document.categories.compactMap { category in
      spellings[ImportName.key(category.name)].flatMap { names in
        names.count > 1 ? ImportMerge(kind: .category, name: category.name, spellings: names) : nil
      }
    }
    document.merged = categoryMerges + document.merged
    return document
  }

  /// Returns the category for an item's location name, adding one `locations.json` did not list.
  static func category(
    _ location: String?, in document: inout ImportDocument, spellings: inout [String: [String]], file: String,
    line: Int
  ) throws -> String {
    guard let location, !UnicodeText.trimmed(location).isEmpty,
      ImportName.key(location) != ImportName.key(unknownLocation)
    else { return Category.uncategorized }
    let key = ImportName.key(location)
    let name = try ImportName.clean(location, what: "location name", file: file, line: line)
    if !spellings[key, default: []].contains(name) { spellings[key, default: []].append(name) }
    if let known = document.categories.first(where: { ImportName.key($0.name) == key }) { return known.name }
    document.categories.append(ImportedCategory(name: name))
    return name
  }
}
