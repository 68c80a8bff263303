#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// This machine's mirrors of the list: checklist files it rewrites after every change, and whose ticks and edits
/// it reads back before a command reads the household.
///
/// The mirrors and the text each was last written with live in the local state folder (`mirrors.json`), under a
/// lock of their own (`mirrors.lock`), always taken before the household's.
public struct Mirrors: Sendable {
  public let store: HouseholdStore

  public init(store: HouseholdStore) { self.store = store }

  var statePath: String { store.stateFolder + "/" + MirrorState.fileName }
  var editionsPath: String { store.stateFolder + "/" + MirrorEditions.fileName }
  var lockPath: String { store.stateFolder + "/mirrors.lock" }

  /// Lists this machine's mirrors, noting those whose folder is gone.
  public func list() throws -> [MirrorInfo] {
    try MirrorState.read(statePath).mirrors.map {
      // Gone when nothing, or no folder, is there; a folder this user may not look into is not said gone.
      let gone =
        switch SystemCall.status(FileSystem.folder(of: $0.path), followingLinks: true) {
        case .success(let info): info.st_mode & S_IFMT != S_IFDIR
        case .failure(let error): error.code == ENOENT || error.code == ENOTDIR
        }
      return MirrorInfo(path: $0.path, format: $0.format, location: $0.location, folderIsGone: gone)
    }
  }

  /// Starts keeping a file as a checklist of the list, writing it at once; returns the file's absolute path, and
  /// what reading it did when this machine mirrored it before.
  public func add(
    _ file: String, format: MirrorFormat, location: String?, now: Date, today: Day, onWait: () -> Void = {},
    newID: () -> UUID = UUID.init
  ) throws -> (path: String, notices: [MirrorNotice]) {
    let path = try Self.absolute(file)
    // Checked before anything is made or read, so that a refused file leaves no trace (a version-1 store is not
    // migrated); checked again under the lock.
    try check(path, shownAs: file, format: format, header: try self.header(creating: false, onWait: onWait))
    if let legacy = try store.legacyWaiting() { _ = try location.map(legacy.locationName) }
    let groceries = try store.load(.shopping(since: today))
    let place = try location.map(groceries.locationName)
    return try locked(onWait: onWait) {
      var state = try MirrorState.read(statePath)
      if state.mirrors.contains(where: { $0.path == path }) { throw GroceryError.alreadyMirrored(file: file) }
      let header = try self.header(creating: true, onWait: onWait)
      try check(path, shownAs: file, format: format, header: header)
      var record = MirrorRecord(path: path, format: format, location: place, written: "", items: [])
      var notices: [MirrorNotice] = []
      // A file this machine kept before (removed, then added again) goes on from its edition, so that a phone's
      // save of an old one is never read against a new text of the same number; and it is read against the text
      // of that edition, kept when it was removed, so that the ticks and edits made in it since are applied, not
      // written over.
      if case .checklist(let found) = Checklist.read(
        try FileSystem.readRegularFile(path, limit: Self.limit) ?? [], format: format)
      {
        record.edition = found.header.edition
        if let number = found.header.edition,
          let made = readEditions()?.editions[path]?.first(where: { $0.edition == number }),
          case .checklist = Checklist.read(Array(made.written.utf8), format: format)
        {
          (record.written, record.items, record.ticked, record.added) = (
            made.written, made.items, made.ticked, made.added
          )
          notices = try refresh(
            &record, header: header, now: now, today: today, onWait: onWait, newID: newID,
            mirrored: Set(state.mirrors.map(\.path)))
        }
      }
      try write(&record, from: try store.load(.shopping(since: today)), header: header, today: today)
      state.mirrors.append(record)
      try state.write(statePath)
      return (path, notices)
    }
  }

  /// Stops keeping a file; the file itself is left as it is. Returns its absolute path.
  public func remove(_ file: String, onWait: () -> Void = {}) throws -> String {
    let path = try Self.absolute(file)
    // A file that is no mirror is refused before the lock, which would make this machine's state folder.
    _ = try Self.index(of: path, file: file, in: MirrorState.read(statePath))
    return try locked(onWait: onWait) {
      var state = try MirrorState.read(statePath)
      let index = try Self.index(of: path, file: file, in: state)
      let record = state.mirrors.remove(at: index)
      try state.write(statePath)
      // Its text is kept as the edition it is, so that the file added again is read against it.
      if !record.written.isEmpty, var editions = readEditions() {
        editions.keep(
          MirrorRecord.Edition(
            edition: record.edition ?? 0, written: record.written, items: record.items,
            ticked: record.ticked ?? [], added: record.added),
          of: path)
        writeEditions(editions)
      }
      return path
    }
  }

  /// Reads every mirror that changed since it was last written or read, applies each one's edits (and the ticks of
  /// its conflict copies) as one change, and writes the checklists again. Cheap when nothing changed: a `stat` of
  /// each file and of its folder.
  public func refresh(now: Date, today: Day, onWait: () -> Void = {}, newID: () -> UUID = UUID.init) throws
    -> [MirrorNotice]
  {
    guard try FileSystem.status(statePath) != nil else { return [] }
    let unchanged = try MirrorState.read(statePath).mirrors.allSatisfy { record in
      try FileSystem.status(record.path).map(FileFingerprint.init) == record.file
        && FileSystem.status(FileSystem.folder(of: record.path)).map(FileFingerprint.init) == record.folder
    }
    if unchanged { return [] }
    return try locked(onWait: onWait) {
      var state = try MirrorState.read(statePath)
      var notices: [MirrorNotice] = []
      let header = try self.header(creating: false, onWait: onWait)
      // One mirror that cannot be read (a folder where its file was) is said, and the others are read all the
      // same; what each did is kept.
      let mirrored = Set(state.mirrors.map(\.path))
      for index in state.mirrors.indices {
        do {
          notices += try refresh(
            &state.mirrors[index], header: header, now: now, today: today, onWait: onWait, newID: newID,
            mirrored: mirrored)
        } catch let error as GroceryError where error.isFileFailure {
          notices.append(.warning(error.message))
        }
      }
      try state.write(statePath)
      return notices
    }
  }

