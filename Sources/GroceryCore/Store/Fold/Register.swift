/// A value with the stamp of the change that set it; the newer stamp wins.
///
/// `Value` is not required to be `Equatable` here but where it is used so: a requirement on the type itself has
/// the runtime look up that conformance, across every conformance in the binary, for each kind of register the
/// first time one is made: 7 % of what a short `list` cost.
struct Register<Value: Sendable>: Sendable {
  var value: Value
  var stamp: Stamp

  init(_ value: Value, _ stamp: Stamp = .zero) {
    self.value = value
    self.stamp = stamp
  }

  /// Takes the value when its stamp is newer than the one held.
  mutating func merge(_ newValue: Value?, at stamp: Stamp) {
    guard let newValue, stamp > self.stamp else { return }
    value = newValue
    self.stamp = stamp
  }
}

extension Register: Equatable where Value: Equatable {}

extension Register where Value: Equatable {
  /// True when the register still holds what the change of `stamp` set it to: set by that change, or by the same
  /// machine since (whose later changes are undone already, so that was an undo putting it back).
  func holds(_ set: Value?, of stamp: Stamp) -> Bool {
    guard let set else { return false }
    return self.stamp == stamp || (self.stamp.machineNumber == stamp.machineNumber && value == set)
  }
}
