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

/// Shopping trips: each machine starts and stops its own, and its purchases meanwhile are recorded on it.
///
/// Everyday commands see only the trips the cache keeps (each machine's most recent few); `trips(now:)` reads
/// every log, as `history` does.
extension HouseholdStore {
  /// Starts a trip (at a location, or anywhere), first ending the one this machine still has open.
  public func startTrip(at store: String?, now: Date, id: UUID = UUID(), onWait: () -> Void = {}) throws
    -> TripStart
  {
    // A location that does not exist is refused before anything is created, a version-1 store migrated too.
    if let groceries = try legacyWaiting() {
      _ = try store.map { try groceries.locationName($0) }
      try migrateIfNeeded(onWait: onWait)
    }
    _ = try store.map { try read(.ids([])).view.groceries.locationName($0) }
    try checkChangeable()
    return try withLock(onWait: onWait) {
      let machine = try identity(creating: true)
      try prepareFolder()
      var reading = try read(.ids([]), machine: machine.id)
      try loadTripItems(&reading, machine: machine.id)
      let groceries = reading.view.groceries
      let place = try store.map { try groceries.locationName($0) }
      let location = place.flatMap { name in groceries.locations.first { $0.name == name }?.id }
      // The time of the stamp the change gets, so that a trip never starts before what the logs already hold.
      let start = reading.state.clock(now, machine: machine.id)
      var operations: [Operation] = []
      var ended: UUID?
      if let number = MachineID.number(machine.id), let open = reading.state.trips.unfinished(of: number) {
        let end = open.trip.end(asOf: start) ?? (start, false, false)
        operations.append(
          .trip(
            open.id, set: TripFields(end: .some(end.at), idle: end.idle && !end.clockBack ? true : nil),
            was: TripFields(end: .some(nil), idle: end.idle && !end.clockBack ? false : nil)))
        ended = open.id
      }
      operations.append(
        .trip(
          id, set: TripFields(store: .some(location), start: start, alive: true),
          was: TripFields(alive: false)))
      try commit(
        operations, summary: "start a trip" + (place.map { " at " + Names.commaList([$0]) } ?? ""),
        machine: machine, now: now,
        reading: &reading)
      let trips = reading.state.trips.trips
      // The new trip is the latest by the log's clock, so it is kept; were it not, the change is written all the
      // same, and the trip is what it set.
      let trip =
        trips[id]
        ?? TripState(
          machine: MachineID.number(machine.id) ?? 0, store: Register(location), start: Register(start),
          alive: Register(true))
      return TripStart(
        trip: tripRecord(id, trip, in: reading.state, now: now, this: machine.id),
        ended: ended.flatMap { id in
          trips[id].map { tripRecord(id, $0, in: reading.state, now: now, this: machine.id) }
        })
    }
  }

  /// Ends this machine's trip and returns it; nil, writing nothing, when it has none open.
  ///
  /// A trip already over by the inactivity rule is ended when the rule says, not now.
  public func stopTrip(now: Date, onWait: () -> Void = {}) throws -> TripRecord? {
    // A version-1 store not migrated yet has no trip.
    guard try !migrationWaits() else { return nil }
    guard try FileSystem.status(identityPath) != nil, try currentTrip(now: now) != nil else { return nil }
    try checkChangeable()
    return try withLock(onWait: onWait) {
      let machine = try identity(creating: true)
      var reading = try read(.ids([]), machine: machine.id)
      try loadTripItems(&reading, machine: machine.id)
      let ms = reading.state.clock(now, machine: machine.id)
      guard let number = MachineID.number(machine.id), let open = reading.state.trips.unfinished(of: number)
      else { return nil }
      let end = open.trip.end(asOf: ms) ?? (ms, false, false)
      let place = open.trip.store.value.flatMap { Self.storeName($0, in: reading.state).name }
      try commit(
        [
          .trip(
            open.id, set: TripFields(end: .some(end.at), idle: end.idle && !end.clockBack ? true : nil),
            was: TripFields(end: .some(nil), idle: end.idle && !end.clockBack ? false : nil))
        ], summary: "stop the trip" + (place.map { " at " + Names.commaList([$0]) } ?? ""), machine: machine,
        now: now,
        reading: &reading)
      return reading.state.trips.trips[open.id].map {
        tripRecord(open.id, $0, in: reading.state, now: now, this: machine.id)
      }
    }
  }