  /// Writes every mirror again from the household as it is now, after a change made on this machine. A file
  /// edited since it was last read is left for the next read, so no edit is overwritten. Returns why each mirror
  /// that could not be written was not.
  public func rewrite(today: Day, onWait: () -> Void = {}) throws -> [GroceryError] {
    guard try FileSystem.status(statePath) != nil else { return [] }
    return try locked(onWait: onWait) {
      var state = try MirrorState.read(statePath)
      if state.mirrors.isEmpty { return [] }
      let header = try self.header(creating: false, onWait: onWait)
      let groceries = try store.load(.shopping(since: today))
      // Each mirror that cannot be written is said after the others are, where only the first was (found by a
      // trial), and what was written to each is kept, so that a phone's next save of it is read against it.
      var failures: [GroceryError] = []
      for index in state.mirrors.indices {
        let record = state.mirrors[index]
        do {
          if let info = try FileSystem.status(record.path), FileFingerprint(info) != record.file { continue }
          try write(&state.mirrors[index], from: groceries, header: header, today: today)
        } catch let error as GroceryError where error.isFileFailure {
          failures.append(error)
        }
      }
      try state.write(statePath)
      return failures
    }
  }

  /// Applies the edits of a file that were held back because more than half its lines vanished, as the user
  /// confirms; returns the change's summary, or nil when they changed nothing.
  public func accept(
    _ file: String, now: Date, today: Day, onWait: () -> Void = {}, newID: () -> UUID = UUID.init
  ) throws -> String? {
    let path = try Self.absolute(file)
    // A file that is no mirror is refused before the lock, which would make this machine's state folder.
    _ = try Self.index(of: path, file: file, in: MirrorState.read(statePath))
    return try locked(onWait: onWait) {
      var state = try MirrorState.read(statePath)
      let index = try Self.index(of: path, file: file, in: state)
      guard let held = state.mirrors[index].held else { throw GroceryError.nothingToAccept(file: file) }
      let bytes = try FileSystem.readRegularFile(held.copy, limit: Self.limit) ?? []
      guard case .checklist(let copy) = Checklist.read(bytes, format: state.mirrors[index].format) else {
        throw GroceryError.nothingToAccept(file: file)
      }
      let base = Self.base(held.written, items: held.items, format: state.mirrors[index].format)
      let day = try held.day.flatMap(Day.init) ?? Self.day(changed: held.copy, today: today)
      var edits = ChecklistDiff.edits(
        from: base, to: copy.lines, changedOn: day, shownAs: FileSystem.name(of: path))
      // What done.txt gained since the file was held back: lines archived from it, which the copy no longer holds.
      if state.mirrors[index].format == .todoTxt {
        let done = try newlyArchived(state.mirrors[index])
        // The edits say what it bought; the items it returns are for the read that holds a file back.
        _ = ChecklistDiff.archived(done.lines, base: base, changedOn: day, into: &edits)
        if edits.skipped.isEmpty { state.mirrors[index].doneSeen = done.size }
      }
      // Its ticks count as applied from its edition, as those of a file read are.
      var source = Source(state.mirrors[index], mirrors: self)
      if let made = source.edition(held.edition ?? state.mirrors[index].edition) {
        edits.bought = source.newTicks(edits.bought, of: made)
        edits.added = source.newAdds(edits.added, of: made)
      }
      let applied = try apply(
        edits, from: Self.fromFile, now: now, today: today, onWait: onWait, newID: newID)
      source.recordTaken(in: &state.mirrors[index])
      state.mirrors[index].held = nil
      _ = SystemCall.remove(held.copy)
      let header = try self.header(creating: false, onWait: onWait)
      try write(
        &state.mirrors[index], from: try store.load(.shopping(since: today)), header: header, today: today)
      try state.write(statePath)
      return applied.summary
    }
  }

  // MARK: - The editor

  /// Writes the checklist `list --edit` opens, the list in Markdown as a mirror of the whole list is written, to a
  /// file of its own in the local state folder.
  public func openDraft(today: Day) throws -> ChecklistDraft {
    let header = try self.header(creating: false, onWait: {})
    let view = try store.load(.shopping(since: today)).listView(ListQuery(today: today))
    let output = ChecklistRenderer.render(view, header: header, format: .markdown)
    try FileSystem.makeFolders(store.stateFolder, mode: 0o700)
    let path = store.stateFolder + "/list-\(getpid()).md"
    try AtomicFile.write(Data(output.text.utf8), to: path, durable: false)
    return ChecklistDraft(path: path, text: output.text, header: header, items: output.items)
  }

  /// Removes the draft's file.
  public func closeDraft(_ draft: ChecklistDraft) { _ = SystemCall.remove(draft.path) }

