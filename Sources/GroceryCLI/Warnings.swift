import GroceryCore

/// Writes the store's warnings to standard error, each once however many times a run reads the household, and each
/// on one line: a control character in one (a newline or an escape in a file name another machine's sync tool
/// brought into the household) is written escaped, so that no one else's file can forge a line or a colour.
///
/// The store calls this only from the thread the command runs on (a long list's second thread, `ReadAhead`,
/// only reads the cache and never warns), so the lack of a lock is safe.
final class Warnings: @unchecked Sendable {
  private let console: Console
  private var said: Set<String> = []

  init(console: Console) { self.console = console }

  func warn(_ message: String) { write(message, after: "grocery: warning: ") }

  /// Writes a notice of something done besides the command (a version-1 store migrated), once, escaped the same.
  func inform(_ message: String) { write(message, after: "grocery: ") }

  private func write(_ message: String, after prefix: String) {
    if said.insert(message).inserted { console.writeError(prefix + Names.printable(message) + "\n") }
  }

  /// Whether this warning was written already in this run.
  func hasSaid(_ message: String) -> Bool { said.contains(message) }
}
