/// Something an import left out, and why.
public struct ImportSkip: Equatable, Sendable {
  public var name: String
  public var reason: String

  public init(name: String, reason: String) {
    self.name = name
    self.reason = reason
  }
}