  /// Applies what was saved in the editor as one change, exactly as a mirror's edits are applied, and removes the
  /// draft's file.
  public func applyDraft(
    _ draft: ChecklistDraft, now: Date, today: Day, onWait: () -> Void = {}, newID: () -> UUID = UUID.init
  ) throws -> EditOutcome {
    defer { closeDraft(draft) }
    guard let edited = try FileSystem.readRegularFile(draft.path, limit: Self.limit) else {
      return .notAChecklist(EditOutcome.deleted, kept: nil)
    }
    if edited == Array(draft.text.utf8) { return .unchanged }
    // What was typed is kept beside the draft when it cannot all be applied, so that none of it is lost.
    func keep() throws -> String { try keepCopy(of: draft.path, bytes: edited, now: now) }
    let found: Checklist
    switch Checklist.read(edited, format: .markdown) {
    case .notAChecklist(let reason):
      return .notAChecklist(reason, kept: reason == "it is empty" ? nil : try keep())
    case .checklist(let checklist): found = checklist
    }
    if found.header != draft.header {
      return .notAChecklist("the line naming the household names another", kept: try keep())
    }
    let base = Self.base(draft.text, items: draft.items, format: .markdown)
    let edits = ChecklistDiff.edits(from: base, to: found.lines, changedOn: today, shownAs: "the checklist")
    let applied = try apply(
      edits, from: "from the editor: ", now: now, today: today, onWait: onWait, newID: newID)
    let skipped = edits.skipped + applied.skipped
    return .applied(summary: applied.summary, skipped: skipped, kept: skipped.isEmpty ? nil : try keep())
  }

  // MARK: - Reading one mirror

  static let fromFile = "from the phone: "
  /// The most a checklist file is read of; a larger one is not a checklist.
  static let limit = 16 << 20

  /// The ticked lines `done.txt` beside a todo.txt mirror gained since `doneSeen`, with its size now: where
  /// Simpletask's Archive moves ticked lines, which then read as gone from the file. None at the first look, whose
  /// lines were archived before, nor when it shrank (emptied by hand); a link is passed over, as it is not the
  /// mirror's. One that cannot be read throws.
  func newlyArchived(_ record: MirrorRecord) throws -> (lines: [ChecklistLine], size: Int64) {
    let done = FileSystem.folder(of: record.path) + "/done.txt"
    guard done != record.path else { return ([], 0) }
    let info = try FileSystem.status(done, followingLinks: false)
    let size = info.flatMap { $0.st_mode & S_IFMT == S_IFREG ? Int64($0.st_size) : nil } ?? 0
    guard let seen = record.doneSeen, size > seen, size - seen <= Self.limit else { return ([], size) }
    // From the byte before, to tell whether the first new line starts there or is the end of one seen before.
    let start = Int(max(seen - 1, 0))
    guard let bytes = try FileSystem.readRegularFile(done, from: start, limit: Int.max) else {
      return ([], size)
    }
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    if seen > 0 && bytes.first != 0x0A { lines.removeFirst() }
    let archived = lines.enumerated().compactMap { index, raw -> ChecklistLine? in
      guard var text = String(validating: raw, as: UTF8.self) else { return nil }
      if text.hasSuffix("\r") { text.removeLast() }
      return Checklist.todoTxt(UnicodeText.trimmed(text.replacing("\t", with: " ")), number: index + 1)
    }
    return (archived.filter(\.ticked), size)
  }

