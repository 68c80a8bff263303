#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A store the household shops at, with an optional aisle order of its own.
public struct Location: Codable, Equatable, Sendable {
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

  enum CodingKeys: String, CodingKey { case name, categoryOrder }

  /// Reads a version-1 location, which had no id.
  public init(from decoder: Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      name: try c.decode(String.self, forKey: .name),
      categoryOrder: try c.decode([String].self, forKey: .categoryOrder))
  }

  public func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(name, forKey: .name)
    try c.encode(categoryOrder, forKey: .categoryOrder)
  }
}
