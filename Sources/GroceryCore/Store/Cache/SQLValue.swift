/// A value as SQLite stores it.
enum SQLValue: Equatable, Sendable {
  case null
  case integer(Int64)
  case text(String)
  case blob([UInt8])
}
