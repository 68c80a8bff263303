import Foundation
import TestSupport
import Testing

@testable import GroceryCore

@Suite struct StampListTests {
  private func read(_ bytes: [UInt8]) -> [Stamp]? { bytes.withUnsafeBytes { StampList.stamps($0) } }

  private func stamp(_ random: inout SeededRandom, among: Int) -> Stamp {
    let n = Int.random(in: 0..<among, using: &random)
    return Stamp(milliseconds: Int64(n * 1000), counter: n % 3, machineNumber: UInt64(n % 5) << 60 | 7)
  }

  @Test func stampsComeBackInTheirOrderWithRepeatsKeptOnce() throws {
    var random = SeededRandom(seed: 26)
    // A few different stamps among many entries, as an item's fields are; and more than 256, which take two
    // bytes an entry.
    for among in [1, 2, 5, 300, 2000] {
      for _ in 0..<20 {
        let stamps = (0..<Int.random(in: 0...600, using: &random)).map { _ in stamp(&random, among: among) }
        let bytes = StampList.bytes(stamps)
        #expect(read(bytes) == stamps, "\(among)")
        let distinct = Set(stamps).count
        #expect(bytes.count == 2 + 24 * distinct + stamps.count * (distinct > 256 ? 2 : 1))
      }
    }
    // At 256 different stamps an entry is still one byte (the last is 255); at 257 it is two.
    for (distinct, width) in [(256, 1), (257, 2)] {
      let stamps = (0..<distinct).map { Stamp(milliseconds: Int64($0), counter: 0, machineNumber: 2) }
      let entries = stamps.reversed() + stamps
      let bytes = StampList.bytes(entries)
      #expect(bytes.count == 2 + 24 * distinct + 2 * distinct * width)
      #expect(read(bytes) == entries)
    }
    #expect(read(StampList.bytes([])) == [])
    #expect(read(StampList.bytes([.zero])) == [.zero])
  }

  @Test func bytesThatAreNotAListAreRefused() throws {
    let a = Stamp(milliseconds: 5, counter: 1, machineNumber: 9)
    let b = Stamp(milliseconds: 6, counter: 0, machineNumber: 9)
    let good = StampList.bytes([a, b, a])
    #expect(read(good) == [a, b, a])
    // Too short for its count of stamps; an entry naming a stamp there is not; no count at all.
    #expect(read(Array(good.prefix(2 + 24))) == nil)
    var pastTheEnd = good
    pastTheEnd[pastTheEnd.count - 1] = 2
    #expect(read(pastTheEnd) == nil)
    #expect(read([2]) == nil)
    #expect(read([]) == nil)
    // Of more than 256 stamps, an entry is two bytes: an odd byte over is refused.
    let many = (0..<300).map { Stamp(milliseconds: Int64($0), counter: 0, machineNumber: 1) }
    #expect(read(StampList.bytes(many) + [0]) == nil)
    #expect(read(StampList.bytes(many)) == many)
  }
}
