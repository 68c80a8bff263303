import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The output formats of `list`.
enum ListFormat: String, CaseIterable, Sendable {
  case text, markdown, json, csv, print
}

/// `grocery list`: the shopping list, or every item, the staples, or what was bought.
struct ListCommand: Runnable {
  var mode: ListMode
  var location: String?
  var category: String?
  var format: ListFormat
  var title: String?
  var columns: Int?
  var width: Int?

  init(_ parsed: ParsedArguments) throws {
    try parsed.exclusive(["all", "staples", "purchased"])
    mode =
      parsed.flag("all")
      ? .all : parsed.flag("staples") ? .staples : parsed.flag("purchased") ? .purchased : .shopping
    location = parsed.value("at")
    category = parsed.value("category")
    format = parsed.value("format").flatMap(ListFormat.init(rawValue:)) ?? .text
    title = try parsed.value("title").map { try Names.clean($0, what: "title", maxLength: 200) }
    columns = try parsed.value("columns").map { text in
      guard text == "1" || text == "2" else {
        throw GroceryError.invalidValue(
          what: "--columns", value: Names.printable(text), reason: "expected 1 or 2")
      }
      return Int(text)!
    }
    width = try parsed.value("width").map {
      try Values.whole($0, what: "--width", range: 40...200, unit: "columns")
    }
    if format != .print && (columns != nil || width != nil) {
      throw UsageError("options '--columns' and '--width' go with '--format print'", path: parsed.path)
    }
  }

  func run(_ context: Context) throws {
    let view = try context.store.load().listView(
      ListQuery(mode: mode, location: location, category: category, today: context.today))
    switch format {
    case .text: context.write(TextRenderer.render(view, title: title, style: context.style))
    case .markdown: context.write(MarkdownRenderer.render(view, title: title))
    case .json: context.write(try JSONListRenderer.render(view, title: title))
    case .csv: context.write(CSVRenderer.render(view))
    case .print:
      context.write(PrintRenderer.render(view, title: title, columns: columns ?? 2, width: width ?? 80))
    }
  }
}
