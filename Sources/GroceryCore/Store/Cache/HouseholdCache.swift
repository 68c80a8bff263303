#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The household folded from every log, kept in an SQLite database in this machine's state folder, with how far
/// into each log it has read, so that a command folds only what is new and reads only the rows it needs.
///
/// It is only a cache: one that is missing, damaged, of another folder or of another version of grocery is
/// rebuilt from the logs. The columns of items, categories, locations and trips come from their field tables.
final class HouseholdCache {
  /// The layout's version; with the schema text below, a cache of any other layout is rebuilt. 7: `twin` counts
  /// only living rows. 8: `spelled`. 9: `purchase_day`, which holds what a history shows of each purchase, so
  /// that a run of days is read from it alone, in order, wherever the table keeps those rows. 10: `item_located`,
  /// the items limited to stores, so that removing a store reads those alone. 11: keys fold a Greek final sigma.
  /// 12: `followable`, the newest stamp a change follows. 13: none; a cache that folded a line whose `wall` is not
  /// before its stamp, which the gate now leaves out, is folded again. 14: keys keep the combining marks of
  /// scripts that do not write accents with them (kana's voicing, Indic vowel signs). 15: a run of spaces in a key
  /// is one space. 16: `spelled` spells full-width letters, ½ and № in ASCII. 17: keys leave out what is never
  /// seen (a zero-width space, a soft hyphen); `log.unwalled`, so that an older grocery's line after a line with
  /// `wall` is read. 18: none; a line of only spaces, tabs or a carriage return, which `refused` kept as cut short,
  /// is passed over as an empty one is. 19: a purchase that two machines' migrations of one version-1 store both
  /// recorded is counted once. 20: `migrations` in `meta`. 21: `log.length`; a long last line's check hashes its
  /// two ends. 22: none; a migration undone leaves alone what another machine's migration that stands made too.
  /// 23: `item_unfolded`, the items an import folds the names of again. 24: `item_id_key`, the key of each id, so
  /// that the names bought over some days are found without reading their rows. 25: `item_on_list` and
  /// `item_staple` hold each row's category, so that a list reads the rows it shows from them alone. 26: the
  /// fields' stamps in one column (`StampList`), an item's newest change and each machine's newest with them.
  /// 27: `meta` counts the living named rows, and those on the list and staples (`ListedCounts`), and keeps
  /// SQLite's schema cookie, so that a table or index dropped by hand is found when the cache is opened; an
  /// item's window counts a day once when another machine's purchase on it came first (`PurchaseWindow.add`).
  /// 28: `spelled` spells small digits, Roman numerals, more fractions and a few signs in ASCII (`m²` as m2, `Ⅻ`
  /// as XII, € as EUR); a line's unknown operation is refused as that (`op`), not by its first other field; a
  /// whole last line without its newline that the gate refuses is refused, not waited for as one cut short.
  /// 29: `refused` keeps each log's first lines left out, and `refused_count` how many more (`RefusalTally`);
  /// `log.torn`, where a log ended in a line cut short, so that one that stays so is not read again; `undo.seen`,
  /// how far this machine had read the other logs when it made each change.
  /// 30: a line whose object gives a key twice is left out, and a purchase dated after the day following its
  /// change's is read as of that day, so a cache that folded either as it was is rebuilt.
  /// 31: the same, for a cache of layout 30 that a build before the purchase dates were read so made.
  /// 32: a name's key leaves out the interlinear annotation characters (U+FFF9-FFFB), never seen, as it leaves out
  /// the default-ignorable ones, so a cache that keyed a name holding one with it is rebuilt.
  /// 33: a purchase that two imports, or an import and a migration, both recorded is counted once; `imports` in
  /// `meta`. 34: a trip whose end a line put before its start counts no time in its store's settled totals.
  /// 35: an unbuy read as it comes in fills its item's purchase window again from the purchases left, so one that
  /// names a purchase its machine did not make takes nothing from the window, as in a rebuild.
  /// 36: `wall.lag`, how far each machine's latest change is ordered after its own clock (a clock behind).
  static let version: Int32 = 36

  let database: Database

  private init(_ database: Database) { self.database = database }

  /// The columns of an entity's fields: the stamps of the changes that set them, in one column (`StampList`),
  /// then each field's value.
  static func columns<F, S, M>(_ table: [Field<F, S, M>]) -> [String] {
    ["stamps"] + table.map { "\"\($0.key)\"" }
  }

  /// The same columns as a list for SQL, written straight into one string: every command builds the schema from
  /// them to compare it with the cache's, and some of its queries too.
  static func columnList<F, S, M>(_ table: [Field<F, S, M>]) -> String {
    var text = "stamps"
    text.reserveCapacity(table.count * 20)
    for field in table {
      text += ", \""
      text += field.key
      text += "\""
    }
    return text
  }

  /// The tables and indexes, from the field tables; made once, as every command compares it with the cache's.
  static let schema: String = {
    """
    CREATE TABLE meta(key TEXT PRIMARY KEY, value) WITHOUT ROWID;
    CREATE TABLE log(machine TEXT PRIMARY KEY, offset INTEGER, lines INTEGER, last BLOB, check_ INTEGER, unwalled BLOB,
      length INTEGER, torn INTEGER, torn_check INTEGER);
    CREATE TABLE machine(id TEXT PRIMARY KEY, name TEXT, name_at BLOB);
    CREATE TABLE wall(machine INTEGER PRIMARY KEY, milliseconds INTEGER, lag INTEGER);
    CREATE TABLE category(id BLOB PRIMARY KEY, \(columnList(CategoryFields.table)), sum INTEGER);
    CREATE TABLE location(id BLOB PRIMARY KEY, \(columnList(LocationFields.table)), sum INTEGER);
    CREATE TABLE item(id BLOB PRIMARY KEY, key TEXT, \(columnList(ItemFields.table)), window BLOB,
      last INTEGER, learned INTEGER, bought INTEGER, sum INTEGER, twin INTEGER DEFAULT 0, spelled TEXT);
    CREATE INDEX item_key ON item(key, "category", "onList", "alive", "staple", last);
    CREATE INDEX item_on_list ON item("onList", "alive", key, "category");
    CREATE INDEX item_staple ON item("staple", "alive", key, "category");
    CREATE INDEX item_last ON item(last, key);
    CREATE INDEX item_bought ON item("alive", key, bought);
    CREATE INDEX item_restock ON item("staple", "onList", "alive", last, learned, key);
    CREATE INDEX item_twin ON item(key) WHERE twin = 1;
    CREATE INDEX item_spelled ON item(spelled, "alive") WHERE spelled IS NOT NULL;
    CREATE INDEX item_located ON item("alive", "locations", key) WHERE length("locations") > 0;
    CREATE INDEX item_unfolded ON item("alive", key, "name") WHERE \(unfolded);
    CREATE INDEX item_id_key ON item(id, key);
    CREATE TABLE purchase(item BLOB, change TEXT, stamp BLOB, day INTEGER, quantity INTEGER, by TEXT);
    CREATE INDEX purchase_item ON purchase(item, day);
    CREATE INDEX purchase_day ON purchase(day, item, stamp, quantity, by);
    CREATE TABLE trip(id BLOB PRIMARY KEY, machine INTEGER, \(columnList(TripFields.table)), bought BLOB,
      kept INTEGER);
    CREATE TABLE settled(location BLOB PRIMARY KEY, trips INTEGER, milliseconds INTEGER, items INTEGER,
      latest BLOB, latest_trip BLOB);
    CREATE TABLE undo(seq INTEGER PRIMARY KEY AUTOINCREMENT, machine TEXT, id TEXT, offset INTEGER,
      length INTEGER, summary TEXT, at BLOB, seen TEXT);
    CREATE TABLE refused(machine TEXT, line INTEGER, field TEXT, reason TEXT, version INTEGER, earlier INTEGER);
    CREATE TABLE refused_count(machine TEXT PRIMARY KEY, kept INTEGER, newer INTEGER, copies INTEGER,
      more INTEGER);
    -- Log lines of versions up to \(Change.version) folded: a grocery that reads newer ones rebuilds.
    """
  }()

  /// The keys an import folds again: those not in ASCII, with two spaces running or with white space around them.
  /// The index of their items holds these alone, so that an import of a few lines does not read every name.
  static let unfolded = "length(CAST(key AS BLOB)) != length(key) OR instr(key, '  ') > 0 OR key != trim(key)"

