/// The closeness of one typed key to many keys in printable ASCII, as `Names.closeness` gives it for each, sharing
/// the work between keys that start alike: a typo among 100,000 names that go `item 1`, `item 10`, `item 100`...
///
/// The table has a row for each byte of the key and a column for each byte of the typed key, so the rows of a
/// key's first bytes are those of any other key starting with the same bytes. A key given after one it shares its
/// first bytes with fills only the rows after them; given in byte order, as the cache's index keeps them, most
/// keys fill a row or two. Once a row holds nothing within the limit, no later row does (a swap from two rows up
/// costs no less than the substitution beside it): the key is past the limit but for a prefix of it already in
/// the table, and so is every key after it that starts with the same bytes, which fills no row at all.
struct PrefixSharingCloseness {
  private let wanted: [UInt8]
  private let limit: Int
  /// Rows of `wanted.count + 1` cells, one for each of the first bytes of `key` that were filled.
  private var table: [Int]
  /// The last key whose rows the table holds, and how many of them: all of its bytes, or up to the first row
  /// past the limit, not included.
  private var key: [UInt8] = []
  private var filled = 0

  init(to wanted: [UInt8], within limit: Int) {
    self.wanted = wanted
    self.limit = limit
    // Row 0 is the distance to each prefix of `wanted`; a row past `wanted.count + limit` is past the limit.
    table = Array(repeating: 0, count: (wanted.count + limit + 2) * (wanted.count + 1))
    for j in 0...wanted.count { table[j] = j }
  }

  /// The closeness of `other` to the typed key: its distance, within the limit, from the whole of `other` or
  /// (for a typed key of three or more) from its first `wanted.count` or `wanted.count + 1` bytes; `limit + 1`
  /// when more.
  mutating func closeness(_ other: UnsafeBufferPointer<UInt8>) -> Int {
    let (n, m, past) = (wanted.count, other.count, limit + 1)
    if n == 0 || m == 0 { return min(max(n, m), past) }
    let width = n + 1
    var shared = 0
    let common = min(m, key.count)
    while shared < common && other[shared] == key[shared] { shared += 1 }
    // A key that shares the bytes of the last key's row past the limit has that row too, and fills none.
    if !(filled < key.count && shared > filled) {
      filled = min(filled, shared)
      key.removeAll(keepingCapacity: true)
      key.append(contentsOf: other)
      wanted.withUnsafeBufferPointer { a in
        table.withUnsafeMutableBufferPointer { rows in
          while filled < m {
            let i = filled + 1
            let (row, above) = (i * width, (i - 1) * width)
            rows[row] = i
            var least = i
            for j in 1...n {
              var value = min(
                rows[above + j] + 1, rows[row + j - 1] + 1,
                rows[above + j - 1] + (other[i - 1] == a[j - 1] ? 0 : 1))
              if i > 1, j > 1, other[i - 1] == a[j - 2], other[i - 2] == a[j - 1] {
                value = min(value, rows[above - width + j - 2] + 1)
              }
              rows[row + j] = value
              least = min(least, value)
            }
            if least > limit { break }
            filled = i
          }
        }
      }
    }
    // Rows past `filled` hold nothing within the limit: the whole key, when it has such a row, is past it.
    var best = filled == m ? table[m * width + n] : past
    if n >= 3 {
      for length in [n, n + 1] where length < m && length <= filled {
        best = min(best, table[length * width + n])
      }
    }
    return min(best, past)
  }
}