  /// `mirrored` are the files that are mirrors themselves: none is read as a conflict copy of another (`list 2.md`
  /// beside `list.md`, found by a trial).
  func refresh(
    _ record: inout MirrorRecord, header: MirrorHeader, now: Date, today: Day, onWait: () -> Void,
    newID: () -> UUID, mirrored: Set<String> = []
  ) throws -> [MirrorNotice] {
    let shown = record.path
    var notices: [MirrorNotice] = []
    var edits = ChecklistEdits()
    var force = false
    var read: [UInt8]?
    var readAs: FileFingerprint?
    var source = Source(record, mirrors: self)
    /// Keeps the file as it was beside it, says so in the words `said` gives with the copy's path, and has the list
    /// written again.
    func keepAndWriteAgain(_ bytes: [UInt8]?, _ said: (String) -> String) throws {
      notices.append(.warning(said(try keepCopy(of: shown, bytes: bytes ?? [], now: now))))
      force = true
    }
    if let info = try FileSystem.status(record.path), FileFingerprint(info) != record.file {
      let bytes = try FileSystem.readRegularFile(record.path, limit: Self.limit)
      read = bytes
      readAs = FileFingerprint(info)
      let written = Array(record.written.utf8)
      if let bytes, bytes == written {
        record.file = FileFingerprint(info)
      } else {
        let day = try Self.day(changed: record.path, today: today)
        var problem: String?
        switch Checklist.read(bytes ?? [], format: record.format) {
        case .notAChecklist(let reason): problem = reason
        case .checklist(let found):
          let made = source.edition(found.header.edition)
          if found.header.household != header.household {
            problem = "it names another household"
          } else if found.header.machine != header.machine {
            problem = "it is kept by another machine, '\(found.header.machineName)'"
          } else if let made, Self.cutShort(bytes ?? [], of: made.written) {
            problem = "it is cut short"
          } else if let made {
            edits = ChecklistDiff.edits(
              from: made.base, to: found.lines, changedOn: day, shownAs: FileSystem.name(of: record.path))
            // done.txt is read with the file it was archived from, and its lines taken as read only once the file's
            // lines gone are known: one that syncs back before the file waits for it.
            var archived = Set<UUID>()
            if record.format == .todoTxt {
              do {
                let done = try newlyArchived(record)
                archived = ChecklistDiff.archived(done.lines, base: made.base, changedOn: day, into: &edits)
                if edits.skipped.isEmpty { record.doneSeen = done.size }
              } catch let error as GroceryError where error.isFileFailure {
                // A done.txt that cannot be read (no permission) is said; the file's own edits are applied all the
                // same, its lines gone read as deleted, as before done.txt was read at all.
                notices.append(.warning(error.message))
              }
            }
            edits.bought = source.newTicks(edits.bought, of: made)
            edits.added = source.newAdds(edits.added, of: made)
            // A save of an earlier edition (a sync tool putting back the phone's old copy) shows a list that is no
            // longer so: written over, edits or none, where it stayed as saved and a tick made on it later, of an
            // item bought since, bought nothing (found by a trial).
            if made.number != nil { force = true }
            if edits.removed.count > 1 && edits.removed.count * 2 > made.base.count {
              // What done.txt says was bought is bought all the same: the copy kept no longer holds those lines.
              let bought = edits.bought.filter { $0.item.map(archived.contains) == true }
              // Only those are taken as applied: the file's own ticks wait in the copy kept for `mirror accept`.
              source.taken[made.number] = Set(bought.map { Names.key($0.name) })
              source.takenAdds[made.number] = nil
              // And what an archived line changed of its item before its tick (`eggs x3`, `oat milk` for milk).
              let changed = edits.changed.filter { archived.contains($0.item) }
              let copy = try keepCopy(of: record.path, bytes: bytes ?? [], now: now)
              record.held = MirrorRecord.Held(
                copy: copy, written: made.written, items: made.items, edition: made.number ?? record.edition,
                day: day.description)
              notices.append(
                .warning(
                  "'\(shown)' lost \(edits.removed.count) of its \(made.base.count) lines at once; applied"
                    + (bought.isEmpty ? " nothing" : " only the purchases done.txt gained")
                    + ", kept it as '\(copy)' and wrote the list again; 'grocery mirror accept \(shown)' applies it"
                ))
              edits = ChecklistEdits()
              (edits.bought, edits.changed) = (bought, changed)
              force = true
            }
          } else {
            // Saved from an edition older than those kept: what it deleted or changed cannot be told from what was
            // added since, so only its ticks are applied, as a conflict copy's are, and the file is kept.
            let made = source.current
            edits.bought = source.newTicks(
              ChecklistDiff.ticks(
                from: made.base, in: found.lines, changedOn: day, shownAs: FileSystem.name(of: record.path)),
              of: made)
            try keepAndWriteAgain(bytes) {
              "'\(shown)' was saved from a text grocery no longer keeps; applied only its ticks, kept it as"
                + " '\($0)' and wrote the list again"
            }
          }
        }
        if let problem {
          try keepAndWriteAgain(bytes) {
            "'\(shown)' no longer reads as a checklist (\(problem)); applied nothing, kept it as '\($0)'"
              + " and wrote the list again"
          }
        }
      }
    } else if try FileSystem.status(record.path) == nil {
      notices.append(.warning("'\(shown)' was gone; wrote the list again"))
      force = true
    }
    // Conflict copies a sync tool made beside the file: their ticks are purchases and their new lines items put on
    // the list, read against the edition each was made from, and never one already applied from that edition.
    let folder = FileSystem.folder(of: record.path)
    if let info = try FileSystem.status(folder), FileFingerprint(info) != record.folder {
      record.folder = FileFingerprint(info)
      for name in try FileSystem.entries(folder)
      where Self.isConflictCopy(name, of: record.path) && !mirrored.contains(folder + "/" + name) {
        let copy = folder + "/" + name
        guard let copyInfo = try FileSystem.status(copy), record.copies[name] != FileFingerprint(copyInfo)
        else {
          continue
        }
        record.copies[name] = FileFingerprint(copyInfo)
        guard
          case .checklist(let found) = Checklist.read(
            try FileSystem.readRegularFile(copy, limit: Self.limit) ?? [], format: record.format),
          found.header.household == header.household
        else { continue }
        let known = source.edition(found.header.edition)
        let day = try Self.day(changed: copy, today: today)
        // Its new lines, not ticked, are items the phone put on the list. Read against a text no longer kept, lines
        // taken off since would read as new, so none is; nor is what the copy deleted or typed over, which the file
        // itself may have changed since. A line typed over and ticked, matched as the file's own lines are, buys
        // the item the name typed is, else the item it was written for (found by a trial: `- [x] apricot jam` over
        // `- [ ] jam - apricot` made an item apricot jam and bought it, leaving jam on the list).
        if let known {
          let diff = ChecklistDiff.edits(from: known.base, to: found.lines, changedOn: day, shownAs: name)
          let typed = Dictionary(
            diff.changed.compactMap { change in change.rename.map { (change.item, $0) } },
            uniquingKeysWith: { a, _ in a })
          let ticks = diff.bought.map { tick in
            var tick = tick
            tick.copied = true
            // Taken as a tick of the name typed, so that it and the file's own tick of the line as written (or of
            // the item that name is) are two purchases, or one.
            if let name = tick.item.flatMap({ typed[$0] }) { (tick.typedName, tick.name) = (name, name) }
            return tick
          }
          edits.bought += source.newTicks(ticks, of: known)
          edits.added += source.newAdds(diff.added, of: known)
          // A ticked copy of a line it leaves unticked keeps the item listed, as in the file itself.
          edits.stillListed.formUnion(diff.stillListed)
        } else {
          let made = source.current
          edits.bought += source.newTicks(
            ChecklistDiff.ticks(from: made.base, in: found.lines, changedOn: day, shownAs: name), of: made)
        }
      }
    }
    var skipped = edits.skipped
    if !edits.isEmpty {
      let applied = try apply(
        edits, from: Self.fromFile, now: now, today: today, onWait: onWait, newID: newID)
      if let summary = applied.summary { notices.append(.applied(file: shown, summary: summary)) }
      skipped += applied.skipped
      source.recordTaken(in: &record)
    }
    // Lines that could not be read or applied are the user's words: the file as it was is kept beside it, and
    // the list written again, so that none is lost and the file does not stay as it is, said on every command.
    var kept = ""
    if !skipped.isEmpty, let read {
      kept = " (the file as it was is kept as '\(try keepCopy(of: record.path, bytes: read, now: now))')"
      force = true
    }
    for reason in skipped { notices.append(.warning("'\(shown)': skipped: \(reason)" + kept)) }
    if force || !edits.isEmpty {
      let groceries = try store.load(.shopping(since: today))
      if let location = record.location, !edits.added.isEmpty {
        notices += Self.keptElsewhere(edits.added.map(\.name), in: groceries, location: location, file: shown)
      }
      // A file whose edits were applied is written over as a new edition, even where the list reads as it did (a
      // new line and its tick, bought; a ticked copy of a line left unticked; a store's mirror's line of an item kept
      // elsewhere, said): left as saved, its new line was read again and put the item back on the list, and its tick
      // stayed shown after every change that left the list's text as it was (found by trials).
      try write(
        &record, from: groceries, header: header, today: today, force: force, newEdition: !edits.isEmpty)
    } else if let readAs {
      // Read whole, and nothing in it to apply (a save with other line ends, lines moved): it is what grocery
      // wrote, and the next change writes over it.
      record.file = readAs
    }
    return notices
  }

