#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A value with the stamp of the change that set it; the newer stamp wins.
struct Register<Value: Equatable & Sendable>: Equatable, Sendable {
  var value: Value
  var stamp: Stamp

  init(_ value: Value, _ stamp: Stamp = .zero) {
    self.value = value
    self.stamp = stamp
  }

  /// Takes the value when its stamp is newer than the one held.
  mutating func merge(_ newValue: Value?, at stamp: Stamp) {
    guard let newValue, stamp > self.stamp else { return }
    value = newValue
    self.stamp = stamp
  }
}

/// An item as every change so far has left it, field by field.
struct ItemState: Equatable, Sendable {
  var name = Register<String?>(nil)
  var quantity = Register(1)
  var note = Register<String?>(nil)
  var category = Register<UUID?>(nil)
  var locations = Register<[UUID]>([])
  var staple = Register(false)
  var onList = Register(false)
  var unavailableOn = Register<Day?>(nil)
  var skipUntil = Register<Day?>(nil)
  var alive = Register(false)
  var created = Register<Int64>(0)
  /// The newest stamp of any change to the item.
  var updated = Stamp.zero
  /// The newest change to the item by each machine, so that undo can tell whether another machine has touched it.
  var touched: [Stamp] = []

  mutating func touch(_ stamp: Stamp) {
    if stamp > updated { updated = stamp }
    // Kept in machine order, so the state is the same whatever order the changes were read in.
    if let index = touched.firstIndex(where: { $0.machineNumber >= stamp.machineNumber }) {
      if touched[index].machineNumber != stamp.machineNumber {
        touched.insert(stamp, at: index)
      } else if stamp > touched[index] {
        touched[index] = stamp
      }
    } else {
      touched.append(stamp)
    }
  }
  /// Purchases of the most recent days, and how many older ones there are.
  var purchases = PurchaseWindow()

  mutating func apply(_ f: ItemFields, at stamp: Stamp) {
    name.merge(f.name.map { Optional($0) }, at: stamp)
    quantity.merge(f.quantity, at: stamp)
    note.merge(f.note, at: stamp)
    category.merge(f.category, at: stamp)
    locations.merge(f.locations, at: stamp)
    staple.merge(f.staple, at: stamp)
    onList.merge(f.onList, at: stamp)
    unavailableOn.merge(f.unavailableOn, at: stamp)
    skipUntil.merge(f.skipUntil, at: stamp)
    // Any change but a removal brings a removed item back.
    alive.merge(f.alive ?? true, at: stamp)
    if let createdAt = f.created, created.stamp == .zero || stamp < created.stamp {
      created = Register(createdAt, stamp)
    }
    touch(stamp)
  }
}

/// A category as every change so far has left it.
struct CategoryState: Equatable, Sendable {
  var name = Register<String?>(nil)
  var color = Register<NamedColor?>(nil)
  var alive = Register(false)
  var created = Register<Int64>(0)

  mutating func apply(_ f: CategoryFields, at stamp: Stamp) {
    name.merge(f.name.map { Optional($0) }, at: stamp)
    color.merge(f.color, at: stamp)
    alive.merge(f.alive ?? true, at: stamp)
    if let createdAt = f.created, created.stamp == .zero || stamp < created.stamp {
      created = Register(createdAt, stamp)
    }
  }
}

/// A location as every change so far has left it.
struct LocationState: Equatable, Sendable {
  var name = Register<String?>(nil)
  var order = Register<[UUID]>([])
  var alive = Register(false)
  var created = Register<Int64>(0)

  mutating func apply(_ f: LocationFields, at stamp: Stamp) {
    name.merge(f.name.map { Optional($0) }, at: stamp)
    order.merge(f.order, at: stamp)
    alive.merge(f.alive ?? true, at: stamp)
    if let createdAt = f.created, created.stamp == .zero || stamp < created.stamp {
      created = Register(createdAt, stamp)
    }
  }
}

/// The purchases of an item that everyday commands need: those of the most recent days, and a count of the rest.
///
/// Keeping only recent days keeps every command as fast after twenty years as after one. The window holds a few
/// more days than the interval is learned from, so that undoing recent purchases does not empty it.
struct PurchaseWindow: Equatable, Sendable {
  /// How many distinct days are kept.
  static let capacity = Cadence.days + 13

  /// One kept purchase, with the machine that recorded it.
  struct Entry: Equatable, Sendable {
    var date: Day
    var quantity: Int
    var machine: UInt64
  }

  /// The purchases of the kept days, oldest first; within a day by machine, then in the order that machine
  /// recorded them, so the window is the same whatever order the logs are read in.
  var entries: [Entry] = []
  /// How many distinct days `entries` covers.
  var dayCount = 0
  /// Purchases older than the oldest kept day.
  var earlier = 0

