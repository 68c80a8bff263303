#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The household folded from every machine's log: the same whatever order the changes are read in.
struct HouseholdState: Equatable, Sendable {
  var items: [UUID: ItemState] = [:]
  var categories: [UUID: CategoryState] = [:]
  var locations: [UUID: LocationState] = [:]
  /// The general walk order of categories.
  var order = Register<[UUID]>([])
  /// Machine names for people, by machine id.
  var machines: [String: Register<String>] = [:]
  /// The trips: each machine's most recent few, or every one while the whole history is being read.
  var trips = TripBook()
  /// The newest stamp seen.
  var latest = Stamp.zero
  /// The newest stamp seen that a new change follows: none in the last second a line may carry, which a peer's
  /// clock at the end of 9999 (or a line written by hand) may have reached, and after which no stamp could be.
  /// Such a line is read, and wins over what is made after it, as a clock far ahead does; every other change is
  /// still followed, so that one made after seeing another is later than it.
  var followable = Stamp.zero
  /// The time by its own clock of each machine's latest change, by machine (its log is read in order): how far that
  /// clock had got, as far as anyone can tell.
  var walls: [UInt64: Int64] = [:]
  /// How far each machine's latest change is ordered after its own clock, in milliseconds: far, that clock was
  /// behind the changes the machine had seen (or one of theirs was ahead); 0 for a migration, dated by its file.
  var lags: [UInt64: Int64] = [:]
  /// Set when a change reopened a trip the trip book no longer keeps: every log must be folded again.
  var needsRebuild = false
  /// Whether the trip book keeps every trip (a whole read for `trip --list`) or each machine's latest few.
  var keepsAllTrips = false
  /// The purchases the changes applied recorded, in the order they were applied, for the cache's purchase table.
  var bought: [Bought] = []
  /// The purchases the changes applied took back: the change that recorded each, and the item.
  var unbought: [Unbought] = []
  /// Items whose purchase window lost track of its days to a purchase taken back, to be filled again from every
  /// purchase of the item.
  var staleWindows: Set<UUID> = []
  /// The changes folded that migrated a version-1 store, whose purchases another migration may have recorded too;
  /// the cache keeps them, so that a fold of a few new lines knows them.
  var migrations: Set<String> = []
  /// Set when a change added to `migrations`, for the cache to keep.
  var migrationsChanged = false
  /// The imports folded that recorded purchases (of a version-1 store's copy, or of an export), whose purchases a
  /// migration or another import may have recorded too: two machines that imported one file, or one that imported
  /// a copy that another machine migrated later. The cache keeps them, as it keeps `migrations`.
  var imports: Set<String> = []
  /// Set when a change added to `imports`, for the cache to keep.
  var importsChanged = false
  /// The changes folded that undid a migration, by the migration they undid.
  var migrationUndos: [String: String] = [:]
  /// Set for a fold of every log: migrations and the changes undoing them are applied at its end
  /// (`applyMigrations`), once every one is known.
  var defersMigrations = false
  /// The migrations, and the changes undoing them, that wait for the end of a fold of every log.
  var waitingMigrations: [Change] = []

  /// One purchase as the log recorded it.
  struct Bought: Equatable, Sendable {
    var item: UUID
    var change: String
    var stamp: Stamp
    var day: Day
    var quantity: Int
    /// The buyer's name the log recorded, when it named one.
    var by: String?
  }

  /// A purchase taken back, by the machine that took it back: only the purchases that machine made.
  struct Unbought: Hashable, Sendable {
    var change: String
    var item: UUID
    var machine: UInt64
  }

  /// The positions in `bought` of the purchases no change took back: only the machine that made one takes it back.
  func liveIndices(of bought: [Bought]) -> [Int] {
    let gone = Set(unbought)
    return bought.indices.filter {
      !gone.contains(
        Unbought(change: bought[$0].change, item: bought[$0].item, machine: bought[$0].stamp.machineNumber))
    }
  }

