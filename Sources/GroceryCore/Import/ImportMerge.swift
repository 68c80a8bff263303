/// Names an import folded into one because they differ only in case, accents, spaces or typographic marks.
public struct ImportMerge: Equatable, Sendable {
  public var kind: NameKind
  /// The name kept.
  public var name: String
  /// Every spelling folded together, in the order the import gave them.
  public var spellings: [String]
  /// The categories the spellings were under, when they differed (ShoppingList14 locations).
  public var places: [String]
  /// The category kept, when they differed.
  public var kept: String?

  public init(kind: NameKind, name: String, spellings: [String], places: [String] = [], kept: String? = nil) {
    self.kind = kind
    self.name = name
    self.spellings = spellings
    self.places = places
    self.kept = kept
  }
}
