/// How a category folds: its stored registers are declared with its fields, in `Fields/CategoryFields.swift`.
extension CategoryState {
  mutating func apply(_ f: CategoryFields, at stamp: Stamp) {
    for field in CategoryFields.table { field.apply(&self, f, stamp) }
  }
}
