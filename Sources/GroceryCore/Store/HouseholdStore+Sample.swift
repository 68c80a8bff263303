#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension HouseholdStore {
  /// Writes the sample household (`init --sample`) as it grew, each change at its own time, so that it has real
  /// trips for `stats`, `trip --list` and `reorder-categories --suggest`: created three weeks ago with its earlier
  /// purchases, then each day of those weeks its trips' items put on the list in the morning and each trip made
  /// (started, its items bought one after another in the store's walk order, stopped), then, at `now`, what the
  /// list holds put on it, today's purchases and what is not there today, each a change of its own. Refused, writing
  /// nothing, where `create` refuses; one that fails after its first change takes back what it wrote. `onSaved` is
  /// called once the household is made. Returns the household as of `today`.
  public func createSample(today: Day, now: Date, onWait: () -> Void = {}, onSaved: () -> Void = {}) throws
    -> Groceries
  {
    try createSample(
      SampleHousehold.history(today: today, now: now), today: today, now: now, onWait: onWait,
      onSaved: onSaved)
  }

  /// Writes a sample household as it grew (`createSample(today:now:)`), or takes back what it wrote.
  func createSample(
    _ history: SampleHousehold.History, today: Day, now: Date, onWait: () -> Void = {},
    onSaved: () -> Void = {}
  ) throws -> Groceries {
    let (made, hadIdentity) = (try FileSystem.status(folder) == nil, try hasIdentity())
    try create(history.start, summary: ChangeVerb.initSample.present, now: history.created, onWait: onWait)
    do {
      try writeSample(history, today: today, now: now, onWait: onWait)
    } catch {
      takeBack(made: made, hadIdentity: hadIdentity)
      throw error
    }
    onSaved()
    return history.final
  }

  /// Writes the sample's changes after its first.
  private func writeSample(_ history: SampleHousehold.History, today: Day, now: Date, onWait: () -> Void)
    throws
  {
    var morning: Day?
    for trip in history.trips {
      // Each morning, what the day's trips buy goes on the list first: the due staples restocked, the rest added.
      if trip.day != morning {
        morning = trip.day
        let names = history.trips.filter { $0.day == trip.day }.flatMap { $0.checkOffs.map(\.name) }
        try putOnList(names, now: LocalTime.noon(on: trip.day).addingTimeInterval(-4 * 3600), onWait: onWait)
      }
      _ = try startTrip(at: trip.store, now: trip.start, onWait: onWait)
      for checkOff in trip.checkOffs {
        _ = try update(
          .names([checkOff.name]), summary: { ChangeVerb.purchase.present + Summary.names([$0]) },
          now: checkOff.at, onWait: onWait
        ) { groceries in
          _ = try groceries.purchase([checkOff.name], on: trip.day, today: trip.day, now: checkOff.at)
          return checkOff.name
        }
      }
      _ = try stopTrip(now: trip.end, onWait: onWait)
    }
    // This morning: what the list holds at the end and what is bought today goes on it, then today's purchases,
    // then what is not there today, each a change that does what it says.
    let final = history.final
    let todays = final.items.filter { $0.purchases.contains { $0.date == today } }.map(\.name)
    try putOnList(final.items.filter(\.isOnList).map(\.name) + todays, now: now, onWait: onWait)
    _ = try update(summary: { ChangeVerb.purchase.present + Summary.names($0) }, now: now, onWait: onWait) {
      groceries in
      try groceries.purchase(todays, on: today, today: today, now: now).map(\.name)
    }
    for item in final.items where item.unavailableOn != nil {
      _ = try update(
        .names([item.name]), summary: { ChangeVerb.edit.present + Summary.name($0) }, now: now, onWait: onWait
      ) {
        groceries in
        _ = try groceries.edit(
          item.name, changes: ItemChanges(isAvailable: false), today: today, now: now)
        return item.name
      }
    }
  }

  /// Puts the named items that are not on the list on it: the staples as a restock, the others as an add.
  private func putOnList(_ names: [String], now: Date, onWait: () -> Void) throws {
    for staples in [true, false] {
      let verb = staples ? ChangeVerb.restock : ChangeVerb.add
      _ = try update(.names(names), summary: { verb.present + Summary.names($0) }, now: now, onWait: onWait) {
        groceries in
        var put: [String] = []
        for index in groceries.items.indices
        where names.contains(groceries.items[index].name) && groceries.items[index].isStaple == staples
          && !groceries.items[index].isOnList
        {
          groceries.items[index].isOnList = true
          groceries.items[index].updated = now
          put.append(groceries.items[index].name)
        }
        return put
      }
    }
  }

  /// Takes back a sample household that failed half written (a full disk): its folder held no household before,
  /// as `create` refuses one that does, so what is taken is what it wrote: this machine's log, the marker, the
  /// cache, and the folders and identity it made.
  private func takeBack(made: Bool, hadIdentity: Bool) {
    if let machine = try? identity() { _ = SystemCall.remove(logsFolder + "/" + machine.id + ".jsonl") }
    // The marker goes only with the logs folder: another machine's log there (a sync tool, meanwhile) keeps both.
    if case .success = SystemCall.removeFolder(logsFolder) { _ = SystemCall.remove(markerPath) }
    if made { _ = SystemCall.removeFolder(folder) }
    for suffix in ["", "-wal", "-shm", "-journal"] { _ = SystemCall.remove(cachePath + suffix) }
    if !hadIdentity { _ = SystemCall.remove(identityPath) }
  }
}
