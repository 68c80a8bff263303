/// How bash or zsh offers completions: the shell's own words for each kind of offer.
struct CompletionActions {
  /// Offers the names of a kind from the store; the arguments are those of `grocery names`.
  var names: (String) -> String
  /// Offers the items on the list, or every item when none of those fits what is typed.
  var itemsOnList: String
  /// Offers fixed words, with their descriptions where the shell shows them.
  var words: ([CompletionWord]) -> String
  /// Offers the paths of files.
  var files: String
  /// Offers the paths of folders.
  var folders: String
  /// Offers nothing (a value to type).
  var nothing: String
}
