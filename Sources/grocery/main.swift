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
    let text = String(cString: pointer)
    if let equals = text.firstIndex(of: "="), values[String(text[..<equals])] == nil {
      values[String(text[..<equals])] = String(text[text.index(after: equals)...])
    }
    entry += 1
  }
  return values
}

exit(GroceryCLI.main(argc: CommandLine.argc, argv: CommandLine.unsafeArgv, environment: environment()))
