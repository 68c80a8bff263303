#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// This machine's changes that `undo` can revert, and the change that reverts one.
enum Undo {
  /// What a change does to the list of undoable changes: nothing (it only names the machine), takes off the
  /// one it undoes, or goes on the end, the oldest then let go past the depth.
  enum Step: Equatable {
    case none
    case take(id: String)
    case push(UndoRef)
  }

  static func step(for change: Change, at offset: Int, length: Int) -> Step {
    if let undone = change.undoes { return .take(id: undone) }
    if change.onlyNamesItsMachine { return .none }
    // Shown by the time its maker's clock gave it.
    var at = change.stamp
    at.milliseconds = change.time
    return .push(UndoRef(id: change.id, offset: offset, length: length, summary: change.summary, at: at))
  }

  static func apply(_ step: Step, to stack: inout [UndoRef], depth: Int) {
    switch step {
    case .none: return
    case .take(let id): stack.removeAll { $0.id == id }
    case .push(let ref):
      stack.append(ref)
      if stack.count > depth { stack.removeFirst(stack.count - depth) }
    }
  }

  /// Keeps the change on the stack of undoable changes, or takes off the one it undoes.
  static func record(_ change: Change, at offset: Int, length: Int, in stack: inout [UndoRef], depth: Int) {
    apply(step(for: change, at: offset, length: length), to: &stack, depth: depth)
  }

  /// A removal is put back, and an addition taken back, only when no other machine has touched the item since.
  private static func putsBackLife(of item: ItemState, _ set: ItemFields, _ was: ItemFields, _ stamp: Stamp)
    -> Bool
  {
    guard was.alive != nil else { return false }
    let others = item.touched.contains { $0.machineNumber != stamp.machineNumber && $0 > stamp }
    return item.alive.holds(set.alive ?? true, of: stamp) && !others
  }

  /// The items the change added or removed that its inverse leaves as they are, another machine having touched
  /// them since: `undo` says so rather than seem to have put them back. True for an item the change removed.
  static func lifeKept(of change: Change, in state: HouseholdState) -> [(id: UUID, removed: Bool)] {
    change.operations.compactMap {
      guard case .item(let id, let set, let was) = $0, let alive = set.alive, let item = state.items[id],
        !putsBackLife(of: item, set, was, change.stamp), item.alive.value == alive
      else { return nil }
      return (id, !alive)
    }
  }

  /// The items, categories and stores whose fields the change set that its inverse leaves as they are, one or
  /// more of them having been set since by another machine: `undo` says so rather than seem to have changed them
  /// back. Whether one is alive, and when it was made, are not among them (`lifeKept` says the first for items).
  /// `partly` says that some of its fields are changed back all the same. Read from the inverse
  /// `inverse(of:in:)` made.
  static func fieldsKept(of change: Change, inverse: [Operation]) -> [(
    kind: NameKind, id: UUID, partly: Bool
  )] {
    var items: [UUID: ItemFields] = [:]
    var categories: [UUID: CategoryFields] = [:]
    var locations: [UUID: LocationFields] = [:]
    for operation in inverse {
      switch operation {
      case .item(let id, let set, _): items[id] = set
      case .category(let id, let set, _): categories[id] = set
      case .location(let id, let set, _): locations[id] = set
      default: break
      }
    }
    /// Whether some field `was` holds is not put back, and then whether some is: nil when every one is.
    func kept<F, S, M>(_ table: [Field<F, S, M>], was: F, put: F) -> Bool? {
      let fields = table.filter { $0.key != "alive" && $0.key != "created" && $0.isSet(was) }
      guard fields.contains(where: { !$0.isSet(put) }) else { return nil }
      return fields.contains { $0.isSet(put) }
    }
    return change.operations.compactMap {
      switch $0 {
      case .item(let id, _, let was):
        return kept(ItemFields.table, was: was, put: items[id] ?? ItemFields()).map { (.item, id, $0) }
      case .category(let id, _, let was):
        return kept(CategoryFields.table, was: was, put: categories[id] ?? CategoryFields()).map {
          (.category, id, $0)
        }
      case .location(let id, _, let was):
        return kept(LocationFields.table, was: was, put: locations[id] ?? LocationFields()).map {
          (.location, id, $0)
        }
      default:
        return nil
      }
    }
  }

  /// Whether the change was a reorder (it set the categories' order, and no category or store) and its inverse
  /// leaves the order as it is: another machine has set it since. A category added or removed sets the order too,
  /// which is not what it is told by.
  static func orderKept(of change: Change, inverse: [Operation]) -> Bool {
    func setsOrder(_ operation: Operation) -> Bool { if case .order = operation { true } else { false } }
    let reorder = change.operations.allSatisfy {
      switch $0 {
      case .category, .location: false
      default: true
      }
    }
    return reorder && change.operations.contains(where: setsOrder) && !inverse.contains(where: setsOrder)
  }

  /// The operations that put back what the change set, field by field, where nothing newer has set it since;
  /// and that take back the purchases it recorded.
  ///
  /// A field is put back when it still holds what the change set: set by the change itself, or by this machine
  /// since (every later change of this machine is already undone, so that was an undo putting it back). It is put
  /// back to what the newest change stamped before it set, as `prior` folds those changes: a change its maker had
  /// not seen (another machine's, made offline at the same time) then keeps its value, where the value the maker
  /// saw would have taken it back. Without `prior`, to what the maker saw.
  static func inverse(of change: Change, in state: HouseholdState, prior: HouseholdState? = nil)
    -> [Operation]
  {
    let stamp = change.stamp
    var operations: [Operation] = []
    for operation in change.operations.reversed() {
      switch operation {
      case .item(let id, let set, let was):
        guard let item = state.items[id] else { continue }
        var back = ItemFields()
        for field in ItemFields.table { field.revert(item, set, was, stamp, prior?.items[id], &back) }
        if putsBackLife(of: item, set, was, stamp) { back.alive = was.alive }
        if back.alive == nil && !back.isEmpty { back.alive = item.alive.value }
        if !back.isEmpty { operations.append(.item(id, set: back, was: ItemFields())) }
      case .category(let id, let set, let was):
        guard let category = state.categories[id] else { continue }
        var back = CategoryFields()
        for field in CategoryFields.table {
          field.revert(category, set, was, stamp, prior?.categories[id], &back)
        }
        if category.alive.holds(set.alive ?? true, of: stamp), let alive = was.alive { back.alive = alive }
        if back.alive == nil && back != CategoryFields() { back.alive = category.alive.value }
        if back != CategoryFields() { operations.append(.category(id, set: back, was: CategoryFields())) }
      case .location(let id, let set, let was):
        guard let location = state.locations[id] else { continue }
        var back = LocationFields()
        for field in LocationFields.table {
          field.revert(location, set, was, stamp, prior?.locations[id], &back)
        }
        if location.alive.holds(set.alive ?? true, of: stamp), let alive = was.alive { back.alive = alive }
        if back.alive == nil && back != LocationFields() { back.alive = location.alive.value }
        if back != LocationFields() { operations.append(.location(id, set: back, was: LocationFields())) }
      case .order(let set, let was):
        guard state.order.holds(set, of: stamp) else { continue }
        let before = prior.map(\.order).flatMap { $0.stamp != .zero && $0.stamp < stamp ? $0.value : nil }
        operations.append(.order(before ?? was, was: []))
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
