/// Which rendering of the command table `grocery help` prints.
enum HelpFormat: Sendable, Equatable {
  /// `--help` text for a terminal.
  case text
  /// The `grocery.1` manual page in roff.
  case man
  /// The command reference in Markdown, as `docs/commands.md` holds it.
  case markdown
}
