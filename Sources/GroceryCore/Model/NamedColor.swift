#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One of the 16 standard terminal colours, by the name a user types: the 8 basic ones and their bright forms.
public enum NamedColor: String, CaseIterable, Sendable {
  case black, red, green, yellow, blue, magenta, cyan, white
  case brightBlack = "bright-black"
  case brightRed = "bright-red"
  case brightGreen = "bright-green"
  case brightYellow = "bright-yellow"
  case brightBlue = "bright-blue"
  case brightMagenta = "bright-magenta"
  case brightCyan = "bright-cyan"
  case brightWhite = "bright-white"

  /// The ANSI SGR code that sets the colour as foreground: 30–37, and 90–97 for the bright forms.
  public var sgrCode: Int {
    let index = NamedColor.allCases.firstIndex(of: self)!
    return index < 8 ? 30 + index : 90 + index - 8
  }

  /// Reads a colour name as a user types it, ignoring case; nil when it is not one of the 16.
  public init?(name: String) {
    self.init(rawValue: name.lowercased())
  }
}
