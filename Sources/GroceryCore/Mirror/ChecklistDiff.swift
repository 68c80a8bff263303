#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Finds what was edited in a checklist since grocery wrote it: each line of the file is matched to a line
/// written (the base), and what differs is an edit.
///
/// A line is matched to the written line with the same text first (wherever it moved), then to one naming the same
/// item (a changed quantity or note), then to the written line in the same place (after the same line, or first
/// under the same heading; of the written lines left there one after another, the one it is most like, and none when
/// it is as like two): an edited name there renames the item. A line matched to none is new; a written line matched
/// by none was deleted.
enum ChecklistDiff {
  /// One written line and the item it was written for.
  struct BaseLine: Equatable, Sendable {
    var item: UUID
    var line: ChecklistLine

    /// The item the line names (`ChecklistLine.entry`).
    var entry: (entry: TextLine.Entry, note: String?)? { line.entry }

    /// The item's name as a tick of the line buys it: `bananas` of `bananas x2 - ripe`, so that every tick of
    /// one item has one name, whatever its line holds; the line's text when it does not read back as one item.
    var tickName: String { entry?.entry.name ?? line.body }

    /// A tick of the line, bought on `day`.
    func tick(on day: Day) -> ChecklistEdits.Bought {
      let name = tickName
      return ChecklistEdits.Bought(
        item: item, name: name, day: day, line: name == line.body ? nil : line.body)
    }
  }

