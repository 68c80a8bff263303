/// The fields a category change sets.
///
/// A new category field is a property here, its entry in `table`, and the property of `Category` it shows as.
struct CategoryFields: Equatable, Sendable {
  var name: String?
  /// The category's colour; `.some(nil)` clears it. Written only in version-3 lines.
  var color: NamedColor??
  var alive: Bool?
  var created: Int64?

  /// Every category field, in the order a log line writes them.
  static let table: [Field<CategoryFields, CategoryState, Category>] = [
    .required("name", \.name, \.name, check: LineRules.categoryName, model: ModelLink(\.name)),
    .value(
      "color", \.color, \.color, version: 3, model: ModelLink(\.color)),
    .alive(\.alive, \.alive),
    .created(\.created, \.created),
  ]
}