  /// The editions a mirror's file and its conflict copies are read against, and the ticks applied from each.
  struct Source {
    /// One edition: its text, the items of its lines, its lines with their items, and the names whose ticks and
    /// new lines were applied from it (their keys); `number` nil for the latest, whatever its number.
    struct Made {
      var number: Int?
      var written: String
      var items: [UUID]
      var base: [ChecklistDiff.BaseLine]
      var ticked: Set<String>
      var added: Set<String>
    }

    let current: Made
    let latest: Int?
    let format: MirrorFormat
    let path: String
    let mirrors: Mirrors
    /// The earlier editions, once read; nil while not read, or when they cannot be.
    var editions: MirrorEditions?
    var read = false
    /// The ticks taken this time, by edition (nil for the latest).
    var taken: [Int?: Set<String>] = [:]
    /// The new lines taken this time, by edition.
    var takenAdds: [Int?: Set<String>] = [:]

    init(_ record: MirrorRecord, mirrors: Mirrors) {
      current = Made(
        number: nil, written: record.written, items: record.items,
        base: Mirrors.base(record.written, items: record.items, format: record.format),
        ticked: Set(record.ticked ?? []), added: Set(record.added ?? []))
      (latest, format, path, self.mirrors) = (record.edition, record.format, record.path, mirrors)
    }

    /// The edition a file says it was made from: the latest for one that names none (written before editions)
    /// or the latest's number; nil for one no longer kept.
    mutating func edition(_ number: Int?) -> Made? {
      // A file that names no edition was written before editions: the latest text, or edition 0 since.
      guard let number = number ?? (latest == nil ? nil : 0), number != latest else { return current }
      if !read { (editions, read) = (mirrors.readEditions(), true) }
      guard let old = editions?.editions[path]?.first(where: { $0.edition == number }) else { return nil }
      return Made(
        number: number, written: old.written, items: old.items,
        base: Mirrors.base(old.written, items: old.items, format: format), ticked: Set(old.ticked),
        added: Set(old.added ?? []))
    }

    /// The ticks not applied from that edition before, nor taken already this time; they are taken.
    ///
    /// Ticks of one name on several days in one file (a recurring task ticked two weeks running, each line with
    /// its day) are as many purchases, where all but the first were dropped (found by a trial); a line copied (the
    /// same day) is one, as is a tick of a name the file, or a copy read before, gave this time.
    mutating func newTicks(_ ticks: [ChecklistEdits.Bought], of made: Made) -> [ChecklistEdits.Bought] {
      let before = taken[made.number, default: []]
      var days = Set<String>()
      let new = ticks.filter { tick in
        let key = Names.key(tick.name)
        // Or by its line's text, as a grocery before 2026-11-27 kept it.
        return !made.ticked.contains(key) && !before.contains(key)
          && !(tick.line.map { made.ticked.contains(Names.key($0)) } ?? false)
          && days.insert(key + "\n" + tick.day.description).inserted
      }
      taken[made.number, default: []].formUnion(new.map { Names.key($0.name) })
      return new
    }

    /// The new lines not applied from that edition before, when it is an earlier one (the latest's are kept for
    /// when it is one: a line typed again in it, its item bought since, is meant), nor taken already this time;
    /// they are taken.
    mutating func newAdds(_ added: [ChecklistEdits.Added], of made: Made) -> [ChecklistEdits.Added] {
      added.filter { line in
        let key = Names.key(line.name)
        return !(made.number != nil && made.added.contains(key))
          && takenAdds[made.number, default: []].insert(key).inserted
      }
    }

    /// Records the ticks and new lines taken as applied: the latest edition's in the record, an earlier one's in
    /// its file.
    mutating func recordTaken(in record: inout MirrorRecord) {
      func union(_ old: [String]?, _ keys: Set<String>?) -> [String]? {
        guard let keys, !keys.isEmpty else { return old }
        return Array(Set(old ?? []).union(keys)).sorted()
      }
      var earlier = false
      for number in Set(taken.keys).union(takenAdds.keys) {
        let (ticks, adds) = (taken[number], takenAdds[number])
        if (ticks ?? []).isEmpty && (adds ?? []).isEmpty { continue }
        guard let number else {
          (record.ticked, record.added) = (union(record.ticked, ticks), union(record.added, adds))
          continue
        }
        guard var list = editions?.editions[path], let at = list.firstIndex(where: { $0.edition == number })
        else { continue }
        list[at].ticked = union(list[at].ticked, ticks) ?? []
        list[at].added = union(list[at].added, adds)
        editions?.editions[path] = list
        earlier = true
      }
      if earlier, let editions { mirrors.writeEditions(editions) }
    }
  }

