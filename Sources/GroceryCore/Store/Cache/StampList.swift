/// The stamps of a cache row's fields (an item's also its newest change and each machine's newest), kept in one
/// column: each different stamp once, as its 24 bytes, then which of them each entry is, in order.
///
/// Most of a row's stamps are the few changes that made and last touched it: an item's thirteen or more stamps,
/// 24 bytes and a column each, made a row of some 680 bytes and thirty columns, every one read and summed by a
/// list of thousands; kept so, they are 60 to 100 bytes in one column.
///
/// The column is two bytes giving how many different stamps there are (little-endian), those stamps, then one
/// byte an entry, its stamp's place among them (two bytes, little-endian, when there are more than 256). A row
/// has at most 65,535 different stamps: an item's are its fields' and one for each machine that changed it.
enum StampList {
  /// The column's bytes for the stamps, in order.
  static func bytes(_ stamps: [Stamp]) -> [UInt8] {
    var distinct: [Stamp] = []
    var place: [Stamp: Int] = [:]
    let entries = stamps.map { stamp in
      if let known = place[stamp] { return known }
      place[stamp] = distinct.count
      distinct.append(stamp)
      return distinct.count - 1
    }
    precondition(distinct.count <= 0xFFFF, "more different stamps than a row can keep")
    let wide = distinct.count > 256
    var out: [UInt8] = [
      UInt8(truncatingIfNeeded: distinct.count), UInt8(truncatingIfNeeded: distinct.count >> 8),
    ]
    out.reserveCapacity(2 + 24 * distinct.count + entries.count * (wide ? 2 : 1))
    for stamp in distinct { out += stamp.bytes }
    for entry in entries {
      out.append(UInt8(truncatingIfNeeded: entry))
      if wide { out.append(UInt8(truncatingIfNeeded: entry >> 8)) }
    }
    return out
  }

  /// The stamps the column's bytes hold, in order; nil when they are not what `bytes` writes.
  static func stamps(_ bytes: UnsafeRawBufferPointer) -> [Stamp]? {
    guard bytes.count >= 2 else { return nil }
    let count = Int(bytes[0]) | Int(bytes[1]) << 8
    let start = 2 + 24 * count
    let width = count > 256 ? 2 : 1
    guard start <= bytes.count, (bytes.count - start) % width == 0 else { return nil }
    var result: [Stamp] = []
    result.reserveCapacity((bytes.count - start) / width)
    var offset = start
    while offset < bytes.count {
      let entry = width == 1 ? Int(bytes[offset]) : Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
      guard entry < count else { return nil }
      let at = 2 + 24 * entry
      guard let stamp = Stamp(bytes: UnsafeRawBufferPointer(rebasing: bytes[at..<at + 24])) else {
        return nil
      }
      result.append(stamp)
      offset += width
    }
    return result
  }
}
