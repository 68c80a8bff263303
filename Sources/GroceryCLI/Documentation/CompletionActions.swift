/// How bash or zsh offers completions: the shell's own words for each kind of offer.
struct CompletionActions {
  /// Offers the names of a kind from the store.
  var names: (String) -> String
  /// Offers the items on the list, or every item when none of those fits what is typed.
  var itemsOnList: String
  /// Offers fixed words.
  var words: ([String]) -> String
  /// Offers the paths of files.
  var files: String
  /// Offers nothing (a value to type).
  var nothing: String
}
