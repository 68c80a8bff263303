/// Reads the files given to `import` into one document, finding their format from their content when not given.
public enum Importer {
  /// Returns what the files say, reading nothing into the household.
  ///
  /// Only ShoppingList14's `items.json` and `locations.json` may come together (in either order); any other
  /// format takes one file. A format given that does not fit a file is refused, naming the file; plain text
  /// fits any file.
  public static func read(_ files: [ImportFile], format: ImportFormat? = nil) throws -> ImportDocument {
    guard !files.isEmpty else {
      throw GroceryError.incompatibleImportFiles(files: [], reason: "no file was given")
    }
    var found: [(file: ImportFile, format: ImportFormat, json: ImportJSON.Node?)] = []
    for var file in files {
      if file.text.unicodeScalars.first == "\u{FEFF}" { file.text.unicodeScalars.removeFirst() }
      var json: ImportJSON.Node?
      if format != .text && looksLikeJSON(file.text) { json = try parsedJSON(file) }
      var detected: ImportFormat?
      if let json {
        detected = ImportFormat.detect(json: json)
      } else if format != .text {
        detected = try ImportFormat.detect(file.text, file: file.name)
      }
      if let format, format != .text {
        // A JSON file of the wrong shape is read in the format asked for, which says what is wrong with it.
        let fits = format == detected || (json != nil && (format == .grocery || format == .shoppingList14))
        if !fits {
          throw GroceryError.importFormatMismatch(
            file: file.name, expected: format.title, found: detected?.title ?? "JSON of another kind")
        }
        detected = format
      }
      if format == .text { detected = .text }
      guard let chosen = detected else {
        throw GroceryError.importFormatMismatch(
          file: file.name, expected: "a file grocery imports", found: "JSON of another kind")
      }
      found.append((file, chosen, json))
    }
    if found.count > 1 {
      guard found.allSatisfy({ $0.format == .shoppingList14 }), found.count == 2 else {
        throw GroceryError.incompatibleImportFiles(
          files: files.map(\.name),
          reason: "only ShoppingList14's items.json and locations.json are imported together")
      }
    }
    let first = found[0]
    switch first.format {
    case .text: return try TextImporter.read(first.file.text, file: first.file.name)
    case .csv: return try CSVImporter.read(first.file.text, file: first.file.name)
    case .grocery:
      if GroceryOneImporter.isStore(first.json!) {
        return try GroceryOneImporter.read(first.json!, text: first.file.text, file: first.file.name)
      }
      return try ExportDocument.read(first.json!, file: first.file.name)
    case .shoppingList14:
      var items: (file: String, node: ImportJSON.Node)?
      var locations: (file: String, node: ImportJSON.Node)?
      for (file, _, json) in found {
        let node = try json ?? parsedJSON(file)
        let isLocations: Bool
        if case .array(let elements) = node.value, let element = elements.first {
          isLocations = element["visitationOrder"] != nil && element["onList"] == nil
        } else {
          isLocations = file.name.hasSuffix("locations.json")
        }
        if isLocations {
          if locations != nil { throw twice(files, "locations") }
          locations = (file.name, node)
        } else {
          if items != nil { throw twice(files, "items") }
          items = (file.name, node)
        }
      }
      return try ShoppingList14Importer.read(items: items, locations: locations)
    }
  }

  /// Returns true when a text starts like JSON: `{`, `[` followed by `{` or `[`, or an empty array (a pasted
  /// `[ ] milk` does not).
  static func looksLikeJSON(_ text: String) -> Bool {
    var scalars = text.unicodeScalars.drop { $0.properties.isWhitespace || $0 == "\u{FEFF}" }
    guard let first = scalars.popFirst() else { return false }
    if first == "{" { return true }
    guard first == "[" else { return false }
    let rest = scalars.drop { $0.properties.isWhitespace }
    if rest.first == "{" || rest.first == "[" { return true }
    return rest.first == "]" && rest.dropFirst().allSatisfy(\.properties.isWhitespace)
  }

  /// Parses a file's JSON, refusing it with the line where it breaks.
  static func parsedJSON(_ file: ImportFile) throws -> ImportJSON.Node {
    do {
      return try ImportJSON.parse(file.text)
    } catch {
      throw GroceryError.malformedImport(file: file.name, line: error.line, reason: error.reason)
    }
  }

  static func twice(_ files: [ImportFile], _ what: String) -> GroceryError {
    .incompatibleImportFiles(files: files.map(\.name), reason: "both hold ShoppingList14 \(what)")
  }
}
