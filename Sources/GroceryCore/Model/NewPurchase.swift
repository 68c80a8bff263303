#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A purchase recorded by the change being made, which the store writes to the log.
public struct NewPurchase: Equatable, Sendable {
  public var item: UUID
  public var purchase: Purchase
  /// The trip it was made on, when this machine had one under way.
  public var trip: UUID?
  /// True when the purchase took the item off the list, as a purchase does unless it is an old receipt entered late:
  /// the change then says so even where this machine had it off the list already, so that it wins over putting it
  /// on the list that another machine did before it, unseen.
  public var takesOffList = false
}
