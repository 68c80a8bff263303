/// The fields a category change sets.
struct CategoryFields: Equatable, Sendable {
  var name: String?
  /// The category's colour; `.some(nil)` clears it. Written only in version-3 lines.
  var color: NamedColor??
  var alive: Bool?
  var created: Int64?
}