  /// Whether a file is a text grocery wrote cut short inside a line (a sync still under way, a disk full on the
  /// phone): the start of the text, ending in part of a line, once the ticks the phone made are read as the boxes
  /// written (`[x]` as `[ ]`, todo.txt's `x DATE ` gone), the last one perhaps cut inside its tick. A phone's
  /// ticked save, cut, was applied with its lines after the cut deleted and its last one renamed (found by a
  /// trial). Cut at a line's end, or ending in a whole line without its newline (as some apps save), or holding
  /// any other edit, it is read as edits, lines deleted among them, more than half of which at once are held back.
  static func cutShort(_ bytes: [UInt8], of text: String) -> Bool {
    guard !bytes.isEmpty, bytes.last != 0x0A else { return false }
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
    for index in lines.indices { lines[index] = unticked(lines[index], cut: index == lines.count - 1) }
    let read = Array(lines.joined(separator: [0x0A]))
    let written = Array(text.utf8)
    guard read.count < written.count, written.starts(with: read) else { return false }
    // Ending in a newline, the last line was all tick, cut inside it.
    return read.last == 0x0A || written[read.count] != 0x0A
  }

  /// A line of a file with its tick read as the box written: `[x] ` as `[ ] ` at its first `[`, and a todo.txt
  /// line's `x DATE ` taken off; the last line of a cut file may end inside either.
  static func unticked(_ line: [UInt8], cut: Bool) -> [UInt8] {
    var line = line
    // `[x] ` whole, or, where the file is cut, `[x` or `[x]` ending it.
    if let open = line.firstIndex(of: UInt8(ascii: "[")) {
      let box = line[open...].prefix(4).map { $0 == UInt8(ascii: "X") ? UInt8(ascii: "x") : $0 }
      let tick = Array("[x] ".utf8)
      if box == tick || (cut && box.count < tick.count && box.count >= 2 && tick.starts(with: box)) {
        line[open + 1] = 0x20
        return line
      }
    }
    // `x YYYY-MM-DD `, as a pattern: `d` a digit.
    let mark = Array("x dddd-dd-dd ".utf8)
    let shape = line.prefix(mark.count)
    let fits = zip(shape, mark).allSatisfy { byte, want in
      want == UInt8(ascii: "d") ? (48...57).contains(byte) : byte == want
    }
    if fits && (shape.count == mark.count || (cut && shape.count == line.count)) {
      if shape.count == mark.count && Day(String(decoding: line[2..<12], as: UTF8.self)) == nil {
        return line
      }
      line.removeFirst(shape.count)
    }
    return line
  }

  /// Applies edits as one change, returning its summary (nil when it changed nothing) and what was skipped.
  func apply(
    _ edits: ChecklistEdits, from source: String, now: Date, today: Day, onWait: () -> Void, newID: () -> UUID
  ) throws -> (summary: String?, skipped: [String]) {
    if edits.isEmpty { return (nil, []) }
    var summary: String?
    var skipped: [String] = []
    _ = try store.update(
      .all,
      summary: { (parts: [String]) in source + parts.joinedText(separator: "; ") }, now: now, onWait: onWait
    ) { groceries in
      let result = edits.apply(to: &groceries, today: today, now: now, newID: newID)
      skipped = result.skipped
      summary = result.parts.isEmpty ? nil : source + result.parts.joinedText(separator: "; ")
      return result.parts
    }
    return (summary, skipped)
  }

  // MARK: - Writing

  /// Writes a mirror from the household, atomically and keeping the file's mode, when its text changed (or
  /// `force`), and records what was written.
  func write(
    _ record: inout MirrorRecord, from groceries: Groceries, header: MirrorHeader, today: Day,
    force: Bool = false, newEdition: Bool = false
  ) throws {
    // Where done.txt stands from the first time grocery writes a todo.txt mirror, so that the first archive after it
    // is read; later, only a read of the file moves it on, or archived lines whose file has not synced back yet
    // would be passed over.
    if record.format == .todoTxt && record.doneSeen == nil {
      record.doneSeen = try newlyArchived(record).size
    }
    let view = try groceries.listView(ListQuery(location: record.location, today: today))
    var header = header
    header.edition = record.edition
    var output = ChecklistRenderer.render(view, header: header, format: record.format)
    let exists = try FileSystem.status(record.path) != nil
    // Written after edits were applied from it, the same text is a new edition too: its ticks are taken as applied
    // from the edition it was, so a tick made later on the new one is a new purchase, where one of an item still on
    // the list (a recurring task's copy ticked) was taken as applied already (found by a review).
    let same = !newEdition && output.text == record.written && output.items == record.items
    if !force && exists && same { return }
    // Each other text written is a new edition, and the one it replaces is kept a while for a phone still editing
    // it; the same text written again (over a file that did not read) is the same edition.
    if !same {
      // Only the first line, the header, names the edition.
      header.edition = (record.edition ?? 0) + 1
      let body = output.text.drop { $0 != "\n" }
      output.text = header.line(record.format) + body
    }
    // A link put in the file's place (a sync tool's, a hand's) is replaced, never written through: grocery wrote
    // the list over the file it named, outside the folder, notes and all (found by a trial).
    try AtomicFile.write(Data(output.text.utf8), to: record.path)
    // The text it replaces is kept (one written before editions as edition 0). Keeping it only helps: a state
    // folder that cannot take it costs a phone's stale save its base, never the mirror itself.
    if !same && !record.written.isEmpty, var editions = readEditions() {
      editions.keep(
        MirrorRecord.Edition(
          edition: record.edition ?? 0, written: record.written, items: record.items,
          ticked: record.ticked ?? [], added: record.added),
        of: record.path)
      writeEditions(editions)
    }
    if !same { (record.ticked, record.added) = (nil, nil) }
    record.edition = header.edition
    record.written = output.text
    record.items = output.items
    record.file = try FileSystem.status(record.path).map(FileFingerprint.init)
    record.folder = try FileSystem.status(FileSystem.folder(of: record.path)).map(FileFingerprint.init)
  }

