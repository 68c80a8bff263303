/// A list ready to render: sections in walk order and the counts for the footer.
///
/// A list read a part at a time (`HouseholdStore.walkList`) is a view per part, each with its own counts, and a
/// last view without sections that holds the whole list's.
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
  /// The entries shown, those of them on the list, and those off it that are due by today and not skipped.
  public var counts = Counts()

  /// How many entries a view shows, for the footer of the staples list.
  public struct Counts: Equatable, Sendable {
    public var shown = 0
    public var onList = 0
    public var due = 0

    public init() {}
  }

  public var isEmpty: Bool { sections.isEmpty }
  public var entries: [ListEntry] { sections.flatMap(\.entries) }

  /// Adds a part's counts to these.
  public mutating func count(_ part: ListView) {
    toBuy += part.toBuy
    boughtToday += part.boughtToday
    counts.shown += part.counts.shown
    counts.onList += part.counts.onList
    counts.due += part.counts.due
  }
}
