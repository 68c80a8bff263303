#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The trip a purchase was made on, and the item's category at that moment (nil is Uncategorized).
struct TripTag: Equatable, Sendable {
  var trip: UUID
  var category: UUID?
}
