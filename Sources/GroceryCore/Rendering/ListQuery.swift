/// What to show: the mode, an optional location and category, and the day it is.
public struct ListQuery: Sendable {
  public var mode: ListMode
  public var location: String?
  public var category: String?
  public var today: Day
  /// The interval assumed for staples with too little history.
  public var every: Int
  /// Shows one section without headings, in the same order: by the walk position of the category, then name.
  public var flat: Bool

  public init(
    mode: ListMode = .shopping, location: String? = nil, category: String? = nil, today: Day, every: Int = 7,
    flat: Bool = false
  ) {
    self.mode = mode
    self.location = location
    self.category = category
    self.today = today
    self.every = every
    self.flat = flat
  }
}
