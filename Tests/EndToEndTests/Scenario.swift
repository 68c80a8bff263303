import Foundation
import TestSupport
import Testing

/// One temporary store and the real binary, with checks of exact output.
struct Scenario {
  let folder = TemporaryDirectory()
  var grocery: GroceryProcess

  init(now: String = "2026-11-21T12:00:00Z") {
    grocery = GroceryProcess(folder: folder.path, now: now)
  }

  /// Runs the command and expects exactly this output and exit code.
  @discardableResult
  func expect(
    _ arguments: [String], stdout: String = "", stderr: String = "", status: Int32 = 0, stdin: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Outcome {
    let outcome = try grocery.run(arguments, stdin: stdin)
    #expect(
      outcome == Outcome(stdout: stdout, stderr: stderr, status: status),
      "grocery \(arguments.joined(separator: " "))",
      sourceLocation: sourceLocation)
    return outcome
  }

  /// Runs a command that must fail and expects the store to be byte-identical afterwards.
  func expectRefused(
    _ arguments: [String], stderr: String, status: Int32, stdin: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let before = grocery.storeBytes()
    try expect(arguments, stderr: stderr, status: status, stdin: stdin, sourceLocation: sourceLocation)
    #expect(
      grocery.storeBytes() == before, "store changed by a refused command", sourceLocation: sourceLocation)
  }

  /// Runs commands that must succeed, ignoring what they print.
  func given(_ commands: [String]...) throws {
    for arguments in commands {
      let outcome = try grocery.run(arguments)
      #expect(outcome.status == 0, "\(arguments): \(outcome)")
    }
  }
}
