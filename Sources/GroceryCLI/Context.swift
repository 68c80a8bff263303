import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Everything a command needs to run: the store, the time, and where to write.
struct Context {
  let store: HouseholdStore
  let now: Date
  let today: Day
  let environment: [String: String]
  let quiet: Bool
  let style: TextStyle
  let console: Console
  /// Whether this run has saved a change to the store.
  let saved = SavedChange()
  /// Why GROCERY_LOCK_TIMEOUT cannot be used, thrown by the first command that needs the lock.
  let lockTimeoutError: Error?
  /// Where warnings go: standard error, each once.
  let warnings: Warnings

  init(globals: GlobalOptions, environment: [String: String], console: Console, now: Date) throws {
    var timeout = globals.lockTimeout
    // A bad GROCERY_LOCK_TIMEOUT fails only the commands that take the lock, when they take it.
    var lockTimeoutError: Error?
    if timeout == nil, let text = environment["GROCERY_LOCK_TIMEOUT"], !text.isEmpty {
      do { timeout = try GlobalOptions.seconds(text) } catch { lockTimeoutError = error }
    }
    self.lockTimeoutError = lockTimeoutError
    var store = try StorePath.locate(explicit: globals.store, environment: environment, lockTimeout: timeout)
    let warnings = Warnings(console: console)
    store.warn = { warnings.warn($0) }
    if !globals.quiet { store.inform = { warnings.inform($0) } }
    self.warnings = warnings
    (self.now, today) = try Clock.now(environment: environment, fallback: now)
    if globals.quiet { warnings.quiet = (store.stateFolder, self.now) }
    store.now = self.now
    self.store = store
    self.environment = environment
    quiet = globals.quiet
    let color =
      console.outputIsTerminal && environment["NO_COLOR"].map(\.isEmpty) ?? true
      && environment["TERM"] != "dumb"
    style = TextStyle(color: color)
    self.console = console
  }

  /// Writes output that is the point of the command (a list, a report).
  func write(_ text: String) { console.write(text) }

  /// Reports what a change did, unless `--quiet`.
  func say(_ line: String) {
    if !quiet { console.write(line + "\n") }
  }

  /// Says on standard error, even with `--quiet`, something the user must know that did not stop the command.
  func warn(_ text: String) { warnings.warn(text) }

  /// Tells the user on standard error that another grocery holds the store, unless `--quiet`: a wait is no error,
  /// and cron mails whatever a job writes there. Said once a run, however many locks it waits for (the store's,
  /// then a version-1 file's). Not said where no wait is allowed (`--lock-timeout 0`): the error says it all.
  func waiting() {
    if quiet || store.lockTimeout == 0 { return }
    warnings.inform("waiting for another grocery to finish with '\(store.path)'...")
  }

  /// Runs a change against the store, describing it for undo.
  ///
  /// `scope` names the items the change can touch, so that only those are read.
  func update<T>(
    in scope: ItemScope = .all, _ summary: @escaping (T) -> String, _ body: (inout Groceries) throws -> T
  ) throws -> T {
    if let lockTimeoutError { throw lockTimeoutError }
    // Saved only when a line was written: a change that changes nothing has nothing to report as saved.
    return try store.update(
      scope, summary: summary, now: now, onWait: waiting, onSaved: { [saved] in saved.isSaved = true }, body)
  }

  /// Reads what `body` needs of the items the names can mean (with no names, of every item not removed); when it
  /// fails there (a name it did not find), it runs again on the items matching the names looks at, so that the
  /// error suggests from the whole household.
  func scoped<T>(_ names: [String], _ body: (ItemScope) throws -> T) throws -> T {
    if names.isEmpty { return try body(.living) }
    do {
      return try body(.names(names))
    } catch is GroceryError {
      return try body(ItemScope.names(names).widened)
    }
  }

  /// Creates the store, returning what it holds.
  func create(_ groceries: Groceries, summary: String) throws -> Groceries {
    if let lockTimeoutError { throw lockTimeoutError }
    try store.create(groceries, summary: summary, now: now, onWait: waiting)
    saved.isSaved = true
    return groceries
  }

  /// Creates the store with the sample household, as it grew (`HouseholdStore.createSample`).
  func createSample() throws -> Groceries {
    if let lockTimeoutError { throw lockTimeoutError }
    return try store.createSample(
      today: today, now: now, onWait: waiting, onSaved: { [saved] in saved.isSaved = true })
  }

  /// Starts a trip on this machine, ending the one it still has open first.
  func startTrip(at location: String?) throws -> TripStart {
    if let lockTimeoutError { throw lockTimeoutError }
    let start = try store.startTrip(at: location, now: now, onWait: waiting)
    saved.isSaved = true
    return start
  }

  /// Ends this machine's trip, refusing when it has none open.
  func stopTrip() throws -> TripRecord {
    if let lockTimeoutError { throw lockTimeoutError }
    guard let trip = try store.stopTrip(now: now, onWait: waiting) else { throw GroceryError.noTripUnderWay }
    saved.isSaved = true
    return trip
  }

  /// Reverts the most recent change, returning what it undid.
  func undo() throws -> UndoEntry {
    if let lockTimeoutError { throw lockTimeoutError }
    let entry = try store.undo(now: now, onWait: waiting)
    saved.isSaved = true
    return entry
  }
}