  /// This machine's trip that no change has ended yet, as of `now`: under way, or over by the inactivity rule
  /// (`ending` says which); nil when there is none.
  public func currentTrip(now: Date) throws -> TripRecord? {
    try migrateIfNeeded()
    guard try FileSystem.status(identityPath) != nil else { return nil }
    let machine = try identity()
    var reading = try read(.ids([]), machine: machine.id)
    try loadTripItems(&reading, machine: machine.id)
    guard let number = MachineID.number(machine.id), let open = reading.state.trips.unfinished(of: number)
    else {
      return nil
    }
    return tripRecord(open.id, open.trip, in: reading.state, now: now, this: machine.id)
  }

  /// True when any machine has made a trip; read from the cache, so a household that never made one need not
  /// read its whole history to find out.
  public func hasTrips() throws -> Bool {
    try migrateIfNeeded()
    return try read(.ids([])).state.trips.trips.values.contains(where: \.isKnown)
  }

  /// Every trip of every machine, oldest first, read from the whole of every log.
  public func trips(now: Date) throws -> [TripRecord] {
    // A version-1 store has none, and is not migrated to say so: `reorder-categories --learn` refuses at its change.
    if try migrationWaits() { return [] }
    var reading = try read(.ids([]))
    var all = reading.state.trips.trips
    do {
      guard let cache = reading.cache else { throw Database.Failure(code: 0, message: "no cache") }
      all = try cache.allTrips()
      let items = all.values.flatMap { $0.purchases.map(\.item) }
      try cache.database.reading { try cache.loadItems(.ids(items), into: &reading.state) }
    } catch {
      reading = try foldAll(try logFiles(), machine: nil, keepingAllTrips: true)
      all = reading.state.trips.trips
    }
    let this = try recordedMachine()
    let stores = HouseholdView.Frame.storesShown(reading.state).names
    return all.sorted { TripBook.later($1, than: $0) }
      .filter(\.value.isKnown)
      .map { tripRecord($0.key, $0.value, in: reading.state, now: now, this: this, stores: stores) }
  }

  /// The trip figures of `stats`, as `StoreTripStats.byStore(trips(now:))` gives them, from the cache: the
  /// settled totals of the trips it no longer keeps and the kept trips, so that it costs the same however many
  /// trips a household has made.
  public func tripStats(now: Date) throws -> [StoreTripStats] {
    try migrateIfNeeded()
    return tripStats(in: try read(.ids([])).state, now: now, this: try recordedMachine())
  }

  /// The items of the scope, for `stats NAME`: with `since`, each holds every purchase since that day, not only
  /// the recent ones the everyday view keeps. Read from the cache for the items whose recent ones begin later
  /// (the cost stays that of the weeks asked for, however long the history), or the whole history when the
  /// logs were folded in memory.
  public func loadRecent(_ scope: ItemScope = .all, since: Day? = nil) throws -> Groceries {
    if let old = try migrateForReading() { return old }
    var reading = try read(scope)
    if let since, reading.history == nil, let cache = reading.cache {
      do {
        let state = reading.state
        reading.view = try cache.database.reading { try Self.view(state, since: since, from: cache) }
      } catch let failure as Database.Failure {
        // A cache that cannot be read now: the logs are folded in memory, with every purchase.
        if failure.isDamage { _ = SystemCall.remove(cachePath) }
        reading = try foldAll(try logFiles(), machine: nil)
      }
    }
    if since != nil, let history = reading.history {
      reading.view = HouseholdView(reading.state, history: history)
    }
    return reading.view.groceries
  }

  /// The view of a state whose items hold every purchase since a day: read from the cache, in a read under way,
  /// for the items whose recent ones begin later.
  static func view(_ state: HouseholdState, since: Day, from cache: HouseholdCache) throws -> HouseholdView {
    let partial = state.items.filter { isPartial($0.value.purchases, since: since) }.map(\.key)
    guard !partial.isEmpty else { return HouseholdView(state) }
    let recent = try cache.purchases(of: partial, since: since)
    // An item with none since then still holds none of the older ones.
    var purchases: [UUID: [HouseholdState.Bought]] = [:]
    for id in partial { purchases[id] = recent[id] ?? [] }
    return HouseholdView(state, recent: (since, purchases))
  }

