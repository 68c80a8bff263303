import Foundation
import GroceryCLI

exit(
  GroceryCLI.main(
    argc: CommandLine.argc, argv: CommandLine.unsafeArgv, environment: ProcessInfo.processInfo.environment))
