import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery import FILE...`: brings a list from another app, a pasted list, a CSV or an export into the household.
struct ImportCommand: Command, Runnable {
  static let name = "import"
  static let arguments = Arguments("FILE...", minimum: 1, maximum: 2, completes: .files)
  static let abstract = "Bring a list in: ShoppingList14, a paste, CSV or export."
  static let discussion = """
    Reads ShoppingList14's items.json and locations.json (either or both), plain text with one item a line \
    (bullets, checkboxes and quantities such as '2 milk' or 'milk x2' are understood), the CSV that 'list \
    --format csv --all' writes, a 'grocery export' or grocery 1's grocery.json, telling them apart by their \
    content. '-' reads \
    standard input. Items already in the household are matched by name and updated; everything is saved as \
    one change, so one 'undo' reverts it, and a file that cannot be read is refused with its line, saving \
    nothing.
    """
  static let format = Option<ImportFormat>(
    "format", "f", value: "FORMAT",
    choices: [
      Choice("shoppinglist14", .shoppingList14, help: "ShoppingList14's items.json and locations.json"),
      Choice("text", .text, help: "One item a line, as pasted from a note or an email"),
      Choice("csv", .csv, help: "The CSV that list --format csv --all writes"),
      Choice("grocery", .grocery, help: "The JSON that grocery export writes, or grocery 1's grocery.json"),
    ],
    help: "Read the files as FORMAT: shoppinglist14, text, csv or grocery (default: told from the content).")
  static let dryRun = Flag(
    "dry-run", help: "Say what the import would do (even with --quiet), and save nothing.")
  static let options: [any OptionDeclaration] = [format, dryRun]
  static let examples = [
    "grocery import items.json locations.json", "pbpaste | grocery import -",
    "grocery import --dry-run backup.json",
  ]

  var files: [String]
  var format: ImportFormat?
  var dryRun: Bool

  init(_ parsed: ParsedArguments) throws {
    files = parsed.positionals
    format = parsed[Self.format]
    dryRun = parsed[Self.dryRun]
    if files.contains("") {
      throw UsageError("invalid file '': expected a file name, or '-' for standard input", path: parsed.path)
    }
    if files.filter({ $0 == "-" }).count > 1 {
      throw UsageError("standard input ('-') can be read only once", path: parsed.path)
    }
  }

  /// A dry run writes nothing, not even the phone's ticks waiting in a mirror: the next command reads them.
  var mirrors: MirrorUse { dryRun ? .none : .readAndWrite }

  func run(_ context: Context) throws {
    let files = try self.files.map { path in
      path == "-"
        ? try ImportFile(name: "standard input", bytes: try context.console.readInputBytes())
        : try ImportFile.read(path: path)
    }
    let document = try Importer.read(files, format: format)
    if document.isEmpty { throw GroceryError.nothingToImport(files: files.map(\.name)) }
    // Only a grocery export or store file carries purchases, and it is imported alone.
    try document.checkPurchases(notAfter: Day.latestAnywhere(at: context.now), file: files[0].name)
    // Before the household is read, so that a refused import migrates no version-1 store.
    let known = try AddCommand.knownAmongLookalikes(document.textLookalikes, context: context)
    try document.checkTextNames(known: known, file: files[0].name)
    // Only the items the document can match are read, and their purchases, which it must not record twice.
    let history =
      try dryRun
      ? context.store.preview(document.scope, history: true) : context.store.loadHistory(document.scope)
    let report: ImportReport
    if dryRun {
      var copy = try context.store.preview(document.scope)
      report = copy.importing(
        document, today: context.today, now: context.now, history: history, newID: UUID.init)
    } else {
      // The undo list names the files without their folders, a control character in a name escaped as errors
      // show it (a summary holds none).
      let names = files.map {
        Names.printable($0.name.split(separator: "/").last.map(String.init) ?? $0.name)
      }
      report = try context.update(
        in: document.scope, { _ in ChangeVerb.importFiles.present + Summary.names(names) }
      ) {
        $0.importing(document, today: context.today, now: context.now, history: history, newID: UUID.init)
      }
    }
    // A dry run's report is the point of it, and --quiet does not silence it.
    if dryRun || !context.quiet { context.write(ImportReportRenderer.render(report, dryRun: dryRun)) }
  }
}
