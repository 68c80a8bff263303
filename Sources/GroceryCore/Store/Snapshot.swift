#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A local cache of the folded household, with how far into each log it has read, so that a command reads only
/// what is new. A missing, stale or damaged snapshot is rebuilt from the logs, never a reason to refuse; one from
/// a newer grocery is refused.
///
/// One JSON object a line: a header, the logs' positions, machine names, the general order, then every category,
/// location, kept trip and item with each field's value and stamp, the settled totals of the trips no longer kept,
/// and last this machine's undoable changes as log
/// lines.
enum Snapshot {
  static let version = 5

  /// Rewrite the snapshot once this many bytes of log have been read beyond it.
  static let rewriteThreshold = 16 * 1024

  /// The most a snapshot may hold before it is not believed.
  static let maximumSize = 1 << 31

  struct Contents {
    var state: HouseholdState
    var positions: [String: ChangeLog.Position]
    var undo: [Change]
  }

  // MARK: - Writing

  static func write(
    _ state: HouseholdState, positions: [String: ChangeLog.Position], undo: [Change], folder: String,
    to path: String
  ) throws {
    // Purchases name their machine by its place in this list, not by its 16-digit id.
    var machines: [UInt64] = []
    var machineIndex: [UInt64: Int] = [:]
    for item in state.items.values {
      for entry in item.purchases.entries where machineIndex[entry.machine] == nil {
        machineIndex[entry.machine] = machines.count
        machines.append(entry.machine)
      }
    }
    var out =
      "{\"snapshot\":\(version),\"folder\":\(JSONText.quote(folder)),\"latest\":\(stamp(state.latest)),"
    out += "\"machines\":[" + machines.map { "\"\(String($0, radix: 16))\"" }.joined(separator: ",") + "]}\n"
    for (machine, position) in positions.sorted(by: { $0.key < $1.key }) {
      out += "{\"log\":\(JSONText.quote(machine)),\"offset\":\(position.offset),\"lines\":\(position.lines),"
      out += "\"last\":\(stamp(position.last)),\"check\":\"\(String(position.check, radix: 16))\"}\n"
    }
    for (machine, name) in state.machines.sorted(by: { $0.key < $1.key }) {
      out += "{\"machine\":\(JSONText.quote(machine)),\"name\":\(register(name, JSONText.quote))}\n"
    }
    out += "{\"order\":\(register(state.order, JSONText.ids))}\n"
    for (id, c) in state.categories {
      out += "{\"category\":\(JSONText.id(id)),\"name\":\(register(c.name, optionalString)),"
      out += "\"color\":\(register(c.color, { $0.map { "\"\($0.rawValue)\"" } ?? "null" })),"
      out += "\"alive\":\(register(c.alive, { "\($0)" })),\"created\":\(register(c.created, { "\($0)" }))}\n"
    }
    for (id, l) in state.locations {
      out += "{\"location\":\(JSONText.id(id)),\"name\":\(register(l.name, optionalString)),"
      out += "\"order\":\(register(l.order, JSONText.ids)),\"alive\":\(register(l.alive, { "\($0)" })),"
      out += "\"created\":\(register(l.created, { "\($0)" }))}\n"
    }
    for (id, t) in state.trips.trips {
      out += "{\"trip\":\(JSONText.id(id)),\"machine\":\"\(String(t.machine, radix: 16))\","
      out += "\"store\":\(register(t.store, { $0.map(JSONText.id) ?? "null" })),"
      out +=
        "\"start\":\(register(t.start, { "\($0)" })),\"end\":\(register(t.end, { $0.map { "\($0)" } ?? "null" })),"
      out +=
        "\"idle\":\(register(t.idle, { "\($0)" })),\"alive\":\(register(t.alive, { "\($0)" })),\"bought\":["
      out += t.purchases.map {
        "[\(JSONText.quote($0.change)),\(JSONText.id($0.item)),\($0.category.map(JSONText.id) ?? "null"),"
          + "\($0.quantity),\($0.at)]"
      }.joined(separator: ",")
      out += "]}\n"
    }
    for (location, settled) in state.trips.settled {
      out += "{\"settled\":\(location.map(JSONText.id) ?? "null"),\"trips\":\(settled.trips),"
      out += "\"ms\":\(settled.milliseconds),\"items\":\(settled.items),\"latest\":\(stamp(settled.latest)),"
      out += "\"trip\":\(JSONText.id(settled.latestTrip))}\n"
    }
    for (id, i) in state.items { out += item(id, i, machines: machineIndex) }
    for change in undo { out += ChangeCodec.encode(change) }
    try AtomicFile.write(Data(out.utf8), to: path, durable: false)
  }

  /// An item as one positional array, its stamps listed once and referred to by index: items are most of a
  /// snapshot, and this is the line every command reads most of.
  static func item(_ id: UUID, _ i: ItemState, machines: [UInt64: Int]) -> String {
    var stamps: [Stamp] = []
    func index(_ s: Stamp) -> Int {
      if let n = stamps.firstIndex(of: s) { return n }
      stamps.append(s)
      return stamps.count - 1
    }
    var fields: [String] = []
    func add<V>(_ r: Register<V>, _ value: (V) -> String) {
      fields.append(value(r.value))
      fields.append(String(index(r.stamp)))
    }
    add(i.name, optionalString)
    add(i.quantity) { "\($0)" }
    add(i.note, optionalString)
    add(i.category) { $0.map(JSONText.id) ?? "null" }
    add(i.locations, JSONText.ids)
    add(i.staple) { "\($0)" }
    add(i.onList) { "\($0)" }
    add(i.unavailableOn, optionalDay)
    add(i.skipUntil, optionalDay)
    add(i.alive) { "\($0)" }
    add(i.created) { "\($0)" }
    fields.append(String(index(i.updated)))
    fields.append("[" + i.touched.map { String(index($0)) }.joined(separator: ",") + "]")
    fields.append(
      "["
        + i.purchases.entries.map {
          "\($0.date.ordinal),\($0.quantity),\(machines[$0.machine] ?? 0)," + optionalString($0.by)
        }
        .joined(separator: ",") + "]")
    fields.append(String(i.purchases.earlier))
    return "[\"i\",\(JSONText.id(id)),[" + stamps.map(stamp).joined(separator: ",") + "],"
      + fields.joined(separator: ",") + "]\n"
  }

  private static func stamp(_ s: Stamp) -> String {
    "\"\(s.milliseconds).\(s.counter).\(String(s.machineNumber, radix: 16))\""
  }

  private static func register<V>(_ r: Register<V>, _ value: (V) -> String) -> String {
    "[" + value(r.value) + "," + stamp(r.stamp) + "]"
  }

  private static func optionalString(_ text: String?) -> String { text.map(JSONText.quote) ?? "null" }

  private static func optionalDay(_ day: Day?) -> String { day.map { "\"\($0)\"" } ?? "null" }

  // MARK: - Reading

  /// Reads the snapshot of `folder`; nil when there is none, or it is damaged or of another folder.
  static func read(_ path: String, folder: String) throws -> Contents? {
    let bytes: [UInt8]
    do {
      guard let read = try FileSystem.readRegularFile(path, limit: maximumSize) else { return nil }
      bytes = read
    } catch {
      // A snapshot that cannot be read is rebuilt from the logs.
      return nil
    }
    do {
      return try decode(bytes, folder: folder, path: path)
    } catch let error as GroceryError {
      throw error
    } catch {
      // Damaged: rebuilt from the logs, which are the truth.
      return nil
    }
  }

  private struct Damaged: Error {}

  static func decode(_ bytes: [UInt8], folder: String, path: String) throws -> Contents? {
    var state = HouseholdState()
    var positions: [String: ChangeLog.Position] = [:]
    var undo: [Change] = []
    var machines: [UInt64] = []
    var start = 0
    var sawHeader = false
    while start < bytes.count {
      guard let newline = bytes[start...].firstIndex(of: 0x0A) else { throw Damaged() }
      defer { start = newline + 1 }
      if !sawHeader {
        var r = JSONReader(bytes, from: start, to: newline)
        try r.beginObject()
        var first = true
        while let key = try r.nextKey(first: &first) {
          switch key {
          case "snapshot":
            let found = try r.readInt()
            if found > version {
              throw GroceryError.newerStoreVersion(path: path, found: found, supported: version)
            }
            if found != version { return nil }
          case "folder": if try r.readString() != folder { return nil }
          case "latest": state.latest = try readStamp(&r)
          case "machines":
            try r.beginArray()
            var firstMachine = true
            while try r.nextElement(first: &firstMachine) {
              guard let raw = try r.readRawString(), raw.count <= 16,
                let number = UInt64(String(decoding: raw, as: UTF8.self), radix: 16)
              else { throw Damaged() }
              machines.append(number)
            }
          default: throw Damaged()
          }
        }
        sawHeader = true
        continue
      }
      if newline - start < 4 { throw Damaged() }
      if bytes[start + 1] == 0x22 && bytes[start + 2] == 0x76 && bytes[start + 3] == 0x22 {
        do {
          undo.append(try ChangeCodec.decode(bytes, from: start, to: newline))
        } catch {
          throw Damaged()
        }
        continue
      }
      if bytes[start] == 0x5B {
        let (id, item) = try readItem(bytes, from: start, to: newline, machines: machines)
        state.items[id] = item
        continue
      }
      var r = JSONReader(bytes, from: start, to: newline)
      try r.beginObject()
      var first = true
      guard let kind = try r.nextKey(first: &first) else { throw Damaged() }
      switch kind {
      case "log":
        let machine = try r.readString()
        var position = ChangeLog.Position(offset: 0, lines: 0, last: .zero)
        while let key = try r.nextKey(first: &first) {
          switch key {
          case "offset": position.offset = try r.readInt()
          case "lines": position.lines = try r.readInt()
          case "last": position.last = try readStamp(&r)
          case "check":
            guard let value = UInt64(try r.readString(), radix: 16) else { throw Damaged() }
            position.check = value
          default: throw Damaged()
          }
        }
        positions[machine] = position
      case "machine":
        let machine = try r.readString()
        guard try r.nextKey(first: &first) == "name" else { throw Damaged() }
        state.machines[machine] = try readRegister(&r) { try $0.readString() }
        guard try r.nextKey(first: &first) == nil else { throw Damaged() }
      case "order":
        state.order = try readRegister(&r) { try $0.readUUIDs() }
        guard try r.nextKey(first: &first) == nil else { throw Damaged() }
      case "category":
        let id = try r.readUUID()
        var c = CategoryState()
        while let key = try r.nextKey(first: &first) {
          switch key {
          case "name": c.name = try readRegister(&r, optionalString)
          case "color":
            c.color = try readRegister(&r) { r in
              if try r.readNull() { return nil }
              guard let color = NamedColor(rawValue: try r.readString()) else { throw Damaged() }
              return color
            }
          case "alive": c.alive = try readRegister(&r) { try $0.readBool() }
          case "created": c.created = try readRegister(&r) { Int64(try $0.readInt()) }
          default: throw Damaged()
          }
        }
        state.categories[id] = c
      case "location":
        let id = try r.readUUID()
        var l = LocationState()
        while let key = try r.nextKey(first: &first) {
          switch key {
          case "name": l.name = try readRegister(&r, optionalString)
          case "order": l.order = try readRegister(&r) { try $0.readUUIDs() }
          case "alive": l.alive = try readRegister(&r) { try $0.readBool() }
          case "created": l.created = try readRegister(&r) { Int64(try $0.readInt()) }
          default: throw Damaged()
          }
        }
        state.locations[id] = l
      case "trip":
        let id = try r.readUUID()
        var t = TripState()
        while let key = try r.nextKey(first: &first) {
          switch key {
          case "machine":
            guard let number = UInt64(try r.readString(), radix: 16) else { throw Damaged() }
            t.machine = number
          case "store": t.store = try readRegister(&r) { try $0.readNull() ? nil : try $0.readUUID() }
          case "start": t.start = try readRegister(&r) { Int64(try $0.readInt()) }
          case "end": t.end = try readRegister(&r) { try $0.readNull() ? nil : Int64(try $0.readInt()) }
          case "idle": t.idle = try readRegister(&r) { try $0.readBool() }
          case "alive": t.alive = try readRegister(&r) { try $0.readBool() }
          case "bought":
            try r.beginArray()
            var firstBought = true
            while try r.nextElement(first: &firstBought) {
              t.purchases.append(try readTripPurchase(&r))
            }
          default: throw Damaged()
          }
        }
        state.trips.trips[id] = t
      case "settled":
        let location = try r.readNull() ? nil : try r.readUUID()
        var settled = SettledTrips()
        while let key = try r.nextKey(first: &first) {
          switch key {
          case "trips": settled.trips = try r.readInt()
          case "ms": settled.milliseconds = Int64(try r.readInt())
          case "items": settled.items = try r.readInt()
          case "latest": settled.latest = try readStamp(&r)
          case "trip": settled.latestTrip = try r.readUUID()
          default: throw Damaged()
          }
        }
        state.trips.settled[location] = settled
      default: throw Damaged()
      }
    }
    return sawHeader ? Contents(state: state, positions: positions, undo: undo) : nil
  }

  /// Reads an item line written by `item(_:_:)`.
  static func readItem(_ bytes: [UInt8], from start: Int, to end: Int, machines: [UInt64]) throws
    -> (UUID, ItemState)
  {
    var r = JSONReader(bytes, from: start, to: end)
    var first = true
    func next() throws {
      guard try r.nextElement(first: &first) else { throw Damaged() }
    }
    try r.beginArray()
    try next()
    guard try r.readString() == "i" else { throw Damaged() }
    try next()
    let id = try r.readUUID()
    try next()
    var stamps: [Stamp] = []
    try r.beginArray()
    var firstStamp = true
    while try r.nextElement(first: &firstStamp) { stamps.append(try readStamp(&r)) }
    func stamp() throws -> Stamp {
      try next()
      let n = try r.readInt()
      guard n >= 0 && n < stamps.count else { throw Damaged() }
      return stamps[n]
    }
    func register<V>(_ value: (inout JSONReader) throws -> V) throws -> Register<V> {
      try next()
      let v = try value(&r)
      return Register(v, try stamp())
    }
    var i = ItemState()
    i.name = try register(optionalString)
    i.quantity = try register { try $0.readInt() }
    i.note = try register(optionalString)
    i.category = try register { try $0.readNull() ? nil : try $0.readUUID() }
    i.locations = try register { try $0.readUUIDs() }
    i.staple = try register { try $0.readBool() }
    i.onList = try register { try $0.readBool() }
    i.unavailableOn = try register(optionalDay)
    i.skipUntil = try register(optionalDay)
    i.alive = try register { try $0.readBool() }
    i.created = try register { Int64(try $0.readInt()) }
    i.updated = try stamp()
    try next()
    try r.beginArray()
    var firstTouch = true
    while try r.nextElement(first: &firstTouch) {
      let n = try r.readInt()
      guard n >= 0 && n < stamps.count else { throw Damaged() }
      i.touched.append(stamps[n])
    }
    try next()
    try r.beginArray()
    var firstNumber = true
    var previous: Day?
    while try r.nextElement(first: &firstNumber) {
      let day = Day(ordinal: try r.readInt())
      guard try r.nextElement(first: &firstNumber) else { throw Damaged() }
      let quantity = try r.readInt()
      guard try r.nextElement(first: &firstNumber) else { throw Damaged() }
      let machine = try r.readInt()
      guard machine >= 0 && machine < machines.count else { throw Damaged() }
      guard try r.nextElement(first: &firstNumber) else { throw Damaged() }
      let by = try optionalString(&r)
      if let previous, day < previous { throw Damaged() }
      if day != previous { i.purchases.dayCount += 1 }
      previous = day
      i.purchases.entries.append(
        PurchaseWindow.Entry(date: day, quantity: quantity, machine: machines[machine], by: by))
    }
    try next()
    i.purchases.earlier = try r.readInt()
    guard try !r.nextElement(first: &first), r.isAtEnd else { throw Damaged() }
    return (id, i)
  }

  /// Reads one purchase of a trip: `[change, item, category or null, quantity, milliseconds]`.
  private static func readTripPurchase(_ r: inout JSONReader) throws -> TripState.Bought {
    try r.beginArray()
    var first = true
    func next() throws {
      guard try r.nextElement(first: &first) else { throw Damaged() }
    }
    try next()
    let change = try r.readString()
    try next()
    let item = try r.readUUID()
    try next()
    let category = try r.readNull() ? nil : try r.readUUID()
    try next()
    let quantity = try r.readInt()
    try next()
    let at = Int64(try r.readInt())
    guard try !r.nextElement(first: &first) else { throw Damaged() }
    return TripState.Bought(change: change, item: item, category: category, quantity: quantity, at: at)
  }

  private static func optionalString(_ r: inout JSONReader) throws -> String? {
    try r.readNull() ? nil : try r.readString()
  }

  private static func optionalDay(_ r: inout JSONReader) throws -> Day? {
    try r.readNull() ? nil : try r.readDay()
  }

  private static func readRegister<V>(_ r: inout JSONReader, _ value: (inout JSONReader) throws -> V) throws
    -> Register<V>
  {
    try r.beginArray()
    var first = true
    guard try r.nextElement(first: &first) else { throw Damaged() }
    let v = try value(&r)
    guard try r.nextElement(first: &first) else { throw Damaged() }
    let s = try readStamp(&r)
    guard try !r.nextElement(first: &first) else { throw Damaged() }
    return Register(v, s)
  }

  private static func readStamp(_ r: inout JSONReader) throws -> Stamp {
    guard let raw = try r.readRawString() else { throw Damaged() }
    var numbers = [0, 0]
    var part = 0
    var index = raw.startIndex
    while index < raw.endIndex, part < 2 {
      let byte = raw[index]
      index += 1
      if byte == 0x2E {
        part += 1
      } else if byte >= 0x30 && byte <= 0x39, numbers[part] < Int.max / 10 - 10 {
        numbers[part] = numbers[part] * 10 + Int(byte - 0x30)
      } else {
        throw Damaged()
      }
    }
    guard part == 2, raw.endIndex - index <= 16 else { throw Damaged() }
    var machine: UInt64 = 0
    while index < raw.endIndex {
      let byte = raw[index]
      index += 1
      switch byte {
      case 0x30...0x39: machine = machine << 4 | UInt64(byte - 0x30)
      case 0x61...0x66: machine = machine << 4 | UInt64(byte - 0x61 + 10)
      default: throw Damaged()
      }
    }
    return Stamp(milliseconds: Int64(numbers[0]), counter: numbers[1], machineNumber: machine)
  }
}