  /// Fills every item's window from its live purchases, and returns them, oldest first, unless `keeping` is
  /// false (a rebuild, which reads them back from the cache): the end of a fold of every log. The purchases are
  /// put in order as positions in `bought`, so that a rebuild holds no second copy of them.
  @discardableResult
  mutating func settleHistory(keeping: Bool = true) -> [UUID: [Bought]] {
    let bought = self.bought
    var live = liveIndices(of: bought)
    let repeated = SharedMigrations.repeated(in: bought, live: live, migrations: migrations.union(imports))
    if !repeated.isEmpty {
      live.removeAll { repeated.contains($0) }
      // Nor are they written to the cache's purchase table.
      self.bought = bought.indices.compactMap { repeated.contains($0) ? nil : bought[$0] }
    }
    // By item, then in history order; the sort is stable, so ties keep the order the purchases were applied in.
    live.sort { a, b in
      bought[a].item != bought[b].item
        ? UUIDText.less(bought[a].item, bought[b].item) : HouseholdState.historyOrder(bought[a], bought[b])
    }
    var result: [UUID: [Bought]] = [:]
    var settled = Set<UUID>()
    var start = 0
    while start < live.count {
      let item = bought[live[start]].item
      var end = start + 1
      while end < live.count && bought[live[end]].item == item { end += 1 }
      var window = PurchaseWindow()
      for index in live[start..<end] {
        let one = bought[index]
        window.add(one.day, quantity: one.quantity, machine: one.stamp.machineNumber, by: one.by)
      }
      items[item]?.purchases = window
      settled.insert(item)
      if keeping { result[item] = live[start..<end].map { bought[$0] } }
      start = end
    }
    for item in staleWindows where !settled.contains(item) { items[item]?.purchases = PurchaseWindow() }
    staleWindows = []
    return result
  }

  /// Leaves out the purchases taken back, for a cache written afresh: rather than written and deleted again (an
  /// undone migration's, every purchase of 20 years).
  mutating func dropTakenBack() {
    guard !unbought.isEmpty else { return }
    let gone = Set(unbought)
    bought.removeAll {
      gone.contains(Unbought(change: $0.change, item: $0.item, machine: $0.stamp.machineNumber))
    }
    unbought = []
  }

  /// Orders purchases by day, then machine, then the order that machine recorded them, whatever order the logs
  /// were read in.
  static func historyOrder(_ a: Bought, _ b: Bought) -> Bool {
    if a.day != b.day { return a.day < b.day }
    if a.stamp.machineNumber != b.stamp.machineNumber { return a.stamp.machineNumber < b.stamp.machineNumber }
    return a.stamp < b.stamp
  }

  /// How far back a machine's clock may be set (NTP putting it right) and its times still be held at its own latest
  /// change, so that a trip's times never run backwards. A clock set back further was wrong before: its times start
  /// again from it, and a trip it had under way is over.
  static let holdLimit = Int64(TripRecord.idleLimit * 1000)

  /// The time for people, in milliseconds, of a change `machine` makes at `now` by its own clock: that clock, held
  /// at the machine's latest change while it is behind it by no more than `holdLimit`. Another machine's clock
  /// moves it only within `Change.wallLead`, where a line's stamp is its time.
  func clock(_ now: Date, machine: String?) -> Int64 {
    let wall = Stamp.milliseconds(of: now)
    guard let number = machine.flatMap(MachineID.number), let own = walls[number], own > wall,
      own - wall <= HouseholdState.holdLimit
    else { return wall }
    return own
  }

  /// How far another machine's clock has got, as far as this machine can tell at `now`: at least to its latest
  /// change, and at least to this machine's time, since how far apart the two clocks are cannot be told.
  func clock(of machine: UInt64, at now: Date) -> Int64 {
    let wall = Stamp.milliseconds(of: now)
    return max(wall, walls[machine] ?? wall)
  }

  /// A new household: the built-in categories in their default order.
  static var initial: HouseholdState {
    var state = HouseholdState()
    for category in Category.builtIn {
      state.categories[category.id] = CategoryState(name: Register(category.name), alive: Register(true))
    }
    state.order = Register(Category.builtIn.map(\.id))
    return state
  }

