/// Learns the order a household walks a store from the order it checked items off on past trips.
///
/// Each trip counts once per pair of categories: category A is ahead of B on a trip when the first item of A was
/// checked off before the first item of B. Items checked off at one moment (`buy --all`, or several names in one
/// command) say nothing of the order between their categories: they were bought together, not walked past. A is
/// placed before B when more trips put A ahead than B. Pairwise preferences can form a cycle (A before B before C
/// before A), so categories are ranked by how many others they come before in this way (a Copeland ranking), ties
/// keeping the present order. Uncategorized is never placed: it always comes last.
public enum WalkOrderLearning {
  /// Trips that placed two categories at two moments needed before an order is suggested.
  public static let minimumTrips = 3
  /// Trips that must compare two neighbouring categories before their order counts as supported.
  public static let minimumComparisons = 2

  /// Returns the order that the trips imply.
  ///
  /// - Parameters:
  ///   - trips: for each trip, its check-offs in groups: the categories of the items checked off at one moment,
  ///     in the order of those moments.
  ///   - present: the store's present walk order, which breaks ties and places unseen categories.
  public static func suggest(checkOffs trips: [[[String]]], present: [String]) -> WalkOrderSuggestion {
    let known = present.filter { $0 != Category.uncategorized }
    let placeable = Set(known)
    /// Each trip's categories in the order first seen, each with the moment it was first seen.
    var firstSeen: [[(category: String, moment: Int)]] = []
    for trip in trips {
      var seen: [(category: String, moment: Int)] = []
      var names = Set<String>()
      // Categories removed since the trip, and Uncategorized, say nothing about the order to learn.
      for (moment, group) in trip.enumerated() {
        for category in group where placeable.contains(category) && !names.contains(category) {
          names.insert(category)
          seen.append((category, moment))
        }
      }
      // A trip counts when it placed two categories at two moments, one ahead of the other.
      if Set(seen.map(\.moment)).count >= 2 { firstSeen.append(seen) }
    }
    let seenAnywhere = Set(firstSeen.joined().map(\.category))
    let candidates = known.filter { seenAnywhere.contains($0) }
    let index = Dictionary(uniqueKeysWithValues: candidates.enumerated().map { ($1, $0) })
    var ahead = Array(repeating: Array(repeating: 0, count: candidates.count), count: candidates.count)
    var tripCount = Array(repeating: 0, count: candidates.count)
    for trip in firstSeen {
      let positions = trip.compactMap { seen in index[seen.category].map { ($0, seen.moment) } }
      for (i, (a, moment)) in positions.enumerated() {
        tripCount[a] += 1
        for (b, later) in positions[(i + 1)...] where later > moment { ahead[a][b] += 1 }
      }
    }
    let score = candidates.indices.map { a in
      candidates.indices.filter { b in ahead[a][b] > ahead[b][a] }.count
    }
    let ranked = candidates.indices.sorted { score[$0] != score[$1] ? score[$0] > score[$1] : $0 < $1 }
    let steps = ranked.enumerated().map { position, a in
      let next = position + 1 < ranked.count ? ranked[position + 1] : nil
      return WalkOrderSuggestion.Step(
        category: candidates[a], next: next.map { candidates[$0] }, trips: tripCount[a],
        ahead: next.map { ahead[a][$0] } ?? 0,
        behind: next.map { ahead[$0][a] } ?? 0)
    }
    return WalkOrderSuggestion(
      trips: firstSeen.count, steps: steps, unseen: known.filter { !seenAnywhere.contains($0) })
  }
}
