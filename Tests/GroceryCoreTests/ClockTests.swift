import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// Clocks that cannot be poisoned: another machine's clock never moves this one's times, a change made after
/// seeing another still wins over it, and this machine's clock going back never reverses its trip.
@Suite struct ClockTests {
  let folder = TemporaryDirectory()
  let start = Fixed.now

  func machine(_ name: String) -> HouseholdStore {
    HouseholdStore(
      path: folder.file("household"), folder: folder.file("household"),
      stateFolder: folder.file("state-" + name),
      defaultMachineName: name)
  }

  func quantity(_ store: HouseholdStore, _ value: Int, at now: Date) throws {
    try store.update(.names(["milk"]), summary: { _ in "edit milk" }, now: now) {
      _ = try $0.edit("milk", changes: ItemChanges(quantity: value), today: Fixed.today, now: now)
    }
  }

  func lastLine(_ store: HouseholdStore) throws -> String {
    let log = store.logsFolder + "/" + (try store.identity().id) + ".jsonl"
    return String(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").last ?? "")
  }

  /// A machine whose clock was once more than a century ahead goes on ordering its changes after that time, put
  /// right or not: `check` says so on every machine (where it said "all is well", found by a trial), without
  /// counting a problem no one could clear, with the way out; taken, the machine's next change is ordered by its
  /// clock.
  @Test func aLogOrderedMoreThanACenturyAheadIsSaidByCheckWithTheWayOut() throws {
    let alice = machine("alice")
    let bob = machine("bob")
    try alice.update(summary: { _ in "add milk" }, now: start) {
      _ = try $0.add(["Milk"], changes: ItemChanges(), today: Fixed.today, now: start, newID: UUID.init)
    }
    let far = start + 300 * 365.25 * 86_400
    try quantity(bob, 5, at: far)
    let bobs = try bob.identity().id
    try quantity(bob, 6, at: start + 60)
    try quantity(alice, 2, at: start + 120)
    #expect(try alice.load().items.first?.quantity == 6, "the far-ordered log's change wins")
    for (store, who) in [
      (alice, "on that machine, move away the identity.json that 'grocery check' names there"),
      (bob, "move '\(bob.identityPath)' away"),
    ] {
      let check = try store.check(now: start + 180)
      let log = try #require(check.logs.first { $0.machine == bobs })
      #expect(log.beyond == far)
      #expect(check.problems == 0)
      let text = CheckRenderer.text(check)
      #expect(
        text.contains("its changes are ordered as of \(Timestamp.format(far)), more than a century after"),
        "\(text)")
      #expect(
        text.replacingOccurrences(of: "\n    ", with: " ").contains(who), "\(text)")
      #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(text)")
    }
    #expect(try alice.check(now: start + 180).logs.allSatisfy { $0.machine == bobs || $0.beyond == nil })
    try FileManager.default.removeItem(atPath: bob.identityPath)
    try quantity(bob, 7, at: start + 240)
    let line = try lastLine(bob)
    #expect(line.contains("\"at\":\"2026-11-21T12:04:00.000Z\""), "\(line)")
  }

  /// A purchase made on a machine whose clock ran a year ahead is dated a year ahead: `restock --due` (which the
  /// cache answers from its index of due staples) and the staples' list still go by the purchases before it, on
  /// every machine, where the staple was kept off the list for the year (found by a trial).
  @Test func aPurchaseByAClockAYearAheadKeepsNoStapleOffRestock() throws {
    let alice = machine("alice")
    let bob = machine("bob")
    try alice.update(summary: { _ in "staple milk" }, now: start) {
      _ = try $0.setStaple(["Milk"], remove: false, now: start, newID: UUID.init)
    }
    for (offset, step) in [(-24, 1.0), (-17, 2), (-10, 3)] {
      try alice.update(.names(["milk"]), summary: { _ in "purchase milk" }, now: start + step) {
        _ = try $0.purchase(["milk"], on: Fixed.day(offset), today: Fixed.today, now: start + step)
      }
    }
    let later = start + 365 * 86_400
    let bobsDay = Day(later, utcOffset: 0)
    try bob.update(.names(["milk"]), summary: { _ in "purchase milk" }, now: later) {
      _ = try $0.purchase(["milk"], on: bobsDay, today: bobsDay, now: later)
    }
    for store in [alice, bob] {
      let due = try store.load(.restock(.due(within: 0, every: 7), today: Fixed.today))
      #expect(
        due.restockCandidates(.due(within: 0, every: 7), today: Fixed.today).map { due.items[$0].name }
          == ["Milk"])
      let view = try store.load().listView(ListQuery(mode: .staples, today: Fixed.today, every: 7))
      let text = TextRenderer.render(view, style: TextStyle(width: 200))
      #expect(
        text.contains(
          "Milk (every 7 days; last bought \(Fixed.day(-10)); due now; \(bobsDay) not counted (clock ahead))"),
        "\(text)")
    }
    // On its day, on the clock that was ahead, it counts.
    let then = try bob.load(.restock(.due(within: 0, every: 7), today: bobsDay))
    #expect(then.restockCandidates(.due(within: 0, every: 7), today: bobsDay).isEmpty)
  }

  @Test(arguments: [3600.0, -3600.0, 86_400.0, -86_400.0, 31_536_000.0, -31_536_000.0] as [TimeInterval])
  func anotherMachinesClockMovesNoTimeHereAndTheLaterChangeStillWins(offset: TimeInterval) throws {
    let alice = machine("alice")
    let bob = machine("bob")
    try alice.update(summary: { _ in "add milk" }, now: start) {
      _ = try $0.add(["Milk"], changes: ItemChanges(), today: Fixed.today, now: start, newID: UUID.init)
    }
    // Bob's clock is off by `offset`; Alice sees his change, then makes hers a minute later by her clock.
    try quantity(bob, 5, at: start + 60 + offset)
    try quantity(alice, 2, at: start + 120)
    #expect(try alice.load().items.first?.quantity == 2, "the change made after seeing Bob's wins")
    #expect(try bob.load().items.first?.quantity == 2, "on every machine")
    // What Alice is shown, and her trip, run by her own clock.
    #expect(try alice.undoList().first?.at == start + 120)
    let trip = try alice.startTrip(at: nil, now: start + 180)
    #expect(trip.trip.start == start + 180)
    try alice.update(.names(["milk"]), summary: { _ in "purchase milk" }, now: start + 240) {
      _ = try $0.purchase(["milk"], on: Fixed.today, today: Fixed.today, now: start + 240)
    }
    let current = try #require(try alice.currentTrip(now: start + 300))
    #expect(current.start == start + 180 && current.purchases.map(\.at) == [start + 240])
    // Her line says her own clock's time when the stamp had to run ahead of it for Bob's.
    let line = try lastLine(alice)
    if offset > 0 {
      #expect(
        line.hasPrefix("{\"v\":4,") && line.contains("\"wall\":\"2026-11-21T12:04:00.000Z\""), "\(line)")
    } else {
      #expect(!line.contains("\"wall\""), "\(line)")
    }
    let (cached, folded) = try alice.cachedAndFolded()
    #expect(cached.state == folded.state)
    // `check` blames only the machine whose clock runs ahead.
    let logs = try alice.check(now: start + 300).logs
    let bobID = try bob.identity().id
    #expect(logs.first { $0.isThisMachine }?.ahead == nil)
    #expect(logs.first { $0.machine == bobID }?.ahead == (offset > 0 ? offset + 60 - 300 : nil))
  }

  /// A grocery before log version 4 refuses a whole folder that holds a version-4 line, so a clock a few seconds
  /// ahead (the usual case, a change followed at once) must not make one: a line says its maker's clock (`wall`,
  /// version 4) only when its stamp had to run more than a minute ahead of it.
  @Test(
    arguments: [(1.0, false), (30, false), (61, false), (62, true), (3600, true)] as [(TimeInterval, Bool)])
  func aLineSaysItsMakersClockOnlyWhenItsStampRunsMoreThanAMinuteAhead(ahead: TimeInterval, saysWall: Bool)
    throws
  {
    let alice = machine("alice")
    let bob = machine("bob")
    try alice.update(summary: { _ in "add milk" }, now: start) {
      _ = try $0.add(["Milk"], changes: ItemChanges(), today: Fixed.today, now: start, newID: UUID.init)
    }
    // Bob's clock is `ahead`; Alice follows his change a second later by hers.
    try quantity(bob, 5, at: start + 10 + ahead)
    try quantity(alice, 2, at: start + 11)
    let line = try lastLine(alice)
    if saysWall {
      #expect(
        line.hasPrefix("{\"v\":4,") && line.contains("\"wall\":\"2026-11-21T12:00:11.000Z\""), "\(line)")
      #expect(try alice.undoList().first?.at == start + 11)
    } else {
      #expect(line.hasPrefix("{\"v\":2,") && !line.contains("\"wall\""), "\(line)")
      #expect(try alice.undoList().first?.at == start + 10 + ahead, "shown at its stamp's time")
    }
    #expect(try alice.load().items.first?.quantity == 2, "the change made after seeing Bob's wins")
    #expect(try bob.load().items.first?.quantity == 2, "on every machine")
    let (cached, folded) = try alice.cachedAndFolded()
    #expect(cached.state == folded.state)
  }

  /// Two changes in one millisecond (the clock read to the second) count on from the last; only a change made
  /// while the clock is behind the newest stamp followed takes the clock's seconds as its count.
  @Test func aStampCountsOnWithinAMillisecondAndTakesTheClocksSecondsOnlyWhenBehind() {
    let machine = "00000000000000a1"
    let at = Stamp.milliseconds(of: start)
    let latest = Stamp(milliseconds: at, counter: 3, machine: machine)
    #expect(Stamp.next(after: latest, now: start, machine: machine).counter == 4)
    let ahead = Stamp(milliseconds: at + 3_600_000, counter: 3, machine: machine)
    let behind = Stamp.next(after: ahead, now: start, machine: machine)
    #expect(behind.milliseconds == ahead.milliseconds && behind.counter == Int(at / 1000))
    #expect(Stamp.next(after: behind, now: start + 1, machine: machine).counter == Int(at / 1000) + 1)
    #expect(Stamp.next(after: behind, now: start + 2, machine: machine).counter == Int(at / 1000) + 2)
  }

  /// Once a machine a year ahead has been seen, every machine's changes run at its time. Two changes made without
  /// seeing each other are still ordered by their makers' clocks: Bob's evening change wins over Alice's morning
  /// ones, however many she made.
  @Test func changesMadeWithoutSeeingEachOtherUnderAClockFarAheadAreOrderedByTheirMakersClocks() throws {
    let (alice, carol) = (machine("alice"), machine("carol"))
    try alice.update(summary: { _ in "add milk" }, now: start) {
      _ = try $0.add(["Milk"], changes: ItemChanges(), today: Fixed.today, now: start, newID: UUID.init)
    }
    try quantity(carol, 9, at: start + 31_536_000)
    try quantity(alice, 2, at: start + 60)
    // Bob's computer has the folder as it is now, and is offline for the day.
    let bobsFolder = folder.file("household-bob")
    try FileManager.default.copyItem(atPath: folder.file("household"), toPath: bobsFolder)
    let bob = HouseholdStore(
      path: bobsFolder, folder: bobsFolder, stateFolder: folder.file("state-bob"), defaultMachineName: "bob")
    for (index, value) in [3, 4, 5, 6].enumerated() {
      try quantity(alice, value, at: start + 3600 + TimeInterval(index))
    }
    try quantity(bob, 8, at: start + 9 * 3600)
    #expect(try bob.load().items.first?.quantity == 8)
    #expect(try alice.load().items.first?.quantity == 6)
    // Each machine's log reaches the other folder, as a sync would bring it.
    for (from, to) in [(bob, alice), (alice, bob)] {
      let name = "/" + (try from.identity().id) + ".jsonl"
      _ = unlink(to.logsFolder + name)
      try FileManager.default.copyItem(atPath: from.logsFolder + name, toPath: to.logsFolder + name)
    }
    #expect(try alice.load().items.first?.quantity == 8)
    #expect(try bob.load().items.first?.quantity == 8)
    // And a change made after seeing Bob's still wins over it, by a clock behind his.
    try quantity(alice, 1, at: start + 8 * 3600)
    #expect(try alice.load().items.first?.quantity == 1)
  }

  @Test(arguments: [3600.0, -3600.0, 86_400.0, -86_400.0, 31_536_000.0, -31_536_000.0] as [TimeInterval])
  func anotherMachinesTripIsOverByItsOwnClockNotThisOne(offset: TimeInterval) throws {
    let alice = machine("alice")
    let bob = machine("bob")
    try alice.update(summary: { _ in "add" }, now: start) {
      _ = try $0.add(
        ["Milk", "Tea"], changes: ItemChanges(), today: Fixed.today, now: start, newID: UUID.init)
    }
    // Bob's clock is off by `offset`: his trip, his purchase and his later changes are dated by it.
    func bobs(_ name: String, at seconds: TimeInterval, _ body: (inout Groceries, Day, Date) throws -> Void)
      throws
    {
      let now = start + seconds + offset
      let day = Day(now, utcOffset: LocalTime.utcOffset(at: now) ?? 0)
      try bob.update(.names([name]), summary: { _ in "change " + name }, now: now) { try body(&$0, day, now) }
    }
    _ = try bob.startTrip(at: nil, now: start + 60 + offset)
    try bobs("milk", at: 120) { _ = try $0.purchase(["milk"], on: $1, today: $1, now: $2) }
    try bobs("tea", at: 1920) {
      _ = try $0.edit("tea", changes: ItemChanges(quantity: 2), today: $1, now: $2)
    }
    let bobID = try bob.identity().id
    func bobsTrip(_ now: Date) throws -> TripRecord {
      try #require(try alice.trips(now: now).first { $0.machine == bobID })
    }
    // Half an hour after his purchase, his trip is shown here by his clock.
    let underway = try bobsTrip(start + 1920)
    #expect(underway.start == start + 60 + offset && underway.purchases.map(\.at) == [start + 120 + offset])
    if offset > 0 || offset == -3600 { #expect(underway.ending == .open) }
    // Three hours after his purchase by his clock he changes something else: his trip is over, here too, ended
    // at his last purchase by his clock, however far ahead of this machine's clock it runs.
    try bobs("tea", at: 120 + 3 * 3600) {
      _ = try $0.edit("tea", changes: ItemChanges(quantity: 3), today: $1, now: $2)
    }
    let over = try bobsTrip(start + 120 + 3 * 3600 + 60)
    #expect(over.ending == .idle && over.end == start + 120 + offset)
    #expect(try bob.currentTrip(now: start + 120 + 3 * 3600 + 60 + offset)?.ending == .idle)
  }

  @Test func thisMachinesClockSetBackNeverReversesItsTrip() throws {
    let alice = machine("alice")
    try alice.update(summary: { _ in "add" }, now: start) {
      _ = try $0.add(
        ["Milk", "Eggs"], changes: ItemChanges(), today: Fixed.today, now: start, newID: UUID.init)
    }
    _ = try alice.startTrip(at: nil, now: start + 60)
    try alice.update(.names(["milk"]), summary: { _ in "purchase milk" }, now: start + 600) {
      _ = try $0.purchase(["milk"], on: Fixed.today, today: Fixed.today, now: start + 600)
    }
    // NTP sets the clock back ten minutes: the next purchase is held at the last time this machine wrote.
    try alice.update(.names(["eggs"]), summary: { _ in "purchase eggs" }, now: start) {
      _ = try $0.purchase(["eggs"], on: Fixed.today, today: Fixed.today, now: start)
    }
    let trip = try #require(try alice.currentTrip(now: start + 60))
    #expect(trip.start == start + 60)
    #expect(trip.purchases.map(\.at) == [start + 600, start + 600], "never before the purchase before it")
    let stopped = try #require(try alice.stopTrip(now: start + 120))
    #expect(stopped.end == start + 600, "a trip never ends before its last purchase")
  }

  /// Ahead by less than the hold (an hour), then put right: the machine dates what it records at its latest
  /// change until its clock catches up, and is named by the others until then, as guarantees.md says; then its
  /// next change is dated by its clock and no one names it.
  @Test func aClockPutRightAfterRunningAheadWithinTheHoldIsNamedUntilItCatchesUp() throws {
    let alice = machine("alice")
    let bob = machine("bob")
    try alice.update(summary: { _ in "add" }, now: start + 3600) {
      _ = try $0.add(
        ["Milk"], changes: ItemChanges(), today: Fixed.today, now: start + 3600, newID: UUID.init)
    }
    let aliceID = try alice.identity().id
    try alice.update(.names(["milk"]), summary: { _ in "purchase milk" }, now: start + 60) {
      _ = try $0.purchase(["milk"], on: Fixed.today, today: Fixed.today, now: start + 60)
    }
    #expect(try alice.undoList().first?.at == start + 3600, "held at its latest change")
    #expect(try bob.check(now: start + 120).logs.first { $0.machine == aliceID }?.ahead != nil)
    try alice.update(.names(["milk"]), summary: { _ in "add milk" }, now: start + 3660) {
      _ = try $0.add(
        ["Milk"], changes: ItemChanges(), today: Fixed.today, now: start + 3660, newID: UUID.init)
    }
    #expect(try alice.undoList().first?.at == start + 3660, "its clock again once it caught up")
    #expect(try bob.check(now: start + 3660).logs.allSatisfy { $0.ahead == nil })
  }

  @Test(arguments: [3600.0 * 3, 86_400.0, 31_536_000.0] as [TimeInterval])
  func aClockPutRightAfterRunningAheadDatesWhatComesNextByItselfAtOnce(ahead: TimeInterval) throws {
    let alice = machine("alice")
    let bob = machine("bob")
    try alice.update(summary: { _ in "add" }, now: start + ahead) {
      _ = try $0.add(
        ["Milk", "Eggs"], changes: ItemChanges(), today: Fixed.today, now: start + ahead, newID: UUID.init)
    }
    _ = try alice.startTrip(at: nil, now: start + ahead + 60)
    #expect(try bob.check(now: start).logs.first { $0.machine == (try alice.identity().id) }?.ahead != nil)
    // Her clock is put right: her next changes are dated by it, not held at the wrong time, and the trip she had
    // under way by the wrong clock is over, said as the clock going back.
    #expect(try alice.currentTrip(now: start + 60)?.ending == .clockBack)
    let trip = try alice.startTrip(at: nil, now: start + 120)
    #expect(trip.trip.start == start + 120 && trip.ended?.end == start + ahead + 60)
    try alice.update(.names(["milk"]), summary: { _ in "purchase milk" }, now: start + 180) {
      _ = try $0.purchase(["milk"], on: Fixed.today, today: Fixed.today, now: start + 180)
    }
    let current = try #require(try alice.currentTrip(now: start + 240))
    #expect(current.ending == .open && current.purchases.map(\.at) == [start + 180])
    #expect(try alice.undoList().first?.at == start + 180)
    #expect(try bob.check(now: start + 240).logs.allSatisfy { $0.ahead == nil })
    let (cached, folded) = try alice.cachedAndFolded()
    #expect(cached.state == folded.state)
  }

  @Test func aWallTimeOnALineBelowVersion4IsLeftOut() throws {
    let line =
      "{\"v\":3,\"id\":\"c\",\"at\":\"2026-11-21T12:00:00.000Z\",\"seq\":0,\"wall\":\"2026-11-21T11:00:00.000Z\","
      + "\"machine\":\"00000000000000aa\",\"summary\":\"s\",\"ops\":[]}"
    #expect(
      throws: ChangeCodec.LineError(field: "wall", reason: "the maker's own clock needs a version-4 line")
    ) { try ChangeCodec.decode(Array(line.utf8), from: 0, to: line.utf8.count) }
  }

  /// No grocery writes a wall time at or after the line's stamp: such a line (made by hand) would be shown at that
  /// time, and warned of as a clock running ahead on every machine, so it is left out.
  @Test(arguments: ["2026-11-21T12:00:00.000Z", "2026-11-21T12:00:00.001Z", "9999-12-31T23:59:58.000Z"])
  func aWallTimeNotBeforeTheStampIsLeftOut(wall: String) throws {
    func lineWith(wall: String) -> String {
      "{\"v\":4,\"id\":\"c\",\"at\":\"2026-11-21T12:00:00.000Z\",\"seq\":0,\"wall\":\"\(wall)\","
        + "\"machine\":\"00000000000000aa\",\"summary\":\"s\",\"ops\":[]}"
    }
    let line = lineWith(wall: wall)
    #expect(
      throws: ChangeCodec.LineError(
        field: "wall",
        reason: "not before 'at' (a line says its maker's clock only when 'at' ran ahead of it)")
    ) { try ChangeCodec.decode(Array(line.utf8), from: 0, to: line.utf8.count) }
    let before = lineWith(wall: "2026-11-21T11:59:59.999Z")
    let change = try ChangeCodec.decode(Array(before.utf8), from: 0, to: before.utf8.count)
    #expect(change.time == change.stamp.milliseconds - 1)
  }
}