  static func edits(
    from base: [BaseLine], to file: [ChecklistLine], changedOn fileDay: Day, shownAs name: String
  )
    -> ChecklistEdits
  {
    var edits = ChecklistEdits()
    var match = [Int?](repeating: nil, count: file.count)
    var used = Set<Int>()
    // The same text, wherever the line moved.
    var byKey: [String: [Int]] = [:]
    for (j, written) in base.enumerated() { byKey[written.line.key, default: []].append(j) }
    for (i, line) in file.enumerated() {
      guard let j = byKey[line.key]?.first(where: { !used.contains($0) }) else { continue }
      match[i] = j
      used.insert(j)
    }
    // The lines' items, read as `add` reads names; a line that cannot be read is reported, never guessed at.
    var parsed: [Int: (entry: TextLine.Entry, note: String?)] = [:]
    var several: [Int: [(entry: TextLine.Entry, note: String?)]] = [:]
    for (i, line) in file.enumerated() where match[i] == nil {
      do {
        let entries = try line.entries(file: name)
        if entries.count == 1 { parsed[i] = entries[0] } else { several[i] = entries }
      } catch GroceryError.malformedImport(_, let number, let reason) {
        edits.skipped.append("line \(number): \(reason)")
      } catch let error as GroceryError {
        edits.skipped.append("line \(line.number): \(error.message)")
      } catch {
        edits.skipped.append("line \(line.number): \(error)")
      }
    }
    func baseEntry(_ j: Int) -> (entry: TextLine.Entry, note: String?)? { base[j].entry }
    // A line matched by its text that differs from it in case or accents alone (`Eggs x2` for `eggs x2`): read, for
    // the name or note typed over. One that does not read back as one item is left as its text matched.
    for (i, line) in file.enumerated() {
      guard let j = match[i], line.body != base[j].line.body, let entry = line.entry else { continue }
      parsed[i] = entry
    }
    // The same item, its quantity or note changed.
    var baseByName: [String: [Int]] = [:]
    for j in base.indices where !used.contains(j) {
      if let entry = baseEntry(j) { baseByName[Names.key(entry.entry.name), default: []].append(j) }
    }
    for (i, entry) in parsed.sorted(by: { $0.key < $1.key }) where match[i] == nil {
      guard let j = baseByName[Names.key(entry.entry.name)]?.first(where: { !used.contains($0) }) else {
        continue
      }
      match[i] = j
      used.insert(j)
    }
    // The same place: after the line the written line came after, or first under the same heading.
    func heading(_ line: ChecklistLine) -> String { Names.key(line.category ?? "") }
    // Each heading's first written line, found once rather than for every line placed.
    var firstUnder: [String: Int] = [:]
    for j in base.indices where firstUnder[heading(base[j].line)] == nil {
      firstUnder[heading(base[j].line)] = j
    }
    func place(_ i: Int) -> Int? {
      if i > 0, heading(file[i - 1]) == heading(file[i]), let previous = match[i - 1] { return previous + 1 }
      if i == 0 || heading(file[i - 1]) != heading(file[i]) { return firstUnder[heading(file[i])] }
      return nil
    }
    // The written lines each took by its place alone, with the line that took it.
    var byPlace: [(line: Int, written: Int)] = []
    for i in file.indices where match[i] == nil && parsed[i] != nil {
      let candidate = place(i)
      guard let first = candidate, let now = parsed[i] else { continue }
      // The written lines left in that place, one after another, and the lines edited there: as many edited
      // lines as written ones (each renamed) take them in order. Fewer (a line deleted beside one edited) take
      // the one each is most like, not the first.
      var edited = 0
      while i + edited < file.count, match[i + edited] == nil, parsed[i + edited] != nil,
        heading(file[i + edited]) == heading(file[i])
      {
        edited += 1
      }
      var j: Int?
      var best = -1
      var tied = false
      var k = first
      while k < base.count, !used.contains(k), heading(base[k].line) == heading(file[i]),
        let was = baseEntry(k)
      {
        let score = likeness(now, was)
        if score > best {
          (j, best, tied) = (k, score, false)
        } else if score == best {
          tied = true
        }
        k += 1
      }
      // As many edited lines as written ones, each most like a written line of its own by a word of its name
      // (`eggs`, `milk` typed over as `oat milk`, `free range eggs`): each renames that one, not the one in its
      // place, which would give milk's history to the eggs.
      if k - first == edited && edited > 1 {
        let runs = (0..<edited).map { e -> Int? in
          guard let line = parsed[i + e] else { return nil }
          let scores = (first..<k).map { w in baseEntry(w).map { likeness(line, $0) } ?? 0 }
          guard let top = scores.max(), top >= 4, scores.filter({ $0 == top }).count == 1,
            let best = scores.firstIndex(of: top)
          else { return nil }
          return first + best
        }
        let chosen = runs.compactMap { $0 }
        if chosen.count == edited && Set(chosen).count == edited {
          for (e, w) in chosen.enumerated() {
            match[i + e] = w
            used.insert(w)
          }
          continue
        }
      }
      // More edited lines than written ones (a new line typed beside one typed over): each written line goes to the
      // edited line most like it, and to none when two are as like it, where the first in order took it, giving
      // milk's history to the feta typed above the oat milk (found by a trial).
      if k > first && k - first < edited {
        var taken = Set<Int>()
        for w in first..<k {
          guard let was = baseEntry(w) else { continue }
          let scores = (0..<edited).map { e -> Int in
            guard !taken.contains(e), let line = parsed[i + e] else { return -1 }
            return likeness(line, was)
          }
          guard let top = scores.max(), top >= 0, scores.filter({ $0 == top }).count == 1,
            let e = scores.firstIndex(of: top)
          else { continue }
          taken.insert(e)
          match[i + e] = w
          used.insert(w)
          byPlace.append((i + e, w))
        }
        continue
      }
      if k - first == edited { (j, tied) = (k > first ? first : nil, false) }
      // Like two as much (a new name, the same quantity): which one it was is not known, so it renames neither. It
      // is a new item, and both are taken off, where a guess could give one item's history to the other's name.
      guard let j, !tied else { continue }
      match[i] = j
      used.insert(j)
      byPlace.append((i, j))
    }
    // A written line another line left new claims too, after the line the written line came after or first under
    // its heading (a line typed at the top of a todo.txt file, whose lines each name their context; an app that
    // sorted the lines): the one most like it renames it, and when two are as like it, neither does, where a guess
    // could give one item's history to the other's name.
    for (i, j) in byPlace where match[i] == j {
      let claims = file.indices.filter { other in
        other != i && match[other] == nil && parsed[other] != nil && place(other) == j
          && heading(file[other]) == heading(base[j].line)
      }
      guard !claims.isEmpty, let was = baseEntry(j) else { continue }
      let scores = ([i] + claims).map { parsed[$0].map { likeness($0, was) } ?? -1 }
      let top = scores.max()!
      match[i] = nil
      if scores.filter({ $0 == top }).count == 1 {
        match[([i] + claims)[scores.firstIndex(of: top)!]] = j
      } else {
        used.remove(j)
      }
    }
    // The written lines the file still holds unticked, by the name a tick of each buys, and the name typed over it.
    var unticked: [String: UUID] = [:]
    // The names written lines were typed over with and ticked.
    var typedTicks: [String] = []
    for (i, line) in file.enumerated() {
      let day = line.day ?? fileDay
      if let j = match[i] {
        let item = base[j].item
        var change = ChecklistEdits.Changed(item: item)
        if let now = parsed[i], let was = baseEntry(j) { change = edit(of: item, from: was, to: now) }
        // A todo.txt line's context typed over, or typed on an uncategorized item's line, which grocery writes
        // without one, moves its item; a Markdown line moved under another heading does not, as an app that sorts
        // lines moves them.
        if let context = line.context,
          base[j].line.context.map({ Names.key(context) != Names.key($0) }) ?? true
        {
          (change.category, change.context) = (line.category, context)
        }
        if change != ChecklistEdits.Changed(item: item) {
          change.name = baseEntry(j)?.entry.name ?? base[j].line.body
          edits.changed.append(change)
        }
        // A line grocery wrote is never ticked; one a text from before today's escapes read as ticked
        // (`x ray film`) and left as it was is no purchase. A copy of the line reads as a new one: by the item's
        // name (`tickName`), it is known as a second tick of it.
        if line.ticked && !base[j].line.ticked {
          edits.bought.append(base[j].tick(on: day))
          // Typed over with another name, it buys what that name finds (another item's, redirected).
          if let rename = change.rename { typedTicks.append(rename) }
        } else if !line.ticked {
          // By its name as written and as typed over (`Apples` over `apples`, beside `- [x] apples`).
          unticked[Names.key(base[j].tickName)] = item
          if let rename = change.rename { unticked[Names.key(rename)] = item }
        }
        continue
      }
      for entry in parsed[i].map({ [$0] }) ?? several[i] ?? [] {
        if line.ticked {
          edits.bought.append(
            ChecklistEdits.Bought(
              item: nil, name: entry.entry.name, day: day, quantity: entry.entry.quantity, note: entry.note))
        } else {
          edits.added.append(
            ChecklistEdits.Added(
              name: entry.entry.name, quantity: entry.entry.quantity, note: entry.note,
              category: line.category, context: line.context))
        }
      }
    }
    // A new line ticked, or a line typed over and ticked, of an item whose own line is still there unticked: the
    // item stays on the list.
    for name in edits.bought.filter({ $0.item == nil }).map(\.name) + typedTicks {
      if let item = unticked[Names.key(name)] { edits.stillListed.insert(item) }
    }
    // A line that could not be read may be one of the written lines, edited: nothing is taken off for it.
    if edits.skipped.isEmpty {
      edits.removed = base.indices.filter { !used.contains($0) }.map { base[$0].item }
    }
    return edits
  }

