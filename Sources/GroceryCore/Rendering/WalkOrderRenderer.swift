/// Renders the walk order that past trips suggest for a store, for `reorder-categories --suggest`.
public enum WalkOrderRenderer {
  /// The widest category name that keeps its evidence on the same line.
  static let nameColumn = 24

  public static func text(_ suggestion: WalkOrderSuggestion, store: String) -> String {
    let trips = suggestion.trips == 1 ? "1 trip" : "\(suggestion.trips) trips"
    var lines = TextLayout.wrap("Walk order at \(store), from \(trips):", width: 80, first: "", rest: "  ")
    let numberWidth = String(suggestion.steps.count).count
    for (position, step) in suggestion.steps.enumerated() {
      let number = String(position + 1)
      let head = "  " + String(repeating: " ", count: numberWidth - number.count) + number + ". "
      guard step.next != nil else {
        lines += TextLayout.wrap(step.category, width: 80, first: head, rest: indent(head))
        continue
      }
      // Placed by the trips that compared each with others, two neighbours may never have been compared: never on
      // one trip, or checked off at one moment (`buy --all`).
      let compared = step.ahead + step.behind
      let evidence =
        (compared == 0
          ? "no trip put it before or after the next"
          : "ahead of the next on \(step.ahead) of \(compared) trips")
        + (step.isThin ? " (thin)" : "")
      let width = TextLayout.width(step.category)
      if width <= nameColumn {
        lines.append(head + step.category + String(repeating: " ", count: nameColumn - width + 2) + evidence)
      } else {
        lines += TextLayout.wrap(step.category, width: 80, first: head, rest: indent(head))
        lines.append(indent(head) + evidence)
      }
    }
    if !suggestion.unseen.isEmpty {
      lines += TextLayout.wrap(
        // Quoted, since a category's own name may hold a comma ('Snacks, Drinks & Other').
        "then, not seen on these trips: " + suggestion.unseen.map { "'\($0)'" }.joinedText(separator: ", "),
        width: 80,
        first: "  ", rest: "    ")
    }
    let thin = suggestion.steps.filter(\.isThin).count
    if thin > 0 {
      lines += TextLayout.wrap(
        "\(thin) step\(thin == 1 ? " has" : "s have") thin evidence: fewer than "
          + "\(WalkOrderLearning.minimumComparisons) trips compared them, or the trips were split.",
        width: 80,
        first: "", rest: "  ")
    }
    return lines.map(TextLayout.trimmingTrailingSpaces).joinedText(separator: "\n") + "\n"
  }

  private static func indent(_ head: String) -> String { String(repeating: " ", count: head.count) }
}
