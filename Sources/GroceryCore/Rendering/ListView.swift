/// A list ready to render: sections in walk order and the counts for the footer.
public struct ListView: Equatable, Sendable {
  public var mode: ListMode
  public var location: String?
  public var category: String?
  public var today: Day
  public var sections: [ListSection]
  /// Whether people's renderers leave out the headings and show the sections as one, in order.
  public var isFlat = false
  /// Items on the list within the view's location and category.
  public var toBuy: Int
  /// Items bought today within the view's location and category.
  public var boughtToday: Int

  public var isEmpty: Bool { sections.isEmpty }
  public var entries: [ListEntry] { sections.flatMap(\.entries) }
}
