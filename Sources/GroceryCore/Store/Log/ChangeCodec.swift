#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes changes as log lines and reads them back, with errors that name the line and the field.
enum ChangeCodec {
  /// Returns the change as one JSON line, newline included.
  ///
  /// A line that uses nothing newer than version 2 says 2, so that an older grocery still reads it; one that
  /// does says 3, so that an older grocery refuses it as written by a newer one instead of misreading it.
  static func encode(_ change: Change) -> String {
    let version =
      change.wall != nil ? 4 : change.operations.contains(where: needsVersion3) ? 3 : Change.oldestVersion
    var line = "{\"v\":\(version),\"id\":" + JSONText.quote(change.id)
    line += ",\"at\":\"" + change.stamp.time + "\",\"seq\":\(change.stamp.counter)"
    if let wall = change.wall { line += ",\"wall\":" + wall.json }
    line += ",\"machine\":"
    line += JSONText.quote(change.stamp.machine) + ",\"summary\":" + JSONText.quote(change.summary)
    if let undoes = change.undoes { line += ",\"undoes\":" + JSONText.quote(undoes) }
    line += ",\"ops\":[" + change.operations.map(encode).joinedText(separator: ",") + "]}\n"
    return line
  }

  static func encode(_ operation: Operation) -> String {
    switch operation {
    case .item(let id, let set, let was):
      return entity("item", id, set, was, ItemFields.table)
    case .category(let id, let set, let was):
      return entity("category", id, set, was, CategoryFields.table)
    case .location(let id, let set, let was):
      return entity("location", id, set, was, LocationFields.table)
    case .order(let ids, let was):
      return "{\"op\":\"order\",\"set\":\(JSONText.ids(ids)),\"was\":\(JSONText.ids(was))}"
    case .buy(let item, let day, let quantity, let tag, let by):
      var text = "{\"op\":\"buy\",\"item\":\(JSONText.id(item)),\"day\":\"\(day)\",\"quantity\":\(quantity)"
      if let tag {
        text += ",\"trip\":\(JSONText.id(tag.trip)),\"category\":" + optional(tag.category, JSONText.id)
      }
      if let by { text += ",\"by\":" + JSONText.quote(by) }
      return text + "}"
    case .trip(let id, let set, let was):
      return entity("trip", id, set, was, TripFields.table)
    case .unbuy(let item, let change, let day, let quantity):
      return "{\"op\":\"unbuy\",\"item\":\(JSONText.id(item)),\"change\":\(JSONText.quote(change)),"
        + "\"day\":\"\(day)\",\"quantity\":\(quantity)}"
    case .machine(let name):
      return "{\"op\":\"machine\",\"name\":\(JSONText.quote(name))}"
    }
  }

  /// An operation on one entity: its id, the fields it sets and, when any, the values they had.
  private static func entity<F, S, M>(_ op: String, _ id: UUID, _ set: F, _ was: F, _ table: [Field<F, S, M>])
    -> String
  {
    let before = fields(was, table)
    return "{\"op\":\"\(op)\",\"id\":\(JSONText.id(id)),\"set\":\(fields(set, table))"
      + (before == "{}" ? "" : ",\"was\":" + before) + "}"
  }

  /// Returns true when the operation uses a field or an operation that version 2 does not have.
  static func needsVersion3(_ operation: Operation) -> Bool {
    switch operation {
    case .item(_, let set, let was):
      return needsVersion3(set, ItemFields.table) || needsVersion3(was, ItemFields.table)
    case .category(_, let set, let was):
      return needsVersion3(set, CategoryFields.table) || needsVersion3(was, CategoryFields.table)
    case .location(_, let set, let was):
      return needsVersion3(set, LocationFields.table) || needsVersion3(was, LocationFields.table)
    case .buy(_, _, _, let tag, let by): return tag != nil || by != nil
    case .trip: return true
    default: return false
    }
  }

  private static func optional<T>(_ value: T?, _ text: (T) -> String) -> String { value.map(text) ?? "null" }

