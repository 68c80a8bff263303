#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Groceries {
  /// Applies an import: adds new items, categories and locations, updates the items it names, and sets the walk
  /// order when it gives one; run inside one `HouseholdStore.update`, so one `undo` reverts it all.
  ///
  /// Names match as `Names.key` compares them, after curly quotes and dashes are made straight, and then as paper
  /// spells them (`Strasse` finds `Straße`), but in grocery's own export, which names things exactly. An existing item
  /// keeps its id and takes the fields the import carries; a new one keeps the id of a grocery export when that
  /// id is free. Purchases are recorded (and written to the log) unless the item already has one on that day of
  /// that quantity, so importing the same export twice adds nothing. A dry run applies it to a copy.
  ///
  /// - Parameter history: the household with its whole history (`HouseholdStore.loadHistory()`) when this is the
  ///   everyday view, whose items hold only their recent purchases, so older purchases are recognised too.
  public mutating func importing(
    _ document: ImportDocument, today: Day, now: Date, history: Groceries? = nil, newID: () -> UUID
  ) -> ImportReport {
    var report = ImportReport()
    // grocery's own export names things as grocery does, so 'Ben's' and 'Ben’s' stay two items; other formats
    // also fold curly quotes and dashes.
    let key: (String) -> String =
      document.format == .grocery ? { Names.key($0) } : { ImportName.key($0) }
    // A category or store (every one is read) is found as paper spells its name (`Strasse` for `Straße`), as
    // `category add` and `location add` find it, and an item too, after its key, as `add` finds it; grocery's own
    // export keeps names exactly.
    let spelling: (String) -> String =
      document.format == .grocery ? { Names.key($0) } : { ImportName.spelledKey($0) }
    report.skipped = document.skipped
    report.merged = document.merged
    var usedIDs = Set(categories.map(\.id) + locations.map(\.id) + items.map(\.id))
    // A new category's colour and a new store's order go without saying; a change to an existing one is reported.
    let earlier = Set(categories.map(\.id) + locations.map(\.id))
    func freshID(_ wanted: UUID?) -> UUID {
      if let wanted, usedIDs.insert(wanted).inserted { return wanted }
      var id = newID()
      while !usedIDs.insert(id).inserted { id = newID() }
      return id
    }

    // Categories: an imported name maps to the household's spelling, or becomes a new category.
    // grocery 1's file names a category or store the household may have renamed since it was migrated: found by
    // the id its migration gave it, where a new item of the file brought its old name back beside the new one
    // (found by a trial).
    func categoryName(_ name: String, id: UUID? = nil) -> String {
      let wanted = spelling(name)
      if wanted == spelling(Category.uncategorized) { return Category.uncategorized }
      if document.addsOnly,
        let migrated = categories.first(where: { $0.id == V1Category(name: name).category.id })
      {
        return migrated.name
      }
      if let existing = categories.first(where: { spelling($0.name) == wanted }) { return existing.name }
      // One the household removed comes back under the id its migration gave it, as the one other machines know.
      categories.append(
        Category(id: freshID(document.addsOnly ? V1Category(name: name).category.id : id), name: name))
      report.addedCategories.append(name)
      return name
    }
    // grocery's own export names the household's categories and stores by their ids: one named otherwise here
    // (renamed since; a built-in's id is every household's) is renamed to the export's name first, before any name
    // is matched, as an item takes the fields the import carries, where a second category of the new name came in
    // beside it (found by a trial: an export restored into a new household kept an empty Dairy & Fridge beside the
    // Dairy it had been renamed to). Where another has the name (or Uncategorized does), it is left, and the name
    // is matched as any other. The import's names are clean already.
    if document.format == .grocery && !document.addsOnly {
      for category in document.categories {
        guard let id = category.id, let same = categories.first(where: { $0.id == id }),
          spelling(same.name) != spelling(category.name),
          categoryClash(category.name, besides: same.name) == nil
        else { continue }
        renameCategory(named: same.name, to: category.name)
        report.renamedCategories.append(ImportReport.Rename(old: same.name, new: category.name))
      }
      for location in document.locations {
        guard let id = location.id, let same = locations.first(where: { $0.id == id }),
          spelling(same.name) != spelling(location.name),
          locationClash(location.name, besides: same.name) == nil
        else { continue }
        renameLocation(named: same.name, to: location.name)
        report.renamedLocations.append(ImportReport.Rename(old: same.name, new: location.name))
      }
    }
    let imported = document.categories.map { categoryName($0.name, id: $0.id) }
    // A colour the import gives replaces the category's own; Uncategorized never takes one.
    for (category, name) in zip(document.categories, imported) {
      guard let color = category.namedColor, let index = categories.firstIndex(where: { $0.name == name }),
        categories[index].color != color
      else { continue }
      categories[index].color = color
      if earlier.contains(categories[index].id) { report.recoloured.append(name) }
    }
    if document.setsCategoryOrder {
      var order: [String] = []
      for name in imported where name != Category.uncategorized && !order.contains(name) {
        order.append(name)
      }
      let byName = Dictionary(categories.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
      let reordered = (order + categories.map(\.name).filter { !order.contains($0) }).compactMap {
        byName[$0]
      }
      if reordered.map(\.id) != categories.map(\.id) {
        categories = reordered
        report.reordered = true
      }
    }

    // Locations, with their own order when the import sets orders.
    func locationName(_ name: String, id: UUID? = nil) -> String {
      let wanted = spelling(name)
      if document.addsOnly,
        let migrated = locations.first(where: { $0.id == LegacyID.of(.location, named: name) })
      {
        return migrated.name
      }
      if let existing = locations.first(where: { spelling($0.name) == wanted }) { return existing.name }
      locations.append(
        Location(id: freshID(document.addsOnly ? LegacyID.of(.location, named: name) : id), name: name))
      report.addedLocations.append(name)
      return name
    }
    /// A store's order of the categories named, each as `category` finds it (or nil), Uncategorized and repeats
    /// left out.
    func storeOrder(_ names: [String], _ category: (String) -> String?) -> [String] {
      var order: [String] = []
      for name in names {
        guard let found = category(name), found != Category.uncategorized, !order.contains(found) else {
          continue
        }
        order.append(found)
      }
      return order
    }
    // An import that only adds (grocery 1's store file) brings no store of its own: one its items bring takes its
    // order after them.
    for location in document.locations where !document.addsOnly {
      let name = locationName(location.name, id: location.id)
      if document.setsCategoryOrder, let index = locations.firstIndex(where: { $0.name == name }) {
        let order = storeOrder(location.categoryOrder) { categoryName($0) }
        if locations[index].categoryOrder != order {
          locations[index].categoryOrder = order
          if earlier.contains(locations[index].id) { report.reorderedLocations.append(name) }
        }
      }
    }

    // Headings of pasted text: each names one of the household's categories, or is skipped.
    var headingCategory: [Int: String] = [:]
    report.headings = document.headings.map { heading in
      var heading = heading
      do throws(NameMismatch) {
        let name = try Names.match(heading.name, among: categories.map(\.name) + [Category.uncategorized]) {
          $0
        }
        heading.category = name
        headingCategory[heading.line] = name
      } catch {
        switch error {
        case .ambiguous(let candidates): heading.reason = "it could be " + Names.listing(candidates)
        case .unknown: heading.reason = "no category by that name"
        }
      }
      return heading
    }

    // Items.
    let known = Dictionary(
      (history?.items ?? []).map { ($0.id, $0.purchases) }, uniquingKeysWith: { a, _ in a })
    var byKey = Dictionary(
      items.indices.map { (key(items[$0].name), $0) }, uniquingKeysWith: { a, _ in a })
    var bySpelling = Dictionary(
      items.indices.map { (spelling(items[$0].name), $0) }, uniquingKeysWith: { a, _ in a })
    // A copy of the household's own store finds its items by id first (a renamed one too).
    let byID =
      document.addsOnly
      ? Dictionary(items.indices.map { (items[$0].id, $0) }, uniquingKeysWith: { a, _ in a }) : [:]
    for entry in document.items {
      let existing =
        entry.id.flatMap { byID[$0] } ?? byKey[key(entry.name)] ?? bySpelling[spelling(entry.name)]
      // An item a copy of the household's own store names is the household's, whose category and stores stay.
      let held = document.addsOnly && existing != nil
      let category =
        held
        ? nil : entry.category.map { categoryName($0) } ?? entry.headingLine.flatMap { headingCategory[$0] }
      var places: [String]?
      if !held, let names = entry.locations {
        places = []
        for name in names.map({ locationName($0) }) where !places!.contains(name) { places!.append(name) }
      }
      let index: Int
      let isNew: Bool
      if let existing {
        (index, isNew) = (existing, false)
      } else {
        // A copy's id may be an item's the household removed since: never taken, so that the history `remove`
        // deleted stays gone (found by a review, when grocery 1's id was taken: it came back).
        var item = Item(
          id: freshID(document.addsOnly ? nil : entry.id), name: entry.name, now: entry.created ?? now)
        item.updated = now
        byKey[key(entry.name)] = items.count
        bySpelling[spelling(entry.name)] = items.count
        items.append(item)
        (index, isNew) = (items.count - 1, true)
      }
      let before = items[index]
      var item = before
      let takesFields = isNew || !document.addsOnly
      // The values the item holds as they are, each as the import gives it (quantity, note, staple, …).
      if takesFields { for field in ItemFields.table { field.assign?(entry.fields, &item) } }
      if takesFields, let category { item.category = category }
      if takesFields, let places { item.locations = places }
      // Without the exact day from an export, availability follows the list: an item coming onto it is available,
      // one marked unavailable is so today, and one off the list is not unavailable.
      if takesFields && entry.unavailableOn == nil {
        if entry.isOnList == true && !before.isOnList { item.unavailableOn = nil }
        if let unavailable = entry.isUnavailable {
          item.unavailableOn = unavailable && item.isOnList ? today : nil
        }
        if !item.isOnList { item.unavailableOn = nil }
      }
      var recorded = 0
      var present = isNew ? [] : known[item.id] ?? item.purchases
      for purchase in entry.purchases {
        if let match = present.firstIndex(where: {
          $0.date == purchase.date && $0.quantity == purchase.quantity
        }) {
          present.remove(at: match)
          continue
        }
        item.record(purchase)
        newPurchases.append(NewPurchase(item: item.id, purchase: purchase))
        recorded += 1
      }
      report.purchases += recorded
      if isNew {
        items[index] = item
        report.added.append(item.name)
      } else if item != before {
        item.updated = now
        items[index] = item
        report.updated.append(item.name)
      } else {
        report.skipped.append(ImportSkip(name: item.name, reason: "nothing to change"))
      }
    }
    // A store grocery 1's file gave, new to the household and brought by its items, takes that file's order of
    // the categories the household has, found as an item's category is (one renamed since by its migration's id);
    // one the household removed does not come back by it (found by a review).
    if document.addsOnly {
      for location in document.locations {
        guard
          let index = locations.firstIndex(where: {
            !earlier.contains($0.id) && spelling($0.name) == spelling(location.name)
          })
        else { continue }
        // Each category as an item's is found: by its migration's id first, so one renamed since is in it.
        locations[index].categoryOrder = storeOrder(location.categoryOrder) { name in
          categories.first { $0.id == V1Category(name: name).category.id }?.name
            ?? categories.first { spelling($0.name) == spelling(name) }?.name
        }
      }
    }
    sortItems()
    return report
  }
}
