#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

import GroceryCore

/// Runs the user's editor on a file, as git does: `$VISUAL`, else `$EDITOR`, else `vi`, through the shell, so
/// that an editor given with its options (`code --wait`) works.
enum Editor {
  /// Returns the editor the environment names.
  static func command(_ environment: [String: String]) -> String {
    for name in ["VISUAL", "EDITOR"] {
      if let value = environment[name], !value.isEmpty { return value }
    }
    return "vi"
  }

  /// Runs the editor on the file and waits for it, refusing when it cannot start or exits other than 0.
  static func edit(_ path: String, environment: [String: String]) throws {
    let editor = command(environment)
    let arguments = ["/bin/sh", "-c", editor + " \"$1\"", "sh", path]
    let pid: pid_t
    switch ProgramStart.spawn("/bin/sh", searchingPath: false, arguments: arguments, environment: environment)
    {
    case .success(let started): pid = started
    case .failure(let failure):
      throw GroceryError.editorFailed(
        editor: editor, reason: "could not start: " + String(cString: strerror(failure.code)))
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      if errno != EINTR {
        throw GroceryError.editorFailed(editor: editor, reason: "could not be waited for")
      }
    }
    let exited = status & 0x7f == 0
    let code = (status >> 8) & 0xff
    if !exited {
      throw GroceryError.editorFailed(editor: editor, reason: "was stopped by signal \(status & 0x7f)")
    }
    if code != 0 { throw GroceryError.editorFailed(editor: editor, reason: "exited with status \(code)") }
  }
}
