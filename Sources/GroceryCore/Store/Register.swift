/// A value with the stamp of the change that set it; the newer stamp wins.
struct Register<Value: Equatable & Sendable>: Equatable, Sendable {
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
