extension Array where Element == String {
  /// The strings with the separator between them, as `joined(separator:)` gives. This is a plain loop compiled
  /// here: the standard library's generic `joined` looks up a conformance at runtime the first time a process
  /// calls it, a scan of every conformance record in the binary that every command paid (docs/benchmarks.md).
  public func joinedText(separator: String) -> String {
    var text = ""
    for (index, part) in enumerated() {
      if index > 0 { text += separator }
      text += part
    }
    return text
  }
}

extension Array where Element == Substring {
  /// The pieces with the separator between them, as `joined(separator:)` gives, without its runtime lookup.
  public func joinedText(separator: String) -> String { map { String($0) }.joinedText(separator: separator) }
}
