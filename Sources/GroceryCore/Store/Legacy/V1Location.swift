/// A location as a version-1 store file holds it: a name and its walk order, with no id.
struct V1Location: Decodable {
  var name: String
  var categoryOrder: [String]

  /// The location it is, with an id made from its name.
  var location: Location {
    Location(id: LegacyID.of(.location, named: name), name: name, categoryOrder: categoryOrder)
  }
}