  /// The mirrors' earlier editions. They only help: a file that cannot be read is said. A damaged one is taken as
  /// none, to be written afresh; one that cannot be read (a folder, no permission, a newer grocery's) is nil, and
  /// left as it is.
  func readEditions() -> MirrorEditions? {
    do {
      return try MirrorEditions.read(editionsPath)
    } catch GroceryError.unreadableStore(let path, let reason) {
      store.warn(Self.editionsLost(GroceryError.unreadableStore(path: path, reason: reason)))
      return MirrorEditions()
    } catch {
      store.warn(Self.editionsLost(error))
      return nil
    }
  }

  /// Writes the mirrors' earlier editions; where they cannot be written, that is said, and the mirror goes on.
  func writeEditions(_ editions: MirrorEditions) {
    do {
      try editions.write(editionsPath)
    } catch {
      store.warn(Self.editionsLost(error))
    }
  }

  /// What is said when the earlier editions are out of reach (the error names the file): what a phone's save of
  /// one then comes to.
  static func editionsLost(_ error: any Error) -> String {
    ((error as? GroceryError)?.message ?? "\(error)")
      + "; a phone's save of a mirror's older text is read for its ticks only"
  }

  /// What is said of a store's mirror's new lines whose items are on the list but kept at other stores only, which
  /// its list leaves out: the file is written over without the line, which went without a word (found by a trial).
  static func keptElsewhere(_ names: [String], in groceries: Groceries, location: String, file: String)
    -> [MirrorNotice]
  {
    var found = ItemNameIndex(shared: .neither)
    var said = Set<String>()
    return names.compactMap { name -> MirrorNotice? in
      guard let at = found.index(of: name, in: groceries.items) else { return nil }
      let item = groceries.items[at]
      guard item.isOnList, !item.isSold(at: location), said.insert(Names.key(item.name)).inserted else {
        return nil
      }
      return .warning(
        "'\(file)': '\(Names.printable(item.name))' is on the list, kept at "
          + Names.listing(item.locations.map { Names.printable($0) }) + ", which this list of "
          + "'\(Names.printable(location))' leaves out")
    }
  }

  /// Keeps a copy of a file that grocery will not read as it is, beside it: `list.kept-20261123-170900.md`.
  func keepCopy(of path: String, bytes: [UInt8], now: Date) throws -> String {
    let folder = FileSystem.folder(of: path)
    let name = FileSystem.name(of: path)
    let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
    let stem = dot.map { String(name[..<$0]) } ?? name
    let suffix = dot.map { String(name[$0...]) } ?? ""
    let stamp = Timestamp.format(now).filter { $0.isNumber || $0 == "T" }.replacing("T", with: "-")
    var copy = folder + "/" + stem + ".kept-" + stamp + suffix
    var count = 1
    while try FileSystem.status(copy) != nil {
      count += 1
      copy = folder + "/" + stem + ".kept-" + stamp + "-\(count)" + suffix
    }
    try AtomicFile.write(Data(bytes), to: copy)
    return copy
  }

  // MARK: - Helpers

  /// Where the mirror at `path` is in the list, refusing a file (named as given) that is none.
  static func index(of path: String, file: String, in state: MirrorState) throws -> Int {
    guard let index = state.mirrors.firstIndex(where: { $0.path == path }) else {
      throw GroceryError.notAMirror(file: file)
    }
    return index
  }

  /// Runs a body holding the mirrors' lock, taken before the household's.
  func locked<T>(onWait: () -> Void, _ body: () throws -> T) throws -> T {
    try FileSystem.makeFolders(store.stateFolder, mode: 0o700)
    let lock = try FileLock.acquire(lockPath, waiting: store.lockWaiting, onWait: onWait)
    defer { withExtendedLifetime(lock) {} }
    return try body()
  }

  /// The header this machine writes: the household's id and this machine's. With `creating`, the household
  /// folder and this machine's identity are made first, as a first change would make them.
  func header(creating: Bool, onWait: () -> Void) throws -> MirrorHeader {
    if creating {
      try store.withLock(onWait: onWait) {
        _ = try store.identity(creating: true)
        try store.prepareFolder()
      }
    }
    let machine = try store.identity()
    let marker = try HouseholdMarker.read(store.markerPath, shown: store.shown(store.markerPath))
    // A lost marker names no household: its mirrors are the household's whose id the next change writes back, as
    // that change finds it (this machine's memory, for a folder that holds logs, else git's history), where they
    // were set aside as another household's (found by a trial); a folder with no log is no household yet.
    let household = try marker?.id ?? store.knownHouseholdID(remembered: !store.scanLogs().logs.isEmpty) ?? ""
    return MirrorHeader(household: household, machine: machine.id, machineName: machine.name)
  }

  /// Refuses a file that is a folder or device, another household's or machine's checklist, or not a checklist.
  func check(_ path: String, shownAs file: String, format: MirrorFormat, header: MirrorHeader) throws {
    // A link is never written through, so a mirror of one would replace the link and leave the file it names as it
    // was (found by a review): the file itself is the one to give.
    if let info = try FileSystem.status(path, followingLinks: false), info.st_mode & S_IFMT == S_IFLNK {
      throw GroceryError.notAChecklist(
        file: file, reason: "it is a link, which grocery would replace, never write through")
    }
    let mirrors = try MirrorState.read(statePath).mirrors
    if mirrors.contains(where: { $0.path == path }) { throw GroceryError.alreadyMirrored(file: file) }
    // The same file by another path (a linked folder): two mirrors of it would write over each other's editions.
    if let info = try FileSystem.status(path) {
      for record in mirrors {
        if let other = try FileSystem.status(record.path), other.st_dev == info.st_dev,
          other.st_ino == info.st_ino
        {
          throw GroceryError.alreadyMirrored(file: file)
        }
      }
    }
    guard let info = try FileSystem.status(path) else {
      let folder = try FileSystem.status(FileSystem.folder(of: path))
      guard let folder, folder.st_mode & S_IFMT == S_IFDIR else {
        throw FileSystem.ioError(file, "write", ENOENT)
      }
      try SystemCall.checkAccess(FileSystem.folder(of: path), W_OK | X_OK).get(file, "write")
      return
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw GroceryError.notAChecklist(file: file, reason: "it is not a regular file")
    }
    let bytes = try FileSystem.readRegularFile(path, limit: Self.limit) ?? []
    switch Checklist.read(bytes, format: format) {
    case .notAChecklist(let reason):
      if reason != "it is empty" { throw GroceryError.notAChecklist(file: file, reason: reason) }
    case .checklist(let found):
      try Self.check(found.header, against: header, file: file)
    }
  }