  var count: Int { earlier + entries.count }

  mutating func add(_ day: Day, quantity: Int, machine: UInt64) {
    if let oldest = entries.first?.date, day < oldest, dayCount >= PurchaseWindow.capacity {
      earlier += 1
      return
    }
    var index = entries.count
    while index > 0,
      entries[index - 1].date > day
        || (entries[index - 1].date == day && entries[index - 1].machine > machine)
    {
      index -= 1
    }
    if index == 0 || entries[index - 1].date != day { dayCount += 1 }
    entries.insert(Entry(date: day, quantity: quantity, machine: machine), at: index)
    while dayCount > PurchaseWindow.capacity {
      let oldest = entries[0].date
      while let first = entries.first, first.date == oldest {
        entries.removeFirst()
        earlier += 1
      }
      dayCount -= 1
    }
  }

  /// Takes back one purchase; returns false when the window can no longer say which days are the most recent,
  /// and the history must be read again.
  mutating func remove(_ day: Day, quantity: Int, machine: UInt64) -> Bool {
    // An undone purchase was recorded by the machine that undoes it: only its own purchases are candidates.
    if let index = entries.lastIndex(where: {
      $0.date == day && $0.quantity == quantity && $0.machine == machine
    })
      ?? entries.lastIndex(where: { $0.date == day && $0.machine == machine })
    {
      entries.remove(at: index)
      if !entries.contains(where: { $0.date == day }) { dayCount -= 1 }
    } else if let oldest = entries.first?.date, day < oldest, earlier > 0 {
      earlier -= 1
    } else {
      return false
    }
    return earlier == 0 || dayCount >= Cadence.days
  }
}

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
  /// The newest stamp seen, so that a new change is stamped later.
  var latest = Stamp.zero
  /// Set when a purchase was taken back that the window no longer holds: the logs must be read again.
  var needsRebuild = false
  /// Every purchase by item, kept only while the whole history is being read.
  var fullHistory: [UUID: [Bought]]?
  /// The purchases taken back (change id + "/" + item id), kept only while the whole history is being read.
  var unbought: Set<String> = []

  /// One purchase as the log recorded it.
  struct Bought: Equatable, Sendable {
    var change: String
    var stamp: Stamp
    var day: Day
    var quantity: Int
  }

  /// Returns every live purchase of each item, oldest first, and fills the windows from them.
  mutating func finishFullHistory() -> [UUID: [Bought]] {
    var result: [UUID: [Bought]] = [:]
    for (item, list) in fullHistory ?? [:] {
      let live = list.filter { !unbought.contains($0.change + "/" + UUIDText.format(item)) }
        .sorted {
          if $0.day != $1.day { return $0.day < $1.day }
          if $0.stamp.machineNumber != $1.stamp.machineNumber {
            return $0.stamp.machineNumber < $1.stamp.machineNumber
          }
          return $0.stamp < $1.stamp
        }
      var window = PurchaseWindow()
      for bought in live {
        window.add(bought.day, quantity: bought.quantity, machine: bought.stamp.machineNumber)
      }
      items[item]?.purchases = window
      result[item] = live
    }
    fullHistory = nil
    unbought = []
    needsRebuild = false
    return result
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
    if stamp > latest { latest = stamp }
    for operation in change.operations {
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
        if !trips.apply(id, set, at: stamp, pruning: fullHistory == nil) {
          // An undo reopened a trip the state no longer keeps: read every log again.
          needsRebuild = true
        }
      case .buy(let item, let day, let quantity, let tag):
        if let tag {
          trips.add(tag, change: change.id, item: item, quantity: quantity, at: stamp)
        }
        var state = items[item, default: ItemState()]
        if fullHistory != nil {
          fullHistory![item, default: []].append(
            Bought(change: change.id, stamp: stamp, day: day, quantity: quantity))
        } else {
          state.purchases.add(day, quantity: quantity, machine: stamp.machineNumber)
        }
        state.alive.merge(true, at: stamp)
        state.touch(stamp)
        items[item] = state
      case .unbuy(let item, let bought, let day, let quantity):
        if fullHistory != nil {
          unbought.insert(bought + "/" + UUIDText.format(item))
        } else if items[item]?.purchases.remove(day, quantity: quantity, machine: stamp.machineNumber) != true
        {
          // The window no longer shows which days are the most recent: read every log again.
          needsRebuild = true
        }
        items[item]?.touch(stamp)
        trips.remove(change: bought, item: item, machine: stamp.machineNumber)
      case .machine(let name):
        machines[stamp.machine, default: Register("")].merge(name, at: stamp)
      }
    }
  }
}
