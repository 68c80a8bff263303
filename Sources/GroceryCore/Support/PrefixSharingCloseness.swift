/// How close names are to a typed name, for a suggestion: the optimal-string-alignment distance (insertions,
/// deletions, substitutions and swaps of neighbours) of the whole of a name, or, for a typed name of three or more,
/// of its first `n` or `n + 1` elements (`n` the typed name's) when that is less, so "dary" finds "Dairy & Fridge";
/// `limit + 1` when it is more than `limit`. One table gives all three, since a row of it holds the distance of a
/// prefix of the name to every prefix of the typed one.
///
/// The work is shared between names that start alike: a typo among 100,000 names that go `item 1`, `item 10`,
/// `item 100`... The table has a row for each element of the name and a column for each of the typed name, so the
/// rows of a name's first elements are those of any other name starting with the same ones. A name given after one
/// it shares its first elements with fills only the rows after them; given in byte order, as the cache's index
/// keeps keys, most fill a row or two. Once a row holds nothing within the limit, no later row does (a swap from
/// two rows up costs no less than the substitution beside it): the name is past the limit but for a prefix of it
/// already in the table, and so is every name after it that starts with the same elements, which fills no row.
struct PrefixSharingCloseness<Element: Equatable> {
  private let wanted: [Element]
  private let limit: Int
  /// Rows of `wanted.count + 1` cells, one for each of the first elements of `key` that were filled.
  private var table: [Int]
  /// The last name whose rows the table holds, and how many of them: all of its elements, or up to the first row
  /// past the limit, not included.
  private var key: [Element] = []
  private var filled = 0

  init(to wanted: [Element], within limit: Int) {
    self.wanted = wanted
    self.limit = limit
    // Row 0 is the distance to each prefix of `wanted`; a row past `wanted.count + limit` is past the limit.
    table = Array(repeating: 0, count: (wanted.count + limit + 2) * (wanted.count + 1))
    for j in 0...wanted.count { table[j] = j }
  }

  /// The closeness of `other` to the typed name.
  mutating func closeness(_ other: [Element]) -> Int {
    other.withUnsafeBufferPointer { closeness($0) }
  }

  /// The same on elements in place, so that a typo compared with 100,000 names copies none of them.
  mutating func closeness(_ other: UnsafeBufferPointer<Element>) -> Int {
    let (n, m, past) = (wanted.count, other.count, limit + 1)
    if n == 0 || m == 0 { return min(max(n, m), past) }
    let width = n + 1
    var shared = 0
    let common = min(m, key.count)
    while shared < common && other[shared] == key[shared] { shared += 1 }
    // A name that shares the elements of the last one's row past the limit has that row too, and fills none.
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
      for length in n...n + 1 where length < m && length <= filled {
        best = min(best, table[length * width + n])
      }
    }
    return min(best, past)
  }
}
