#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A category an import names, with the colour it had in the app it came from.
public struct ImportedCategory: Equatable, Sendable {
  /// The id from a grocery export, kept when the category is new.
  public var id: UUID?
  public var name: String
  /// The colour's components from 0 to 1, when the import gave one.
  public var red: Double?
  public var green: Double?
  public var blue: Double?
  /// The colour by name, as a grocery export gives it.
  public var color: NamedColor?

  public init(
    id: UUID? = nil, name: String, red: Double? = nil, green: Double? = nil, blue: Double? = nil,
    color: NamedColor? = nil
  ) {
    self.id = id
    self.name = name
    self.red = red
    self.green = green
    self.blue = blue
    self.color = color
  }

  /// The colour by name, or the named terminal colour nearest the imported components, when there is one.
  public var namedColor: NamedColor? {
    if let color { return color }
    guard let red, let green, let blue else { return nil }
    return NamedColor.nearest(red: red, green: green, blue: blue)
  }
}
