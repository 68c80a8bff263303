/// Renders `names KIND`: one name a line, for scripts and shell completion.
public enum NamesRenderer {
  public static func text(_ names: [String]) -> String {
    names.map { $0 + "\n" }.joinedText(separator: "")
  }
}
