#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A note of the change that produced a store state, kept so that `undo` can say what it undoes.
public struct ChangeNote: Codable, Equatable, Sendable {
  public var summary: String
  public var at: Date
}
