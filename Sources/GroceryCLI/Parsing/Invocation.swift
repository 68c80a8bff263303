/// What a command line asks for.
enum Invocation {
  case run(any Runnable, globals: GlobalOptions)
  case help(path: [String], man: Bool)
  case version
}
