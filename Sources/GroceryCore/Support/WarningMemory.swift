#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The warnings this machine said lately under `--quiet` (`warned` in its state folder): a cron job that runs
/// every 15 minutes says each once a day, not every time, where a peer's log from a newer grocery mailed the
/// same warning 96 times a day (found by a trial). Each line of the file is a warning's key and when it was said
/// (`5f1c0a9e3b2d4c17 1795003200`).
///
/// It only spares repeats: a clock set back means the warning is said, and a file that cannot be read or written
/// throws, which the caller may pass over (the warning is then said again).
public struct WarningMemory {
  static let fileName = "warned"
  /// How long a warning said is not said again.
  public static let window: Int64 = 86_400

  let path: String
  var said: [UInt64: Int64] = [:]
  var changed = false

  /// The memory of the state folder, empty until `load`.
  public init(stateFolder: String) { path = stateFolder + "/" + Self.fileName }

  /// Reads what the state folder keeps; none when it keeps nothing. A line that does not read is passed over.
  public mutating func load() throws {
    guard let bytes = try FileSystem.readRegularFile(path, limit: 1 << 20) else { return }
    for line in bytes.split(separator: 0x0A) {
      let parts = line.split(separator: 0x20)
      guard parts.count == 2, let key = UInt64(String(decoding: parts[0], as: UTF8.self), radix: 16),
        let at = Int64(String(decoding: parts[1], as: UTF8.self))
      else { continue }
      said[key] = at
    }
  }

  /// Whether to say the warning at `now`: not when it was said in the last day. One said is remembered, for `save`.
  public mutating func shouldSay(_ message: String, now: Date) -> Bool {
    let key = FNV.hash(message.utf8)
    let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
    if let at = said[key], at <= seconds, seconds - at < Self.window { return false }
    said[key] = seconds
    changed = true
    return true
  }

  /// The key as 16 hex digits.
  private func hex(_ key: UInt64) -> String {
    let digits = String(key, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// Writes what was said, letting go of what was said more than a day before `now`; only after a command that
  /// did not fail, which leaves every file as it was. Where it cannot be written, those are said next time too.
  public func save(now: Date) throws {
    guard changed, try FileSystem.status(FileSystem.folder(of: path)) != nil else { return }
    let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
    let text = said.filter { $0.value <= seconds && seconds - $0.value < Self.window }
      .sorted { $0.key < $1.key }
      .map { hex($0.key) + " " + String($0.value) + "\n" }.joined()
    try AtomicFile.write(Data(text.utf8), to: path, durable: false)
  }
}