  /// Applies one change. Applying the same changes in any order gives the same state.
  mutating func apply(_ change: Change) {
    let stamp = change.stamp
    if change.isMigration {
      // Its purchases may be another migration's too (two machines that each migrated a copy of one store), which
      // only the end of a fold of every log tells: one read after other changes asks for that fold, as does
      // taking one back (below, and any purchase of one taken back).
      if latest != .zero || migrations.contains(where: { $0 != change.id }) { needsRebuild = true }
      if migrations.insert(change.id).inserted { migrationsChanged = true }
    } else if change.isImportWithPurchases {
      // Its purchases may be a migration's or another import's too, as a migration's may: only the end of a fold of
      // every log tells, so one read after a migration or another such import asks for that fold.
      if !migrations.isEmpty || imports.contains(where: { $0 != change.id }) { needsRebuild = true }
      if imports.insert(change.id).inserted { importsChanged = true }
    }
    if stamp > latest { latest = stamp }
    if stamp > followable && stamp.milliseconds <= Stamp.adoptable { followable = stamp }
    walls[stamp.machineNumber] = change.time
    lags[stamp.machineNumber] = change.lag
    var waits = change.isMigration
    // Known by what it undoes, which its own log holds above it, whatever it says it is.
    if let undone = change.undoes, migrations.contains(undone) {
      needsRebuild = true
      migrationUndos[undone] = change.id
      waits = true
    }
    if waits && defersMigrations {
      waitingMigrations.append(change)
    } else {
      apply(change.operations, of: change)
    }
  }

  /// Applies the migrations and the changes undoing them, at the end of a fold of every log. A migration undone
  /// and its undo leave alone what a migration that stands made too: another machine's, of a copy of the same
  /// version-1 store (the same item ids), which may have arrived after the undo and is stamped before it. What they
  /// made alone, the undo takes back; the purchases, each machine's own, are taken back whatever they were of.
  mutating func applyMigrations() {
    let standing = Set(migrations.filter { migrationUndos[$0] == nil })
    let kept = Touched(waitingMigrations.filter { standing.contains($0.id) })
    for change in waitingMigrations {
      // A migration that stands, or any of them when none does.
      if standing.isEmpty || standing.contains(change.id) {
        apply(change.operations, of: change)
        continue
      }
      var operations: [Operation] = []
      for operation in change.operations {
        switch operation {
        case .item(let id, _, _) where kept.items.contains(id): continue
        case .category(let id, _, _) where kept.categories.contains(id): continue
        case .location(let id, _, _) where kept.locations.contains(id): continue
        case .order: continue
        case .buy(let item, let day, let quantity, _, let by) where kept.items.contains(item):
          // Recorded, for the undo to take back, but no purchase of it makes the item live again: the machine
          // whose migration stands may have removed it since.
          bought.append(
            Bought(item: item, change: change.id, stamp: change.stamp, day: day, quantity: quantity, by: by))
        default: operations.append(operation)
        }
      }
      apply(operations, of: change)
    }
    waitingMigrations = []
  }

  /// Applies a change's operations.
  mutating func apply(_ operations: [Operation], of change: Change) {
    let stamp = change.stamp
    for operation in operations {
      switch operation {
      case .item(let id, let set, _):
        items[id, default: ItemState()].apply(set, at: stamp)
      case .category(let id, let set, _):
        categories[id, default: CategoryState()].apply(set, at: stamp)
      case .location(let id, let set, _):
        locations[id, default: LocationState()].apply(set, at: stamp)
      case .order(let ids, _):
        order.merge(ids, at: stamp)
      case .trip(let id, let set, _):
        if !trips.apply(id, set, at: stamp, pruning: !keepsAllTrips) {
          // An undo reopened a trip the state no longer keeps: read every log again.
          needsRebuild = true
        }
      case .buy(let item, let day, let quantity, let tag, let by):
        if let tag {
          trips.add(tag, change: change.id, item: item, quantity: quantity, at: stamp, time: change.time)
        }
        bought.append(
          Bought(item: item, change: change.id, stamp: stamp, day: day, quantity: quantity, by: by))
        // In place, so that the purchase window's storage is not copied for every purchase.
        items[item, default: ItemState()].bought(day, quantity: quantity, by: by, at: stamp)
      case .unbuy(let item, let bought, _, _):
        if migrations.contains(bought) || imports.contains(bought) { needsRebuild = true }
        unbought.append(Unbought(change: bought, item: item, machine: stamp.machineNumber))
        // The window is filled again from the purchases left, not edited here: which purchase the unbuy names
        // (only one its machine made is taken back) is known from the purchases, not the window's days.
        staleWindows.insert(item)
        // Touched whether or not the purchase is read yet, so the fold is the same in any order.
        items[item, default: ItemState()].touch(stamp)
        trips.remove(change: bought, item: item, machine: stamp.machineNumber)
      case .machine(let name):
        machines[stamp.machine, default: Register("")].merge(name, at: stamp)
      }
    }
  }
}
