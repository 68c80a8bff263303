/// One file given to import: its name for messages and its text.
public struct ImportFile: Equatable, Sendable {
  /// The name messages use: the path as given, or "standard input".
  public var name: String
  public var text: String

  public init(name: String, text: String) {
    self.name = name
    self.text = text
  }
}
