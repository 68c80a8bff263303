import Foundation
import TestSupport
import Testing

/// The programs grocery starts get SIGPIPE at its default, though grocery itself ignores it: a pipeline of theirs
/// such as `yes | head -n 1` ends as it does in a shell, instead of `yes` failing with "Broken pipe".
@Suite struct ProgramStartTests {
  let scenario = Scenario()

  /// A script that runs `yes | head -n 1`, appending what `yes` says and then `ran` to the report.
  func script(_ name: String, report: String, then last: String) throws -> String {
    try scenario.folder.write(
      name, "#!/bin/sh\n{ yes | head -n 1 > /dev/null; } 2>> '\(report)'\necho ran >> '\(report)'\n\(last)\n")
    #expect(chmod(scenario.folder.file(name), 0o755) == 0)
    return scenario.folder.file(name)
  }

  func report() -> String {
    String(decoding: scenario.folder.bytes("report") ?? Data(), as: UTF8.self)
  }

  @Test func theEditorStartsWithSIGPIPEAtItsDefault() throws {
    try scenario.given(["add", "milk"])
    let editor = try script("editor.sh", report: scenario.folder.file("report"), then: "exit 0")
    let outcome = try scenario.grocery.run(["list", "--edit"], extra: ["VISUAL": editor])
    #expect(outcome == Outcome(stdout: "nothing changed\n"))
    #expect(report() == "ran\n")
  }

  @Test(.enabled(if: gitAvailable, "needs git")) func gitStartsWithSIGPIPEAtItsDefault() throws {
    let realGit = try #require(Tool.path("git"))
    let bin = scenario.folder.file("bin")
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    _ = try script("bin/git", report: scenario.folder.file("report"), then: "exec '\(realGit)' \"$@\"")
    let remote = scenario.folder.file("remote.git")
    try git(["init", "-q", "--bare", "-b", "main", remote], in: scenario.folder.path)
    var grocery = scenario.grocery
    grocery.environment["PATH"] = bin + ":" + (grocery.environment["PATH"] ?? "/usr/bin:/bin")
    let outcome = try grocery.run(["sync", "setup", remote, "--name", "alice"])
    #expect(outcome == Outcome(stdout: "shared this household at \(remote) as alice\n"))
    let lines = report().split(separator: "\n")
    #expect(!lines.isEmpty && lines.allSatisfy { $0 == "ran" }, "\(report())")
  }
}
