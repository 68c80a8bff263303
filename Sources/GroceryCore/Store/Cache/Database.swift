#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// A connection to an SQLite database: the cache's only way in. Every failure is a `Database.Failure`, which the
/// cache answers by rebuilding, never by refusing a command.
final class Database {
  /// What SQLite said went wrong.
  struct Failure: Error, Equatable {
    var code: Int32
    var message: String

    /// True when the file is not a database, or a damaged one (or holds values this build did not write): it
    /// is to be rebuilt. Anything else (a full disk, a busy database) leaves it alone.
    var isDamage: Bool { [0, SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_MISMATCH].contains(code & 0xFF) }
  }

  private let handle: OpaquePointer
  private var statements: [String: Statement] = [:]

  /// Opens (or creates) the database at `path`; with `create` false, a missing file is a failure.
  init(path: String, create: Bool) throws {
    var db: OpaquePointer?
    let flags =
      SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
      | SQLITE_OPEN_PRIVATECACHE
    let code = sqlite3_open_v2(path, &db, flags, nil)
    guard code == SQLITE_OK, let db else {
      let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
      if let db { sqlite3_close_v2(db) }
      throw Failure(code: code, message: message)
    }
    handle = db
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
      throw Failure(code: code, message: message)
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
  func writing<T>(_ body: () throws -> T) throws -> T {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// Runs `body` in a read transaction, so that everything it reads is of one moment.
  func reading<T>(_ body: () throws -> T) throws -> T {
    try execute("BEGIN")
    defer { try? execute("COMMIT") }
    return try body()
  }

  func failure(_ code: Int32) -> Failure {
    Failure(code: code, message: String(cString: sqlite3_errmsg(handle)))
  }
}

/// A prepared statement: bind parameters (from 1), step through the rows, read columns (from 0).
final class Statement {
  private let pointer: OpaquePointer
  private unowned let database: Database

  init(_ pointer: OpaquePointer, database: Database) {
    self.pointer = pointer
    self.database = database
  }

  deinit { sqlite3_finalize(pointer) }

  func reset() {
    sqlite3_reset(pointer)
    sqlite3_clear_bindings(pointer)
  }

  /// Binds the parameters in order, from the first.
  @discardableResult
  func bind(_ values: SQLValue...) -> Statement {
    for (index, value) in values.enumerated() { bind(value, at: Int32(index + 1)) }
    return self
  }

  func bind(_ value: SQLValue, at index: Int32) {
    switch value {
    case .null: sqlite3_bind_null(pointer, index)
    case .integer(let number): sqlite3_bind_int64(pointer, index, number)
    case .text(let text): sqlite3_bind_text(pointer, index, text, -1, transient)
    case .blob(let bytes):
      bytes.withUnsafeBytes { raw in
        _ = sqlite3_bind_blob(pointer, index, raw.baseAddress, Int32(raw.count), transient)
      }
    }
  }

  /// Steps to the next row; false when there are no more.
  func step() throws -> Bool {
    let code = sqlite3_step(pointer)
    if code == SQLITE_ROW { return true }
    if code == SQLITE_DONE { return false }
    throw database.failure(code)
  }

  /// Runs a statement that returns no rows.
  func run() throws {
    while try step() {}
  }

  func isNull(_ column: Int32) -> Bool { sqlite3_column_type(pointer, column) == SQLITE_NULL }

  func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(pointer, column) }

  func text(_ column: Int32) -> String {
    guard let bytes = sqlite3_column_text(pointer, column) else { return "" }
    let count = Int(sqlite3_column_bytes(pointer, column))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  func blob(_ column: Int32) -> [UInt8] {
    let count = Int(sqlite3_column_bytes(pointer, column))
    guard count > 0, let bytes = sqlite3_column_blob(pointer, column) else { return [] }
    return Array(UnsafeRawBufferPointer(start: bytes, count: count))
  }

  /// The column as a value of the kind it holds.
  func value(_ column: Int32) -> SQLValue {
    switch sqlite3_column_type(pointer, column) {
    case SQLITE_NULL: return .null
    case SQLITE_INTEGER: return .integer(integer(column))
    case SQLITE_TEXT: return .text(text(column))
    default: return .blob(blob(column))
    }
  }
}

/// A value as SQLite stores it.
enum SQLValue: Equatable, Sendable {
  case null
  case integer(Int64)
  case text(String)
  case blob([UInt8])
}

/// Tells SQLite to copy a bound value, which Swift may move once the call returns.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
