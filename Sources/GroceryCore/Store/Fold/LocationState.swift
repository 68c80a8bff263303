/// How a location folds: its stored registers are declared with its fields, in `Fields/LocationFields.swift`.
extension LocationState {
  mutating func apply(_ f: LocationFields, at stamp: Stamp) {
    for field in LocationFields.table { field.apply(&self, f, stamp) }
  }
}
