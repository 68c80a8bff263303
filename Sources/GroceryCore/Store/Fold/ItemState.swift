#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
    for field in ItemFields.table { field.apply(&self, f, stamp) }
    touch(stamp)
  }

  /// Records a purchase: it brings a removed item back.
  mutating func bought(_ day: Day, quantity: Int, by: String?, at stamp: Stamp) {
    purchases.add(day, quantity: quantity, machine: stamp.machineNumber, by: by)
    alive.merge(true, at: stamp)
    touch(stamp)
  }
}
