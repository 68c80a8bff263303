#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How text output is decorated: colour only on a terminal, and the width to fit.
public struct TextStyle: Sendable {
  public var color: Bool
  public var width: Int

  public init(color: Bool = false, width: Int = 80) {
    self.color = color
    self.width = width
  }

  func bold(_ text: String) -> String { color ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
  func dim(_ text: String) -> String { color ? "\u{1B}[2m\(text)\u{1B}[0m" : text }

  /// Sets the text in the given SGR attributes and a category's colour, when colour is on and there is any.
  func paint(_ text: String, _ attributes: [Int], _ named: NamedColor?) -> String {
    let codes = attributes + (named.map { [$0.sgrCode] } ?? [])
    guard color, !codes.isEmpty else { return text }
    return "\u{1B}[" + codes.map(String.init).joinedText(separator: ";") + "m" + text + "\u{1B}[0m"
  }
}

/// Renders a list as plain UTF-8 text with `[ ]` boxes, at most 80 columns.
public enum TextRenderer {
  public static func render(_ view: ListView, title: String? = nil, style: TextStyle = TextStyle()) -> String
  {
    var writer = writer(title: title, style: style)
    return writer.add(view) + writer.finish(view)
  }

  /// Writes a list a part at a time: the same text as `render` of the whole, each part's as soon as it is read.
  public static func writer(title: String? = nil, style: TextStyle = TextStyle()) -> ListWriter {
    ListWriter(
      title: title.map { TextLayout.wrap($0, width: style.width, first: "", rest: "").map(style.bold) + [""] }
        ?? [],
      heading: { section in
        TextLayout.wrap(Names.printable(section.title), width: style.width, first: "", rest: "  ")
          .map { style.paint($0, [1], section.color) }
      },
      entry: { entry, view in
        let box: String
        switch view.mode {
        case .purchased: box = "[x]"
        default: box = entry.item.isOnList ? "[ ]" : "   "
        }
        var text = describe(entry, mode: view.mode, today: view.today)
        let notes = annotations(entry, mode: view.mode, today: view.today)
        // One space, which a line that fits is written with as it is. (Two were once written, which the wrapping
        // folded into one, but not where a mark or a prepended letter joined a space to the name or note.)
        if !notes.isEmpty { text += " (" + notes.joinedText(separator: "; ") + ")" }
        return TextLayout.wrap(text, width: style.width, first: "  \(box) ", rest: "      ")
          .map { style.paint($0, entry.isUnavailable ? [2] : [], entry.color) }
      },
      footer: { style.dim(footer($0)) },
      // A store's name makes it long: it wraps as every line of the list does.
      empty: { TextLayout.wrap(emptyMessage($0), width: style.width, first: "", rest: "") })
  }

  /// An entry as `describe` gives its item, but for what was bought (`list --purchased`): the quantity bought on
  /// the day shown, not the one on the list now (found by a trial: `milk x3` after buying two and asking for three
  /// more, where `history` said x2).
  static func describe(_ entry: ListEntry, mode: ListMode, today: Day) -> String {
    guard mode == .purchased, let last = entry.item.purchases.last else { return describe(entry.item) }
    let day = entry.boughtToday ? today : last.date
    var item = entry.item
    item.quantity = item.purchases.reduce(0) { $0 + ($1.date == day ? $1.quantity : 0) }
    return describe(item)
  }

  /// The item's name, quantity when more than one, and note: `Milk x2 - 2%`. A control character, which no
  /// line of a log brings in, would be shown as an escape, never sent to the terminal.
  static func describe(_ item: Item) -> String {
    var text = Names.printable(item.name)
    if item.quantity > 1 { text += " x\(item.quantity)" }
    if let note = item.note { text += " - " + Names.printable(note, keepingMarks: true) }
    return text
  }

  static func annotations(_ entry: ListEntry, mode: ListMode, today: Day) -> [String] {
    let item = entry.item
    var notes: [String] = []
    switch mode {
    case .shopping:
      if entry.isUnavailable { notes.append("unavailable today") }
    case .all:
      if item.isOnList {
        notes.append(entry.isUnavailable ? "on the list, unavailable today" : "on the list")
      }
      if item.isStaple { notes.append("staple") }
      notes.append(lastBought(entry))
    case .staples:
      if item.isOnList { notes.append("on the list") }
      let cadence = entry.cadence
      notes.append(
        cadence.learned.map { "every " + count($0, "day") }
          ?? "every \(count(cadence.interval, "day")) (assumed)")
      if cadence.aheadOfToday == nil || entry.boughtToday {
        notes.append(lastBought(entry))
      } else if let counted = cadence.lastPurchased {
        // The latest purchase counted; the one dated ahead is noted after.
        notes.append("last bought \(counted)")
      }
      if entry.isSnoozed, let until = item.skipUntil {
        notes.append("skipped until \(until)")
      } else if !item.isOnList {
        notes.append(entry.nextDue <= today ? "due now" : "due \(entry.nextDue)")
      }
      if let ahead = cadence.aheadOfToday { notes.append("\(ahead) not counted (clock ahead)") }
    case .purchased:
      if let last = item.purchases.last {
        if !entry.boughtToday { notes.append(last.date.description) }
        // Everyone who bought it that day, by name: today, for one bought today that a clock ahead also dated later.
        let day = entry.boughtToday ? today : last.date
        var buyers: [String] = []
        for purchase in item.purchases where purchase.date == day {
          if let by = purchase.by, !buyers.contains(by) { buyers.append(by) }
        }
        if !buyers.isEmpty {
          notes.append("by " + Names.commaList(buyers.sorted { Names.ordered($0, $1) }))
        }
      }
    }
    return notes
  }

  static func lastBought(_ entry: ListEntry) -> String {
    guard let last = entry.item.lastPurchased else { return "never bought" }
    return entry.boughtToday ? "bought today" : "last bought \(last)"
  }

  static func footer(_ view: ListView) -> String {
    switch view.mode {
    case .shopping, .all:
      return "\(count(view.toBuy, "item")) to buy, \(view.boughtToday) bought today"
    case .staples:
      let counts = view.counts
      return
        "\(count(counts.shown, "staple")), \(counts.onList) on the list, \(counts.due) more due to restock"
    case .purchased:
      return "\(view.boughtToday) bought today"
    }
  }

  static func emptyMessage(_ view: ListView) -> String {
    var scope = ""
    if let location = view.location { scope += " at \(location)" }
    if let category = view.category { scope += " in \(category)" }
    switch view.mode {
    case .shopping: return "Nothing on the list\(scope)."
    case .all: return "No items\(scope) yet."
    case .staples: return "No staples\(scope) yet."
    case .purchased: return "Nothing bought\(scope) yet."
    }
  }

  static func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }
}
