#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Renders a list as Markdown: headings and `- [ ]` task items.
public enum MarkdownRenderer {
  public static func render(_ view: ListView, title: String? = nil) -> String {
    var writer = writer(title: title)
    return writer.add(view) + writer.finish(view)
  }

  /// Writes a list a part at a time: the same text as `render` of the whole.
  public static func writer(title: String? = nil) -> ListWriter {
    ListWriter(
      title: title.map { ["# " + escape($0), ""] } ?? [],
      heading: { ["## " + escape($0.title), ""] },
      entry: { entry, view in
        // As in text: only what is on the list is a task to tick; an item off it (`--all`, `--staples`) is a plain
        // bullet, ticked when it was bought today.
        let box =
          view.mode == .purchased || (!entry.item.isOnList && entry.boughtToday)
          ? "[x] " : entry.item.isOnList ? "[ ] " : ""
        var text = "- \(box)" + escape(TextRenderer.describe(entry, mode: view.mode, today: view.today))
        let notes = TextRenderer.annotations(entry, mode: view.mode, today: view.today)
        if !notes.isEmpty { text += " _(" + notes.joinedText(separator: "; ") + ")_" }
        return [text]
      },
      footer: { "_" + TextRenderer.footer($0) + "_" })
  }

  /// Escapes every character Markdown could read as syntax, `&` (entities) and `~` (strikethrough) included.
  public static func escape(_ text: String) -> String {
    var out = ""
    for character in text {
      if "\\`*_[]<>#|&~".contains(character) { out.append("\\") }
      out.append(character)
    }
    return out
  }
}

/// Renders a list as CSV (RFC 4180: CRLF line ends, a header row, quotes only where needed).
public enum CSVRenderer {
  public static let header = [
    "category", "name", "quantity", "note", "on_list", "available", "staple", "last_purchased",
    "bought_today",
  ]

  public static func render(_ view: ListView) -> String { head + rows(view) }

  /// The header row, which a list read a part at a time writes first.
  public static var head: String { line(header) }

  /// The rows of a view's entries, for the whole list or one part of it.
  public static func rows(_ view: ListView) -> String {
    var text = ""
    for section in view.sections {
      for entry in section.entries {
        let item = entry.item
        text += line([
          item.category, item.name, String(item.quantity), item.note ?? "", flag(item.isOnList),
          flag(!entry.isUnavailable), flag(item.isStaple), item.lastPurchased?.description ?? "",
          flag(entry.boughtToday),
        ])
      }
    }
    return text
  }

  static func line(_ fields: [String]) -> String { fields.map(field).joinedText(separator: ",") + "\r\n" }

  static func flag(_ value: Bool) -> String { value ? "true" : "false" }

  /// Returns a field ready for a CSV line: a field a spreadsheet would run as a formula (starting with `=`,
  /// `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`, as OWASP recommends, and so does one starting
  /// with `'`, so that import can take the added `'` off again; a field that holds a comma, quote or line break
  /// is quoted, its quotes doubled.
  public static func field(_ text: String) -> String {
    var text = text
    if let first = text.unicodeScalars.first, "=+-@\t\r'".unicodeScalars.contains(first) { text = "'" + text }
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
    var quoted = "\""
    for character in text {
      quoted.append(character)
      if character == "\"" { quoted.append("\"") }
    }
    return quoted + "\""
  }
}

/// Renders a list as JSON for scripts, in a documented schema with a version of its own.
public enum JSONListRenderer {
  /// The version of the list output schema; only additive changes within a version.
  public static let schemaVersion = 1

  struct Output: Encodable {
    var version: Int
    var mode: String
    var date: String
    var title: String?
    var location: String?
    var category: String?
    var items: [Row]
    var summary: Summary

    func encode(to encoder: Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(version, forKey: .version)
      try c.encode(mode, forKey: .mode)
      try c.encode(date, forKey: .date)
      try c.encode(title, forKey: .title)
      try c.encode(location, forKey: .location)
      try c.encode(category, forKey: .category)
      try c.encode(items, forKey: .items)
      try c.encode(summary, forKey: .summary)
    }

    enum CodingKeys: String, CodingKey { case version, mode, date, title, location, category, items, summary }
  }

  struct Summary: Encodable {
    var toBuy: Int
    var boughtToday: Int
  }

