import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes the store's warnings to standard error, each once however many times a run reads the household, and each
/// on one line: a control character in one (a newline or an escape in a file name another machine's sync tool
/// brought into the household) is written escaped, so that no one else's file can forge a line or a colour.
///
/// The store calls this only from the thread the command runs on (a long list's second thread, `ReadAhead`,
/// only reads the cache and never warns), so the lack of a lock is safe.
final class Warnings: @unchecked Sendable {
  private let console: Console
  private var said: Set<String> = []
  /// Under `--quiet`, the state folder whose warnings said lately are not said again for a day, and the time of
  /// the run; their memory, read at the first warning, so that a run that warns of nothing reads no file for it.
  var quiet: (stateFolder: String, now: Date)?
  private var memory: WarningMemory?

  init(console: Console) { self.console = console }

  func warn(_ message: String) {
    if !said.contains(message), let (stateFolder, now) = quiet {
      if memory == nil {
        memory = WarningMemory(stateFolder: stateFolder)
        // A memory that cannot be read spares nothing: the warning is said, as it always was.
        try? memory?.load()
      }
      if memory?.shouldSay(message, now: now) == false {
        said.insert(message)
        return
      }
    }
    write(message, after: "grocery: warning: ")
  }

  /// Writes a notice of something done besides the command (a version-1 store migrated), once, escaped the same.
  func inform(_ message: String) { write(message, after: "grocery: ") }

  /// Keeps the warnings said under `--quiet` for the next day's runs; called once the command has not failed.
  func remember() {
    // One that cannot be written spares nothing next time: the warning is said again, which is no loss.
    if let memory, let quiet { try? memory.save(now: quiet.now) }
  }

  private func write(_ message: String, after prefix: String) {
    if said.insert(message).inserted { console.writeError(prefix + Names.printable(message) + "\n") }
  }

  /// Whether this warning was written already in this run.
  func hasSaid(_ message: String) -> Bool { said.contains(message) }
}
