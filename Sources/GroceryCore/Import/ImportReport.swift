/// What applying an import did.
public struct ImportReport: Equatable, Sendable {
  /// The items added, by name, in the import's order.
  public var added: [String] = []
  /// The existing items the import changed.
  public var updated: [String] = []
  /// What was left out, and why.
  public var skipped: [ImportSkip] = []
  /// Names folded together.
  public var merged: [ImportMerge] = []
  /// The headings of pasted text, with the category each names or why it names none.
  public var headings: [ImportHeading] = []
  public var addedCategories: [String] = []
  public var addedLocations: [String] = []
  /// Categories and stores of the household that grocery's own export names by their ids, and renamed.
  public var renamedCategories: [Rename] = []
  public var renamedLocations: [Rename] = []
  /// How many purchases were recorded.
  public var purchases = 0
  /// True when the import set the walk order.
  public var reordered = false
  /// Categories the household had whose colour the import set or changed.
  public var recoloured: [String] = []
  /// Stores the household had whose own aisle order the import set or changed.
  public var reorderedLocations: [String] = []

  public init() {}

  /// A name the import changed: from the household's to the import's.
  public struct Rename: Equatable, Sendable {
    public var old: String
    public var new: String
  }
}
