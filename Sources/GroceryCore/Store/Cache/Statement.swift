#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

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

  /// Reads the first row with `read` (nil when there is none), then resets the statement, so that it holds no read
  /// open past the one row asked for.
  func first<T>(_ read: (Statement) throws -> T) throws -> T? {
    defer { reset() }
    return try step() ? try read(self) : nil
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

  /// The column's kind: `SQLITE_NULL`, `SQLITE_INTEGER`, `SQLITE_TEXT`, `SQLITE_BLOB` or `SQLITE_FLOAT`.
  func kind(_ column: Int32) -> Int32 { sqlite3_column_type(pointer, column) }

  /// A text column's UTF-8 bytes where SQLite holds them, valid until the statement steps on.
  func textBytes(_ column: Int32) -> UnsafeRawBufferPointer {
    bytes(UnsafeRawPointer(sqlite3_column_text(pointer, column)), column)
  }

  /// A blob column's bytes where SQLite holds them, valid until the statement steps on.
  func blobBytes(_ column: Int32) -> UnsafeRawBufferPointer {
    bytes(sqlite3_column_blob(pointer, column), column)
  }

  /// A blob column's bytes in place, for reading without copying them out; nil when the column holds no blob.
  func withBlob<T>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T? {
    guard sqlite3_column_type(pointer, column) == SQLITE_BLOB else { return nil }
    return try body(blobBytes(column))
  }

  /// A text column's UTF-8 bytes in place, for comparing without making a `String`.
  func withText<T>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
    try body(textBytes(column))
  }

  /// A stamp kept as its 24 bytes, read in place; nil when the column holds anything else.
  func stamp(_ column: Int32) -> Stamp? {
    withBlob(column) { Stamp(bytes: $0) } ?? nil
  }

  /// The column's bytes where SQLite holds them (none for a nil pointer, which an empty value may have).
  private func bytes(_ start: UnsafeRawPointer?, _ column: Int32) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: start, count: start == nil ? 0 : Int(sqlite3_column_bytes(pointer, column)))
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

/// Tells SQLite to copy a bound value, which Swift may move once the call returns.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
