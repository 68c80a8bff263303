// What a category stores, declared in one place: the fields a change sets (`CategoryFields`), the registers
// they fold into (`CategoryState`), and the table that ties them to the log, the cache and `Category`. A new
// category field is a property in each of the two structs and its entry in `table`, here, and the property of
// `Category` it shows as.

/// The fields a category change sets.
struct CategoryFields: Equatable, Sendable {
  var name: String?
  /// The category's colour; `.some(nil)` clears it. Written only in version-3 lines.
  var color: NamedColor??
  var alive: Bool?
  var created: Int64?
}

/// A category as every change so far has left it. It folds in `Fold/CategoryState.swift`.
struct CategoryState: Equatable, Sendable {
  var name = Register<String?>(nil)
  var color = Register<NamedColor?>(nil)
  var alive = Register(false)
  var created = Register<Int64>(0)
}

extension CategoryFields {
  /// Every category field, in the order a log line writes them.
  static let table: [Field<CategoryFields, CategoryState, Category>] = [
    .required(
      "name", Slot({ $0.name }, { $0.name = $1 }), Slot({ $0.name }, { $0.name = $1 }),
      check: LineRules.categoryName, model: ModelLink(Slot({ $0.name }, { $0.name = $1 }))),
    .value(
      "color", Slot({ $0.color }, { $0.color = $1 }), Slot({ $0.color }, { $0.color = $1 }), version: 3,
      model: ModelLink(Slot({ $0.color }, { $0.color = $1 })),
      // Written only when set; the import reads it into the colour it reports a change of.
      export: ExportSpelling("color") { $0.color?.json }),
    .alive(Slot({ $0.alive }, { $0.alive = $1 }), Slot({ $0.alive }, { $0.alive = $1 })),
    .created(Slot({ $0.created }, { $0.created = $1 }), Slot({ $0.created }, { $0.created = $1 })),
  ]
}
