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
  public var addedCategories: [String] = []
  public var addedLocations: [String] = []
  /// How many purchases were recorded.
  public var purchases = 0
  /// True when the import set the walk order.
  public var reordered = false

  public init() {}
}
