/// One item as a list shows it, with what is derived from the day.
public struct ListEntry: Equatable, Sendable {
  public var item: Item
  public var isUnavailable: Bool
  public var boughtToday: Bool
  public var cadence: Cadence
  public var nextDue: Day
  public var isSnoozed: Bool
  /// The colour of the item's category, if it has one.
  public var color: NamedColor?
}
