import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery list`: the shopping list, or every item, the staples, or what was bought.
struct ListCommand: Command, Runnable {
  static let name = "list"
  static let aliases = ["ls"]
  static let habits = ["show", "view", "print", "display"]
  static let abstract = "Show the shopping list in store-walk order."
  static let discussion = """
    By default shows the items on the list under category headings in walk order (the location's own order \
    with --at, and then only items bought there or anywhere), alphabetical within a heading, with a footer \
    counting what is to buy and what was bought today. Plain text fits 80 columns and has colour only on a \
    terminal when NO_COLOR is unset or empty. --flat leaves the headings out and keeps the walk order: by the walk \
    position of each item's category, then by name.
    """
  static let all = Flag("all", help: "Show every item with its state.")
  static let staples = Flag(
    "staples", help: "Show the staples with their interval, last purchase and next due day.")
  static let purchased = Flag(
    "purchased", help: "Show what was bought, today first, then earlier, with how many that day.")
  static let flat = Flag("flat", help: "One section without category headings, in the same walk order.")
  static let at = Option<String>(
    "at", value: "LOCATION", completes: .names(.location), help: "Walk LOCATION's aisles; only its items.")
  static let category = Option<String>(
    "category", "c", value: "CATEGORY", completes: .names(.category), help: "Only items in CATEGORY.")
  static let format = Option<ListFormat>(
    "format", "f", value: "FORMAT",
    choices: [
      Choice("text", .text, help: "Plain text under category headings"),
      Choice("markdown", .markdown, help: "A Markdown checklist"),
      Choice("json", .json, help: "JSON for scripts"),
      Choice("csv", .csv, help: "Comma-separated values for a spreadsheet"),
      Choice("print", .print, help: "Plain ASCII columns for paper"),
    ],
    help: "Output format: text (default), markdown, json, csv or print.")
  static let title = Option<String>(
    "title", value: "TEXT", help: "Put a heading line at the top.",
    parse: { try Names.clean($0, what: "title", maxLength: 200) })
  static let columns = Option<Int>(
    "columns", value: "1|2",
    completes: .words([CompletionWord("1", help: "One column"), CompletionWord("2", help: "Two columns")]),
    help: "Columns for --format print, 1 or 2 (default 2).",
    parse: { text in
      guard text == "1" || text == "2" else {
        throw GroceryError.invalidValue(
          what: "--columns", value: Names.printable(text), reason: "expected 1 or 2")
      }
      return Int(text)!
    })
  /// The widths, in characters, that `--width` takes.
  static let widths = 40...200
  static let width = Option<Int>(
    "width", value: "N",
    help:
      "Width in characters for --format print, \(widths.lowerBound) to \(widths.upperBound) (default 80).",
    parse: { try Values.whole($0, what: "--width", range: widths, unit: "columns") })
  static let utf8 = Flag(
    "utf8",
    help: "With --format print: keep every letter as it is, in UTF-8, for paps or lp (Cyrillic, Greek, CJK).")
  static let edit = Flag(
    "edit",
    help:
      "Open the list as a checklist in $VISUAL or $EDITOR; ticks and edits saved there are applied as one change."
  )
  static let options: [any OptionDeclaration] = [
    all, staples, purchased, flat, at, category, format, title, columns, width, utf8, edit,
  ]
  static let examples = [
    "grocery list", "grocery list --at costco", "grocery list --format json | jq '.items[].name'",
    "grocery list | mail -s Groceries me@example.com",
  ]

  var mode: ListMode
  var flat: Bool
  var location: String?
  var category: String?
  var format: ListFormat
  var title: String?
  var columns: Int?
  var width: Int?
  var utf8: Bool
  var edit: Bool

  init(_ parsed: ParsedArguments) throws {
    try parsed.exclusive(Self.all, Self.staples, Self.purchased)
    mode =
      parsed[Self.all]
      ? .all : parsed[Self.staples] ? .staples : parsed[Self.purchased] ? .purchased : .shopping
    flat = parsed[Self.flat]
    location = parsed[Self.at]
    category = parsed[Self.category]
    format = parsed[Self.format] ?? .text
    title = parsed[Self.title]
    columns = parsed[Self.columns]
    width = parsed[Self.width]
    utf8 = parsed[Self.utf8]
    edit = parsed[Self.edit]
    if edit
      && (mode != .shopping || flat || location != nil || category != nil || parsed[Self.format] != nil
        || title != nil || columns != nil || width != nil || utf8)
    {
      throw UsageError("option '--edit' goes alone: it opens the whole list", path: parsed.path)
    }
    if flat && format != .text && format != .markdown {
      throw UsageError(
        "option '--flat' goes with '--format text' or '--format markdown'; the others have no headings",
        path: parsed.path)
    }
    if format == .csv && title != nil {
      throw UsageError(
        "option '--title' goes with every format but '--format csv', whose first row is its header",
        path: parsed.path)
    }
    // Only the options given are named: '--width' alone is not told about '--columns'.
    let paperOnly: [(any OptionDeclaration, Bool)] = [
      (Self.columns, columns != nil), (Self.width, width != nil), (Self.utf8, utf8),
    ]
    let given = paperOnly.filter { $0.1 }.map { "'--\($0.0.long)'" }
    if format != .print, let last = given.last {
      let named =
        given.count == 1
        ? "option \(last) goes"
        : "options "
          + given.dropLast().joinedText(separator: ", ") + " and \(last) go"
      throw UsageError(named + " with '--format print'", path: parsed.path)
    }
  }

  func run(_ context: Context) throws {
    if edit { return try runEditor(context) }
    let query = ListQuery(
      mode: mode, location: location, category: category, today: context.today, flat: flat)
    // A store or category a version-1 store does not have is refused before the read migrates it.
    if let old = try context.store.legacyWaiting() { _ = try old.listView(query) }
    // Every format reads the list a part at a time; paper keeps the lines of each, to break the columns.
    switch format {
    case .text, .markdown:
      var writer =
        format == .text
        ? TextRenderer.writer(title: title, style: context.style) : MarkdownRenderer.writer(title: title)
      let whole = try context.store.walkList(query) { context.write(writer.add($0)) }
      context.write(writer.finish(whole))
    case .csv:
      var started = false
      _ = try context.store.walkList(query) { part in
        if !started { context.write(CSVRenderer.head) }
        started = true
        context.write(CSVRenderer.rows(part))
      }
      if !started { context.write(CSVRenderer.head) }
    case .json:
      var writer = JSONListRenderer.Writer(title: title)
      let whole = try context.store.walkList(query) { context.write(try writer.add($0)) }
      context.write(try writer.finish(whole))
    case .print:
      // Laid out whole before a line is written, so a cache found damaged part way costs only a second read.
      let page = try context.store.againIfDamaged {
        var writer = PrintRenderer.Writer(title: title, columns: columns ?? 2, width: width ?? 80, utf8: utf8)
        let whole = try context.store.walkList(query) { writer.add($0) }
        return writer.finish(whole)
      }
      context.write(page)
    }
  }

  /// Opens the list in the user's editor and applies what was saved as one change.
  func runEditor(_ context: Context) throws {
    if let lockTimeoutError = context.lockTimeoutError { throw lockTimeoutError }
    let mirrors = Mirrors(store: context.store)
    let draft = try mirrors.openDraft(today: context.today)
    do {
      try Editor.edit(draft.path, environment: context.environment)
    } catch {
      mirrors.closeDraft(draft)
      throw error
    }
    switch try mirrors.applyDraft(draft, now: context.now, today: context.today, onWait: context.waiting) {
    case .unchanged:
      context.say("nothing changed")
    case .notAChecklist(let reason, let kept):
      // What was saved and cannot be read is refused, as an editor that failed is: a script that edits the list
      // learns that nothing was applied. Emptied or deleted, the edit was given up, as a commit message emptied is.
      if let kept, reason != "it is empty", reason != EditOutcome.deleted {
        throw GroceryError.editedChecklistUnreadable(reason: reason, kept: kept)
      }
      let what = reason == "it is empty" ? "was emptied" : "was deleted"
      context.console.writeError("grocery: warning: the checklist \(what); nothing changed\n")
    case .applied(let summary, let skipped, let kept):
      let keeping = kept.map { " (what you saved is kept as '\($0)')" } ?? ""
      for reason in skipped { context.console.writeError("grocery: warning: skipped: \(reason)\(keeping)\n") }
      if summary != nil { context.saved.isSaved = true }
      context.say(summary ?? "nothing changed")
    }
  }
}
