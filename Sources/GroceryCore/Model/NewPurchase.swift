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
}
