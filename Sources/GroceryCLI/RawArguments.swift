import GroceryCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension GroceryCLI {
  /// Runs the process's own command line from its raw bytes, refusing an argument that is not UTF-8
  /// (the standard library would silently turn its bad bytes into U+FFFD), with SIGPIPE ignored (`BrokenPipe`)
  /// and the owner's bits out of the file-mode mask (`OwnerModes`).
  public static func main(
    argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, environment: [String: String]
  ) -> Int32 {
    BrokenPipe.ignore()
    FileSizeLimit.ignore()
    OwnerModes.keep()
    let console = StandardConsole()
    var arguments: [String] = []
    for index in 1..<max(1, Int(argc)) {
      guard let pointer = argv[index] else { break }
      let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
      do {
        arguments.append(try InputText.decode(Array(bytes), what: "argument \(index)"))
      } catch {
        return fail(error, path: [], console: console)
      }
    }
    return main(arguments, environment: environment, console: console)
  }
}
