import Foundation
import GroceryCore

/// What one run of the real `grocery` binary printed and how it exited.
public struct Outcome: Equatable, CustomStringConvertible {
  public var stdout: String
  public var stderr: String
  public var status: Int32

  public init(stdout: String = "", stderr: String = "", status: Int32 = 0) {
    self.stdout = stdout
    self.stderr = stderr
    self.status = status
  }

  public var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// Runs the built `grocery` binary against a store in a temporary folder, at a fixed time, in UTC.
public struct GroceryProcess: Sendable {
  public let folder: String
  public let store: String
  public var environment: [String: String]

  public init(folder: String, now: String = "2026-11-21T12:00:00Z") {
    self.folder = folder
    store = folder + "/household"
    environment = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": folder,
      "GROCERY_STORE": store, "GROCERY_NOW": now, "TZ": "UTC", "LC_ALL": "C.UTF-8",
    ]
  }

  /// The binary under test: beside the test bundle, where `swift build` puts it.
  public static let binary: String = {
    if let path = ProcessInfo.processInfo.environment["GROCERY_BINARY"] { return path }
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent("grocery").path
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder.boolValue {
        return candidate
      }
      folder = folder.deletingLastPathComponent()
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return root.appendingPathComponent(".build/debug/grocery").path
  }()

  /// Starts the binary and returns the running process, its output going to files in the folder.
  /// `stdoutPath` sends standard output to that file instead of capturing it.
  public func start(
    _ arguments: [String], stdin: String? = nil, extra: [String: String] = [:], stdoutPath: String? = nil
  ) throws -> Running {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.binary)
    process.arguments = arguments
    process.environment = environment.merging(extra) { $1 }
    // Output is captured outside the store's folder, which a test may have filled to the last byte.
    let id = UUID().uuidString
    let out = NSTemporaryDirectory() + "/grocery-out-" + id
    let err = NSTemporaryDirectory() + "/grocery-err-" + id
    // FileHandle(forWritingTo:) below throws when a file could not be made.
    _ = FileManager.default.createFile(atPath: out, contents: nil)
    _ = FileManager.default.createFile(atPath: err, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath ?? out))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
    let input = Pipe()
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    return Running(process: process, out: out, err: err)
  }

  /// Runs the binary to the end.
  @discardableResult
  public func run(_ arguments: [String], stdin: String? = nil, extra: [String: String] = [:]) throws
    -> Outcome
  {
    try start(arguments, stdin: stdin, extra: extra).wait()
  }

  /// The household this process uses, to inspect it through the library.
  public func household() throws -> HouseholdStore {
    try StorePath.locate(explicit: nil, environment: environment)
  }

  /// Every file of the household and of this machine's state for it, names and bytes, or nil when there are none:
  /// what must stay byte-identical when a command fails.
  public func storeBytes() -> Data? {
    guard let store = try? household() else { return nil }
    var data = Data()
    for root in [store.folder, store.stateFolder] {
      guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
      var files: [String] = []
      // The cache is only a cache: reading it may touch its shared-memory index, and it may be rebuilt.
      while let name = walker.nextObject() as? String {
        if !name.hasPrefix("cache.sqlite") { files.append(name) }
      }
      for name in files.sorted() {
        var isFolder: ObjCBool = false
        let path = root + "/" + name
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
          continue
        }
        data.append(Data((path + "\n").utf8))
        data.append(FileManager.default.contents(atPath: path) ?? Data())
      }
    }
    return data.isEmpty ? nil : data
  }
}

/// A started `grocery` process.
public struct Running {
  public let process: Process
  let out: String
  let err: String

  public func wait() -> Outcome {
    process.waitUntilExit()
    defer {
      unlink(out)
      unlink(err)
    }
    let stdout = String(decoding: FileManager.default.contents(atPath: out) ?? Data(), as: UTF8.self)
    let stderr = String(decoding: FileManager.default.contents(atPath: err) ?? Data(), as: UTF8.self)
    let status =
      process.terminationReason == .uncaughtSignal ? -process.terminationStatus : process.terminationStatus
    return Outcome(stdout: stdout, stderr: stderr, status: status)
  }
}
