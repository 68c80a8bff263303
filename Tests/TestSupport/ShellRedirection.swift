import Foundation

extension GroceryProcess {
  /// Runs the binary from `/bin/sh`, for what `Process` cannot set up: a closed or odd standard stream, or
  /// bytes that are not UTF-8. The script names the binary `"$GROCERY"`; its output is captured as by `run`.
  public func shell(_ script: String, extra: [String: String] = [:]) throws -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.environment = environment.merging(extra) { $1 }.merging(["GROCERY": Self.binary]) { $1 }
    let id = UUID().uuidString
    let out = NSTemporaryDirectory() + "/grocery-out-" + id
    let err = NSTemporaryDirectory() + "/grocery-err-" + id
    // FileHandle(forWritingTo:) below throws when a file could not be made.
    _ = FileManager.default.createFile(atPath: out, contents: nil)
    _ = FileManager.default.createFile(atPath: err, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return Running(process: process, out: out, err: err).wait()
  }
}
