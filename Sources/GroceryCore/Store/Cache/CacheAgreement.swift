#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Whether the cache holds the household the logs fold to: `grocery check`'s look at what the everyday commands
/// cannot see.
///
/// Every row a command reads is checked against its checksum, but not that the rows an index picks are all there
/// are: a row deleted, a flag set by hand with its index kept in step, or a damaged index leaves an item out of a
/// list, and nothing says so. So this takes SQLite's own check of the file and of every index against its table,
/// then compares every row with the fold.
extension HouseholdCache {
  /// What the cache holds otherwise than `folded`, the household folded from every log as a rebuild folds it
  /// (its trips pruned as the everyday state keeps them, its purchases still to write), with this machine's undo
  /// list and the lines left out, in words for `check` ("3 items", "the purchases of 1 item", "the categories").
  /// Empty when they agree; nil when the cache has read the logs to another point than the fold did (another
  /// grocery wrote or caught up since), which gives no verdict. Damage (SQLite's own check failing, a row that
  /// does not read) is thrown as a `Database.Failure`. All is read in one read transaction, and items `batch`
  /// rows at a time, so that a household of 100,000 holds a few thousand at once.
  func disagreements(with folded: HouseholdStore.Reading, machine: String?, batch: Int = 4096) throws
    -> [String]?
  {
    let state = folded.state
    return try database.reading {
      guard try positions() == folded.positions else { return nil }
      if let report = try database.statement("PRAGMA integrity_check(1)").first({ $0.text(0) }),
        report != "ok"
      {
        // SQLite's report, its lines run together, without the line that names the database.
        let said = report.split(separator: "\n").filter { !$0.hasPrefix("***") }
        throw Database.Failure(code: 0, message: "SQLite: " + said.joinedText(separator: "; "))
      }
      var found: [String] = []
      let base = try loadBase()
      let parts: [(String, Bool)] = [
        ("the categories", base.categories == state.categories),
        ("the category order", base.order == state.order),
        ("the stores", base.locations == state.locations),
        ("the machines' names", base.machines == state.machines),
        ("the trips", base.trips == state.trips),
      ]
      found += parts.filter { !$0.1 }.map(\.0)
      var rows: [Int64] = []
      let all = try database.statement("SELECT rowid FROM item")
      while try all.step() { rows.append(all.integer(0)) }
      // Items the cache holds otherwise or alone, and how many of the fold's it holds at all.
      var (differ, held) = (0, 0)
      for first in stride(from: 0, to: rows.count, by: batch) {
        var part = HouseholdState()
        try loadItems(rows: rows[first..<min(first + batch, rows.count)], into: &part)
        for (id, item) in part.items {
          guard let folded = state.items[id] else {
            differ += 1
            continue
          }
          held += 1
          if folded != item { differ += 1 }
        }
      }
      differ += state.items.count - held
      if differ > 0 { found.append(differ == 1 ? "1 item" : "\(differ) items") }
      // Every purchase in the table `history` and `stats` read, against those the fold would write there: the
      // ones no change took back.
      var expected: [UUID: [HouseholdState.Bought]] = [:]
      for index in state.liveIndices(of: state.bought) {
        expected[state.bought[index].item, default: []].append(state.bought[index])
      }
      func ordered(_ list: [HouseholdState.Bought]) -> [HouseholdState.Bought] {
        list.sorted {
          ($0.stamp, $0.change, $0.day.ordinal, $0.quantity, $0.by ?? "")
            < ($1.stamp, $1.change, $1.day.ordinal, $1.quantity, $1.by ?? "")
        }
      }
      var purchases = 0
      for (item, list) in try self.purchases(of: nil) {
        if ordered(expected.removeValue(forKey: item) ?? []) != ordered(list) { purchases += 1 }
      }
      purchases += expected.count
      if purchases > 0 {
        found.append("the purchases of " + (purchases == 1 ? "1 item" : "\(purchases) items"))
      }
      if let machine, try undo(of: machine) != folded.undo { found.append("this machine's undo list") }
      // In the order of their logs and lines, each as often as it is kept.
      func ordered(_ list: [LineRefusal]) -> [LineRefusal] {
        list.sorted { ($0.machine, $0.line) < ($1.machine, $1.line) }
      }
      let (kept, folds) = (try refusalTally(), RefusalTally(folded.refusals))
      if ordered(kept.rows) != ordered(folds.rows) || kept.logs != folds.logs {
        found.append("the lines left out")
      }
      // The counts a list checks the rows its index gives against, against the rows.
      var counted = ListedCounts()
      if let (living, onList, staples) = try database.statement(
        "SELECT count(*), total(\"onList\" = 1), total(\"staple\" = 1) FROM item"
          + " WHERE \"alive\" = 1 AND key IS NOT NULL"
      ).first({ (Int($0.integer(0)), Int($0.integer(1)), Int($0.integer(2))) }) {
        (counted.living, counted.onList, counted.staples) = (living, onList, staples)
      }
      if try listedCounts() != counted { found.append("the list's item counts") }
      return found
    }
  }
}
