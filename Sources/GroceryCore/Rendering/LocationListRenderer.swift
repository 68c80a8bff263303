/// Renders `location list`: each location with the items bought only there and whether it has its own order.
public enum LocationListRenderer {
  public static func text(_ locations: [LocationSummary]) -> String {
    if locations.isEmpty { return "No locations yet; add one with 'grocery location add NAME'.\n" }
    return locations.flatMap { location in
      TextLayout.fit(
        location.name + "  (" + Plural.items(location.itemCount) + " only here"
          + (location.hasOwnOrder ? "; own aisle order)" : ")"), width: 80, first: "", rest: "  ")
    }.joinedText(separator: "\n") + "\n"
  }
}