  /// True when a window of recent purchases does not reach back to `since` while older purchases were made: the
  /// figures over the weeks since then need the purchases the cache keeps apart.
  static func isPartial(_ window: PurchaseWindow, since: Day) -> Bool {
    isPartial(oldest: window.entries.first?.date, earlier: window.earlier, since: since)
  }

  /// True when a window whose oldest purchase was on `oldest`, with `earlier` ones before it, is partial.
  static func isPartial(oldest: Day?, earlier: Int, since: Day) -> Bool {
    earlier > 0 && (oldest ?? since) > since
  }

  /// The `stats` figures of items each read from one row (`HouseholdCache.boughtFigures`), as their view would
  /// give them: an item whose window does not reach back to `since` is figured from every purchase since then,
  /// the older ones counted.
  static func figures(
    _ rows: [(id: UUID, name: String, days: [Day], earlier: Int)], since: Day, today: Day,
    from cache: HouseholdCache
  ) throws -> [ItemStats] {
    let partial = rows.filter { isPartial(oldest: $0.days.first, earlier: $0.earlier, since: since) }.map(
      \.id)
    let recent = partial.isEmpty ? [:] : try cache.purchases(of: partial, since: since)
    return rows.compactMap { row in
      var days = row.days
      var earlier = row.earlier
      if isPartial(oldest: days.first, earlier: earlier, since: since) {
        let bought = recent[row.id] ?? []
        earlier = max(0, earlier + days.count - bought.count)
        days = bought.map(\.day)
      }
      return days.isEmpty ? nil : ItemStats(name: row.name, days: days, earlier: earlier, today: today)
    }
  }

  /// Reads the figures of every item bought, for `stats` of the whole household, and hands them to `part` a few
  /// hundred items at a time, in the order `stats` shows them: most bought first, then by name. Each item holds
  /// every purchase since `since`. From the cache, the names are put in that order by the counts its rows keep
  /// before any item is read, so memory holds one part's figures, not the whole table's. Returns the trip
  /// figures per store.
  public func walkStats(
    since: Day, today: Day, now: Date, partSize: Int = 256, part: ([ItemStats]) throws -> Void
  ) throws -> [StoreTripStats] {
    if let old = try migrateForReading() {
      // A version-1 store read as it stands has no trips.
      let items = try old.stats([], today: today)
      if !items.isEmpty { try part(items) }
      return []
    }
    let this = try recordedMachine()
    return try readInParts(part) { reading, part in
      let trips = tripStats(in: reading.state, now: now, this: this)
      guard let cache = reading.cache else {
        // Folded in memory: every item, with every purchase, is read already.
        let view = reading.history.map { HouseholdView(reading.state, history: $0) } ?? reading.view
        let items = try view.groceries.stats([], today: today)
        if !items.isEmpty { try part(items) }
        return trips
      }
      let names = NameGroups(try cache.boughtRows())
      let counts = names.groups.indices.map(names.total)
      let order = names.groups.indices.filter { counts[$0] > 0 }.sorted {
        counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1
      }
      for first in stride(from: 0, to: order.count, by: partSize) {
        let groups = order[first..<min(first + partSize, order.count)]
        // A name one row holds is figured from that row alone, without building its item; the rows of a name two
        // ids share are read whole, for the view that merges them.
        var items = try Self.figures(
          try cache.boughtFigures(rows: names.rowNumbers(of: groups.filter { names.groups[$0].count == 1 })),
          since: since, today: today, from: cache)
        let shared = groups.filter { names.groups[$0].count > 1 }
        if !shared.isEmpty {
          var state = reading.state
          try cache.loadItems(rows: names.rowNumbers(of: shared), into: &state)
          items += try Self.view(state, since: since, from: cache).groceries.stats([], today: today)
        }
        if !items.isEmpty { try part(ItemStats.sorted(items)) }
      }
      return trips
    }
  }

  /// The trip figures per store in a folded state: the settled totals of older trips and the kept ones.
  func tripStats(in state: HouseholdState, now: Date, this: String?) -> [StoreTripStats] {
    let stores = HouseholdView.Frame.storesShown(state).names
    var entries: [(start: Stamp, id: UUID, totals: TripTotals)] = state.trips.settled.map {
      location, settled in
      let known = location.map { Self.storeName($0, in: state, shown: stores) }
      return (
        settled.latest, settled.latestTrip,
        TripTotals(
          store: known?.name, removed: known?.removed ?? false,
          trips: settled.trips, milliseconds: settled.milliseconds, items: settled.items)
      )
    }
    for (id, trip) in state.trips.trips where trip.isKnown {
      if let totals = TripTotals(tripRecord(id, trip, in: state, now: now, this: this, stores: stores)) {
        entries.append((trip.start.stamp, id, totals))
      }
    }
    entries.sort { TripBook.later(($1.start, $1.id), than: ($0.start, $0.id)) }
    return StoreTripStats.byStore(totals: entries.map(\.totals))
  }

