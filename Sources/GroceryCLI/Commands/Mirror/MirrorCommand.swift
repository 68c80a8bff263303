import GroceryCore

/// `grocery mirror`: the group of mirror commands; named alone, it lists this machine's mirrors.
struct MirrorCommand: Command, Runnable {
  static let name = "mirror"
  static let abstract = "Keep the list as a checklist file a phone ticks off."
  static let discussion = """
    A mirror is a file this machine keeps as a checklist of the list (Markdown or todo.txt), rewritten after \
    every change and every sync made here. Before a command reads the household, grocery reads back the \
    ticks and edits made in the file (on a phone, through Syncthing, Dropbox or iCloud Drive) and applies \
    them as one change that 'undo' reverts. Named alone, lists this machine's mirrors, and says of one whose \
    folder is gone that nothing can be written to it.
    """
  static let subcommands: [any Command.Type] = [
    MirrorAddCommand.self, MirrorRemoveCommand.self, MirrorAcceptCommand.self,
  ]
  static let examples = [
    "grocery mirror add ~/Sync/groceries.md",
    "grocery mirror add ~/Sync/todo.txt --format todo.txt --at costco",
    "grocery mirror",
  ]
  static let mirrors = MirrorUse.none

  init(_ parsed: ParsedArguments) {}

  func run(_ context: Context) throws {
    let mirrors = try Mirrors(store: context.store).list()
    if mirrors.isEmpty {
      context.write("no mirrors on this machine; 'grocery mirror add FILE' keeps one\n")
      return
    }
    for mirror in mirrors {
      // One line where it fits in 80 columns; otherwise the path alone, whole, so that it can be copied, and the
      // format and store wrapped under it.
      let path = Names.printable(mirror.path)
      let detail =
        "(" + mirror.format.rawValue + (mirror.location.map { ", at " + $0 } ?? "")
        + (mirror.folderIsGone ? "; its folder is gone" : "") + ")"
      let lines =
        TextLayout.width(path + " " + detail) <= 80
        ? [path + " " + detail] : [path] + TextLayout.wrap(detail, width: 80, first: "  ", rest: "  ")
      context.write(lines.joinedText(separator: "\n") + "\n")
    }
  }
}
