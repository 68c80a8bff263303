/// What a command line asks for.
enum Invocation {
  case run(any Runnable, globals: GlobalOptions)
  /// Text to write that needs no store, no home folder and no clock (a completion script), so a packaging
  /// script's `make install` can run it anywhere.
  case output(String)
  case help(path: [String], format: HelpFormat)
  case version
}
