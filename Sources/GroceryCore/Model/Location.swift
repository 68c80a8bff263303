#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A store the household shops at, with an optional aisle order of its own.
public struct Location: Equatable, Sendable {
  /// A stable identity: renaming a store changes its name, not the items bought there.
  public var id: UUID
  public var name: String
  /// Category names walked first at this store; the others follow in the general order.
  public var categoryOrder: [String]

  public init(id: UUID = UUID(), name: String, categoryOrder: [String] = []) {
    self.id = id
    self.name = name
    self.categoryOrder = categoryOrder
  }
}
