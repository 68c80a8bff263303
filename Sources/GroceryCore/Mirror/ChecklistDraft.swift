#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The checklist `list --edit` opens in an editor, with the items its lines were written for.
public struct ChecklistDraft: Equatable, Sendable {
  /// The file the editor opens, in this machine's state folder.
  public var path: String
  public var text: String
  var header: MirrorHeader
  var items: [UUID]
}