  /// The fields a change sets, as a JSON object in the order of the entity's table.
  private static func fields<F, S, M>(_ f: F, _ table: [Field<F, S, M>]) -> String {
    var parts: [String] = []
    for field in table {
      if let value = field.encode(f) { parts.append("\"" + field.key + "\":" + value) }
    }
    return "{" + parts.joinedText(separator: ",") + "}"
  }

  /// Returns true when the change uses a field that version 2 does not have.
  private static func needsVersion3<F, S, M>(_ f: F, _ table: [Field<F, S, M>]) -> Bool {
    table.contains { $0.version > Change.oldestVersion && $0.isSet(f) }
  }

  // MARK: - Reading

  /// What went wrong in a line: the reason and the field it was in.
  struct LineError: Error, Equatable {
    var field: String
    var reason: String
    /// The version the line says it has, when it is newer than this build reads.
    var newerVersion: Int?
  }

  /// The version a line states (its object's `v`, wherever the key falls among the others), when it reads as an
  /// object; nil otherwise.
  static func statedVersion(_ bytes: [UInt8], from start: Int, to end: Int) -> Int? {
    var reader = JSONReader(bytes, from: start, to: end)
    do {
      try reader.beginObject()
      var first = true
      while let key = try reader.nextKey(first: &first) {
        if key == "v" { return try reader.readInt() }
        try reader.skipValue()
      }
    } catch {
      return nil
    }
    return nil
  }

  /// A line that fails this build's rules and states a newer version than it reads is that version's, whatever
  /// failed first: a newer grocery's new field or operation, or `v` after the keys that failed (another JSON
  /// writer's order), says "upgrade", never that the line is damaged (found by a trial).
  private static func newer(_ bytes: [UInt8], from start: Int, to end: Int) -> LineError? {
    guard let version = statedVersion(bytes, from: start, to: end), version > Change.version else {
      return nil
    }
    return LineError(field: "v", reason: "", newerVersion: version)
  }

