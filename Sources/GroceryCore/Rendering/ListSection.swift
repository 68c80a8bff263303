/// A heading and its entries.
public struct ListSection: Equatable, Sendable {
  public var title: String
  public var entries: [ListEntry]
  /// The colour of the section's category; nil for none, and for sections that are not a category.
  public var color: NamedColor?
}