  /// Refuses a checklist another household or machine keeps.
  static func check(_ found: MirrorHeader, against header: MirrorHeader, file: String) throws {
    if found.household != header.household { throw GroceryError.mirrorOfAnotherHousehold(file: file) }
    if found.machine != header.machine {
      throw GroceryError.mirrorKeptElsewhere(file: file, machine: found.machineName)
    }
  }

  /// The lines last written, each with the item it was written for.
  ///
  /// A todo.txt text written before grocery kept its syntax as text (`+plus` read as a tag) is paired line by
  /// line, so that no line is paired with the next item; none when even that does not give one line an item.
  static func base(_ written: String, items: [UUID], format: MirrorFormat) -> [ChecklistDiff.BaseLine] {
    guard case .checklist(let checklist) = Checklist.read(Array(written.utf8), format: format) else {
      return []
    }
    if checklist.lines.count == items.count {
      return zip(items, checklist.lines).map { ChecklistDiff.BaseLine(item: $0, line: $1) }
    }
    // A todo.txt text written before its syntax was kept as text: one line an item after the first, each read
    // alone, and one that reads as nothing kept as its text, so that each is still its own item's.
    guard format == .todoTxt else { return [] }
    let lines = written.split(separator: "\n").map { UnicodeText.trimmed(String($0)) }.filter { !$0.isEmpty }
      .dropFirst()
    guard lines.count == items.count else { return [] }
    return zip(items, lines.enumerated()).map { item, numbered in
      let number = numbered.offset + 2
      let line =
        Checklist.todoTxt(numbered.element, number: number)
        ?? ChecklistLine(number: number, body: numbered.element, ticked: false)
      return ChecklistDiff.BaseLine(item: item, line: line)
    }
  }

  /// The local day a file last changed, for ticks that carry no day; today when the clock cannot tell.
  static func day(changed path: String, today: Day) throws -> Day {
    guard let info = try FileSystem.status(path) else { return today }
    let seconds = FileFingerprint(info).seconds
    do {
      return min(
        try LocalTime.day(of: Date(timeIntervalSince1970: Double(seconds)), what: "file time", value: path),
        today)
    } catch {
      return today
    }
  }

  /// Returns true when a name is a Syncthing (`list.sync-conflict-20261123-101500-ABCDEFG.md`), Dropbox or
  /// Nextcloud (`list (Bob's conflicted copy 2026-11-23).md`) conflict copy of the file, or a duplicate iCloud
  /// Drive or a file manager made beside it (`list 2.md`, `list (1).md`, `list copy.md`, `list - Copy.md`).
  static func isConflictCopy(_ name: String, of path: String) -> Bool {
    let own = FileSystem.name(of: path)
    guard name != own else { return false }
    let dot = own.lastIndex(of: ".").flatMap { $0 == own.startIndex ? nil : $0 }
    let stem = dot.map { String(own[..<$0]) } ?? own
    let suffix = dot.map { String(own[$0...]) } ?? ""
    guard name.hasPrefix(stem), name.hasSuffix(suffix) else { return false }
    let middle = name.dropFirst(stem.count).dropLast(suffix.count)
    if middle.hasPrefix(".sync-conflict-") || (middle.hasPrefix(" (") && middle.contains("conflicted copy")) {
      return true
    }
    // A duplicate's number is small (` 2`, ` (1)`); a year (`list 2024.md`) is a file of the user's own.
    func isNumber(_ text: Substring) -> Bool {
      (1...2).contains(text.count) && text.allSatisfy { $0.isASCII && $0.isNumber }
    }
    var duplicate = middle
    if duplicate.hasPrefix(" (") && duplicate.hasSuffix(")") {
      return isNumber(duplicate.dropFirst(2).dropLast())
    }
    for mark in [" - Copy", " copy", " Copy"] where duplicate.hasPrefix(mark) {
      duplicate = duplicate.dropFirst(mark.count)
      return duplicate.isEmpty || (duplicate.hasPrefix(" ") && isNumber(duplicate.dropFirst()))
    }
    return duplicate.hasPrefix(" ") && isNumber(duplicate.dropFirst())
  }

  /// Returns a path made absolute from the current folder.
  static func absolute(_ path: String) throws -> String {
    if Names.containsControl(path) || path.isEmpty {
      throw GroceryError.invalidValue(what: "file", value: Names.printable(path), reason: "it is not a path")
    }
    if path.hasPrefix("/") { return path }
    guard let cwd = getcwd(nil, 0) else { throw FileSystem.ioError(path, "find the current folder of") }
    defer { free(cwd) }
    return String(cString: cwd) + "/" + (path.hasPrefix("./") ? String(path.dropFirst(2)) : path)
  }
}

extension GroceryError {
  /// A file of one mirror that could not be read or written: said for that mirror, the others go on.
  fileprivate var isFileFailure: Bool {
    if case .io = self { return true }
    return false
  }
}
