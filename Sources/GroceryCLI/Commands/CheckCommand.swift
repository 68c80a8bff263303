import GroceryCore

/// `grocery check`: reads every log whole and reports, per machine, what it found; then compares this machine's
/// cache with the logs, and rebuilds it where they differ.
struct CheckCommand: Command, Runnable {
  static let name = "check"
  static let abstract = "Read every log whole and report what is wrong."
  static let discussion = """
    Per machine: its lines, its first and last change, the log versions it holds, its clock when it runs \
    ahead of this machine's or made its latest change reading a time before 2026 (a clock reset), its \
    changes when they are ordered more than a century after this machine's clock (said, not counted as a \
    problem), and every line left out with its field and why. Also the conflict copies a sync tool left in \
    logs/ with the changes only they hold, and beside household.json with the household id each holds \
    (another's means two households' folders were brought together), files in logs/ that are not read, git's \
    lock files left by a git stopped part-way (every sync fails on them), whether this machine's log is \
    shorter than it was (or gone), and items changed that no line names (the line that made them gone from \
    a log put back to an older copy). Last, whether this machine's cache holds what the logs do (SQLite's \
    check of the file and its indexes; then every item, category, store, kept trip and purchase, this \
    machine's undo list and the lines left out, against the logs): one that does not, or that was found \
    damaged, is rebuilt from them, and counted as a problem. Exits 0 when all is well and 65 otherwise.
    """
  static let options: [any OptionDeclaration] = []
  static let examples = ["grocery check"]

  init(_ parsed: ParsedArguments) {}

  func run(_ context: Context) throws {
    let check = try context.store.check(now: context.now)
    context.write(CheckRenderer.text(check))
    if check.problems > 0 { throw GroceryError.householdProblems(count: check.problems) }
  }
}
