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

  /// Runs the binary with standard output a pipe whose reading end is closed before it starts, so that its
  /// first write finds the reader gone, as `grocery list | head -1` does once head has its line, without a race.
  public func runWithReaderGone(_ arguments: [String]) throws -> Outcome {
    let pipe = Pipe()
    try pipe.fileHandleForReading.close()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.binary)
    process.arguments = arguments
    process.environment = environment
    let err = NSTemporaryDirectory() + "/grocery-err-" + UUID().uuidString
    // FileHandle(forWritingTo:) below throws when the file could not be made.
    _ = FileManager.default.createFile(atPath: err, contents: nil)
    process.standardOutput = pipe
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
    process.standardInput = FileHandle.nullDevice
    try process.run()
    try pipe.fileHandleForWriting.close()
    // What went into the pipe was read by nobody: the outcome's stdout is empty, from a file never made.
    let out = NSTemporaryDirectory() + "/grocery-out-" + UUID().uuidString
    return Running(process: process, out: out, err: err).wait()
  }
}
