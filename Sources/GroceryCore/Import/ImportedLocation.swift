#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A store an import names, with its own category order.
public struct ImportedLocation: Equatable, Sendable {
  /// The id from a grocery export, kept when the location is new.
  public var id: UUID?
  public var name: String
  /// Category names walked first at this store.
  public var categoryOrder: [String]

  public init(id: UUID? = nil, name: String, categoryOrder: [String] = []) {
    self.id = id
    self.name = name
    self.categoryOrder = categoryOrder
  }
}