  /// Decodes one line (without its newline).
  ///
  /// With `repeats`, a key an object gives twice is taken as the last, as the reader took it before it refused one:
  /// for finding which change a line another machine edited so is (sync puts the line back as this one wrote it).
  static func decode(_ bytes: [UInt8], from start: Int, to end: Int, repeats: Bool = false) throws(LineError)
    -> Change
  {
    var reader = JSONReader(bytes, from: start, to: end)
    var field = "line"
    do {
      var version: Int?
      var id: String?
      var at: Int64?
      var seq: Int?
      var machine: String?
      var summary: String?
      var undoes: String?
      var wall: Int64?
      var operations: [Operation]?
      // A byte-order mark is read at the start of a file only; one further on is two files put together.
      if end - start >= 3, bytes[start] == 0xEF, bytes[start + 1] == 0xBB, bytes[start + 2] == 0xBF {
        throw LineError(
          field: "line",
          reason: "starts with a byte-order mark, which only a file's first line may (files joined?)")
      }
      // Named as what it is, with the way out, where it was said to be no object (found by a trial).
      if ChangeLog.isConflictMarker(bytes[start..<end]) {
        throw LineError(
          field: "line",
          reason:
            "is one of git's conflict markers (a stopped merge or 'git stash pop' left it): 'grocery sync' on the"
            + " machine whose log it is takes them out")
      }
      try reader.beginObject()
      var first = true
      var seen: [String] = []
      while let key = try reader.nextKey(first: &first) {
        field = key
        try once(key, &seen, reader, repeats)
        switch key {
        case "v":
          let v = try reader.readInt()
          if v > Change.version { throw LineError(field: "v", reason: "", newerVersion: v) }
          if v < Change.oldestVersion { throw reader.fail("\(v) is not a log version") }
          version = v
        case "id": id = try text(&reader, limit: Change.idLimit)
        case "at": at = try Int64.read(&reader)
        case "wall": wall = try Int64.read(&reader)
        case "seq":
          let value = try reader.readInt()
          if value < 0 || value > Change.maximumCounter {
            throw reader.fail("expected a whole number from 0 to \(Change.maximumCounter)")
          }
          seq = value
        case "machine": machine = try reader.readString()
        case "summary": summary = try text(&reader, limit: Change.summaryLimit)
        case "undoes": undoes = try text(&reader, limit: Change.idLimit)
        case "ops":
          try reader.beginArray()
          var list: [Operation] = []
          var firstOp = true
          while try reader.nextElement(first: &firstOp) {
            field = "ops[\(list.count)]"
            list.append(try operation(&reader, field: &field, repeats: repeats))
          }
          operations = list
        default: throw reader.fail("unknown field")
        }
      }
      // Said of the line, not of the last field read (a NUL byte after `{"v":2}` is no fault of `v`).
      field = "line"
      if !reader.isAtEnd { throw reader.fail("unexpected text after the change") }
      guard version != nil else { throw LineError(field: "v", reason: "missing") }
      guard let id, !id.isEmpty else { throw LineError(field: "id", reason: "missing") }
      guard let at else { throw LineError(field: "at", reason: "missing") }
      // Every change is ordered after the start of 1970, where a log's reading starts: one dated at it or before
      // was said to be dated before the line above it, which a first line has none of (found by a trial).
      if at <= 0 {
        throw LineError(
          field: "at", reason: "dated at or before 1970-01-01T00:00:00.000Z, which no change is")
      }
      guard let seq else { throw LineError(field: "seq", reason: "missing") }
      guard let machine, MachineID.isValid(machine) else {
        throw LineError(field: "machine", reason: "missing or not a machine id")
      }
      guard let summary else { throw LineError(field: "summary", reason: "missing") }
      guard let operations else { throw LineError(field: "ops", reason: "missing") }
      if version == Change.oldestVersion {
        for (index, operation) in operations.enumerated() {
          if let error = needsVersion3Error(operation, field: "ops[\(index)]") { throw error }
        }
      }
      if wall != nil, let version, version < 4 {
        throw LineError(field: "wall", reason: "the maker's own clock needs a version-4 line")
      }
      // A line says its maker's clock only when its stamp ran ahead of it: one after it would be shown, and warned
      // of as a clock running ahead, on every machine until that machine's next change.
      if let wall, wall >= at {
        throw LineError(
          field: "wall",
          reason: "not before 'at' (a line says its maker's clock only when 'at' ran ahead of it)")
      }
      let change = Change(
        id: id, stamp: Stamp(milliseconds: at, counter: seq, machine: machine), summary: summary,
        undoes: undoes, operations: operations, wall: wall)
      return change.isMigration ? change : datedNoLaterThanMade(change, at: at)
    } catch let error as LineError {
      throw error.newerVersion == nil ? newer(bytes, from: start, to: end) ?? error : error
    } catch let failure as JSONReader.Failure {
      throw newer(bytes, from: start, to: end) ?? LineError(field: field, reason: failure.reason)
    } catch {
      throw newer(bytes, from: start, to: end) ?? LineError(field: field, reason: "\(error)")
    }
  }

  /// The error for a trip, a purchase on one, or a purchase naming its buyer in a version-2 line: version 2 has
  /// none of them.
  private static func needsVersion3Error(_ operation: Operation, field: String) -> LineError? {
    switch operation {
    case .item, .category, .location:
      return needsVersion3(operation)
        ? LineError(field: field + ".set", reason: "a field it sets needs a version-3 line") : nil
    case .trip: return LineError(field: field + ".op", reason: "a trip needs a version-3 line")
    case .buy(_, _, _, .some, _):
      return LineError(field: field + ".trip", reason: "a purchase on a trip needs a version-3 line")
    case .buy(_, _, _, nil, .some):
      return LineError(field: field + ".by", reason: "a purchase naming its buyer needs a version-3 line")
    default: return nil
    }
  }