  /// What an edited line changes of its item: the quantity, the note and the name the written line gave.
  static func edit(
    of item: UUID, from was: (entry: TextLine.Entry, note: String?),
    to now: (entry: TextLine.Entry, note: String?)
  ) -> ChecklistEdits.Changed {
    var change = ChecklistEdits.Changed(item: item)
    if (now.entry.quantity ?? 1) != (was.entry.quantity ?? 1) { change.quantity = now.entry.quantity ?? 1 }
    if now.note != was.note { change.note = .some(now.note) }
    if now.entry.name != was.entry.name {
      change.rename = now.entry.name
      (change.lineQuantity, change.lineNote) = (now.entry.quantity, now.note)
    }
    return change
  }

  /// How much an edited line is like a written one: a word of the name in common counts most, then the same note,
  /// then the same quantity.
  static func likeness(
    _ a: (entry: TextLine.Entry, note: String?), _ b: (entry: TextLine.Entry, note: String?)
  ) -> Int {
    let words = Set(Names.key(a.entry.name).split(separator: " "))
    var score = Names.key(b.entry.name).split(separator: " ").contains(where: words.contains) ? 4 : 0
    if a.note != nil && a.note == b.note { score += 2 }
    if (a.entry.quantity ?? 1) == (b.entry.quantity ?? 1) { score += 1 }
    return score
  }

