#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writing the household's export a few hundred names at a time, so that a backup of twenty years costs the
/// memory of a few weeks of purchases.
extension HouseholdStore {
  /// Hands `write` the export (`ExportDocument`) of the whole household, with every purchase, a piece at a time.
  public func export(_ write: (String) throws -> Void) throws {
    var writer = ExportDocument.Writer()
    let household = try walkItems(history: true) { try write(writer.add($0)) }
    try write(writer.finish(household))
  }

  /// Writes the export to a file a user names, as `>` would: a file is replaced only once the whole export is
  /// written, a link's target is written, a device written into (`OutputFile`).
  public func export(to path: String) throws {
    try OutputFile.write(to: path) { write in try export(write) }
  }
}
