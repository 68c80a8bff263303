#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An aisle or section of a store, placed in the order you walk it.
public struct Category: Equatable, Sendable {
  /// A stable identity: renaming a category changes its name, not the items in it.
  public var id: UUID
  public var name: String
  /// The colour its heading and items take on a terminal; nil for none.
  public var color: NamedColor?

  public init(id: UUID = UUID(), name: String, color: NamedColor? = nil) {
    self.id = id
    self.name = name
    self.color = color
  }

  /// The fixed id of a built-in category, the same in every household, so two new households agree on them.
  public static func defaultID(_ name: String) -> UUID? {
    defaults.firstIndex(of: name).map { UUID(uuidString: "00000000-0000-4000-8000-00000000c00\($0 + 1)")! }
  }

  /// The built-in categories with their fixed ids.
  public static var builtIn: [Category] { defaults.map { Category(id: defaultID($0)!, name: $0) } }

  /// The category that always sorts last and receives the items of removed categories.
  public static let uncategorized = "Uncategorized"

  /// The built-in categories in their default walk order, Uncategorized excluded.
  public static let defaults = [
    "Produce", "Deli & Meat", "Dairy & Fridge", "Bread & Frozen", "Boxed & Canned", "Snacks, Drinks & Other",
  ]
}
