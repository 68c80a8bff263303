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
    /// The buyer's name the log recorded, when it named one.
    var by: String?
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
        window.add(bought.day, quantity: bought.quantity, machine: bought.stamp.machineNumber, by: bought.by)
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
      case .buy(let item, let day, let quantity, let tag, let by):
        if let tag {
          trips.add(tag, change: change.id, item: item, quantity: quantity, at: stamp)
        }
        var state = items[item, default: ItemState()]
        if fullHistory != nil {
          fullHistory![item, default: []].append(
            Bought(change: change.id, stamp: stamp, day: day, quantity: quantity, by: by))
        } else {
          state.purchases.add(day, quantity: quantity, machine: stamp.machineNumber, by: by)
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