  private static func operation(_ r: inout JSONReader, field: inout String, repeats: Bool) throws -> Operation
  {
    let base = field
    try r.beginObject()
    var kind: String?
    var id: UUID?
    var itemSet = ItemFields()
    var itemWas = ItemFields()
    var catSet = CategoryFields()
    var catWas = CategoryFields()
    var locSet = LocationFields()
    var locWas = LocationFields()
    var orderSet: [UUID]?
    var orderWas: [UUID] = []
    var tripSet = TripFields()
    var tripWas = TripFields()
    var trip: UUID?
    var tripCategory: UUID??
    var item: UUID?
    var day: Day?
    var quantity: Int?
    var change: String?
    var name: String?
    var by: String?
    var first = true
    var seen: [String] = []
    func unknown(_ kind: String?) -> LineError? {
      guard let kind, keys[kind] == nil else { return nil }
      return LineError(field: base + ".op", reason: "unknown operation '\(kind)'")
    }
    while let key = try r.nextKey(first: &first) {
      field = base + "." + key
      try once(key, &seen, r, repeats)
      switch key {
      case "op": kind = try r.readString()
      case "by": by = try buyerName(&r)
      case "id": id = try r.readUUID()
      case "item": item = try r.readUUID()
      case "day": day = try r.readDay()
      case "quantity": quantity = try quantityValue(&r)
      case "change": change = try text(&r, limit: Change.idLimit)
      case "name": name = try buyerName(&r)
      case "trip": trip = try r.readUUID()
      case "category": tripCategory = .some(try r.readNull() ? nil : try r.readUUID())
      case "set", "was":
        switch kind {
        case "item":
          let fields = try fields(&r, field: &field, ItemFields(), ItemFields.table, repeats)
          if key == "set" { itemSet = fields } else { itemWas = fields }
        case "category":
          let fields = try fields(&r, field: &field, CategoryFields(), CategoryFields.table, repeats)
          if key == "set" { catSet = fields } else { catWas = fields }
        case "location":
          let fields = try fields(&r, field: &field, LocationFields(), LocationFields.table, repeats)
          if key == "set" { locSet = fields } else { locWas = fields }
        case "order":
          let ids = try r.readUUIDs()
          if key == "set" { orderSet = ids } else { orderWas = ids }
        case "trip":
          let fields = try fields(&r, field: &field, TripFields(), TripFields.table, repeats)
          if key == "set" { tripSet = fields } else { tripWas = fields }
        default: throw unknown(kind) ?? r.fail("'op' must come first and be known")
        }
      // A field of an operation this grocery does not know is said as the operation.
      default: throw unknown(kind) ?? r.fail("unknown field")
      }
    }
    field = base
    func need<T>(_ value: T?, _ name: String) throws -> T {
      guard let value else { throw LineError(field: base + "." + name, reason: "missing") }
      return value
    }
    if let kind, let allowed = keys[kind], let stray = seen.first(where: { !allowed.contains($0) }) {
      throw LineError(field: base + "." + stray, reason: "'\(kind)' operations have no such field")
    }
    // Only a purchase says which trip it was on.
    if kind != "buy" {
      if trip != nil { throw LineError(field: base + ".trip", reason: "unknown field") }
      if tripCategory != nil { throw LineError(field: base + ".category", reason: "unknown field") }
      if by != nil { throw LineError(field: base + ".by", reason: "unknown field") }
    }
    switch kind {
    case "item": return .item(try need(id, "id"), set: itemSet, was: itemWas)
    case "category": return .category(try need(id, "id"), set: catSet, was: catWas)
    case "location": return .location(try need(id, "id"), set: locSet, was: locWas)
    case "order": return .order(try need(orderSet, "set"), was: orderWas)
    case "buy":
      var tag: TripTag?
      if let trip {
        tag = TripTag(trip: trip, category: try need(tripCategory, "category"))
      } else if tripCategory != nil {
        throw LineError(field: base + ".category", reason: "only a purchase on a trip has a category")
      }
      return .buy(
        item: try need(item, "item"), day: try need(day, "day"), quantity: try need(quantity, "quantity"),
        trip: tag, by: by)
    case "trip": return .trip(try need(id, "id"), set: tripSet, was: tripWas)
    case "unbuy":
      return .unbuy(
        item: try need(item, "item"), change: try need(change, "change"), day: try need(day, "day"),
        quantity: try need(quantity, "quantity"))
    case "machine": return .machine(name: try need(name, "name"))
    case nil: throw LineError(field: base + ".op", reason: "missing")
    case let other?: throw LineError(field: base + ".op", reason: "unknown operation '\(other)'")
    }
  }

