import Testing

@testable import GroceryCore

@Suite struct InputTextTests {
  @Test(
    arguments: [
      ([0x61, 0x62], nil), ([0xC3, 0xA9], nil), ([0xE2, 0x82, 0xAC], nil), ([0xF0, 0x9F, 0xAB, 0x90], nil),
      ([0x61, 0xFF], 1), ([0xC0, 0x80], 0), ([0xC3], 0), ([0x61, 0xE2, 0x82], 1), ([0xED, 0xA0, 0x80], 0),
      ([0xF4, 0x90, 0x80, 0x80], 0), ([0xE0, 0x80, 0x80], 0), ([0x80], 0),
      ([0x61, 0xC3, 0xA9, 0xC3, 0x28], 3),
    ] as [([UInt8], Int?)])
  func findsTheFirstByteThatIsNotUTF8(_ bytes: [UInt8], _ offset: Int?) {
    #expect(InputText.firstInvalidOffset(bytes) == offset)
    #expect((offset == nil) == (String(validating: bytes, as: UTF8.self) != nil))
  }

  @Test func invalidTextIsRefusedNamingTheByteAndTheLine() {
    let bytes = Array("milk\nté".utf8) + [0xFF] + Array("a\nrice".utf8)
    #expect {
      try InputText.decode(bytes, what: "standard input", lines: true)
    } throws: {
      ($0 as? GroceryError)?.message
        == "invalid standard input 't\u{E9}\\xffa': it is not valid UTF-8: byte 0xFF at offset 8, line 2"
    }
  }

  @Test func aLongInvalidTextIsShownByItsBeginning() {
    let bytes = [UInt8](repeating: 0x61, count: 119) + [0xC3, 0xA9] + [UInt8](repeating: 0xFF, count: 5000)
    #expect {
      try InputText.decode(bytes, what: "argument 1")
    } throws: {
      ($0 as? GroceryError)?.message
        == "invalid argument 1 '\(String(repeating: "a", count: 119))...': it is not valid UTF-8:"
        + " byte 0xFF at offset 121"
    }
  }
}
