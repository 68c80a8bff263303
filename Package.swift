// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "grocery",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "grocery", targets: ["grocery"]),
    .library(name: "GroceryCore", targets: ["GroceryCore"]),
  ],
  targets: [
    .target(name: "GroceryCore"),
    .target(name: "GroceryCLI", dependencies: ["GroceryCore"]),
    .executableTarget(name: "grocery", dependencies: ["GroceryCLI"]),
    .target(name: "TestSupport", dependencies: ["GroceryCore"], path: "Tests/TestSupport"),
    .testTarget(name: "GroceryCoreTests", dependencies: ["GroceryCore", "TestSupport"],
                resources: [.copy("Fixtures")]),
    .testTarget(name: "GroceryCLITests", dependencies: ["GroceryCLI", "GroceryCore", "TestSupport"]),
    .testTarget(name: "EndToEndTests", dependencies: ["grocery", "GroceryCore", "TestSupport"]),
  ]
)
