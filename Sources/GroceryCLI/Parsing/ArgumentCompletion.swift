import GroceryCore

/// What a shell offers to complete a value.
enum ArgumentCompletion: Sendable {
  /// The names of things of a kind in the current store.
  case names(NameKind)
  /// The categories that can be renamed, coloured, reordered or removed: all but Uncategorized.
  case namedCategories
  /// The names of the items on the shopping list, or of every item when none of those fits.
  case itemsOnList
  /// A fixed set of words.
  case words([CompletionWord])
  /// The names of grocery's commands.
  case commands
  /// Paths of files.
  case files
  /// Paths of folders.
  case folders
}
