import GroceryCore

/// `grocery mirror add FILE`: starts keeping FILE as a checklist of the list.
struct MirrorAddCommand: Command, Runnable {
  static let name = "add"
  static let arguments = Arguments("FILE", minimum: 1, maximum: 1, completes: .files)
  static let abstract = "Keep FILE as a checklist of the list, read back and rewritten on every change."
  static let discussion = """
    Writes FILE at once: a line naming the household and this machine, then the list in walk order (the \
    location's with --at, and only its items). A file that another machine or another household keeps, or \
    that exists and is not a checklist, is refused.
    """
  static let format = Option<MirrorFormat>(
    "format", "f", value: "FORMAT",
    choices: [
      Choice("markdown", .markdown, help: "Markdown task list under category headings"),
      Choice("todo.txt", .todoTxt, help: "todo.txt lines, categories as @contexts"),
    ],
    help: "File format: markdown (default) or todo.txt.")
  static let at = Option<String>(
    "at", value: "LOCATION", completes: .names(.location),
    help: "Follow LOCATION's walk order; only its items.")
  static let options: [any OptionDeclaration] = [format, at]
  /// Its own file, mirrored before, is read inside, and what that applied is written to the other mirrors after;
  /// their own edits are left for the next command.
  static let mirrors = MirrorUse.writeAfter

  var file: String
  var format: MirrorFormat
  var location: String?

  init(_ parsed: ParsedArguments) {
    file = parsed.positionals[0]
    format = parsed[Self.format] ?? .markdown
    location = parsed[Self.at]
  }

  func run(_ context: Context) throws {
    if let lockTimeoutError = context.lockTimeoutError { throw lockTimeoutError }
    let (path, notices) = try Mirrors(store: context.store).add(
      file, format: format, location: location, now: context.now, today: context.today,
      onWait: context.waiting)
    context.saved.isSaved = true
    _ = MirrorHook.say(notices, context)
    context.say("mirroring the list to \(path)")
  }
}
