#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Which items a read loads: those a command can show or touch. Every category and location is always loaded.
///
/// A command that names what it touches reads only those rows of the cache, so it costs the same however many
/// items the household has.
public enum ItemScope: Equatable, Sendable {
  /// Every item, removed ones included: what undoing a change to any item may need.
  case all
  /// Every item not removed: all a view shows of the household, without the rows a name removed and added again
  /// leaves behind.
  case living
  /// The items whose name, folded as `Names.key` folds it, is one of these keys; for a key no name is, the items
  /// of the one name that starts with it, if only one does.
  case keys([String])
  /// The items sharing a name with one on the list.
  case onList
  /// The items sharing a name with one on the list or bought on or after the day: what the shopping list shows.
  case shopping(since: Day)
  /// The items sharing a name with one bought on one of these days: what the history of those days shows.
  case boughtDuring(ClosedRange<Day>)
  /// The items sharing a name with a staple.
  case staples
  /// The items sharing a name with a staple that `restock` with this policy may put on the list on the day: every
  /// staple off the list, or with `.due` only those due by then (and any whose name two ids share).
  case restock(RestockPolicy, today: Day)
  /// The items whose name could be a completion of the typed text (`Names.completions`), with every living row of
  /// each such name; more may be read, never fewer.
  case completing(String)
  /// The items sharing a name with one in the category a typed name can mean, as it is or as paper spells it,
  /// without the white space around it (in any of the categories shown as one under its name): what removing
  /// the category changes.
  case inCategory(String)
  /// The items sharing a name with one limited to the store a typed name can mean, as `inCategory` takes it:
  /// what removing the store changes.
  case atStore(String)
  /// The items with these ids.
  case ids([UUID])
  /// The items an import can match, and those with the ids it carries: the living rows of each name key, or with
  /// `folded`, of each name whose key import's folding makes one of them (`ImportName.key`); and the names paper
  /// spells as one of `spelled` (`Strasse` for `Straße`).
  case importing(keys: [String], spelled: [String], folded: Bool, ids: [UUID])
  /// The items every name of these keys makes a command look at as it matches it (`InvolvedKeys`): the
  /// name it is, or else the names it is the start of and the closest ones its error suggests. A command that
  /// failed on `.keys` runs again on these and gets what it would from every item, without reading every item.
  case resolving([String])

  /// The items the names a user typed can resolve to: the same name, or one it is the start of.
  public static func names(_ names: [String]) -> ItemScope {
    // Only trimmed: the key of a valid name is its cleaned name's. A name that is not one is refused by the
    // command itself, with its own message; here it only narrows what is read.
    .keys(names.map { Names.key(Names.trimmed($0)) })
  }

  /// The scope a command that failed on this one runs again on, so that its error is the one the whole household
  /// gives (a name it did not find, with the names it might have meant): for typed names, the items matching
  /// them looks at; the scope itself for no item, the items of a category or store (whose errors are of
  /// categories and stores) and every living item, which already give it; otherwise every item.
  public var widened: ItemScope {
    switch self {
    case .keys(let keys): return .resolving(keys)
    case .living, .inCategory, .atStore: return self
    case .ids(let ids) where ids.isEmpty: return self
    default: return .all
    }
  }
}
