// swift-tools-version:6.0
import PackageDescription

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// SQLite is linked statically where its static library is installed (libsqlite3-dev has it on Debian), so the
/// binary loads one shared library fewer; else the shared one.
let staticSQLite = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"]
  .contains { FileManager.default.fileExists(atPath: $0 + "/libsqlite3.a") }

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
    // SQLite's allocator for a short-lived process (C, over the same SQLite).
    .target(name: "SQLiteMemory"),
    .target(
      name: "GroceryCore",
      dependencies: [.target(name: "CSQLite", condition: .when(platforms: [.linux])), "SQLiteMemory"],
      linkerSettings: [
        .linkedLibrary(staticSQLite ? ":libsqlite3.a" : "sqlite3", .when(platforms: [.linux])),
        .linkedLibrary("m", .when(platforms: [.linux])),
      ]),
    .target(name: "GroceryCLI", dependencies: ["GroceryCore"]),
    .executableTarget(name: "grocery", dependencies: ["GroceryCLI"]),
    .target(name: "TestSupport", dependencies: ["GroceryCore"], path: "Tests/TestSupport"),
    .testTarget(
      name: "GroceryCoreTests", dependencies: ["GroceryCore", "TestSupport"],
      resources: [.copy("Fixtures")]),
    .testTarget(name: "GroceryCLITests", dependencies: ["GroceryCLI", "GroceryCore", "TestSupport"]),
    .testTarget(name: "EndToEndTests", dependencies: ["grocery", "GroceryCore", "TestSupport"]),
  ]
)
