/// A category as every change so far has left it.
struct CategoryState: Equatable, Sendable {
  var name = Register<String?>(nil)
  var color = Register<NamedColor?>(nil)
  var alive = Register(false)
  var created = Register<Int64>(0)

  mutating func apply(_ f: CategoryFields, at stamp: Stamp) {
    for field in CategoryFields.table { field.apply(&self, f, stamp) }
  }
}
