/// Renders `category list`: the categories in walk order, numbered, with their item counts and colours.
public enum CategoryListRenderer {
  public static func text(_ categories: [CategorySummary]) -> String {
    NumberedLines.text(
      categories.map {
        $0.name + "  (" + Plural.items($0.itemCount) + ($0.color.map { "; " + $0.rawValue } ?? "") + ")"
      })
  }
}
