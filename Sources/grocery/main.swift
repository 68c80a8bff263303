import Foundation
import GroceryCLI

exit(GroceryCLI.main(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
