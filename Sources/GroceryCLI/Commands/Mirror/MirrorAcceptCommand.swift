import GroceryCore

/// `grocery mirror accept FILE`: applies the edits held back because most of FILE's lines vanished at once.
struct MirrorAcceptCommand: Command, Runnable {
  static let name = "accept"
  static let arguments = Arguments("FILE", minimum: 1, maximum: 1, completes: .files)
  static let abstract = "Apply the edits of FILE that were held back because most of its lines vanished."
  static let discussion = """
    When more than half a mirror's lines vanish at once, grocery applies nothing, keeps the file as it was \
    beside it and writes the list again. If those lines were deleted on purpose, this applies the kept copy's \
    edits as one change.
    """

  var file: String

  init(_ parsed: ParsedArguments) { file = parsed.positionals[0] }

  func run(_ context: Context) throws {
    if let lockTimeoutError = context.lockTimeoutError { throw lockTimeoutError }
    let summary = try Mirrors(store: context.store).accept(
      file, now: context.now, today: context.today, onWait: context.waiting)
    context.saved.isSaved = true
    context.say(summary ?? "nothing to change")
  }
}
