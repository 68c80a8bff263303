/// The line at the top of a checklist that names the household and the machine that keeps it.
public struct MirrorHeader: Equatable, Sendable {
  /// The household's id, from its `household.json`.
  public var household: String
  /// The id of the machine that keeps the file.
  public var machine: String
  /// The machine's name, for people.
  public var machineName: String
  /// Which of the texts written to the file this is: one more each time it is written. A phone's save of an older
  /// one is read against the text it was made from. Nil in a checklist written before editions (and `list --edit`'s).
  public var edition: Int? = nil

  static let opening = "grocery checklist of household "

  /// Returns the header as a line of the format: an HTML comment in Markdown, a hidden task (`h:1`) in todo.txt.
  func line(_ format: MirrorFormat) -> String {
    let text =
      Self.opening + household + " kept by " + machineName + " (machine " + machine + ")"
      + (edition.map { " edition \($0)" } ?? "")
    switch format {
    case .markdown:
      return "<!-- " + text + "; tick, add, change or delete lines and grocery reads them back -->"
    case .todoTxt: return text + " h:1"
    }
  }

  /// Reads a header line; nil when the line is not one.
  static func parse(_ line: String) -> MirrorHeader? {
    guard let start = line.firstRange(of: opening) else { return nil }
    let rest = line[start.upperBound...]
    guard let kept = rest.firstRange(of: " kept by "), let open = rest.ranges(of: " (machine ").last,
      kept.upperBound <= open.lowerBound
    else { return nil }
    let household = String(rest[..<kept.lowerBound])
    let name = String(rest[kept.upperBound..<open.lowerBound])
    let machine = rest[open.upperBound...].prefix { $0 != ")" }
    guard !household.isEmpty, !household.contains(" "), MachineID.isValid(String(machine)) else { return nil }
    var header = MirrorHeader(household: household, machine: String(machine), machineName: name)
    let after = rest[machine.endIndex...].dropFirst()
    if after.hasPrefix(" edition ") {
      header.edition = Int(after.dropFirst(9).prefix { $0.isASCII && $0.isNumber })
    }
    return header
  }
}
