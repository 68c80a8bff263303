/// How a command looks after this machine's mirrors.
enum MirrorUse: Sendable {
  /// Their edits are read back before the command runs, and the files written again after it changed the
  /// household: what almost every command does.
  case readAndWrite
  /// The files are written again after it changed the household; their edits wait for the next command.
  case writeAfter
  /// Neither: listing the mirrors, and what a shell runs while completing.
  case none
}
