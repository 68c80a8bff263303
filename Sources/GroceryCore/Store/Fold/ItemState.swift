#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How an item folds: its stored registers are declared with its fields, in `Fields/ItemFields.swift`.
extension ItemState {
  /// Records that the change of `stamp` touched the item.
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
