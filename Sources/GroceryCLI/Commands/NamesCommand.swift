import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery names KIND`: one name a line, for scripts and shell completion.
struct NamesCommand: Command, Runnable {
  static let mirrors = MirrorUse.none
  /// The words for each kind, as typed and completed.
  static let words: [(String, NameKind)] = [
    ("items", .item), ("categories", .category), ("locations", .location),
  ]

  static let name = "names"
  static let arguments = Arguments(
    "KIND", minimum: 1, maximum: 1, completes: .words(words.map { CompletionWord($0.0) }))
  static let abstract = "Print item, category or location names, one a line."
  static let discussion =
    "KIND is items, categories (in walk order) or locations. For scripts and shell completion."
  static let onList = Flag("on-list", help: "With items: only the items on the shopping list.")
  static let matching = Option<String>(
    "matching", value: "TEXT",
    help: "Only the names TEXT could complete to, matched as commands match names (any case or accents).")
  static let exceptUncategorized = Flag(
    "except-uncategorized",
    help: "With categories: leave out Uncategorized, which takes no colour or new name.")
  static let options: [any OptionDeclaration] = [onList, matching, exceptUncategorized]
  static let examples = ["grocery names items | fzf", "grocery names items --on-list"]

  var kind: NameKind
  var onList: Bool
  var matching: String?
  var exceptUncategorized: Bool

  init(_ parsed: ParsedArguments) throws {
    let word = try ArgumentParser.resolve(
      parsed.positionals[0], among: Self.words, shown: "kind", quote: { $0 }, path: parsed.path,
      expected: Self.words.map(\.0)
    ) { $0.0 }
    kind = word.1
    onList = parsed[Self.onList]
    matching = parsed[Self.matching]
    exceptUncategorized = parsed[Self.exceptUncategorized]
    if exceptUncategorized && kind != .category {
      throw UsageError(
        "option '--\(Self.exceptUncategorized.long)' goes with 'categories'", path: parsed.path)
    }
    if onList && kind != .item {
      throw UsageError("option '--\(Self.onList.long)' goes with 'items'", path: parsed.path)
    }
  }

  /// The word for a kind, as `grocery names` takes it.
  static func word(for kind: NameKind) -> String { words.first { $0.1 == kind }?.0 ?? "items" }

  func run(_ context: Context) throws {
    // A version-1 store not yet migrated is read as it is: a Tab would otherwise migrate it, and the notice of it
    // go where completion throws standard error away (found by a trial).
    if let old = try context.store.legacyWaiting() {
      context.write(NamesRenderer.text(names(in: old)))
      return
    }
    if kind == .item && !onList && (matching ?? "").isEmpty {
      // Every item's name, in name order, a part of the items at a time.
      _ = try context.store.walkItems { context.write(NamesRenderer.text($0.names(of: .item))) }
      return
    }
    // Categories and locations are read without a single item; items, only those that can be what is shown.
    let scope: ItemScope = kind != .item ? .ids([]) : onList ? .onList : .completing(matching ?? "")
    context.write(NamesRenderer.text(names(in: try context.store.load(scope))))
  }

  /// The names asked for, of what the household holds.
  func names(in groceries: Groceries) -> [String] {
    var names = onList ? groceries.items.filter(\.isOnList).map(\.name) : groceries.names(of: kind)
    if exceptUncategorized { names.removeAll { $0 == Category.uncategorized } }
    if let matching { names = Names.completions(of: matching, among: names) }
    return names
  }
}
