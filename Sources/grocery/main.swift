import GroceryCLI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(
  GroceryCLI.main(
    argc: CommandLine.argc, argv: CommandLine.unsafeArgv, environment: ProcessInfo.processInfo.environment))
