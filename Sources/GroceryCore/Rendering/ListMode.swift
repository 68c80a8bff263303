/// Which items `list` shows.
public enum ListMode: String, Sendable, CaseIterable {
  /// The items on the list, under category headings in walk order.
  case shopping
  /// Every item with its state.
  case all
  /// The staples with their cadence.
  case staples
  /// What was bought, today first then earlier.
  case purchased
}
