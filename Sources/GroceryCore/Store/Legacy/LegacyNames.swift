/// The names of a version-1 store as this grocery takes them: grocery 1 kept some names this one refuses or reads
/// as another name, and a store holding one migrates all the same, with nothing lost.
enum LegacyNames {
  /// Bidirectional formatting characters (U+200E, U+200F, U+061C, U+202A to U+202E, U+2066 to U+2069), which
  /// grocery 1 took in a name pasted from a web page and this grocery refuses: never seen, so taken out.
  static func isBidiFormatting(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  /// The name without bidirectional formatting characters.
  static func withoutBidiFormatting(_ name: String) -> String {
    guard name.unicodeScalars.contains(where: isBidiFormatting) else { return name }
    // A space the mark stood beside (`Kale \u{200E}`) goes with it, as spaces around any name do.
    return UnicodeText.trimmed(
      String(String.UnicodeScalarView(name.unicodeScalars.filter { !isBidiFormatting($0) })))
  }

  /// Makes a version-1 store's names ones this grocery takes: bidirectional formatting characters are taken out of
  /// every name and every reference to one, and an item whose name this grocery reads as an earlier item's (a
  /// zero-width space, a run of spaces, which grocery 1 told apart) is kept apart as `Kale (2)`, so that neither
  /// item's quantity, note or purchases go to the other.
  static func adapt(_ groceries: inout Groceries) {
    for index in groceries.categories.indices {
      groceries.categories[index].name = withoutBidiFormatting(groceries.categories[index].name)
    }
    for index in groceries.locations.indices {
      groceries.locations[index].name = withoutBidiFormatting(groceries.locations[index].name)
      groceries.locations[index].categoryOrder = groceries.locations[index].categoryOrder.map(
        withoutBidiFormatting)
    }
    var unnamedItems = Set<Int>()
    for index in groceries.items.indices {
      var item = groceries.items[index]
      item.name = withoutBidiFormatting(item.name)
      // A name with nothing seen in it (a zero-width space alone) could not be typed: it gets one that can.
      if !item.name.unicodeScalars.contains(where: Names.isVisible) { unnamedItems.insert(index) }
      item.category = withoutBidiFormatting(item.category)
      item.locations = item.locations.map(withoutBidiFormatting)
      groceries.items[index] = item
    }
    // Every name as written is taken first, so that a name made to keep one apart, or to name one that showed
    // nothing, never takes one of them.
    var keys = Set(
      groceries.items.indices.filter { !unnamedItems.contains($0) }.map {
        Names.key(groceries.items[$0].name)
      })
    var seen = Set<String>()
    for index in groceries.items.indices {
      let name = groceries.items[index].name
      if unnamedItems.contains(index) {
        let given = keys.contains(Names.key(unnamed)) ? apart(unnamed, from: keys) : unnamed
        keys.insert(Names.key(given))
        groceries.items[index].name = given
      } else if !seen.insert(Names.key(name)).inserted {
        let given = apart(name, from: keys)
        keys.insert(Names.key(given))
        groceries.items[index].name = given
      }
    }
  }

  /// The name an item whose name held nothing seen is given.
  static let unnamed = "Unnamed item"

  /// The name as it is seen (without a zero-width space, a soft hyphen or a word joiner, a run of spaces one; an
  /// emoji's joiners and variation selectors, which change what is seen, kept) with the first number in brackets
  /// that no name holds yet: `Kale (2)`; within the longest name a name may be, in characters and in bytes.
  static func apart(_ name: String, from keys: Set<String>) -> String {
    var seen = ""
    for scalar in name.unicodeScalars {
      let joins =
        scalar == "\u{200D}" || (0xFE00...0xFE0F).contains(scalar.value)
        || (0xE0100...0xE01EF).contains(scalar.value)
      if scalar.properties.isDefaultIgnorableCodePoint && !joins { continue }
      if scalar.properties.isWhitespace && seen.unicodeScalars.last?.properties.isWhitespace == true {
        continue
      }
      seen.unicodeScalars.append(scalar)
    }
    var number = 2
    while true {
      let suffix = " (\(number))"
      var base = String(seen.prefix(Limits.nameLength - suffix.count))
      while base.utf8.count + suffix.utf8.count > Limits.nameBytes { base.removeLast() }
      let candidate = UnicodeText.trimmedOfSpaces(base) + suffix
      if !keys.contains(Names.key(candidate)) { return candidate }
      number += 1
    }
  }
}
