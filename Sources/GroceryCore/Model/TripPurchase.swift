#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One purchase made on a trip: what, how many, in which category at that moment, and when.
public struct TripPurchase: Equatable, Sendable {
  public var item: UUID
  /// The item's name now.
  public var name: String
  /// The name now of the category the item was in when it was bought; nil when that category has been removed
  /// since (a category added later under its name is another one).
  public var category: String?
  public var quantity: Int
  public var at: Date

  public init(item: UUID, name: String, category: String?, quantity: Int, at: Date) {
    self.item = item
    self.name = name
    self.category = category
    self.quantity = quantity
    self.at = at
  }
}
