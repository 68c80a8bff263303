/// A copy of a log that a sync tool left beside it (Syncthing's `*.sync-conflict-*`, Dropbox's
/// `(Bob's conflicted copy …)`, Nextcloud's `(conflicted copy …)`, OneDrive's `ID-COMPUTER.jsonl`, a duplicate's
/// `ID (1).jsonl`, `ID 2.jsonl`, `ID copy.jsonl` or `ID - Copy.jsonl`): never read, since a log has one writer and
/// never conflicts, but said.
enum ConflictCopy {
  /// Returns true when the file name in `logs/` is a sync tool's conflict copy.
  static func isOne(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    if marks.contains(where: { mark in
      mark.count <= bytes.count
        && (0...bytes.count - mark.count).contains { bytes[$0..<$0 + mark.count].elementsEqual(mark) }
    }) {
      return true
    }
    // A log's name with the tool's mark put before `.jsonl`: OneDrive's `-COMPUTER`, a duplicate's ` (1)`, ` 2`,
    // ` copy` or ` - Copy`.
    guard bytes.count > 23, name.hasSuffix(".jsonl"),
      MachineID.isValid(String(decoding: bytes[..<16], as: UTF8.self))
    else { return false }
    return bytes[16] == 0x2D || bytes[16] == 0x20 || bytes[16] == 0x5F
  }

  /// What the tools put in a copy's name, as bytes: every command checks every log's name, and searching text
  /// for text sets up a searcher whose first use costs more than reading the cache's base tables.
  private static let marks = [".sync-conflict-", "conflicted copy"].map {
    Array($0.utf8)
  }

  /// What a person is told of the copy at `file`.
  static func message(_ file: String) -> String {
    "'\(file)' is a sync tool's conflict copy and is not read: a log never conflicts, so a log was edited by"
      + " hand or a backup restored; 'grocery check' names the changes only the copy holds, then remove it"
  }
}
