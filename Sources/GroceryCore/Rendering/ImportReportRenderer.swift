/// Renders what an import did: the counts, then a line for each kind of change, each skip and each merge.
public enum ImportReportRenderer {
  /// Returns the report; a dry run says what the import would do.
  public static func render(_ report: ImportReport, dryRun: Bool = false) -> String {
    var lines = [
      dryRun
        ? "would add \(report.added.count), update \(report.updated.count), skip \(report.skipped.count)"
        : "added \(report.added.count), updated \(report.updated.count), skipped \(report.skipped.count)"
    ]
    if !report.addedCategories.isEmpty {
      lines.append("new categories: " + quoted(report.addedCategories))
    }
    if !report.addedLocations.isEmpty {
      lines.append("new locations: " + quoted(report.addedLocations))
    }
    if report.purchases > 0 {
      lines.append("purchases recorded: \(report.purchases)")
    }
    if report.reordered {
      lines.append("walk order set from the import")
    }
    if !report.recoloured.isEmpty {
      lines.append("colours set: " + quoted(report.recoloured))
    }
    if !report.reorderedLocations.isEmpty {
      lines.append("aisle order set at: " + quoted(report.reorderedLocations))
    }
    for skip in report.skipped {
      lines.append("skipped '\(skip.name)': \(skip.reason)")
    }
    for merge in report.merged {
      var line = "merged \(merge.kind.rawValue) '\(merge.name)'"
      if Set(merge.spellings).count == 1 {
        line += " (listed \(merge.spellings.count) times)"
      } else {
        line += " from " + quoted(merge.spellings)
      }
      if !merge.places.isEmpty {
        line += " under " + quoted(merge.places)
        if let kept = merge.kept { line += "; kept '\(kept)'" }
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func quoted(_ names: [String]) -> String { names.map { "'\($0)'" }.joined(separator: ", ") }
}
