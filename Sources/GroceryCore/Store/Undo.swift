#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// This machine's changes that `undo` can revert, and the change that reverts one.
enum Undo {
  /// Keeps the change on the stack of undoable changes, or takes off the one it undoes.
  static func record(_ change: Change, in stack: inout [Change], depth: Int) {
    if let undone = change.undoes {
      stack.removeAll { $0.id == undone }
      return
    }
    if change.operations.allSatisfy({ if case .machine = $0 { return true } else { return false } }) {
      return
    }
    stack.append(change)
    if stack.count > depth { stack.removeFirst(stack.count - depth) }
  }

  /// The operations that put back what the change set, field by field, where nothing newer has set it since;
  /// and that take back the purchases it recorded.
  ///
  /// A field is put back when it still holds what the change set: set by the change itself, or by this machine
  /// since (every later change of this machine is already undone, so that was an undo putting it back).
  static func inverse(of change: Change, in state: HouseholdState) -> [Operation] {
    let stamp = change.stamp
    var operations: [Operation] = []
    func holds<V: Equatable>(_ register: Register<V>, _ value: V?) -> Bool {
      guard let value else { return false }
      return register.stamp == stamp
        || (register.stamp.machineNumber == stamp.machineNumber && register.value == value)
    }
    func holds<V: Equatable>(_ register: Register<V?>, _ value: V??) -> Bool {
      guard let value else { return false }
      return register.stamp == stamp
        || (register.stamp.machineNumber == stamp.machineNumber && register.value == value)
    }
    for operation in change.operations.reversed() {
      switch operation {
      case .item(let id, let set, let was):
        guard let item = state.items[id] else { continue }
        var back = ItemFields()
        if holds(item.name, set.name.map { Optional($0) }) { back.name = was.name }
        if holds(item.quantity, set.quantity) { back.quantity = was.quantity }
        if holds(item.note, set.note) { back.note = was.note }
        if holds(item.category, set.category) { back.category = was.category }
        if holds(item.locations, set.locations) { back.locations = was.locations }
        if holds(item.staple, set.staple) { back.staple = was.staple }
        if holds(item.onList, set.onList) { back.onList = was.onList }
        if holds(item.unavailableOn, set.unavailableOn) { back.unavailableOn = was.unavailableOn }
        if holds(item.skipUntil, set.skipUntil) { back.skipUntil = was.skipUntil }
        // A removal is put back, and an addition taken back, only when no other machine has touched the item since.
        let others = item.touched.contains { $0.machineNumber != stamp.machineNumber && $0 > stamp }
        if holds(item.alive, set.alive ?? true), !others, let alive = was.alive { back.alive = alive }
        if back.alive == nil && !back.isEmpty { back.alive = item.alive.value }
        if !back.isEmpty { operations.append(.item(id, set: back, was: ItemFields())) }
      case .category(let id, let set, let was):
        guard let category = state.categories[id] else { continue }
        var back = CategoryFields()
        if holds(category.name, set.name.map { Optional($0) }) { back.name = was.name }
        if holds(category.color, set.color) { back.color = was.color }
        if holds(category.alive, set.alive ?? true), let alive = was.alive { back.alive = alive }
        if back.alive == nil && back != CategoryFields() { back.alive = category.alive.value }
        if back != CategoryFields() { operations.append(.category(id, set: back, was: CategoryFields())) }
      case .location(let id, let set, let was):
        guard let location = state.locations[id] else { continue }
        var back = LocationFields()
        if holds(location.name, set.name.map { Optional($0) }) { back.name = was.name }
        if holds(location.order, set.order) { back.order = was.order }
        if holds(location.alive, set.alive ?? true), let alive = was.alive { back.alive = alive }
        if back.alive == nil && back != LocationFields() { back.alive = location.alive.value }
        if back != LocationFields() { operations.append(.location(id, set: back, was: LocationFields())) }
      case .order(let set, let was):
        if holds(state.order, set) { operations.append(.order(was, was: [])) }
      case .buy(let item, let day, let quantity, _, _):
        operations.append(.unbuy(item: item, change: change.id, day: day, quantity: quantity))
      case .trip(let id, _, let was):
        // Only the machine that made a trip changes it, and its later changes are undone already.
        if !was.isEmpty { operations.append(.trip(id, set: was, was: TripFields())) }
      case .unbuy, .machine:
        continue
      }
    }
    return operations
  }
}
