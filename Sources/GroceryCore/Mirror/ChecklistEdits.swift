#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a checklist's edits mean for the household: purchases, new items, changed and renamed items, and items
/// taken off the list; applied together, as one change.
struct ChecklistEdits: Equatable, Sendable {
  /// How long a summary of a phone's edits may be with every name in it: a few lines' worth.
  static let wholeSummary = 2048

  /// A ticked line: a purchase of the item it was written for, or, for a new line, of the item it names.
  struct Bought: Equatable, Sendable {
    var item: UUID?
    var name: String
    var day: Day
    /// The quantity and note a new line gave, which a new item takes before it is bought.
    var quantity: Int? = nil
    var note: String? = nil
    /// A written line's text where it is more than the item's name (`milk x2`): a grocery before 2026-11-27 kept the
    /// ticks it applied by that, and such a tick is not applied again.
    var line: String? = nil
    /// A tick a conflict copy holds: of the line as written, never of what the file itself typed over it.
    var copied = false
    /// The name a conflict copy typed over the ticked line: a purchase of that item when the household has it, as
    /// the file's own line would be; else of the item the line was written for (the copy's rename is not made).
    var typedName: String? = nil
  }

  /// A new line: an item put on the list.
  struct Added: Equatable, Sendable {
    var name: String
    var quantity: Int?
    var note: String?
    var category: String?
    /// The todo.txt `@context` the category was read from, as written; nil in Markdown.
    var context: String? = nil
  }

  /// A line whose quantity, note or name changed.
  struct Changed: Equatable, Sendable {
    var item: UUID
    /// The name the line was written with, which says the edit of an item no longer there.
    var name = ""
    var quantity: Int?
    var note: String??
    var rename: String?
    /// A todo.txt line's `@context` typed over (`eggs @Produce`): the category it names, as written, and the
    /// context itself.
    var category: String? = nil
    var context: String? = nil
    /// With a rename, the quantity and note the line gives, changed or not: what another item the rename names
    /// takes.
    var lineQuantity: Int? = nil
    var lineNote: String? = nil
  }

  var bought: [Bought] = []
  var added: [Added] = []
  var changed: [Changed] = []
  var removed: [UUID] = []
  /// The items a tick buys (a new ticked line's, or a written line's typed over and ticked) whose written line the
  /// file still holds unticked, as written or typed over: still wanted, so they stay on the list.
  var stillListed: Set<UUID> = []
  /// Lines that could not be read, each with its line number and why; nothing they name is taken off the list.
  var skipped: [String] = []

  var isEmpty: Bool { bought.isEmpty && added.isEmpty && changed.isEmpty && removed.isEmpty }

  /// What is said of an edit to an item the household no longer has (removed on another machine meanwhile).
  private func gone(_ name: String) -> String {
    "'\(Names.printable(name))' is no longer in the household (removed meanwhile?); its edit is not made"
  }

  /// What is said of a todo.txt `@context` typed on the line of `item` (as written) that names no category, or
  /// several: the item stays where it is.
  static func namesNone(_ category: String?, context: String?, of item: String, in groceries: Groceries)
    -> String
  {
    let context = context ?? category ?? ""
    let several = groceries.categories.filter {
      Names.starts(Names.key($0.name), with: Names.key(category ?? context))
    }
    let names =
      several.count > 1
      ? "names several categories (" + Names.listing(several.map { Names.printable($0.name) }) + ")"
      : "names no category"
    return "'@\(Names.printable(context))' \(names); '\(Names.printable(item))' stays where it is"
  }

  /// The category a heading or a todo.txt context names, as every name is named, a unique start enough (`### dairy`
  /// for Dairy & Fridge, as an imported heading is and `add -c dairy` takes it); a context is also a category's name
  /// as grocery writes it, `_` for each space (`@snack_bar`). Nil when it names none, or several.
  static func category(_ heading: String?, context: String?, in groceries: Groceries) throws -> String? {
    if let heading {
      do {
        return try groceries.categoryName(heading)
      } catch GroceryError.unknownName, GroceryError.ambiguousName {
        // Named otherwise, or not at all: the context may name it.
      }
    }
    return context.flatMap { context in
      groceries.categories.first { Names.key($0.name.replacing(" ", with: "_")) == Names.key(context) }?.name
    }
  }

