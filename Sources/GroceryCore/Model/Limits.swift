/// The bounds on what a household holds, stated once for the checks, the store's readers, the messages and help.
public enum Limits {
  /// How many of an item may be on the list or bought at once.
  public static let quantity = 1...999
  /// The most characters a note may hold.
  public static let noteLength = 500
  /// The most characters a name may hold.
  public static let nameLength = 100
  /// The most UTF-8 bytes a name may hold, so a name of many-byte characters stays small on disk.
  public static let nameBytes = 400

  /// The quantity range as help and messages say it: `1 to 999`.
  public static var quantityText: String { "\(quantity.lowerBound) to \(quantity.upperBound)" }

  /// Why a quantity read from a log cannot be one, or nil when it can.
  static func quantityProblem(_ value: Int) -> String? {
    quantity.contains(value) ? nil : "expected a whole number from \(quantityText)"
  }
}
