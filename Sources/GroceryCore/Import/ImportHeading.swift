/// A line of pasted text that ends in `:`, naming the category of the lines under it, or a heading to skip.
public struct ImportHeading: Equatable, Sendable {
  /// The heading without its colon.
  public var name: String
  public var line: Int
  /// The household's category the heading names, once the import is applied; nil when it names none.
  public var category: String?
  /// Why the heading names no category, once the import is applied.
  public var reason: String?

  public init(name: String, line: Int, category: String? = nil, reason: String? = nil) {
    self.name = name
    self.line = line
    self.category = category
    self.reason = reason
  }
}