  /// Applies the edits to the household as it is now, returning the summary's parts (`bought milk, eggs`).
  ///
  /// Each edit is checked against the household first, so that one applied twice, or one the household has
  /// already made, changes nothing: a tick buys only an item still on the list.
  func apply(to groceries: inout Groceries, today: Day, now: Date, newID: () -> UUID) -> (
    parts: [String], skipped: [String]
  ) {
    var skipped: [String] = []
    var changedNames: [String] = []
    var renamed: [String] = []
    var (added, removed) = (self.added, self.removed)
    var redirected: [UUID: UUID] = [:]
    // The items lines typed over with their names put on the list (added before the ticks, never held back for
    // after them), and those of such lines left unticked.
    var typedOver: [Added] = []
    var typedOverListed = Set<UUID>()
    let listedBefore = Set(groceries.items.filter { $0.isOnList && stillListed.contains($0.id) }.map(\.id))
    func say(_ error: any Error) { skipped.append((error as? GroceryError)?.message ?? "\(error)") }
    func index(_ id: UUID) -> Int? { groceries.items.firstIndex { $0.id == id } }
    // A name that looks like a quantity or part of a list (`2`, `x2`, `milk,`) makes no item, as `add` refuses it;
    // the household's item of that name is that item (found by a trial: a line `2` made an item named so).
    func isRefused(_ name: String) -> Bool {
      let trimmed = UnicodeText.trimmed(name)
      guard NameShape.looksLikeQuantityOrList(trimmed), groceries.exactItemIndex(named: trimmed) == nil else {
        return false
      }
      skipped.append(
        "item name '\(Names.printable(trimmed))' \(NameShape.whatItLooksLike(trimmed)); a quantity goes with its"
          + " name ('2 milk', 'milk x2'), and each item on a line of its own")
      return true
    }
    added.removeAll { isRefused($0.name) }
    for change in changed {
      guard let at = index(change.item) else {
        skipped.append(gone(change.name))
        continue
      }
      let old = groceries.items[at].name
      var changes = ItemChanges(quantity: change.quantity, note: change.note)
      if change.category != nil || change.context != nil {
        // A context names no category: the item stays where it is, and the line is said, so the words are kept.
        let named: String?
        do {
          named = try Self.category(change.category, context: change.context, in: groceries)
        } catch {
          say(error)
          continue
        }
        guard let category = named else {
          skipped.append(Self.namesNone(change.category, context: change.context, of: old, in: groceries))
          continue
        }
        if Names.key(category) != Names.key(groceries.items[at].category) { changes.category = category }
      }
      // A name typed over in case or accents alone (`eggs` to `Eggs`) renames the item too, as `edit --rename` does.
      if let rename = change.rename, rename != old {
        if isRefused(rename) { continue }
        // A line typed over with the name of another item the household has: that item is put on the list and
        // the one the line named taken off, as a line deleted and a new one written would.
        if let other = groceries.exactItemIndex(named: rename), other != at {
          typedOver.append(
            Added(name: rename, quantity: change.lineQuantity, note: change.lineNote, category: nil))
          // Left unticked, the line keeps that item on the list, as any unticked line does.
          if !bought.contains(where: { $0.item == change.item }) {
            typedOverListed.insert(groceries.items[other].id)
          }
          removed.append(change.item)
          // A tick on the line buys the item it now names.
          redirected[change.item] = groceries.items[other].id
          continue
        }
        changes.rename = rename
      }
      if changes.quantity == groceries.items[at].quantity { changes.quantity = nil }
      if changes.note == .some(groceries.items[at].note) { changes.note = nil }
      if changes.isEmpty { continue }
      do {
        let new = try groceries.edit(old, changes: changes, today: today, now: now).new
        if changes.rename != nil {
          renamed.append(Names.commaList([old]) + " to " + Names.commaList([new]))
        } else {
          changedNames.append(new)
        }
      } catch {
        say(error)
      }
    }
    var addedNames: [String] = []
    var boughtNames: [String] = []
    // Names applied in one go, as `add` and `purchase --new` take many: one at a time, each looked for among every
    // item, a file of thousands of new lines took minutes. Should one of them fail, each is applied alone, so that
    // the rest still are and the one is said.
    func inOneGo(_ names: [String], _ apply: ([String]) throws -> Void) {
      let before = (groceries, addedNames, changedNames, boughtNames)
      do {
        try apply(names)
        return
      } catch {
        (groceries, addedNames, changedNames, boughtNames) = before
      }
      for name in names {
        do { try apply([name]) } catch { say(error) }
      }
    }
    func take(_ outcomes: [AddOutcome]) {
      for outcome in outcomes {
        switch outcome {
        case .added(let name), .returned(let name): addedNames.append(name)
        // A new line naming an item on the list with another quantity or note changes it: said as a change.
        case .updated(let name): changedNames.append(name)
        case .alreadyOnList: break
        }
      }
    }
    // New lines naming an item a written line's tick names in these edits (`- [x] milk x2`, and `- [ ] milk x3`
    // typed below it): bought, and wanted again, so they are added after the ticks, where added first the tick
    // bought x3 and left milk off the list (found by a trial); so too where the item is off the list already (a
    // phone's old save), whose tick then buys nothing, where the line put it back on the list for it to buy (found
    // by a review).
    let tickedItems = Set(bought.compactMap(\.item))
    var wantedAgain: [Added] = []
    if !tickedItems.isEmpty && !added.isEmpty {
      var names = ItemNameIndex(shared: .neither)
      let (lines, items) = (added, groceries.items)
      added = []
      for line in lines {
        let found = names.index(of: line.name, in: items).map { items[$0] }
        if let found, tickedItems.contains(found.id) {
          wantedAgain.append(line)
        } else {
          added.append(line)
        }
      }
    }
    func addLines(_ lines: [Added]) {
      // Lines in a row that give the same category, quantity and note are added in one go.
      var runs: [(names: [String], changes: ItemChanges)] = []
      // The household's names, as `add` finds an item: made once, so that thousands of new lines cost no look
      // through every item each.
      var names = ItemNameIndex(shared: .neither)
      for item in lines {
        // A heading that names no category, or several, as import reads one: the line's item is Uncategorized.
        var category: String?
        if let heading = item.category, heading != Category.uncategorized {
          do {
            category = try Self.category(heading, context: item.context, in: groceries)
          } catch {
            say(error)
            continue
          }
        }
        // An item the household has keeps its category (a line typed at the end of a Markdown file falls under
        // the last heading) and its note, unless the line gives one (found by a trial: a new line `creme fraiche`
        // cleared the item's note and moved it to Produce).
        let known = names.index(of: item.name, in: groceries.items) != nil
        // A todo.txt `@context` is typed on the line itself, and moves it as it moves a written line; one that
        // names no category is said, as on a written line, and the item put on the list where it is (found by a
        // review).
        if known, item.context != nil, category == nil {
          skipped.append(Self.namesNone(item.category, context: item.context, of: item.name, in: groceries))
        }
        let changes = ItemChanges(
          quantity: item.quantity, category: known && item.context == nil ? nil : category,
          note: item.note.map { .some($0) })
        if let last = runs.last, last.changes == changes {
          runs[runs.count - 1].names.append(item.name)
        } else {
          runs.append(([item.name], changes))
        }
      }
      for run in runs {
        inOneGo(run.names) {
          take(try groceries.add($0, changes: run.changes, today: today, now: now, newID: newID))
        }
      }
    }
    addLines(typedOver + added)
    // The items the file's new lines put on the list, or found there (not a line typed over with another item's
    // name, which puts that item on the list for its tick): an unticked line says its item is on the list.
    var listedByLines = listedBefore.union(typedOverListed)
    if !self.added.isEmpty {
      var names = ItemNameIndex(shared: .neither)
      for line in self.added {
        if let at = names.index(of: line.name, in: groceries.items), groceries.items[at].isOnList {
          listedByLines.insert(groceries.items[at].id)
        }
      }
    }
    // New lines ticked in a row, of one day, are bought in one go. A name twice (by its key, or as paper spells it,
    // as a name finds an item) is two purchases, so it starts another run.
    var run: (day: Day, names: [String], keys: Set<String>, spellings: Set<String>)?
    func buyRun() {
      guard let (day, names, _, _) = run else { return }
      run = nil
      inOneGo(names) {
        boughtNames += try groceries.purchaseNew($0, on: day, today: today, now: now, newID: newID).map(
          \.name)
      }
    }
    for var tick in bought {
      // A conflict copy's line typed over with the name of another item the household has, and ticked: a purchase
      // of that item, on the list or not (the copy's typing over puts nothing on the list), where the item the line
      // was written for was bought (found by a review). It was taken as a tick of that name, so that the file's own
      // tick of it is the same purchase.
      if tick.copied, let typed = tick.typedName, let other = groceries.exactItemIndex(named: typed),
        groceries.items[other].id != tick.item
      {
        tick = Bought(item: nil, name: groceries.items[other].name, day: tick.day)
      }
      if tick.item == nil && isRefused(tick.name) { continue }
      let day = min(tick.day, today)
      if tick.item == nil && tick.quantity == nil && tick.note == nil {
        let (key, spelling) = (Names.key(tick.name), Names.spelledKey(tick.name))
        if let current = run,
          current.day != day || current.keys.contains(key) || current.spellings.contains(spelling)
        {
          buyRun()
        }
        if run == nil { run = (day, [], [], []) }
        run?.names.append(tick.name)
        run?.keys.insert(key)
        run?.spellings.insert(spelling)
        continue
      }
      buyRun()
      do {
        if let item = tick.item {
          // A written line, ticked, buys its item while it is still on the list, so that a tick read twice buys
          // once.
          let target = tick.copied ? item : redirected[item] ?? item
          guard let at = index(target) ?? groceries.exactItemIndex(named: tick.name) else {
            skipped.append(gone(tick.name))
            continue
          }
          guard groceries.items[at].isOnList else { continue }
          boughtNames.append(try groceries.purchase(itemAt: at, on: day, today: today, now: now).name)
        } else if tick.quantity != nil || tick.note != nil {
          // A new line, ticked, with a quantity or a note, of an item on the list (found as `purchase --new` finds
          // it): bought, the purchase counting the line's quantity, and the item keeping its own quantity and note,
          // which its own line says, where it took the line's (found by a trial and a review: a ticked `eggs x4 -
          // big` beside `eggs x2` left eggs x4 - big on the list).
          var known = ItemNameIndex(shared: .first)
          let name = try Names.clean(tick.name, what: "item name")
          if let at = known.index(of: name, in: groceries.items), groceries.items[at].isOnList {
            let own = groceries.items[at].quantity
            groceries.items[at].quantity = tick.quantity ?? own
            let bought = try groceries.purchase(itemAt: at, on: day, today: today, now: now)
            groceries.items[at].quantity = own
            boughtNames.append(bought.name)
          } else {
            // Any other (new, or off the list: a thing picked up in the shop) takes them, then is bought, so the
            // purchase counts that quantity.
            let changes = ItemChanges(quantity: tick.quantity, note: tick.note.map { .some($0) })
            _ = try groceries.add([tick.name], changes: changes, today: today, now: now, newID: newID)
            boughtNames += try groceries.purchase([tick.name], on: day, today: today, now: now).map(\.name)
          }
        }
      } catch {
        say(error)
      }
    }
    // A new line, ticked: a purchase of the item it names, on the list or not (a thing picked up in the shop), or
    // of a new one. The ticks of an edition are taken once, so it buys once.
    buyRun()
    addLines(wantedAgain)
    // A new line ticked of an item a line the file holds unticked still names (its own written line, an app ticking
    // a copy of a recurring task; a new line, `- [ ] figs` with `- [x] figs`): bought, and still on the list, as the
    // file shows it, whichever of the two lines comes first (found by a trial and a review: with the ticked line
    // below, it was taken off, and two new lines took figs off the list where a written line kept milk on it).
    for id in listedByLines {
      guard let at = index(id), !groceries.items[at].isOnList else { continue }
      groceries.items[at].isOnList = true
      groceries.items[at].updated = now
    }
    // Taken off after the ticks: a conflict copy's tick of a line the file itself deleted is a purchase made before
    // the line went, and buys it (taking it off the list).
    var offNames: [String] = []
    for id in removed {
      guard let at = index(id), groceries.items[at].isOnList else { continue }
      groceries.items[at].isOnList = false
      groceries.items[at].unavailableOn = nil
      groceries.items[at].updated = now
      offNames.append(groceries.items[at].name)
    }
    // An item a line put on the list and a tick then bought, off the list after (a line typed over with another
    // item's name, ticked), is said as bought alone.
    if !addedNames.isEmpty {
      let boughtKeys = Set(boughtNames.map(Names.key))
      let off = Set(groceries.items.filter { !$0.isOnList }.map { Names.key($0.name) })
      addedNames.removeAll { boughtKeys.contains(Names.key($0)) && off.contains(Names.key($0)) }
    }
    // Every name, as the phone's edits are told; where that is longer than a few lines, at most three of each and
    // how many more, as other changes are summed up: a file of thousands of new lines made a summary longer than
    // a log line may hold, and its edits were never applied, with every command trying again (found by a trial).
    func parts(whole: Bool) -> [String] {
      func list(_ names: [String]) -> String { whole ? Names.commaList(names) : Summary.names(names) }
      var parts: [String] = []
      if !boughtNames.isEmpty { parts.append("bought " + list(boughtNames)) }
      if !addedNames.isEmpty { parts.append("added " + list(addedNames)) }
      if !offNames.isEmpty { parts.append("took off " + list(offNames)) }
      if !changedNames.isEmpty { parts.append("changed " + list(changedNames)) }
      if !renamed.isEmpty {
        var shown: [String] = renamed
        if !whole && renamed.count > 3 {
          shown = Array(renamed.prefix(3)) + ["and \(renamed.count - 3) more"]
        }
        parts.append("renamed " + shown.joinedText(separator: ", "))
      }
      return parts
    }
    let every = parts(whole: true)
    if every.reduce(0, { $0 + $1.utf8.count }) <= ChecklistEdits.wholeSummary {
      return (every, skipped)
    }
    return (parts(whole: false), skipped)
  }
}
