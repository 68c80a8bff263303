import GroceryCore

/// Short descriptions of changes, for `undo`.
enum Summary {
  static func names(_ names: [String]) -> String {
    if names.count <= 3 { return names.joinedText(separator: ", ") }
    return Array(names.prefix(3)).joinedText(separator: ", ") + " and \(names.count - 3) more"
  }
}