  /// Reads a buyer's name, which must be a name as `sync setup --name` takes one for a machine.
  private static func buyerName(_ r: inout JSONReader) throws -> String {
    let text = try r.readString()
    if let reason = LineRules.machineName(text) { throw r.fail(reason) }
    return text
  }

  /// Reads an id or a summary: one line of printable text, of a bounded length.
  private static func text(_ r: inout JSONReader, limit: Int) throws -> String {
    let text = try r.readString()
    if let reason = LineRules.text(text, limit: limit) { throw r.fail(reason) }
    return text
  }

  /// The keys each operation has; any other is refused, never dropped.
  private static let keys: [String: Set<String>] = [
    "item": ["op", "id", "set", "was"], "category": ["op", "id", "set", "was"],
    "location": ["op", "id", "set", "was"], "trip": ["op", "id", "set", "was"],
    "order": ["op", "set", "was"],
    "buy": ["op", "item", "day", "quantity", "trip", "category", "by"],
    "unbuy": ["op", "item", "change", "day", "quantity"], "machine": ["op", "name"],
  ]

  private static func quantityValue(_ r: inout JSONReader) throws -> Int {
    let value = try r.readInt()
    if !Limits.quantity.contains(value) {
      throw r.fail("expected a whole number from \(Limits.quantityText)")
    }
    return value
  }

  /// The change with each purchase dated after the day it was made, in the time zone furthest ahead of UTC, dated
  /// that day: no grocery dates one so (`purchase --on` refuses a day in the future), and a peer's hand edit (or an
  /// import before `import` refused one) dated 9999-12-31 would put its staple off restock until then. A
  /// migration's purchases are grocery 1's own, dated as it kept them.
  private static func datedNoLaterThanMade(_ change: Change, at: Int64) -> Change {
    let latest = Day.latestAnywhere(at: Date(timeIntervalSince1970: TimeInterval(at) / 1000))
    guard
      change.operations.contains(where: {
        if case .buy(_, let bought, _, _, _) = $0 { return bought > latest }
        return false
      })
    else { return change }
    var dated = change
    dated.operations = change.operations.map {
      guard case .buy(let item, let bought, let quantity, let trip, let by) = $0, bought > latest else {
        return $0
      }
      return .buy(item: item, day: latest, quantity: quantity, trip: trip, by: by)
    }
    return dated
  }

  /// Refuses a key an object has already given: which of the two a reader takes is no rule of JSON, so another
  /// reader (an older grocery, a script) could read the line otherwise.
  private static func once(_ key: String, _ seen: inout [String], _ r: JSONReader, _ repeats: Bool) throws {
    if !repeats && seen.contains(key) { throw r.fail("given twice") }
    seen.append(key)
  }

  /// Reads the fields of an entity's operation by its table, refusing a key the table does not have.
  private static func fields<F, S, M>(
    _ r: inout JSONReader, field: inout String, _ empty: F, _ table: [Field<F, S, M>], _ repeats: Bool
  ) throws -> F {
    let base = field
    var f = empty
    try r.beginObject()
    var first = true
    var seen: [String] = []
    while let key = try r.nextKey(first: &first) {
      field = base + "." + key
      try once(key, &seen, r, repeats)
      guard let spec = table.first(where: { $0.key == key }) else { throw r.fail("unknown field") }
      try spec.decode(&r, &f)
    }
    field = base
    return f
  }
}
