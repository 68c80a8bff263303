/// The kinds of thing a household names: its items, categories and locations.
public enum NameKind: String, Sendable {
  case item, category, location

  var article: String { self == .item ? "an" : "a" }

  var plural: String { self == .category ? "categories" : rawValue + "s" }
}