  /// Takes ticked lines Simpletask's Archive moved from the file to `done.txt` as the purchases of the written lines
  /// gone from the file, rather than as lines deleted: each such line once, on the day its tick gives (else
  /// `fileDay`), returning the items so bought. An archived line is matched to a written line gone from the file
  /// with the same text in any case and accents, then to one naming the same item (its quantity or note edited
  /// before the tick), then to the one gone line under the same `@context` it alone is like (a word of the name in
  /// common), which it renames: edited in the file, ticked and archived between two reads. What the line changed of
  /// its item is an edit too. An archived line that matches none is left alone: `done.txt` may be another list's
  /// too.
  static func archived(
    _ lines: [ChecklistLine], base: [BaseLine], changedOn fileDay: Day, into edits: inout ChecklistEdits
  ) -> Set<UUID> {
    let gone = Set(edits.removed)
    var bought = Set<UUID>()
    func buy(_ line: ChecklistLine, _ now: (entry: TextLine.Entry, note: String?)?, as base: BaseLine) {
      bought.insert(base.item)
      if let now, let was = base.entry {
        var change = edit(of: base.item, from: was, to: now)
        if change != ChecklistEdits.Changed(item: base.item) {
          change.name = was.entry.name
          edits.changed.append(change)
        }
      }
      edits.bought.append(base.tick(on: line.day ?? fileDay))
    }
    var left: [(line: ChecklistLine, entry: (entry: TextLine.Entry, note: String?))] = []
    for line in lines where line.ticked {
      // A line that does not read back as one item is matched by its text alone: it may be another list's.
      let entry = line.entry
      if let written = base.first(where: {
        gone.contains($0.item) && !bought.contains($0.item) && $0.line.key == line.key
      }) {
        // The same text in any case and accents: the name or note as typed (`Eggs x2` renames eggs).
        buy(line, line.body == written.line.body ? nil : entry, as: written)
      } else if let entry {
        left.append((line, entry))
      }
    }
    let written = base.compactMap { line in line.entry.map { (line, $0) } }.filter {
      gone.contains($0.0.item)
    }
    // The same item's name.
    left.removeAll { archived in
      guard
        let match = written.first(where: {
          !bought.contains($0.0.item) && Names.key($0.1.entry.name) == Names.key(archived.entry.entry.name)
        })
      else { return false }
      buy(archived.line, archived.entry, as: match.0)
      return true
    }
    // A line renamed: the gone line it alone is like, under the same `@context` (which Simpletask keeps when it
    // archives a line, and a line of another list seldom has), and that is like no other archived line.
    func alike(
      _ archived: (line: ChecklistLine, entry: (entry: TextLine.Entry, note: String?)), _ gone: BaseLine
    )
      -> Bool
    {
      guard let was = gone.entry else { return false }
      return archived.line.context.map(Names.key) == gone.line.context.map(Names.key)
        && likeness(archived.entry, was) >= 4
    }
    for archived in left {
      let like = written.filter { !bought.contains($0.0.item) && alike(archived, $0.0) }
      guard like.count == 1, left.filter({ alike($0, like[0].0) }).count == 1 else { continue }
      buy(archived.line, archived.entry, as: like[0].0)
    }
    edits.removed.removeAll { bought.contains($0) }
    return bought
  }

  /// Returns the ticks a conflict copy holds: each ticked line bought, matched to the written lines by its text or
  /// its item's name; nothing else a copy holds is applied.
  static func ticks(
    from base: [BaseLine], in copy: [ChecklistLine], changedOn fileDay: Day, shownAs name: String
  )
    -> [ChecklistEdits.Bought]
  {
    copy.filter(\.ticked).flatMap { line -> [ChecklistEdits.Bought] in
      let day = line.day ?? fileDay
      if let written = base.first(where: { $0.line.key == line.key }) {
        var tick = written.tick(on: day)
        tick.copied = true
        return [tick]
      }
      do {
        // A new line, ticked: bought with its quantity and note, as in the file itself.
        return try line.entries(file: name).map {
          ChecklistEdits.Bought(
            item: nil, name: $0.entry.name, day: day, quantity: $0.entry.quantity, note: $0.note)
        }
      } catch {
        // A ticked line of a copy that cannot be read buys nothing; the copy itself is left as it is.
        return []
      }
    }
  }
}
