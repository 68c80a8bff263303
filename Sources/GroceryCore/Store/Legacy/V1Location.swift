/// A location as a version-1 store file holds it: a name and its walk order, with no id.
struct V1Location: Decodable {
  var name: String
  var categoryOrder: [String]

  /// The location it is, with a new id.
  var location: Location { Location(name: name, categoryOrder: categoryOrder) }
}