  /// The trip this machine has under way, which purchases made now go on.
  func openTrip(of machine: String, now: Date, in state: HouseholdState) -> UUID? {
    state.trips.open(of: machine, at: state.clock(now, machine: machine))?.id
  }

  /// Takes the trip off purchases of another day than `now`'s (in local time): a backdated purchase was not made
  /// on the trip under way. `now` is the log clock's time, which a clock set back does not move.
  static func tripTagged(_ operations: [Operation], now: Date) -> [Operation] {
    let today = Day(now, utcOffset: LocalTime.utcOffset(at: now) ?? 0)
    return operations.map { operation in
      guard case .buy(let item, let day, let quantity, .some, let by) = operation, day != today else {
        return operation
      }
      return .buy(item: item, day: day, quantity: quantity, trip: nil, by: by)
    }
  }

  /// Loads the items bought on the trips the state keeps, whose names the trips show.
  func loadTripItems(_ reading: inout Reading, machine: String) throws {
    guard let cache = reading.cache else { return }
    let items = reading.state.trips.trips.values.flatMap { $0.purchases.map(\.item) }
    do {
      try cache.database.reading { try cache.loadItems(.ids(items), into: &reading.state) }
    } catch {
      reading = try read(.all, machine: machine)
    }
  }

  /// A trip as people see it, with the names things have now.
  ///
  /// Whether it is over by the inactivity rule is asked of its maker's clock, as its times are: this machine's
  /// own (`this`), or, for another machine, at least its latest change and, as far as this machine can tell, this
  /// machine's time. So a maker whose clock runs ahead does not keep its trip under way here until this machine's
  /// clock catches up.
  func tripRecord(
    _ id: UUID, _ trip: TripState, in state: HouseholdState, now: Date, this: String?,
    stores: [UUID: String]? = nil
  )
    -> TripRecord
  {
    func date(_ ms: Int64) -> Date { Date(timeIntervalSince1970: Double(ms) / 1000) }
    let machine = MachineID.text(trip.machine)
    let ending = trip.end(
      asOf: machine == this ? state.clock(now, machine: machine) : state.clock(of: trip.machine, at: now))
    let purchases = trip.purchases.map { bought in
      TripPurchase(
        item: bought.item, name: state.items[bought.item]?.name.value ?? "?",
        category: bought.category.map { id in
          state.categories[id].flatMap { $0.alive.value ? $0.name.value : nil }
        } ?? Category.uncategorized,
        quantity: bought.quantity, at: date(bought.at))
    }
    let store = trip.store.value.map { Self.storeName($0, in: state, shown: stores) }
    let how: TripEnding = ending.map { $0.clockBack ? .clockBack : $0.idle ? .idle : .stopped } ?? .open
    return TripRecord(
      id: id, machine: machine, by: state.machines.count > 1 ? state.machines[machine]?.value : nil,
      store: store?.name, storeRemoved: store?.removed ?? false,
      start: date(trip.start.value),
      end: ending.map { date($0.at) }, ending: how,
      purchases: purchases)
  }

  /// The name a trip's store is shown by, and whether it was removed: a live store's as the list shows it (two
  /// machines' `location add` of one name are one store, named as the first made), where each trip said the name
  /// its own machine gave (found by a trial: `stats` and `trip --list` said ALDI and Aldi for one store). `shown`
  /// is `HouseholdView.Frame.storesShown(state).names`, made once for many trips.
  static func storeName(_ id: UUID, in state: HouseholdState, shown: [UUID: String]? = nil) -> (
    name: String?, removed: Bool
  ) {
    guard let location = state.locations[id] else { return (nil, false) }
    guard location.alive.value else { return (location.name.value, true) }
    let names = shown ?? HouseholdView.Frame.storesShown(state).names
    return (names[id] ?? location.name.value, false)
  }
}
