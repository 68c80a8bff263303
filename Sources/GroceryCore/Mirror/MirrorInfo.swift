/// One of this machine's mirrors, as `grocery mirror` lists it.
public struct MirrorInfo: Equatable, Sendable {
  public var path: String
  public var format: MirrorFormat
  public var location: String?
}
