/// Renders what an import did: the counts, then a line for each kind of change, each skip and each merge.
public enum ImportReportRenderer {
  /// Returns the report; a dry run says what the import would do.
  public static func render(_ report: ImportReport, dryRun: Bool = false) -> String {
    var lines = [
      dryRun
        ? "would add \(report.added.count), update \(report.updated.count), skip \(report.skipped.count)"
        : "added \(report.added.count), updated \(report.updated.count), skipped \(report.skipped.count)"
    ]
    // A dry run names every item it would change, so it can be checked before it is done.
    if dryRun && !report.added.isEmpty { lines.append("would add: " + quoted(report.added)) }
    if dryRun && !report.updated.isEmpty { lines.append("would update: " + quoted(report.updated)) }
    if !report.addedCategories.isEmpty {
      lines.append("new categories: " + quoted(report.addedCategories))
    }
    if !report.addedLocations.isEmpty {
      lines.append("new locations: " + quoted(report.addedLocations))
    }
    if !report.renamedCategories.isEmpty {
      lines.append("renamed categories: " + renames(report.renamedCategories))
    }
    if !report.renamedLocations.isEmpty {
      lines.append("renamed locations: " + renames(report.renamedLocations))
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
    for heading in report.headings {
      if let category = heading.category {
        lines.append("heading '\(heading.name)' on line \(heading.line): category '\(category)'")
      } else {
        lines.append("skipped heading '\(heading.name)' on line \(heading.line): \(heading.reason ?? "")")
      }
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
    return lines.joinedText(separator: "\n") + "\n"
  }

  static func quoted(_ names: [String]) -> String { names.map { "'\($0)'" }.joinedText(separator: ", ") }

  /// `'Dairy & Fridge' to 'Dairy', …`.
  static func renames(_ renames: [ImportReport.Rename]) -> String {
    renames.map { "'\($0.old)' to '\($0.new)'" }.joinedText(separator: ", ")
  }
}
