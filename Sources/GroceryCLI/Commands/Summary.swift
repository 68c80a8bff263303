/// Short descriptions of changes, for `undo`.
enum Summary {
  static func names(_ names: [String]) -> String {
    if names.count <= 3 { return names.joined(separator: ", ") }
    return names.prefix(3).joined(separator: ", ") + " and \(names.count - 3) more"
  }
}
