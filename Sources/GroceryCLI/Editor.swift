#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

import GroceryCore

/// Runs the user's editor on a file, as git does: `$VISUAL`, else `$EDITOR`, else `vi`, through the shell, so
/// that an editor given with its options (`code --wait`) works.
enum Editor {
  /// Returns the editor the environment names, else vi.
  static func command(_ environment: [String: String]) -> String { chosen(environment) ?? "vi" }

  /// Returns the editor the environment names, if it names one.
  static func chosen(_ environment: [String: String]) -> String? {
    for name in ["VISUAL", "EDITOR"] {
      if let value = environment[name], !value.isEmpty { return value }
    }
    return nil
  }

  /// Runs the editor on the file and waits for it, refusing when it cannot start or exits other than 0.
  static func edit(_ path: String, environment: [String: String]) throws {
    let editor = command(environment)
    // vi, which no one chose, on no terminal (a script, cron) writes its screen into the output and waits for keys
    // that never come: refused before it starts (found by a trial). An editor named is run as it is.
    if chosen(environment) == nil && (isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0) {
      throw GroceryError.editorFailed(
        editor: editor,
        reason:
          "was not started: standard input or output is not a terminal; set VISUAL or EDITOR to an editor"
          + " that needs none")
    }
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
