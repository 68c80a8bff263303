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
    // The system's SQLite 3: built into macOS (the SQLite3 module); libsqlite3-dev on Debian.
    .systemLibrary(
      name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
    .target(
      name: "GroceryCore", dependencies: [.target(name: "CSQLite", condition: .when(platforms: [.linux]))]),
    .target(name: "GroceryCLI", dependencies: ["GroceryCore"]),
    .executableTarget(name: "grocery", dependencies: ["GroceryCLI"]),
    .target(name: "TestSupport", dependencies: ["GroceryCore"], path: "Tests/TestSupport"),
    .testTarget(name: "GroceryCoreTests", dependencies: ["GroceryCore", "TestSupport"],
                resources: [.copy("Fixtures")]),
    .testTarget(name: "GroceryCLITests", dependencies: ["GroceryCLI", "GroceryCore", "TestSupport"]),
    .testTarget(name: "EndToEndTests", dependencies: ["grocery", "GroceryCore", "TestSupport"]),
  ]
)