  /// Opens the cache at `path` when it is one of this layout for `folder`; nil when it is missing or must be
  /// rebuilt. A failure that is not damage (a full disk) is thrown, and the file left as it is. Damage, and tables
  /// or indexes changed since the cache was made (its schema cookie moved), are told to `damaged` (for `check`).
  static func open(_ path: String, folder: String, damaged: (String) -> Void = { _ in }) throws
    -> HouseholdCache?
  {
    guard let info = try FileSystem.status(path, followingLinks: false) else { return nil }
    // A FIFO, a device or an empty folder in its place (made by hand) is no cache and holds nothing: rebuilt over,
    // where it was never replaced and every command read every log whole without a word (found by a trial).
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    // A link to no file, or to anything but a file, is replaced as that would be; one to a file is opened as
    // before (a cache kept elsewhere), and replaced when it holds no cache.
    case S_IFLNK:
      guard let target = try FileSystem.status(path), target.st_mode & S_IFMT == S_IFREG else { return nil }
    case S_IFDIR: if try FileSystem.entries(path).isEmpty { return nil }
    default: return nil
    }
    do {
      let cache = HouseholdCache(try Database(path: path, create: false))
      cache.database.waitWhenBusy(milliseconds: 10_000)
      // A page cache of 20 pages rather than SQLite's 2 MiB: a list or stats reads most pages once, in order,
      // and the pages it reads again are the file system's to keep. Every page the cache holds is fresh memory
      // the kernel must hand over, a page fault each: with 20, a household's `list` and `stats` fault 20 to 50
      // times fewer and run 2 to 3 % faster, a list of 100,000 items no slower (docs/benchmarks.md).
      try cache.database.execute(noSync + "; PRAGMA cache_size=20")
      guard
        let (layout, cookie) = try cache.database.statement(
          "SELECT * FROM pragma_user_version, pragma_schema_version"
        ).first({ ($0.integer(0), $0.integer(1)) }),
        layout == Int64(version)
      else { return nil }
      guard try cache.meta("schema") == .text(schema), try cache.meta("folder") == .text(folder) else {
        return nil
      }
      // SQLite moves the cookie with every table or index made or dropped: one dropped by hand would fail every
      // statement that names it.
      guard try cache.meta("cookie") == .integer(cookie) else {
        damaged("its tables or indexes were changed")
        return nil
      }
      return cache
    } catch let failure as Database.Failure where failure.isDamage {
      damaged(failure.message)
      return nil
    }
  }

  /// Makes a new, empty cache at `path` (removing whatever was there), readable by this user only.
  ///
  /// `fill` writes the household into it, with no journal, since a half-filled file is never used: the new
  /// cache is made beside the old one and renamed over it once whole, so a crash leaves one or the other.
  ///
  /// Where the disk is too full for the new one beside the old, the old one, which is replaced anyway (missing,
  /// stale or damaged), goes first and the new one is made again: a damaged cache bigger than the room left was
  /// otherwise never rebuilt, and every command read every log (found by a trial). A crash then leaves none, which
  /// the next command rebuilds.
  static func create(_ path: String, folder: String, fill: (HouseholdCache) throws -> Void) throws
    -> HouseholdCache
  {
    do {
      return try make(path, folder: folder, fill: fill)
    } catch let failure as Database.Failure where failure.isFull {
      guard try FileSystem.status(path) != nil else { throw failure }
      for suffix in ["", "-wal", "-shm", "-journal"] { _ = SystemCall.remove(path + suffix) }
      return try make(path, folder: folder, fill: fill)
    }
  }

  private static func make(_ path: String, folder: String, fill: (HouseholdCache) throws -> Void) throws
    -> HouseholdCache
  {
    let temporary = path + ".new-\(getpid())"
    for suffix in ["", "-wal", "-shm", "-journal"] { _ = SystemCall.remove(temporary + suffix) }
    defer { _ = SystemCall.remove(temporary) }
    try createPrivately(temporary)
    do {
      let cache = HouseholdCache(try Database(path: temporary, create: true))
      try cache.database.execute("PRAGMA journal_mode=OFF; " + noSync)
      try cache.database.writing {
        try cache.database.execute(schema + "\nPRAGMA user_version = \(version);")
        guard let cookie = try cache.database.statement("PRAGMA schema_version").first({ $0.integer(0) })
        else {
          throw Database.Failure(code: 0, message: "no schema version")
        }
        try cache.setMeta("cookie", .integer(cookie))
        try cache.setMeta("schema", .text(schema))
        try cache.setMeta("folder", .text(folder))
        try fill(cache)
      }
      try cache.database.execute("PRAGMA journal_mode=WAL")
    }
    // Another grocery's journal of the old cache must not be replayed into the new one.
    for suffix in ["-wal", "-shm", "-journal"] { _ = SystemCall.remove(path + suffix) }
    // An empty folder in its place goes; one that holds files is left, and the cache cannot be made.
    _ = SystemCall.removeFolder(path)
    if case .failure = SystemCall.move(temporary, to: path) {
      throw Database.Failure(code: 0, message: "cannot rename the new cache", path: path)
    }
    guard let cache = try open(path, folder: folder) else {
      throw Database.Failure(code: 0, message: "the new cache cannot be opened", path: path)
    }
    return cache
  }

  /// The cache is never flushed to disk: the logs are, and a process killed at any moment still leaves the old
  /// cache or the new one. Flushing made every change wait for two more disk writes.
  static let noSync = "PRAGMA synchronous=OFF"
  /// How many items a fold touches before its save is given a page cache of 16 MiB.
  static let manyItems = 2_000

  // MARK: - Meta

  func meta(_ key: String) throws -> SQLValue? {
    try database.statement("SELECT value FROM meta WHERE key = ?").bind(.text(key)).first { $0.value(0) }
  }

  func setMeta(_ key: String, _ value: SQLValue) throws {
    try database.statement("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)").bind(.text(key), value)
      .run()
  }

  // MARK: - Positions

  func positions() throws -> [String: ChangeLog.Position] {
    let s = try database.statement(
      "SELECT machine, offset, lines, last, check_, unwalled, length, torn, torn_check FROM log")
    var result: [String: ChangeLog.Position] = [:]
    while try s.step() {
      guard let last = s.stamp(3), let unwalled = s.stamp(5) else {
        throw Database.Failure(code: 0, message: "bad stamp")
      }
      result[s.text(0)] = ChangeLog.Position(
        offset: Int(s.integer(1)), lines: Int(s.integer(2)), last: last, unwalled: unwalled,
        check: UInt64(bitPattern: s.integer(4)), length: Int(s.integer(6)), torn: Int(s.integer(7)),
        tornCheck: UInt64(bitPattern: s.integer(8)))
    }
    return result
  }

  func save(positions: [String: ChangeLog.Position]) throws {
    let s = try database.statement(
      "INSERT OR REPLACE INTO log(machine, offset, lines, last, check_, unwalled, length, torn, torn_check)"
        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
    for (machine, position) in positions {
      s.reset()
      try s.bind(
        .text(machine), .integer(Int64(position.offset)), .integer(Int64(position.lines)),
        .blob(position.last.bytes), .integer(Int64(bitPattern: position.check)),
        .blob(position.unwalled.bytes), .integer(Int64(position.length)), .integer(Int64(position.torn)),
        .integer(Int64(bitPattern: position.tornCheck))
      ).run()
    }
  }

  // MARK: - The household without its items

  /// Loads everything but the items: categories, locations, machines, the general order, the newest stamp and the
  /// kept trips.
  func loadBase() throws -> HouseholdState {
    var state = HouseholdState()
    if case .blob(let bytes)? = try meta("latest") { state.latest = Stamp(bytes: bytes) ?? .zero }
    if case .blob(let bytes)? = try meta("followable") { state.followable = Stamp(bytes: bytes) ?? .zero }
    if case .text(let ids)? = try meta("migrations") {
      state.migrations = Set(ids.split(separator: "\n").map(String.init))
    }
    if case .text(let ids)? = try meta("imports") {
      state.imports = Set(ids.split(separator: "\n").map(String.init))
    }
    let walls = try database.statement("SELECT machine, milliseconds, lag FROM wall")
    while try walls.step() {
      let machine = UInt64(bitPattern: walls.integer(0))
      state.walls[machine] = walls.integer(1)
      state.lags[machine] = walls.integer(2)
    }
    if let ids = try meta("order").flatMap({ [UUID](sql: $0) }), case .blob(let at)? = try meta("order_at") {
      state.order = Register(ids, Stamp(bytes: at) ?? .zero)
    }
    let machines = try database.statement("SELECT id, name, name_at FROM machine")
    while try machines.step() {
      state.machines[machines.text(0)] = Register(machines.text(1), machines.stamp(2) ?? .zero)
    }
    state.categories = try loadEntities("category", CategoryFields.table, CategoryState())
    state.locations = try loadEntities("location", LocationFields.table, LocationState())
    state.trips = try loadTrips()
    return state
  }

  private func loadEntities<F, S, M>(_ name: String, _ table: [Field<F, S, M>], _ empty: S) throws -> [UUID:
    S]
  {
    let s = try database.statement(
      "SELECT id, \(Self.columnList(table)), sum FROM \(name)")
    var result: [UUID: S] = [:]
    while try s.step() {
      var row = RowReader(s)
      guard let id = row.blob({ UUIDText.id($0) }) ?? nil else {
        throw Database.Failure(code: 0, message: "bad id")
      }
      var entity = empty
      guard try Self.read(&entity, table, &row).isEmpty else {
        throw Database.Failure(code: 0, message: "bad stamps")
      }
      try row.check()
      result[id] = entity
    }
    return result
  }

  /// Reads the fields' stamps, then their values in the table's order, from the row's next columns; returns the
  /// stamps the column holds after the fields' (an item's newest change and each machine's newest).
  private static func read<F, S, M>(_ entity: inout S, _ table: [Field<F, S, M>], _ row: inout RowReader)
    throws -> ArraySlice<Stamp>
  {
    guard let stamps = row.blob(StampList.stamps) ?? nil, stamps.count >= table.count else {
      throw Database.Failure(code: 0, message: "bad stamps")
    }
    for (field, stamp) in zip(table, stamps) {
      guard field.load(&entity, row.value(), stamp) else {
        throw Database.Failure(code: 0, message: "bad value of \(field.key)")
      }
    }
    return stamps[table.count...]
  }

  /// The values of the entity's fields, in the table's order, after the column of their stamps (with `more`
  /// after the fields' own).
  private static func values<F, S, M>(_ entity: S, _ table: [Field<F, S, M>], more: [Stamp] = [])
    -> [SQLValue]
  {
    var values: [SQLValue] = [.null]
    var stamps: [Stamp] = []
    values.reserveCapacity(table.count + 1)
    stamps.reserveCapacity(table.count + more.count)
    for field in table {
      let (value, stamp) = field.save(entity)
      values.append(value)
      stamps.append(stamp)
    }
    values[0] = .blob(StampList.bytes(stamps + more))
    return values
  }

  /// Binds the values, then their checksum, and runs the statement.
  private static func bindSummed(_ values: [SQLValue], _ s: Statement) throws {
    for (index, value) in values.enumerated() { s.bind(value, at: Int32(index + 1)) }
    s.bind(.integer(sum(values)), at: Int32(values.count + 1))
    try s.run()
  }

  /// FNV-1a over the values, each with its kind and length, so that no two rows share a sum by accident.
  static func sum(_ values: [SQLValue]) -> Int64 {
    var hash = RowSum()
    for value in values {
      switch value {
      case .null: hash.addNull()
      case .integer(let n): hash.add(integer: n)
      case .text(var t): t.withUTF8 { hash.add(text: UnsafeRawBufferPointer($0)) }
      case .blob(let b): b.withUnsafeBytes { hash.add(blob: $0) }
      }
    }
    return hash.value
  }

  private static func bind<F, S, M>(_ entity: S, _ table: [Field<F, S, M>], _ s: Statement, from: Int32) {
    for (index, value) in values(entity, table).enumerated() { s.bind(value, at: from + Int32(index)) }
  }

  private func saveEntities<F, S, M>(_ name: String, _ table: [Field<F, S, M>], _ entities: [(UUID, S)])
    throws
  {
    if entities.isEmpty { return }
    let columns = Self.columns(table)
    let s = try database.statement(
      "INSERT OR REPLACE INTO \(name)(id, \(columns.joinedText(separator: ", ")), sum) VALUES (?"
        + String(repeating: ", ?", count: columns.count + 1) + ")")
    for (id, entity) in entities {
      s.reset()
      try Self.bindSummed([id.sql] + Self.values(entity, table), s)
    }
  }

  // MARK: - Items

  /// The item table's columns in the order rows are read and written; every one but the last (`sum`) is summed.
  private static let itemColumnNames =
    ["id", "key"] + columns(ItemFields.table) + ["window", "last", "learned", "bought", "sum"]
  private static let itemColumns = itemColumnNames.joinedText(separator: ", ")

  /// The condition that picks the rows a read of the scope loads (with every row of each name it picks, where the
  /// scope is of names); nil for the scopes that name their rows or the names typed.
  private static func listed(_ query: ItemScope) -> String? {
    switch query {
    case .all: return "1"
    case .living: return "\"alive\" = 1"
    case .shopping(let since):
      return "key IN (SELECT key FROM item WHERE \"onList\" = 1 AND \"alive\" = 1"
        + " UNION SELECT key FROM item WHERE last >= \(since.ordinal))"
    case .boughtDuring(let days):
      // The keys from an index alone, without reading the rows of the ids bought.
      return "\"alive\" = 1 AND key IN (SELECT key FROM item INDEXED BY item_id_key"
        + " WHERE id IN (SELECT item FROM purchase"
        + " WHERE day BETWEEN \(days.lowerBound.ordinal) AND \(days.upperBound.ordinal)))"
    case .onList, .staples:
      let flag = flag(of: query)!.column
      return "key IN (SELECT key FROM item WHERE \(flag) = 1 AND \"alive\" = 1)"
    case .keys, .ids, .restock, .resolving, .completing, .inCategory, .atStore, .importing: return nil
    }
  }

  /// The column a list's scope picks its rows by, the index that holds the rows it marks with their keys and
  /// categories, and the count of those rows the cache keeps: nil for a scope that is not of one flag.
  private static func flag(of query: ItemScope) -> (
    column: String, index: String, counted: KeyPath<ListedCounts, Int>
  )? {
    switch query {
    case .shopping, .onList: return ("\"onList\"", "item_on_list", \.onList)
    case .staples: return ("\"staple\"", "item_staple", \.staples)
    default: return nil
    }
  }

  /// Every living row a list of the scope can show, by its row number, name key and category id, in key order,
  /// for `HouseholdStore.walkList`, which then reads the rows a few names at a time in walk order. Nil for a
  /// scope that names its rows or the names typed.
  ///
  /// For a scope of one flag (the shopping list, the staples), the rows it marks come from its index alone, which
  /// holds their keys and categories; merged with the rows of the same names it does not mark, found by their
  /// twin mark (a name two ids share, only one of them on the list), and for a shopping list with every row of a
  /// name bought since the day. So it reads what the list shows, not every row, and looks no key up twice: at
  /// 100,000 items, picking the keys first and each key's rows after took a seventh of a list's time. For every
  /// item (`list --all`), the living rows in key order from the name index.
  func listRows(_ query: ItemScope) throws -> [(row: Int64, key: String, value: UUID?)]? {
    // A removed item is in no view: its rows are not read, however often a name was removed and added again.
    // The rows the index picks by the flag come marked, and are counted against what the cache's changes counted
    // (`ListedCounts`): a row gone, or its flag or its index entry changed by hand or by a flipped bit, would
    // otherwise leave an item out of the list with nothing said. A count that differs is damage.
    let sql: String
    let counted: KeyPath<ListedCounts, Int>?
    if let (flag, index, count) = Self.flag(of: query) {
      var others =
        "SELECT key FROM item INDEXED BY \(index) WHERE \(flag) = 1 AND \"alive\" = 1"
        + " AND key IN (SELECT key FROM item INDEXED BY item_twin WHERE twin = 1)"
      if case .shopping(let since) = query {
        others = "SELECT key FROM item WHERE last >= \(since.ordinal) UNION " + others
      }
      sql =
        "SELECT rowid, key, \"category\", 1 FROM item INDEXED BY \(index)"
        + " WHERE \(flag) = 1 AND \"alive\" = 1 AND key IS NOT NULL"
        + " UNION ALL SELECT rowid, key, \"category\", 0 FROM item INDEXED BY item_key"
        + " WHERE key IN (\(others)) AND \"alive\" = 1 AND \(flag) IS NOT 1 ORDER BY key"
      counted = count
    } else if let picked = Self.listed(query) {
      // Every living row, for `list --all`, is all the cache counts; a part of them is not counted.
      sql =
        "SELECT rowid, key, \"category\", 1 FROM item INDEXED BY item_key"
        + " WHERE \"alive\" = 1 AND key IS NOT NULL AND (\(picked)) ORDER BY key"
      counted = query == .all ? \.living : nil
    } else {
      return nil
    }
    let s = try database.statement(sql)
    var result: [(row: Int64, key: String, value: UUID?)] = []
    // The rows the count says, made room for at once: an array grown by doubling held the old one beside the new,
    // at a long list's peak of memory. A count a damaged file gives makes room for no more than a million.
    let expected = try counted.map { try listedCounts()[keyPath: $0] }
    result.reserveCapacity(min(max(expected ?? 0, 0), 1 << 20))
    var marked = 0
    while try s.step() {
      result.append((s.integer(0), s.text(1), s.withBlob(2) { UUIDText.id($0) } ?? nil))
      marked += Int(s.integer(3))
    }
    if let expected, marked != expected {
      throw Database.Failure(code: 0, message: "an index does not hold the rows the cache counted")
    }
    return result
  }

  /// The living named rows, and those of them on the list and staples, as the cache's changes counted them.
  func listedCounts() throws -> ListedCounts {
    guard case .blob(let bytes)? = try meta("counts") else { return ListedCounts() }
    return try bytes.withUnsafeBytes { try ListedCounts(bytes: $0) }
  }

  /// Every living item's row by its row number, name key and times bought (kept in the `bought` column), for
  /// `HouseholdStore.walkStats`, which orders the names by them before reading any item; from an index alone.
  func boughtRows() throws -> [(row: Int64, key: String, value: Int)] {
    try nameRows(
      "SELECT rowid, key, bought FROM item INDEXED BY item_bought WHERE \"alive\" = 1 AND key IS NOT NULL"
    ) { Int($0.integer(2)) }
  }

  /// The keys a query of keys gives.
  private func selectKeys(_ sql: String, _ values: [SQLValue]) throws -> [String] {
    let s = try database.statement(sql)
    for (index, value) in values.enumerated() { s.bind(value, at: Int32(index + 1)) }
    var keys: [String] = []
    while try s.step() { keys.append(s.text(0)) }
    return keys
  }

  /// The condition that a text column starts with `prefix`, as a range an index can seek, with the values it
  /// binds: from `prefix` up to the least text after every one that starts with it (SQLite compares text by its
  /// UTF-8 bytes, which orders it by scalars): `prefix` with its last scalar below U+10FFFF one higher and what
  /// follows that dropped. With no such scalar (no prefix, or U+10FFFF alone), every text from `prefix` on.
  static func starting(_ column: String, _ prefix: String) -> (sql: String, values: [SQLValue]) {
    var scalars = Array(prefix.unicodeScalars)
    while let last = scalars.popLast() {
      guard let next = Unicode.Scalar(last.value == 0xD7FF ? 0xE000 : last.value + 1) else { continue }
      // One scalar at a time: appending the array at once made the runtime look up its element type by name.
      var end = String.UnicodeScalarView()
      for scalar in scalars { end.append(scalar) }
      end.append(next)
      return ("\(column) >= ? AND \(column) < ?", [.text(prefix), .text(String(end))])
    }
    return ("\(column) >= ?", [.text(prefix)])
  }

  /// Loads the living rows of a name key, returning how many. A removed item is in no view, and a name removed
  /// and added again every week for years would otherwise bring every removed row into every change naming it.
  private func loadLiving(_ key: String, into state: inout HouseholdState) throws -> Int {
    let s = try database.statement(
      "SELECT \(Self.itemColumns) FROM item WHERE key = ? AND \"alive\" = 1")
    s.bind(.text(key), at: 1)
    return try loadItems(s, into: &state)
  }

  /// The rows a query selects as row number, name key and a third column, for `NameGroups`.
  private func nameRows<Value>(_ sql: String, value: (Statement) -> Value) throws -> [(
    row: Int64, key: String, value: Value
  )] {
    let s = try database.statement(sql)
    var result: [(row: Int64, key: String, value: Value)] = []
    while try s.step() { result.append((s.integer(0), s.text(1), value(s))) }
    return result
  }

  /// Loads the rows with these numbers into `state`.
  ///
  /// They are asked for `batch` at a time (the last batch filled out with a row number no row has), so that a
  /// list of thousands runs a few statements, not one for each row.
  func loadItems(rows: some Sequence<Int64>, into state: inout HouseholdState) throws {
    try eachBatch(of: rows) { try loadItems($0, into: &state) }
  }

  /// Runs the statement that reads every column of the rows with these numbers, `batch` rows at a time, handing
  /// it to `body` to step through.
  private func eachBatch(of rows: some Sequence<Int64>, _ body: (Statement) throws -> Void) throws {
    let batch = 64
    let s = try database.statement(
      "SELECT \(Self.itemColumns) FROM item WHERE rowid IN (?" + String(repeating: ", ?", count: batch - 1)
        + ")")
    let rows = Array(rows)
    for first in stride(from: 0, to: rows.count, by: batch) {
      s.reset()
      for index in 0..<batch {
        s.bind(.integer(first + index < rows.count ? rows[first + index] : 0), at: Int32(index + 1))
      }
      try body(s)
    }
  }

  /// What `stats` needs of the rows with these numbers, read without building their items: each one's id, name,
  /// the days of its window's purchases and how many were made before them. Every column still goes through the
  /// row's checksum.
  func boughtFigures(rows: some Sequence<Int64>) throws -> [(
    id: UUID, name: String, days: [Day], earlier: Int
  )] {
    var result: [(id: UUID, name: String, days: [Day], earlier: Int)] = []
    try eachBatch(of: rows) { s in
      while try s.step() {
        var row = RowReader(s)
        guard let id = row.blob({ UUIDText.id($0) }) ?? nil else {
          throw Database.Failure(code: 0, message: "bad id")
        }
        row.skip()  // The key, which the name gives.
        row.skip()  // The stamps.
        var item = ItemState()
        for field in ItemFields.table {
          guard field.key == "name" else {
            row.skip()
            continue
          }
          guard field.load(&item, row.value(), .zero) else {
            throw Database.Failure(code: 0, message: "bad value of \(field.key)")
          }
        }
        guard let window = try row.blob(Self.windowDays) else {
          throw Database.Failure(code: 0, message: "bad purchase window")
        }
        for _ in 0..<3 { row.skip() }  // Last bought, the learned cadence and times bought.
        try row.check()
        if let name = item.name.value { result.append((id, name, window.days, window.earlier)) }
      }
    }
    return result
  }

  /// Loads the items the query names into `state`.
  func loadItems(_ query: ItemScope, into state: inout HouseholdState) throws {
    let select = "SELECT \(Self.itemColumns) FROM item"
    if let condition = Self.listed(query) {
      try loadItems(
        try database.statement(query == .all ? select : select + " WHERE " + condition), into: &state)
      return
    }
    switch query {
    case .all, .living, .shopping, .boughtDuring, .onList, .staples: return
    case .restock(let policy, let today):
      // Staples off the list; for `.due`, only those due by the horizon as `Cadence` reckons it from the columns
      // kept for it (read from an index alone), and those last bought on a day too far ahead to count, which
      // `Cadence` reckons from the purchases before it. Items whose name another id shares are read whole, since
      // their view merges fields no one row holds together.
      var due = ""
      if case .due(let within, let every) = policy {
        due =
          " AND (last IS NULL OR last > \(today.ordinal + Cadence.clockSlack)"
          + " OR last + max(1, coalesce(learned, \(every))) <= \(today.ordinal + within))"
      }
      try loadItems(
        try database.statement(
          select
            + " WHERE \"alive\" = 1 AND key IN (SELECT key FROM item WHERE \"staple\" = 1 AND \"onList\" = 0"
            + " AND \"alive\" = 1\(due) UNION SELECT key FROM item WHERE twin = 1)"), into: &state)
    case .keys(let keys):
      // What `Names.match` takes, in its order: the name the key is; else every name that is it as paper spells
      // it (`strasse` is `Straße`); else the one name it is the start of as paper spells them, when that is one
      // name: of several (two are read) or none, the command fails here and runs again on `.resolving`, for its
      // error.
      // Only a household with a name spelled otherwise than its key (`Straße`, `Œufs`) has `spelled` to ask.
      let spelledNames = try meta("spelled") != nil
      for key in Set(keys) where try loadLiving(key, into: &state) == 0 {
        let spelled = Names.spelledKey(key)
        // Every name so spelled, as matching takes the first of them: those whose key is the spelling (`oeufs`
        // kept, `Œufs` typed; a name in plain letters has no `spelled`), and those spelled so (`Øeufs`).
        var same = spelled != key ? try loadLiving(spelled, into: &state) : 0
        if spelledNames {
          for key in try selectKeys(
            "SELECT DISTINCT key FROM item WHERE spelled = ? AND \"alive\" = 1", [.text(spelled)])
          {
            same += try loadLiving(key, into: &state)
          }
        }
        if same > 0 { continue }
        let (byKey, bySpelling) = (Self.starting("key", spelled), Self.starting("spelled", spelled))
        var started = try selectKeys(
          "SELECT DISTINCT key FROM item WHERE \(byKey.sql) AND \"alive\" = 1 LIMIT 2", byKey.values)
        if spelledNames {
          started += try selectKeys(
            "SELECT DISTINCT key FROM item WHERE \(bySpelling.sql) AND \"alive\" = 1 LIMIT 2",
            bySpelling.values)
        }
        // Both of two are read, so that the name is ambiguous among what is read as among every name: an item read
        // for another name of the command (`buy apple 'apple juice'`) must not make it look the start of one.
        for key in Set(started) { _ = try loadLiving(key, into: &state) }
      }
    case .resolving(let keys):
      // Every living item's key, from an index alone, where keys that start alike are together, each looked at in
      // place: a typo among 100,000 names makes a `String` only of those it keeps. A key two items have (twins)
      // comes twice, where SQLite's DISTINCT doubled the time of the read.
      var scans = Set(keys).map { InvolvedKeys(of: $0) }
      var living = 0
      let s = try database.statement(
        "SELECT key FROM item INDEXED BY item_bought WHERE \"alive\" = 1 AND key IS NOT NULL")
      while try s.step() {
        living += 1
        s.withText(0) { text in
          let bytes = text.assumingMemoryBound(to: UInt8.self)
          for index in scans.indices { scans[index].consider(key: bytes) }
        }
      }
      let involved = Set(scans.flatMap(\.keys))
      // A prefix hundreds of names start with (and an eighth of them): one pass over the table costs less than a
      // statement a name.
      if involved.count > max(256, living / 8) {
        try loadItems(try database.statement(select), into: &state)
        return
      }
      for key in involved { _ = try loadLiving(key, into: &state) }
    case .completing(let typed):
      // A name is a completion when its key, or its spelling on paper, starts as the typed text's do
      // (`Names.completions`); a name spelled as its key keeps no `spelled`. Every row of a name two ids share is
      // read, since its view shows the newest of their names.
      let (key, spelled) = (Names.key(typed), Names.spelledKey(typed))
      let ranges = [
        Self.starting("key", key), Self.starting("key", spelled), Self.starting("spelled", spelled),
      ]
      let s = try database.statement(
        select + " WHERE \"alive\" = 1 AND key IN (SELECT key FROM item WHERE "
          + ranges.map { "(" + $0.sql + ")" }.joinedText(separator: " OR ") + ")")
      for (index, value) in ranges.flatMap(\.values).enumerated() { s.bind(value, at: Int32(index + 1)) }
      try loadItems(s, into: &state)
    case .inCategory(let typed), .atStore(let typed):
      // Every category (or store) the name can mean, as it is or as paper spells it, and all shown as one with
      // it, which share its key: the read holds them all already. The name is taken as the command takes it,
      // without the white space around it. A store is one of an item's ids.
      let name = Names.trimmed(typed)
      let (key, spelled) = (Names.key(name), Names.spelledKey(name))
      func means(_ name: String?) -> Bool {
        name.map { Names.key($0) == key || Names.spelledKey($0) == spelled } ?? false
      }
      let isCategory: Bool
      if case .inCategory = query { isCategory = true } else { isCategory = false }
      let ids =
        isCategory
        ? state.categories.filter { means($0.value.name.value) }.map(\.key)
        : state.locations.filter { means($0.value.name.value) }.map(\.key)
      if ids.isEmpty { return }
      // A category is in the name index; a store in the index of the items limited to stores (which only a
      // query that says it holds those alone may read). Each is read alone.
      let (test, index) =
        isCategory
        ? ("\"category\" = ?", " INDEXED BY item_key WHERE")
        : ("instr(\"locations\", ?) > 0", " INDEXED BY item_located WHERE length(\"locations\") > 0 AND")
      let s = try database.statement(
        select + " WHERE \"alive\" = 1 AND key IN (SELECT key FROM item\(index) \"alive\" = 1 AND ("
          + ids.map { _ in test }.joinedText(separator: " OR ") + "))")
      for (index, id) in ids.enumerated() { s.bind(id.sql, at: Int32(index + 1)) }
      try loadItems(s, into: &state)
    case .importing(let keys, let spelled, let folded, let ids):
      var wanted = Set(keys)
      // Names paper spells alike: those whose key is the spelling, and those that keep it as `spelled`.
      let spelledNames = try meta("spelled") != nil
      for spelling in Set(spelled) {
        wanted.insert(spelling)
        guard spelledNames else { continue }
        for key in try selectKeys(
          "SELECT DISTINCT key FROM item WHERE spelled = ? AND \"alive\" = 1", [.text(spelling)])
        {
          wanted.insert(key)
        }
      }
      if folded {
        // A name whose key is in ASCII with no two spaces running folds to its key; any other is folded as it is
        // (a mark dropped beside a space leaves two spaces that folding the name would have made one), from the
        // rows the index picks. A name is trimmed and holds no control character, as every log line is checked
        // to be.
        // Its spelling on paper too, once folded (`Weiß‑wein`, its hyphen not ASCII's, is `weiss-wein`).
        let (matching, spellings) = (wanted, Set(spelled))
        let s = try database.statement(
          "SELECT DISTINCT key, \"name\" FROM item INDEXED BY item_unfolded WHERE \"alive\" = 1 AND (\(Self.unfolded))"
        )
        while try s.step() {
          if s.isNull(1) { continue }
          let name = s.text(1)
          if matching.contains(ImportName.key(name))
            || !spellings.isEmpty && spellings.contains(ImportName.spelledKey(name))
          {
            wanted.insert(s.text(0))
          }
        }
      }
      // A file of a good part of the household (a backup brought back) is read in one pass over the table, which
      // costs less than a statement a name.
      if wanted.count > 256 {
        let living = try database.statement(
          "SELECT count(*) FROM item INDEXED BY item_bought WHERE \"alive\" = 1"
        ).first { Int($0.integer(0)) }
        if let living, wanted.count > living / 8 {
          try loadItems(try database.statement(select + " WHERE \"alive\" = 1"), into: &state)
          wanted = []
        }
      }
      for key in wanted { _ = try loadLiving(key, into: &state) }
      try loadItems(.ids(ids), into: &state)
    case .ids(let ids):
      // Most reads name no ids (`.ids([])`, the base alone), and a change names the items it read already: no
      // statement is compiled for those (the item table's is the dearest to compile).
      let missing = Set(ids).filter { state.items[$0] == nil }
      if missing.isEmpty { return }
      let s = try database.statement(select + " WHERE id = ?")
      for id in missing {
        s.reset()
        s.bind(id.sql)
        try loadItems(s, into: &state)
      }
    }
  }

  /// Loads the rows the statement gives, returning how many.
  @discardableResult
  private func loadItems(_ s: Statement, into state: inout HouseholdState) throws -> Int {
    // Read into a list first, so that the table of items grows once instead of moving every state as it doubles.
    var loaded: [(UUID, ItemState)] = []
    while try s.step() {
      var row = RowReader(s)
      guard let id = row.blob({ UUIDText.id($0) }) ?? nil else {
        throw Database.Failure(code: 0, message: "bad id")
      }
      row.skip()  // The key, which the name gives.
      var item = ItemState()
      // After the fields' stamps, the item's newest change, then each machine's newest.
      let more = try Self.read(&item, ItemFields.table, &row)
      guard let updated = more.first else { throw Database.Failure(code: 0, message: "bad stamps") }
      item.updated = updated
      item.touched = Array(more.dropFirst())
      guard let window = try row.blob(Self.window) else {
        throw Database.Failure(code: 0, message: "bad purchase window")
      }
      item.purchases = window
      // Last bought, the learned cadence and times bought: kept for the indexes; the window gives them again.
      for _ in 0..<3 { row.skip() }
      try row.check()
      loaded.append((id, item))
    }
    state.items.reserveCapacity(state.items.count + loaded.count)
    for (id, item) in loaded { state.items[id] = item }
    return loaded.count
  }

  private func saveItems(_ ids: [UUID], of items: [UUID: ItemState]) throws {
    let count = Self.itemColumnNames.count
    // The name as paper spells it (`spelled`), where that is not its key, goes after the summed columns: like
    // the key and the twin mark, it only picks rows, and is never read back.
    let s = try database.statement(
      "INSERT OR REPLACE INTO item(\(Self.itemColumns), spelled, twin) VALUES (?"
        + String(repeating: ", ?", count: count + 1) + ")")
    // The keys whose twins may change: each item's new one and the one it had, unless it keeps both its key and
    // whether it lives (an everyday change), when it keeps its mark too and no other row's changes.
    var keys = Set<String>()
    var spelledNames = false
    let before = try database.statement(
      "SELECT key, \"alive\", twin, \"onList\", \"staple\" FROM item WHERE id = ?")
    // How the counts of listed rows change: each saved row's flags as it was taken away, as it is added.
    var change = ListedCounts()
    for id in ids {
      guard let item = items[id] else { continue }
      before.reset()
      before.bind(id.sql)
      let key = item.name.value.map { Names.key($0) }
      let alive = item.alive.value
      change.add(named: key != nil, alive: alive, onList: item.onList.value, staple: item.staple.value, by: 1)
      var twin: Int64 = 0
      let found = try before.step()
      if found {
        change.add(
          named: !before.isNull(0), alive: before.integer(1) == 1, onList: before.integer(3) == 1,
          staple: before.integer(4) == 1, by: -1)
      }
      if found, !before.isNull(0) {
        let (keyWas, aliveWas) = (before.text(0), before.integer(1) == 1)
        if keyWas == key && aliveWas == alive {
          twin = alive ? before.integer(2) : 0
        } else {
          keys.insert(keyWas)
          if let key { keys.insert(key) }
        }
      } else if let key {
        keys.insert(key)
      }
      s.reset()
      let spelled = key.map(Names.spelledKey)
      if spelled != key, let spelled {
        s.bind(.text(spelled), at: Int32(count + 1))
        spelledNames = true
      } else {
        s.bind(.null, at: Int32(count + 1))
      }
      s.bind(.integer(twin), at: Int32(count + 2))
      var values: [SQLValue] = [id.sql, key.map { .text($0) } ?? .null]
      values += Self.values(item, ItemFields.table, more: [item.updated] + item.touched)
      values += [
        .blob(Self.bytes(item.purchases)),
        item.purchases.entries.last.map { .integer(Int64($0.date.ordinal)) } ?? .null,
        Cadence.learned(item.purchases.entries.map(\.date)).map { .integer(Int64($0)) } ?? .null,
        .integer(Int64(item.purchases.earlier + item.purchases.entries.count)),
      ]
      try Self.bindSummed(values, s)
    }
    // Kept for good once set: a read of a typed name then also asks `spelled`.
    if spelledNames, try meta("spelled") == nil { try setMeta("spelled", .integer(1)) }
    if !keys.isEmpty { try markTwins(keys) }
    if change != ListedCounts() {
      var counts = try listedCounts()
      counts.add(change)
      try setMeta("counts", .blob(counts.bytes))
    }
  }

  /// Marks the living items whose name another living id shares (`twin`), whose view merges them, for the keys
  /// saved: a read that picks rows by their own columns (`restock --due`, a list's rows by its flag) must take
  /// those whole, and finds them by this mark alone. A removed item is in no view: a name removed and added again,
  /// year after year, leaves no twins to read.
  private func markTwins(_ keys: Set<String>) throws {
    if keys.count > 1000 {
      try database.execute(
        "UPDATE item SET twin = (\"alive\" = 1 AND key IN (SELECT key FROM item WHERE \"alive\" = 1 GROUP BY key"
          + " HAVING count(*) > 1))")
      return
    }
    // Only living rows whose mark changes are written, and only living rows are looked at (the index holds
    // "alive"): a name removed and added again for years has many removed rows, each unmarked for good when it
    // was saved removed (a saved row starts unmarked).
    let twin = "((SELECT count(*) FROM item WHERE key = ?1 AND \"alive\" = 1) > 1)"
    let mark = try database.statement(
      "UPDATE item SET twin = \(twin) WHERE key = ?1 AND \"alive\" = 1 AND twin IS NOT \(twin)")
    for key in keys {
      mark.reset()
      mark.bind(.text(key))
      try mark.run()
    }
  }

  static func bytes(_ window: PurchaseWindow) -> [UInt8] {
    var w = ByteWriter()
    w.integer(Int64(window.earlier))
    w.integer(Int64(window.dayCount))
    w.integer(Int64(window.entries.count))
    for entry in window.entries {
      w.integer(Int64(entry.date.ordinal))
      w.integer(Int64(entry.quantity))
      w.integer(Int64(bitPattern: entry.machine))
      w.text(entry.by)
    }
    return w.bytes
  }

  static func window(_ bytes: UnsafeRawBufferPointer) throws -> PurchaseWindow {
    var r = ByteReader(bytes)
    var window = PurchaseWindow()
    window.earlier = Int(try r.integer())
    window.dayCount = Int(try r.integer())
    let count = try r.integer()
    // Room for them all at once (an entry takes at least 32 bytes), where growing as they come made and freed
    // three or four arrays an item: a list of 33,000 items spent 3 % of its time there.
    window.entries.reserveCapacity(Int(max(0, min(count, Int64(bytes.count / 32)))))
    for _ in 0..<max(0, count) {
      window.entries.append(
        PurchaseWindow.Entry(
          date: Day(ordinal: Int(try r.integer())), quantity: Int(try r.integer()),
          machine: UInt64(bitPattern: try r.integer()), by: try r.text()))
    }
    return window
  }

  /// The days of a stored window's purchases, oldest first, and how many were made before them, as `window`
  /// would give them: what `stats` needs, read without building the entries (a window twenty years old is full,
  /// one a year old often is not).
  static func windowDays(_ bytes: UnsafeRawBufferPointer) throws -> (days: [Day], earlier: Int) {
    var r = ByteReader(bytes)
    let earlier = Int(try r.integer())
    _ = try r.integer()  // How many days.
    let count = try r.integer()
    var days: [Day] = []
    days.reserveCapacity(Int(max(0, min(count, Int64(bytes.count / 32)))))
    for _ in 0..<max(0, count) {
      days.append(Day(ordinal: Int(try r.integer())))
      try r.skip(integers: 2)  // The quantity and the machine.
      try r.skipText()  // The buyer.
    }
    return (days, earlier)
  }

  // MARK: - Trips

  /// Whether a state folded on from this cache must be folded from every log instead: as the fold says, or where a
  /// trip taken back freed a place among its machine's kept trips (`TripBook.freed`) and the cache holds a trip of
  /// that machine the book let go, which a rebuild keeps again. That is asked only then, of the trip table (no
  /// index: it is looked through to the first such trip, on this rare path alone).
  func needsRebuild(_ state: HouseholdState) throws -> Bool {
    if state.needsRebuild { return true }
    for machine in state.trips.freed {
      let s = try database.statement("SELECT 1 FROM trip WHERE machine = ? AND kept = 0 LIMIT 1")
      s.bind(.integer(Int64(bitPattern: machine)), at: 1)
      if try s.step() { return true }
    }
    return false
  }

  /// Every trip, the ones the trip book no longer keeps too: for `trip --list` and the walk order it learns.
  func allTrips() throws -> [UUID: TripState] {
    try database.reading { try loadTrips(keptOnly: false).trips }
  }

  private func loadTrips(keptOnly: Bool = true) throws -> TripBook {
    var book = TripBook()
    let s = try database.statement(
      "SELECT id, machine, \(Self.columnList(TripFields.table)), bought FROM trip"
        + (keptOnly ? " WHERE kept = 1" : ""))
    while try s.step() {
      // A trip row has no checksum: what it holds is checked as it is read.
      var row = RowReader(s)
      guard let id = row.blob({ UUIDText.id($0) }) ?? nil else {
        throw Database.Failure(code: 0, message: "bad id")
      }
      var trip = TripState()
      trip.machine = UInt64(bitPattern: s.integer(1))
      row.skip()
      guard try Self.read(&trip, TripFields.table, &row).isEmpty else {
        throw Database.Failure(code: 0, message: "bad stamps")
      }
      try row.blob { bytes in
        var r = ByteReader(bytes)
        while !r.isAtEnd {
          guard let change = try r.text(), let item = UUIDText.id(try r.raw()[...]) else {
            throw Database.Failure(code: 0, message: "bad trip purchase")
          }
          let category = try r.raw()
          trip.purchases.append(
            TripState.Bought(
              change: change, item: item, category: UUIDText.id(category[...]),
              quantity: Int(try r.integer()),
              at: try r.integer()))
        }
      }
      book.trips[id] = trip
    }
    let settled = try database.statement(
      "SELECT location, trips, milliseconds, items, latest, latest_trip FROM settled")
    while try settled.step() {
      let location = UUIDText.id(settled.blob(0)[...])
      var totals = SettledTrips()
      totals.trips = Int(settled.integer(1))
      totals.milliseconds = settled.integer(2)
      totals.items = Int(settled.integer(3))
      totals.latest = settled.stamp(4) ?? .zero
      totals.latestTrip = UUIDText.id(settled.blob(5)[...]) ?? totals.latestTrip
      book.settled[location] = totals
    }
    return book
  }

  /// Writes the trips the book keeps, and keeps the ones it has let go since it was loaded, for `trip --list`.
  private func save(trips book: TripBook) throws {
    try database.execute("DELETE FROM trip WHERE kept = 1; DELETE FROM settled")
    let columns = Self.columns(TripFields.table)
    let s = try database.statement(
      "INSERT OR REPLACE INTO trip(id, machine, \(columns.joinedText(separator: ", ")), bought, kept) VALUES (?, ?"
        + String(repeating: ", ?", count: columns.count + 2) + ")")
    let kept = book.trips.map { ($0.key, $0.value, true) }
    let pruned = book.pruned.filter { book.trips[$0.key] == nil }.map { ($0.key, $0.value, false) }
    for (id, trip, isKept) in kept + pruned {
      s.reset()
      s.bind(.integer(isKept ? 1 : 0), at: Int32(4 + columns.count))
      s.bind(id.sql, at: 1)
      s.bind(.integer(Int64(bitPattern: trip.machine)), at: 2)
      Self.bind(trip, TripFields.table, s, from: 3)
      var w = ByteWriter()
      for bought in trip.purchases {
        w.text(bought.change)
        w.raw(UUIDText.bytes(bought.item))
        w.raw(bought.category.map(UUIDText.bytes) ?? [])
        w.integer(Int64(bought.quantity))
        w.integer(bought.at)
      }
      s.bind(.blob(w.bytes), at: Int32(3 + columns.count))
      try s.run()
    }
    let settled = try database.statement(
      "INSERT INTO settled(location, trips, milliseconds, items, latest, latest_trip) VALUES (?, ?, ?, ?, ?, ?)"
    )
    for (location, totals) in book.settled {
      settled.reset()
      try settled.bind(
        .blob(location.map(UUIDText.bytes) ?? []), .integer(Int64(totals.trips)),
        .integer(totals.milliseconds),
        .integer(Int64(totals.items)), .blob(totals.latest.bytes), .blob(UUIDText.bytes(totals.latestTrip))
      ).run()
    }
  }

  // MARK: - Saving a fold

  /// Writes what a fold changed: the entities it touched, the trips and machines' names when it touched them, the
  /// purchases it recorded and took back, the windows to fill again, the general order and clocks, and the
  /// positions. Nothing else is written, nor a statement compiled for it.
  func save(_ state: inout HouseholdState, touched: Touched, positions: [String: ChangeLog.Position]) throws {
    // A fold that touched thousands of items (an import, or its undo) writes pages all over the table and its
    // indexes: in 20 pages it would write them out and read them back again and again, half its time spent so.
    if touched.items.count > HouseholdCache.manyItems {
      try database.execute("PRAGMA cache_size=-16384")
    }
    try setMeta("latest", .blob(state.latest.bytes))
    try setMeta("followable", .blob(state.followable.bytes))
    if state.migrationsChanged {
      // Ids are one line of printable text each.
      try setMeta("migrations", .text(state.migrations.sorted().joined(separator: "\n")))
      state.migrationsChanged = false
    }
    if state.importsChanged {
      try setMeta("imports", .text(state.imports.sorted().joined(separator: "\n")))
      state.importsChanged = false
    }
    let walls = try database.statement(
      "INSERT OR REPLACE INTO wall(machine, milliseconds, lag) VALUES (?, ?, ?)")
    for (machine, time) in state.walls {
      walls.reset()
      try walls.bind(.integer(Int64(bitPattern: machine)), .integer(time), .integer(state.lags[machine] ?? 0))
        .run()
    }
    try setMeta("order", state.order.value.sql)
    try setMeta("order_at", .blob(state.order.stamp.bytes))
    if touched.machines {
      let machines = try database.statement(
        "INSERT OR REPLACE INTO machine(id, name, name_at) VALUES (?, ?, ?)")
      for (id, name) in state.machines {
        machines.reset()
        try machines.bind(.text(id), .text(name.value), .blob(name.stamp.bytes)).run()
      }
    }
    try saveEntities(
      "category", CategoryFields.table,
      touched.categories.compactMap { id in state.categories[id].map { (id, $0) } })
    try saveEntities(
      "location", LocationFields.table,
      touched.locations.compactMap { id in state.locations[id].map { (id, $0) } })
    if touched.trips { try save(trips: state.trips) }
    state.trips.pruned = [:]
    if !state.bought.isEmpty {
      let insert = try database.statement(
        "INSERT INTO purchase(item, change, stamp, day, quantity, by) VALUES (?, ?, ?, ?, ?, ?)")
      // In item order, as the index keeps them, so that a rebuild's many inserts land near each other; sorted in
      // place, as a rebuild's purchases are many.
      if state.bought.count > 64 { state.bought.sort { UUIDText.less($0.item, $1.item) } }
      for bought in state.bought {
        insert.reset()
        try insert.bind(
          bought.item.sql, .text(bought.change), .blob(bought.stamp.bytes),
          .integer(Int64(bought.day.ordinal)),
          .integer(Int64(bought.quantity)), bought.by.map { .text($0) } ?? .null
        ).run()
      }
    }
    if !state.unbought.isEmpty {
      // Only the machine that made a purchase takes it back: its id is the stamp's last 8 bytes.
      let delete = try database.statement(
        "DELETE FROM purchase WHERE item = ? AND change = ? AND substr(stamp, 17, 8) = ?")
      // Each once: an undo of a change that bought an item many times (a migration's 20 years) takes back each of
      // those purchases, and one delete takes them all; a delete for each scanned the item's rows again each time.
      for gone in Set(state.unbought) {
        delete.reset()
        let machine = Stamp(milliseconds: 0, counter: 0, machineNumber: gone.machine).bytes.suffix(8)
        try delete.bind(gone.item.sql, .text(gone.change), .blob(Array(machine))).run()
      }
    }
    for id in state.staleWindows {
      var window = PurchaseWindow()
      for bought in try purchases(of: [id])[id] ?? [] {
        window.add(bought.day, quantity: bought.quantity, machine: bought.stamp.machineNumber, by: bought.by)
      }
      state.items[id]?.purchases = window
    }
    state.bought = []
    state.unbought = []
    state.staleWindows = []
    // The ids alone are sorted and passed on: a rebuild's every item, copied, held twice what the fold holds.
    var saved = touched.items.compactMap { state.items.index(forKey: $0) == nil ? nil : $0 }
    if saved.count > 64 {
      // By category, then name, as a list reads them, so that a rebuild puts the rows a list shows together near
      // each other in the file, not in the order of a table of ids.
      let keys = saved.map { state.items[$0]?.name.value.map(Names.key) ?? "" }
      let categories = saved.map { state.items[$0]?.category.value.map(UUIDText.bytes) ?? [] }
      saved = saved.indices.sorted {
        categories[$0] != categories[$1]
          ? categories[$0].lexicographicallyPrecedes(categories[$1])
          : Names.ordered(keys[$0], key: keys[$0], keys[$1], key: keys[$1])
      }
      .map { saved[$0] }
    }
    try saveItems(saved, of: state.items)
    try save(positions: positions)
  }

  /// Every purchase of the items (of every item, for nil), made on or after `since` when given, by item, in the
  /// order of the history (`HouseholdState.historyOrder`).
  func purchases(of items: [UUID]?, since: Day? = nil) throws -> [UUID: [HouseholdState.Bought]] {
    let select = "SELECT item, change, stamp, day, quantity, by, rowid FROM purchase"
    guard let items else {
      guard let since else { return try collect(try database.statement(select)) }
      return try collect(
        try database.statement(select + " WHERE day >= ?").bind(.integer(Int64(since.ordinal))))
    }
    var result: [UUID: [HouseholdState.Bought]] = [:]
    let s = try database.statement(select + " WHERE item = ? AND day >= ?")
    for item in items {
      s.reset()
      s.bind(item.sql, .integer(Int64(since?.ordinal ?? Int(Int32.min))))
      result.merge(try collect(s)) { $0 + $1 }
    }
    return result
  }

  /// Every purchase made on these days, of any item, by item, in the order of the history: read from the day
  /// index alone, without the change it was made in (which only undoing needs).
  func purchases(during days: ClosedRange<Day>) throws -> [UUID: [HouseholdState.Bought]] {
    try collect(
      try database.statement(
        "SELECT item, '', stamp, day, quantity, by, rowid FROM purchase INDEXED BY purchase_day"
          + " WHERE day BETWEEN ? AND ?"
      ).bind(.integer(Int64(days.lowerBound.ordinal)), .integer(Int64(days.upperBound.ordinal))))
  }

  /// The purchases a statement selects (item, change, stamp, day, quantity, buyer, row number), by item, each
  /// item's in the order of the history; those it cannot tell apart (one change buying an item twice a day: an
  /// import) in the order they were recorded, whichever index read them.
  private func collect(_ s: Statement) throws -> [UUID: [HouseholdState.Bought]] {
    var read: [UUID: [(bought: HouseholdState.Bought, row: Int64)]] = [:]
    while try s.step() {
      guard let item = UUID(sql: s.value(0)), let stamp = s.stamp(2) else {
        throw Database.Failure(code: 0, message: "bad purchase")
      }
      let bought = HouseholdState.Bought(
        item: item, change: s.text(1), stamp: stamp, day: Day(ordinal: Int(s.integer(3))),
        quantity: Int(s.integer(4)), by: s.isNull(5) ? nil : s.text(5))
      read[item, default: []].append((bought, s.integer(6)))
    }
    return read.mapValues { list in
      list.sorted { a, b in
        if HouseholdState.historyOrder(a.bought, b.bought) { return true }
        return !HouseholdState.historyOrder(b.bought, a.bought) && a.row < b.row
      }.map(\.bought)
    }
  }

  /// The days on or after `since` (every day, for nil) with a purchase, newest first, cut into runs of whole days
  /// with at most `size` purchases each (a day with more is a run of its own): the parts a history is read in.
  /// From the day index alone.
  func purchaseDays(since: Day?, size: Int) throws -> [ClosedRange<Day>] {
    let s = try database.statement(
      "SELECT day, count(*) FROM purchase INDEXED BY purchase_day WHERE day >= ? GROUP BY day ORDER BY day DESC"
    ).bind(.integer(Int64(since?.ordinal ?? Int(Int32.min))))
    var runs: [ClosedRange<Day>] = []
    var run: (first: Day, last: Day, count: Int)?
    while try s.step() {
      let (day, count) = (Day(ordinal: Int(s.integer(0))), Int(s.integer(1)))
      if let open = run, open.count + count <= size {
        run = (day, open.last, open.count + count)
        continue
      }
      if let open = run { runs.append(open.first...open.last) }
      run = (day, day, count)
    }
    if let open = run { runs.append(open.first...open.last) }
    return runs
  }

  // MARK: - Refused lines

  /// The lines left out of the fold the cache keeps, by log and line, and how many more of each log.
  func refusalTally() throws -> RefusalTally {
    var tally = RefusalTally()
    tally.rows = try refusals()
    tally.logs = try refusalCounts()
    return tally
  }

  /// How many lines of each log the cache keeps, and how many more it counts.
  private func refusalCounts() throws -> [String: RefusalTally.Log] {
    let s = try database.statement("SELECT machine, kept, newer, copies, more FROM refused_count")
    var logs: [String: RefusalTally.Log] = [:]
    while try s.step() {
      logs[s.text(0)] = RefusalTally.Log(
        kept: Int(s.integer(1)), keepsNewer: s.integer(2) != 0, copies: Int(s.integer(3)),
        more: Int(s.integer(4)))
    }
    return logs
  }

  /// Whether a log held a line from a newer grocery: that machine's change, which this grocery leaves out.
  func heldNewerLines(of machine: String) throws -> Bool {
    try database.statement("SELECT newer FROM refused_count WHERE machine = ?").bind(.text(machine))
      .first { $0.integer(0) != 0 } ?? false
  }

  /// The lines left out of the fold the cache keeps, by log and line.
  private func refusals() throws -> [LineRefusal] {
    let s = try database.statement(
      "SELECT machine, line, field, reason, version, earlier FROM refused ORDER BY machine, line")
    var result: [LineRefusal] = []
    while try s.step() {
      func number(_ column: Int32) -> Int? { s.isNull(column) ? nil : Int(s.integer(column)) }
      result.append(
        LineRefusal(
          machine: s.text(0), line: Int(s.integer(1)), field: s.isNull(2) ? nil : s.text(2),
          reason: s.isNull(3) ? nil : s.text(3), version: number(4), earlier: number(5)))
    }
    return result
  }

  /// Keeps the lines a read left out, after those kept before: each log's first few, and how many more.
  func save(refusals: [LineRefusal]) throws {
    if refusals.isEmpty { return }
    var tally = RefusalTally()
    tally.logs = try refusalCounts()
    tally.add(refusals)
    let s = try database.statement(
      "INSERT INTO refused(machine, line, field, reason, version, earlier) VALUES (?, ?, ?, ?, ?, ?)")
    for refusal in tally.rows {
      s.reset()
      let c = refusal.columns
      s.bind(
        .text(refusal.machine), .integer(Int64(refusal.line)), c.field.map(SQLValue.text) ?? .null,
        c.reason.map(SQLValue.text) ?? .null, c.version.map { .integer(Int64($0)) } ?? .null,
        c.earlier.map { .integer(Int64($0)) } ?? .null)
      try s.run()
    }
    let counts = try database.statement(
      "INSERT OR REPLACE INTO refused_count(machine, kept, newer, copies, more) VALUES (?, ?, ?, ?, ?)")
    for machine in Set(refusals.map(\.machine)).sorted() {
      let log = tally.logs[machine] ?? RefusalTally.Log()
      counts.reset()
      counts.bind(
        .text(machine), .integer(Int64(log.kept)), .integer(log.keepsNewer ? 1 : 0),
        .integer(Int64(log.copies)),
        .integer(Int64(log.more)))
      try counts.run()
    }
  }

  // MARK: - Lost changes

  /// This machine's changes its log lost, while they are still gone; kept in `meta`, and carried to a rebuilt cache.
  func lostChanges() throws -> LostChanges? {
    guard case .blob(let bytes)? = try meta("lost") else { return nil }
    return try bytes.withUnsafeBytes { try Self.lostChanges($0) }
  }

  private static func lostChanges(_ bytes: UnsafeRawBufferPointer) throws -> LostChanges {
    var r = ByteReader(bytes)
    guard let machine = try r.text() else { throw Database.Failure(code: 0, message: "bad lost changes") }
    var lost = LostChanges(machine: machine, had: Int(try r.integer()), cut: Int(try r.integer()), gone: [])
    while !r.isAtEnd {
      guard let id = try r.text(), let summary = try r.text() else {
        throw Database.Failure(code: 0, message: "bad lost change")
      }
      lost.gone.append(LostChanges.Gone(id: id, summary: summary))
    }
    return lost
  }

  /// Keeps what this machine's log lost, or forgets it when nothing is.
  func save(lost: LostChanges?) throws {
    guard let lost else {
      try database.statement("DELETE FROM meta WHERE key = 'lost'").run()
      return
    }
    var w = ByteWriter()
    w.text(lost.machine)
    w.integer(Int64(lost.had))
    w.integer(Int64(lost.cut))
    for gone in lost.gone {
      w.text(gone.id)
      w.text(gone.summary)
    }
    try setMeta("lost", .blob(w.bytes))
  }

  // MARK: - Undo

  /// The machine's changes that undo can revert, oldest first.
  func undo(of machine: String) throws -> [UndoRef] {
    let s = try database.statement(
      "SELECT id, offset, length, summary, at, seen FROM undo WHERE machine = ? ORDER BY seq"
    ).bind(.text(machine))
    var result: [UndoRef] = []
    while try s.step() {
      result.append(
        UndoRef(
          id: s.text(0), offset: Int(s.integer(1)), length: Int(s.integer(2)), summary: s.text(3),
          at: s.stamp(4) ?? .zero, seen: UndoRef.seen(s.isNull(5) ? nil : s.text(5))))
    }
    return result
  }

  /// Replaces the machine's undo list.
  func save(undo: [UndoRef], of machine: String) throws {
    try database.statement("DELETE FROM undo WHERE machine = ?").bind(.text(machine)).run()
    try insert(undo[...], of: machine)
  }

  /// Does to the machine's undo list what `Undo.apply` does to a list in memory, without reading it.
  func apply(_ step: Undo.Step, of machine: String, depth: Int) throws {
    switch step {
    case .none: return
    case .take(let id):
      try database.statement("DELETE FROM undo WHERE machine = ? AND id = ?").bind(.text(machine), .text(id))
        .run()
    case .push(let ref):
      try insert([ref][...], of: machine)
      try database.statement(
        "DELETE FROM undo WHERE machine = ?1 AND seq NOT IN"
          + " (SELECT seq FROM undo WHERE machine = ?1 ORDER BY seq DESC LIMIT ?2)"
      ).bind(.text(machine), .integer(Int64(depth))).run()
    }
  }

  /// Adds the entries after the machine's others.
  private func insert(_ undo: ArraySlice<UndoRef>, of machine: String) throws {
    if undo.isEmpty { return }
    let s = try database.statement(
      "INSERT INTO undo(machine, id, offset, length, summary, at, seen) VALUES (?, ?, ?, ?, ?, ?, ?)")
    for ref in undo {
      s.reset()
      try s.bind(
        .text(machine), .text(ref.id), .integer(Int64(ref.offset)), .integer(Int64(ref.length)),
        .text(ref.summary),
        .blob(ref.at.bytes), ref.seenText.map(SQLValue.text) ?? .null
      ).run()
    }
  }
}

/// Makes an empty file readable by its owner only, so that the database SQLite then opens in it keeps that mode;
/// made as root in someone else's state folder, it is theirs (SQLite gives its journal the database's owner).
private func createPrivately(_ path: String) throws {
  guard
    case .success(let fd) = SystemCall.openFile(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600)
  else { return }
  defer { SystemCall.closeFile(fd) }
  let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
  if let owner = try FileSystem.status(folder.isEmpty ? "." : folder) {
    try FileSystem.giveToOwner(fd, of: owner, path: path)
  }
}
