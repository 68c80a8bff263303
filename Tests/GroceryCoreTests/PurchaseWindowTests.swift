import TestSupport
import Testing

@testable import GroceryCore

/// An item's window of recent purchases is the same whatever order the purchases are added in, as a cache kept up
/// change by change and one rebuilt from every log add them in different orders.
@Suite struct PurchaseWindowTests {
  @Test func aWindowIsTheSameInAnyOrderAndCountsEachDayOnce() {
    var random = SeededRandom(seed: 20)
    for round in 0..<300 {
      // A few machines buying on a few days, often on the same day, sometimes more days than the window keeps.
      let days = Int.random(in: 1...(round % 3 == 0 ? 60 : 8), using: &random)
      let purchases = (0..<Int.random(in: 1...40, using: &random)).map { _ in
        (
          day: Fixed.today.adding(days: -Int.random(in: 0..<days, using: &random)),
          machine: UInt64.random(in: 1...4, using: &random), quantity: Int.random(in: 1...3, using: &random)
        )
      }
      var inOrder = PurchaseWindow()
      // Each machine's in the order it recorded them: the order within a machine's day is kept.
      let sorted = purchases.enumerated().sorted {
        ($0.element.day, $0.element.machine, $0.offset) < ($1.element.day, $1.element.machine, $1.offset)
      }
      for (_, one) in sorted { inOrder.add(one.day, quantity: one.quantity, machine: one.machine) }
      // A machine's log folded whole after another's, as a cache catches up with a peer: in either order of the
      // machines' ids, each machine's purchases in the order it recorded them.
      for descending in [false, true] {
        let machineOrder = purchases.indices.sorted {
          let (a, b) = (purchases[$0].machine, purchases[$1].machine)
          return a != b ? (a < b) != descending : $0 < $1
        }
        var byMachine = PurchaseWindow()
        for index in machineOrder {
          byMachine.add(
            purchases[index].day, quantity: purchases[index].quantity, machine: purchases[index].machine)
        }
        #expect(byMachine == inOrder, "round \(round), machines \(descending ? "last" : "first") first")
      }
      #expect(inOrder.dayCount == Set(inOrder.entries.map(\.date)).count, "round \(round)")
      #expect(inOrder.entries.count + inOrder.earlier == purchases.count, "round \(round)")
    }
  }
}
