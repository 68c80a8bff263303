import GroceryCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process environment, read straight from `environ`: asking Foundation's ProcessInfo for it builds its
/// shared instance first, a tenth of what `grocery --version` costs. Where a name appears twice, the first
/// wins, as with getenv(3).
func environment() -> [String: String] {
  var values: [String: String] = [:]
  let first: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
  guard var entry = first else { return values }
  while let pointer = entry.pointee {
    // On the bytes: a name ends at the first '=', and splitting the text by characters costs more.
    let bytes = UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
    let count = strlen(pointer)
    if let equals = (0..<count).first(where: { bytes[$0] == UInt8(ascii: "=") }) {
      let name = String(decoding: UnsafeBufferPointer(start: bytes, count: equals), as: UTF8.self)
      if values[name] == nil {
        values[name] = String(
          decoding: UnsafeBufferPointer(start: bytes + equals + 1, count: count - equals - 1), as: UTF8.self)
      }
    }
    entry += 1
  }
  return values
}

exit(GroceryCLI.main(argc: CommandLine.argc, argv: CommandLine.unsafeArgv, environment: environment()))
