/// One purchase of an item: the day it was bought and how many.
public struct Purchase: Equatable, Sendable {
  public var date: Day
  public var quantity: Int
  /// Who bought it: the name of the machine that recorded it, when the household has more than one.
  public var by: String?

  public init(date: Day, quantity: Int, by: String? = nil) {
    self.date = date
    self.quantity = quantity
    self.by = by
  }
}
