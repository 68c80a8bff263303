/// The one list of grocery's commands: parsing, help, completions and the man page read it.
enum CommandTable {
  static let commands: [any Command.Type] = [
    AddCommand.self, ListCommand.self, PurchaseCommand.self, StapleCommand.self, RestockCommand.self,
    ReorderCategoriesCommand.self, RemoveCommand.self, EditCommand.self, CategoryCommand.self,
    LocationCommand.self, TripCommand.self, SyncCommand.self, MirrorCommand.self, InitCommand.self,
    UndoCommand.self, HistoryCommand.self, StatsCommand.self, CheckCommand.self, ImportCommand.self,
    ExportCommand.self, NamesCommand.self,
    CompletionsCommand.self, HelpCommand.self,
  ]

  /// Returns the commands along a path of canonical names, root first, stopping at an unknown name.
  static func commands(along path: [String]) -> [any Command.Type] {
    var result: [any Command.Type] = []
    var choices = commands
    for name in path {
      guard let command = choices.first(where: { $0.name == name }) else { break }
      result.append(command)
      choices = command.subcommands
    }
    return result
  }
}
