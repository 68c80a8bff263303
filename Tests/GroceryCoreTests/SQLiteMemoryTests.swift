import Testing

@testable import GroceryCore

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// SQLite's blocks come from grocery's allocator (Sources/SQLiteMemory) once a connection has opened: sizes in
/// steps of 16 bytes, aligned, kept whole when moved, and a freed block given again for its size. Where SQLite
/// had started before grocery could set it up (it keeps its own allocator then), there is nothing to check.
@Suite(.enabled(if: Database.configured)) struct SQLiteMemoryTests {
  init() throws {
    _ = try Database(path: ":memory:", create: true)
  }

  @Test func blocksComeInStepsOfSixteenBytesAlignedToThem() {
    for size: Int32 in [1, 15, 16, 17, 100, 1000, 1024, 1025, 5000] {
      let block = sqlite3_malloc(size)
      defer { sqlite3_free(block) }
      #expect(block != nil)
      #expect(Int(bitPattern: block) % 16 == 0, "\(size)")
      // SQLite's own allocator rounds to 8 bytes: 104 for 100.
      #expect(sqlite3_msize(block) == UInt64((Int(size) + 15) / 16 * 16), "\(size)")
    }
  }

  @Test func aFreedSmallBlockIsGivenAgainForItsSize() {
    let first = sqlite3_malloc(200)
    sqlite3_free(first)
    let second = sqlite3_malloc(193)
    defer { sqlite3_free(second) }
    #expect(first == second)
  }

  @Test func aBlockMovedKeepsWhatItHeldAcrossTheSizes() {
    var block = sqlite3_malloc(100)!.assumingMemoryBound(to: UInt8.self)
    for i in 0..<100 { block[i] = UInt8(i) }
    // Within its size it stays; beyond it, and from a slab's block to malloc's and back, it moves whole.
    #expect(UnsafeMutableRawPointer(block) == sqlite3_realloc(block, 110))
    for size: Int32 in [5000, 700, 100] {
      block = sqlite3_realloc(block, size)!.assumingMemoryBound(to: UInt8.self)
      #expect((0..<100).allSatisfy { block[$0] == UInt8($0) }, "\(size)")
    }
    block = sqlite3_realloc(block, 40)!.assumingMemoryBound(to: UInt8.self)
    #expect((0..<40).allSatisfy { block[$0] == UInt8($0) })
    sqlite3_free(block)
  }
}
