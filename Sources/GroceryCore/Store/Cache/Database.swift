#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif
import SQLiteMemory

/// A connection to an SQLite database: the cache's only way in. Every failure is a `Database.Failure`, which the
/// cache answers by rebuilding, never by refusing a command.
final class Database {
  /// What SQLite said went wrong, and with which file.
  struct Failure: Error, Equatable, CustomStringConvertible {
    var code: Int32
    var message: String
    /// The database file; empty for a value the cache found wrong, which is always rebuilt.
    var path = ""

    /// One line naming the file, should a failure ever reach the user rather than be answered by a rebuild or a
    /// read of the logs.
    var description: String { "cannot use the cache '\(path)': \(message)" }

    /// True when the file is not a database, or a damaged one (or holds values this build did not write): it
    /// is to be rebuilt. Anything else (a full disk, a busy database) leaves it alone.
    var isDamage: Bool { [0, SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_MISMATCH].contains(code & 0xFF) }

    /// True when the disk (or the file-size limit) had no room for what SQLite wrote.
    var isFull: Bool { code & 0xFF == SQLITE_FULL }
  }

  private let handle: OpaquePointer
  /// The database file, for messages.
  let path: String
  private var statements: [String: Statement] = [:]

  /// SQLite set up once, before the first connection: with grocery's allocator and without memory statistics,
  /// which made every allocation take a global mutex (together a fifth of the instructions a `restock --due` ran,
  /// callgrind), and with page caches that make no pages before they need them (Sources/SQLiteMemory).
  /// False where SQLite had started before (it then keeps its own allocator, which is only slower).
  static let configured = grocery_sqlite3_configure() == SQLITE_OK

  /// Opens (or creates) the database at `path`; with `create` false, a missing file is a failure.
  init(path: String, create: Bool) throws {
    _ = Self.configured
    var db: OpaquePointer?
    let flags =
      SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
      | SQLITE_OPEN_PRIVATECACHE
    let code = sqlite3_open_v2(path, &db, flags, nil)
    guard code == SQLITE_OK, let db else {
      let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
      if let db { sqlite3_close_v2(db) }
      throw Failure(code: code, message: message, path: path)
    }
    handle = db
    self.path = path
    sqlite3_extended_result_codes(db, 1)
  }

  deinit {
    statements.removeAll()
    sqlite3_close_v2(handle)
  }

  /// Waits up to `milliseconds` for another connection's write to finish before failing as busy.
  func waitWhenBusy(milliseconds: Int32) {
    sqlite3_busy_timeout(handle, milliseconds)
  }

  /// Runs one or more statements that take no parameters and return no rows.
  func execute(_ sql: String) throws {
    var error: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &error)
    if code != SQLITE_OK {
      let message = error.map { String(cString: $0) } ?? "error \(code)"
      sqlite3_free(error)
      throw Failure(code: code, message: message, path: path)
    }
  }

  /// Returns a prepared statement for `sql`, reused (and reset) when the same text is asked for again.
  func statement(_ sql: String) throws -> Statement {
    if let cached = statements[sql] {
      cached.reset()
      return cached
    }
    var pointer: OpaquePointer?
    let code = sqlite3_prepare_v2(handle, sql, -1, &pointer, nil)
    guard code == SQLITE_OK, let pointer else { throw failure(code) }
    let statement = Statement(pointer, database: self)
    statements[sql] = statement
    return statement
  }

  /// Runs `body` in a transaction that takes the write lock at once, committing when it returns and rolling back
  /// when it throws.
  func writing<T>(_ body: () throws -> T) throws -> T { try transaction("BEGIN IMMEDIATE", body) }

  /// Runs `body` in a read transaction, so that everything it reads is of one moment.
  func reading<T>(_ body: () throws -> T) throws -> T { try transaction("BEGIN", body) }

  private func transaction<T>(_ begin: String, _ body: () throws -> T) throws -> T {
    try execute(begin)
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      do {
        try execute("ROLLBACK")
      } catch {
        // The first failure is the one to report; SQLite rolls back a failed transaction by itself.
      }
      throw error
    }
  }

  func failure(_ code: Int32) -> Failure {
    Failure(code: code, message: String(cString: sqlite3_errmsg(handle)), path: path)
  }
}
