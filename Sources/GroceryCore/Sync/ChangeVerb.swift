/// Every kind of change a summary begins with, as the command that made it writes it, and as `sync` tells it from
/// another machine: one typed list, so a new kind of change cannot show up as its command (`import milk`).
public enum ChangeVerb: CaseIterable, Sendable {
  case add, purchase, remove, edit, restock, staple, unstaple, undo
  case addCategory, renameCategory, colorCategory, removeCategory, reorderCategories, resetCategoryOrder
  case learnCategoryOrder, addLocation, renameLocation, removeLocation, importFiles, initSample, initialize
  case startTrip, stopTrip, nameMachine, migrate

  /// How a summary of this change begins: `purchase ` in `purchase eggs, milk`.
  public var present: String {
    switch self {
    case .add: return "add "
    case .purchase: return "purchase "
    case .remove: return "remove "
    case .edit: return "edit "
    case .restock: return "restock "
    case .staple: return "staple "
    case .unstaple: return "unstaple "
    case .undo: return "undo "
    case .addCategory: return "add category "
    case .renameCategory: return "rename category "
    case .colorCategory: return "color category "
    case .removeCategory: return "remove category "
    case .reorderCategories: return "reorder categories"
    case .resetCategoryOrder: return "reset category order"
    case .learnCategoryOrder: return "learn category order at "
    case .addLocation: return "add location "
    case .renameLocation: return "rename location "
    case .removeLocation: return "remove location "
    case .importFiles: return "import "
    case .initSample: return "init --sample"
    case .initialize: return "init"
    case .startTrip: return "start a trip"
    case .stopTrip: return "stop the trip"
    case .nameMachine: return "name this machine "
    case .migrate: return "migrate "
    }
  }

  /// What takes the place of `present` when the change is told as something that happened.
  public var past: String {
    switch self {
    case .add: return "added "
    case .purchase: return "bought "
    case .remove: return "removed "
    case .edit: return "changed "
    case .restock: return "restocked "
    case .staple: return "staple: "
    case .unstaple: return "no longer a staple: "
    case .undo: return "undid "
    case .addCategory: return "added category "
    case .renameCategory: return "renamed category "
    case .colorCategory: return "coloured category "
    case .removeCategory: return "removed category "
    case .reorderCategories: return "reordered categories"
    case .resetCategoryOrder: return "reset the category order"
    case .learnCategoryOrder: return "learned category order at "
    case .addLocation: return "added location "
    case .renameLocation: return "renamed location "
    case .removeLocation: return "removed location "
    case .importFiles: return "imported "
    case .initSample: return "created the household with the sample"
    case .initialize: return "created the household"
    case .startTrip: return "started a trip"
    case .stopTrip: return "stopped the trip"
    case .nameMachine: return "named their machine "
    case .migrate: return "migrated "
    }
  }

  /// Returns the summary of a change of this kind: its words after `present`.
  public func summary(_ rest: String = "") -> String { present + rest }

  /// The verbs, longest beginning first, so `add category` is never read as `add`.
  static let byLength = allCases.sorted { $0.present.count > $1.present.count }

  /// Returns a change's summary as something that happened: `purchase eggs, milk` becomes `bought eggs, milk`.
  public static func pastTense(_ text: String) -> String {
    // A control character, which no line of a log brings in, is shown as an escape, never sent to a terminal.
    let summary = Names.printable(text)
    for verb in byLength where summary.hasPrefix(verb.present) {
      return verb.past + summary.dropFirst(verb.present.count)
    }
    return summary
  }
}
