/// The item a whole name finds among many names at once, as `add` and `purchase --new` and a phone's new lines find
/// them: by its key (any case, any accents), else as paper spells it (`Strasse` for `Straße`, `oeufs` for `Œufs`).
/// Each index is made the first time it is needed, so that many names cost their number, not that times the
/// household's items, and a name found by its key costs no spelling of every item.
struct ItemNameIndex {
  /// What a spelling the names of two items share finds (two names of different keys: `Œufs`, `OEufs`).
  enum SharedSpelling {
    /// The first of them, as `purchase` finds a name.
    case first
    /// Neither, as `add` takes it: a name typed from a printed list is the item `purchase` would find, never a
    /// choice between near twins made for the user.
    case neither
  }

  let shared: SharedSpelling
  /// The first item of each key.
  private var byKey: [String: Int]?
  /// The first item of each spelling, among the first items of each key.
  private var bySpelling: [String: Int]?
  private var sharedSpellings = Set<String>()

  init(shared: SharedSpelling) { self.shared = shared }

  /// The index of the item the name finds in `items`, the array the index was made from with the items `insert`
  /// noted appended to it; nil when none.
  mutating func index(of name: String, in items: [Item]) -> Int? {
    if byKey == nil {
      byKey = Dictionary(
        items.indices.map { (Names.key(items[$0].name), $0) }, uniquingKeysWith: { a, _ in a })
    }
    if let found = byKey?[Names.key(name)] { return found }
    if bySpelling == nil {
      bySpelling = [:]
      // Items of one key (one item's twin rows) are one name: they share no spelling with each other.
      for index in items.indices where byKey?[Names.key(items[index].name)] == index {
        spell(items[index].name, at: index)
      }
    }
    let spelled = Names.spelledKey(name)
    return shared == .neither && sharedSpellings.contains(spelled) ? nil : bySpelling?[spelled]
  }

  /// Notes a new item, appended at `index`, named `name`, which no item had.
  mutating func insert(_ name: String, at index: Int) {
    if byKey?[Names.key(name)] == nil { byKey?[Names.key(name)] = index }
    if bySpelling != nil { spell(name, at: index) }
  }

  private mutating func spell(_ name: String, at index: Int) {
    let spelled = Names.spelledKey(name)
    if bySpelling?[spelled] == nil {
      bySpelling?[spelled] = index
    } else {
      sharedSpellings.insert(spelled)
    }
  }
}
