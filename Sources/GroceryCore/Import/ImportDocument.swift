/// What an import file says, in no format in particular: categories, locations and items, ready to apply.
public struct ImportDocument: Equatable, Sendable {
  public var format: ImportFormat
  /// The categories, in walk order when `setsCategoryOrder`.
  public var categories: [ImportedCategory]
  /// True when the import gives a walk order, which then replaces the household's for its categories.
  public var setsCategoryOrder: Bool
  public var locations: [ImportedLocation]
  public var items: [ImportedItem]
  /// What the reading left out (checked-off lines), reported with what applying skips.
  public var skipped: [ImportSkip]
  /// Names the reading folded together.
  public var merged: [ImportMerge]
  /// The headings of pasted text, in order.
  public var headings: [ImportHeading] = []
  /// True for a copy of what the household was made from (grocery 1's store): an item the household has, found by
  /// its id and then by its name, takes only the purchases it lacks, and a new one a new id; the household's
  /// fields, categories, stores and walk order stay as they are.
  public var addsOnly = false
  /// The latest-dated purchase the file holds, with its item as the file names it (`latestPurchase(of:)`).
  public var latestPurchase: DatedPurchase?

  /// A purchase's day, and the name and line of the item the file gives it to.
  public struct DatedPurchase: Equatable, Sendable {
    public var date: Day
    public var name: String
    public var line: Int
  }

  public init(
    format: ImportFormat, categories: [ImportedCategory] = [], setsCategoryOrder: Bool = false,
    locations: [ImportedLocation] = [], items: [ImportedItem] = [], skipped: [ImportSkip] = [],
    merged: [ImportMerge] = []
  ) {
    self.format = format
    self.categories = categories
    self.setsCategoryOrder = setsCategoryOrder
    self.locations = locations
    self.items = items
    self.skipped = skipped
    self.merged = merged
  }

  /// True when the files held nothing to bring in or report: no item, category, location or skipped line.
  public var isEmpty: Bool { items.isEmpty && categories.isEmpty && locations.isEmpty && skipped.isEmpty }
}

extension ImportDocument {
  /// Refuses a purchase dated after `latest`, as `purchase --on` refuses a day in the future: recorded, it would put
  /// the staple off restock for as long.
  public func checkPurchases(notAfter latest: Day, file: String) throws {
    guard let last = latestPurchase, last.date > latest else { return }
    throw GroceryError.malformedImport(
      file: file, line: last.line,
      reason: "'\(ImportName.shown(last.name))' has a purchase dated \(last.date), which is in the future")
  }

  /// The names of pasted text that look like a quantity or part of a list (`2`, `x3`, `(4)`, `salt,`), which
  /// `checkTextNames` refuses unless the household has them.
  public var textLookalikes: [String] {
    format == .text ? items.map(\.name).filter(NameShape.looksLikeQuantityOrList) : []
  }

  /// Refuses, in pasted text, a name that looks like a quantity or part of a list that is not one of `known` (those
  /// the household has), as `add` refuses it, with its line: where it made items named so, and `add -` sends such
  /// lists here (found by a review).
  public func checkTextNames(known: Set<String>, file: String) throws {
    guard format == .text else { return }
    for item in items where NameShape.looksLikeQuantityOrList(item.name) && !known.contains(item.name) {
      throw GroceryError.malformedImport(
        file: file, line: item.line,
        reason:
          "item name '\(Names.printable(item.name))' \(NameShape.whatItLooksLike(item.name)); a quantity goes"
          + " with its name ('2 milk', 'milk x2'), and items between commas each hold a letter")
    }
  }

  /// The latest-dated purchase of the items (the first in the file of those so dated), with its item's name and
  /// line: taken before the items a name gives twice are folded, so that it names the one the file dates so.
  static func latestPurchase(of items: [ImportedItem]) -> DatedPurchase? {
    var latest: DatedPurchase?
    for item in items {
      guard let date = item.purchases.map(\.date).max(), date > latest?.date ?? Day(ordinal: .min) else {
        continue
      }
      latest = DatedPurchase(date: date, name: item.name, line: item.line)
    }
    return latest
  }

  /// The items importing the document reads: those it can match by name, as `importing` matches them, and those
  /// with the ids it carries.
  public var scope: ItemScope {
    let grocery = format == .grocery
    return .importing(
      keys: items.map { grocery ? Names.key($0.name) : ImportName.key($0.name) },
      spelled: grocery ? [] : items.map { ImportName.spelledKey($0.name) }, folded: !grocery,
      ids: items.compactMap(\.id))
  }
}
