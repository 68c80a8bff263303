/// Why a name matched none of its candidates, or several; the caller words it for what was named.
public enum NameMismatch: Error, Equatable, Sendable {
  /// No candidate matched; the closest ones are suggested.
  case unknown(suggestions: [String])
  /// Several candidates matched by prefix, in name order.
  case ambiguous(candidates: [String])
}
