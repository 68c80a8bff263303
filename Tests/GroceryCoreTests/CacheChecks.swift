import Testing

@testable import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension HouseholdStore {
  /// The household as the cache gives it back, every item loaded, and as a fold of every log from its start
  /// gives it, with what only a fold in progress keeps (the purchases to write) left out.
  func cachedAndFolded() throws -> (cached: Reading, folded: Reading) {
    let id = try identity().id
    _ = try read(.all, machine: id)
    let cached = try read(.all, machine: id)
    #expect(cached.cache != nil, "the read came from the cache")
    var folded = try foldAll(try logFiles(), machine: id)
    folded.state.bought = []
    folded.state.unbought = []
    // What the fold notes for the cache to keep, which one read from the cache has kept.
    folded.state.migrationsChanged = false
    folded.state.importsChanged = false
    return (cached, folded)
  }

  /// Overwrites the cache with bytes that are not a database of this layout.
  func spoilCache(with text: String = "{\"snapshot\":5}\n") throws {
    try text.write(toFile: cachePath, atomically: false, encoding: .utf8)
  }
}

/// The warnings a store gave, in order.
final class Said: @unchecked Sendable {
  var lines: [String] = []
}

extension HouseholdStore {
  /// The store, writing its warnings into `said`.
  func warning(into said: Said) -> HouseholdStore {
    var store = self
    store.warn = { said.lines.append($0) }
    return store
  }
}
