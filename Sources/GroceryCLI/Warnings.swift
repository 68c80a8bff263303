/// Writes the store's warnings to standard error, each once however many times a run reads the household.
///
/// A run is one thread: the store calls this only from it, so the lack of a lock is safe.
final class Warnings: @unchecked Sendable {
  private let console: Console
  private var said: Set<String> = []

  init(console: Console) { self.console = console }

  func warn(_ message: String) {
    if said.insert(message).inserted { console.writeError("grocery: warning: " + message + "\n") }
  }
}
