/// One of this machine's mirrors, as `grocery mirror` lists it.
public struct MirrorInfo: Equatable, Sendable {
  public var path: String
  public var format: MirrorFormat
  public var location: String?
  /// Whether the folder the file goes in is gone (a sync folder moved or deleted): nothing can be written there.
  public var folderIsGone = false
}
