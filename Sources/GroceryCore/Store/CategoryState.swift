/// A category as every change so far has left it.
struct CategoryState: Equatable, Sendable {
  var name = Register<String?>(nil)
  var color = Register<NamedColor?>(nil)
  var alive = Register(false)
  var created = Register<Int64>(0)

  mutating func apply(_ f: CategoryFields, at stamp: Stamp) {
    name.merge(f.name.map { Optional($0) }, at: stamp)
    color.merge(f.color, at: stamp)
    alive.merge(f.alive ?? true, at: stamp)
    if let createdAt = f.created, created.stamp == .zero || stamp < created.stamp {
      created = Register(createdAt, stamp)
    }
  }
}
