#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writing the household's export a few hundred names at a time, so that a backup of twenty years costs the
/// memory of a few weeks of purchases.
extension HouseholdStore {
  /// Hands `write` the export (`ExportDocument`) of the whole household, with every purchase, a piece at a time.
  public func export(partSize: Int = 256, _ write: (String) throws -> Void) throws {
    var writer = ExportDocument.Writer()
    let household = try walkItems(partSize: partSize, history: true) { try write(writer.add($0)) }
    try write(writer.finish(household))
  }

  /// Writes the export to a file a user names, as `>` would: a file is replaced only once the whole export is
  /// written, a link's target is written, a device written into (`OutputFile`). A cache found damaged part way
  /// is rebuilt and the export made again, since nothing of it had reached the file.
  public func export(to path: String, partSize: Int = 256) throws {
    // A cache found damaged after the first part is removed: the export is made again, from the cache rebuilt
    // from the logs.
    try OutputFile.write(to: path, again: { ($0 as? Database.Failure)?.isDamage == true }) { write in
      try export(partSize: partSize, write)
    }
  }
}
