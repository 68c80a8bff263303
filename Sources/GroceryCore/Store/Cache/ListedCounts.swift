/// How many living named items the cache holds, and how many of them are on the list and staples: kept in
/// `meta` by every change the cache saves, and checked by a list against the rows its index gives
/// (`HouseholdCache.listRows`), so that a row the index no longer gives is found, not passed over.
struct ListedCounts: Equatable {
  var living = 0
  var onList = 0
  var staples = 0

  init() {}

  /// Counts a row (`by` 1) or takes it away (`by` -1): only a living row with a name counts.
  mutating func add(named: Bool, alive: Bool, onList: Bool, staple: Bool, by step: Int) {
    guard named && alive else { return }
    living += step
    if onList { self.onList += step }
    if staple { staples += step }
  }

  mutating func add(_ other: ListedCounts) {
    living += other.living
    onList += other.onList
    staples += other.staples
  }

  /// The three counts, as `ByteWriter` writes whole numbers.
  var bytes: [UInt8] {
    var w = ByteWriter()
    for count in [living, onList, staples] { w.integer(Int64(count)) }
    return w.bytes
  }

  init(bytes: UnsafeRawBufferPointer) throws {
    var r = ByteReader(bytes)
    (living, onList, staples) = (Int(try r.integer()), Int(try r.integer()), Int(try r.integer()))
  }
}
