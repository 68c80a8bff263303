/// Short descriptions of changes, for `undo`.
public enum Summary {
  /// One name, in quotes when it holds a comma, as in a list of names: `edit 'salt, coarse'`.
  public static func name(_ name: String) -> String { Names.commaList([name]) }

  /// The names, each once (`staple tea TEA` changes one item), at most three and how many more, each that holds a
  /// comma in quotes (`bread, 'salt, coarse'`).
  public static func names(_ given: [String]) -> String {
    var seen = Set<String>()
    let names = given.filter { seen.insert($0).inserted }
    if names.count <= 3 { return Names.commaList(names) }
    return Names.commaList(names.prefix(3)) + " and \(names.count - 3) more"
  }
}