  struct Row: Encodable {
    var entry: ListEntry

    enum CodingKeys: String, CodingKey {
      case id, name, quantity, note, category, locations, staple, onList, available, boughtToday,
        lastPurchased
      case timesBought, interval, nextDue, skipUntil
    }

    func encode(to encoder: Encoder) throws {
      let item = entry.item
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(item.id.uuidString.lowercased(), forKey: .id)
      try c.encode(item.name, forKey: .name)
      try c.encode(item.quantity, forKey: .quantity)
      try c.encode(item.note, forKey: .note)
      try c.encode(item.category, forKey: .category)
      try c.encode(item.locations, forKey: .locations)
      try c.encode(item.isStaple, forKey: .staple)
      try c.encode(item.isOnList, forKey: .onList)
      try c.encode(!entry.isUnavailable, forKey: .available)
      try c.encode(entry.boughtToday, forKey: .boughtToday)
      try c.encode(item.lastPurchased?.description, forKey: .lastPurchased)
      try c.encode(item.timesBought, forKey: .timesBought)
      try c.encode(item.isStaple ? entry.cadence.interval : nil, forKey: .interval)
      try c.encode(item.isStaple ? entry.nextDue.description : nil, forKey: .nextDue)
      try c.encode(item.skipUntil?.description, forKey: .skipUntil)
    }
  }

  public static func render(_ view: ListView, title: String? = nil) throws -> String {
    String(decoding: try document(view, title: title, entries: view.entries), as: UTF8.self)
  }

  static func document(_ view: ListView, title: String?, entries: [ListEntry]) throws -> [UInt8] {
    let output = Output(
      version: schemaVersion, mode: view.mode.rawValue, date: view.today.description, title: title,
      location: view.location, category: view.category, items: entries.map(Row.init),
      summary: Summary(toBuy: view.toBuy, boughtToday: view.boughtToday))
    return try JSON.bytes(output)
  }

  /// Writes a list a part at a time, as `HouseholdStore.walkList` reads it (each part with the whole list's
  /// mode, date, location and category): the same text as `render` of the whole.
  public struct Writer {
    let title: String?
    var started = false

    public init(title: String? = nil) { self.title = title }

    /// Returns the text of a part's entries: the document's start before the first. A part's rows are those the
    /// encoder writes in the document of them alone.
    public mutating func add(_ part: ListView) throws -> String {
      let entries = part.entries
      guard !entries.isEmpty else { return "" }
      let document = try JSONListRenderer.document(part, title: title, entries: entries)
      let items = Self.items(in: document)
      defer { started = true }
      let text = String(
        decoding: document[(started ? items.lowerBound : 0)..<items.upperBound], as: UTF8.self)
      return started ? ",\n" + text : text
    }

    /// Returns what ends the list, with the whole list's summary: the whole document if no part had entries.
    public func finish(_ whole: ListView) throws -> String {
      let document = try JSONListRenderer.document(whole, title: title, entries: [])
      return String(decoding: document[(started ? Self.items(in: document).upperBound : 0)...], as: UTF8.self)
    }

    /// Where the rows are in a document (an empty range for none): after the items' opening line, and before
    /// their closing bracket, found from the end. The keys before the items and after them hold strings, which
    /// the encoder escapes, and a row's own lines are indented deeper, so none can hold either mark.
    static func items(in document: [UInt8]) -> Range<Int> {
      let opening = Array("\n  \"items\" : [\n".utf8)
      let closing = Array("\n  ],\n  \"location\" : ".utf8)
      var start = 0
      while !document[start..<start + opening.count].elementsEqual(opening) { start += 1 }
      var end = document.count - closing.count
      while !document[end..<end + closing.count].elementsEqual(closing) { end -= 1 }
      return start + opening.count..<end
    }
  }
}

/// The one JSON encoder configuration for output: pretty, sorted keys, unescaped slashes.
enum JSON {
  static func string<T: Encodable>(_ value: T) throws -> String {
    String(decoding: try bytes(value), as: UTF8.self)
  }

  /// The bytes of `string`, its line end included.
  static func bytes<T: Encodable>(_ value: T) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return Array(try encoder.encode(value)) + [UInt8(ascii: "\n")]
  }
}
