import GroceryCore

/// `grocery mirror remove FILE`: stops keeping FILE.
struct MirrorRemoveCommand: Command, Runnable {
  static let name = "remove"
  static let aliases = ["rm"]
  static let habits = ["del", "delete", "erase", "drop", "forget"]
  static let arguments = Arguments("FILE", minimum: 1, maximum: 1, completes: .files)
  static let abstract = "Stop keeping FILE; the file is left as it is."

  var file: String

  init(_ parsed: ParsedArguments) { file = parsed.positionals[0] }

  func run(_ context: Context) throws {
    if let lockTimeoutError = context.lockTimeoutError { throw lockTimeoutError }
    let path = try Mirrors(store: context.store).remove(file, onWait: context.waiting)
    context.saved.isSaved = true
    context.say("stopped mirroring to \(path)")
  }
}
