#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// Reads a checksummed cache row's columns in order, each once and in place, adding each to the row's sum as it
/// goes; `check()` then compares the sum with the row's own, in the column after them. Reading a row thus costs
/// one pass over it, not a pass to check it and another to read it.
///
/// A row found wrong (a sum that does not match, a value of the wrong kind) is a `Database.Failure`: the cache is
/// rebuilt, never believed.
struct RowReader {
  let statement: Statement
  private(set) var column: Int32 = 0
  private var sum = RowSum()

  init(_ statement: Statement) { self.statement = statement }

  /// A column as it lies in the row: valid until the statement steps on.
  private enum Column {
    case null
    case integer(Int64)
    case text(UnsafeRawBufferPointer)
    case blob(UnsafeRawBufferPointer)
  }

  /// The next column, added to the sum.
  private mutating func next() -> Column {
    defer { column += 1 }
    switch statement.kind(column) {
    case SQLITE_NULL:
      sum.addNull()
      return .null
    case SQLITE_INTEGER:
      let number = statement.integer(column)
      sum.add(integer: number)
      return .integer(number)
    case SQLITE_TEXT:
      let bytes = statement.textBytes(column)
      sum.add(text: bytes)
      return .text(bytes)
    default:
      let bytes = statement.blobBytes(column)
      sum.add(blob: bytes)
      return .blob(bytes)
    }
  }

  /// Adds the next column to the sum without reading it further.
  mutating func skip() { _ = next() }

  /// The next column as a value of the kind it holds.
  mutating func value() -> SQLValue {
    switch next() {
    case .null: return .null
    case .integer(let number): return .integer(number)
    case .text(let bytes): return .text(String(decoding: bytes, as: UTF8.self))
    case .blob(let bytes): return .blob(Array(bytes))
    }
  }

  /// The next column's bytes when it holds a blob, handed to `body` in place; nil for any other kind.
  mutating func blob<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T? {
    guard case .blob(let bytes) = next() else { return nil }
    return try body(bytes)
  }

  /// The sum of the columns read so far (what `check()` compares).
  var total: Int64 { sum.value }

  /// Refuses the row when the columns read are not what its checksum, in the next column, says.
  func check() throws {
    guard statement.kind(column) == SQLITE_INTEGER, statement.integer(column) == total else {
      throw Database.Failure(code: 0, message: "a row's checksum does not match")
    }
  }
}
