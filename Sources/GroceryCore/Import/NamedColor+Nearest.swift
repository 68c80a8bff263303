#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension NamedColor {
  /// The colour's components from 0 to 255 in xterm's default palette, which most terminals start from.
  public var rgb: (red: Int, green: Int, blue: Int) {
    switch self {
    case .black: return (0, 0, 0)
    case .red: return (205, 0, 0)
    case .green: return (0, 205, 0)
    case .yellow: return (205, 205, 0)
    case .blue: return (0, 0, 238)
    case .magenta: return (205, 0, 205)
    case .cyan: return (0, 205, 205)
    case .white: return (229, 229, 229)
    case .brightBlack: return (127, 127, 127)
    case .brightRed: return (255, 0, 0)
    case .brightGreen: return (0, 255, 0)
    case .brightYellow: return (255, 255, 0)
    case .brightBlue: return (92, 92, 255)
    case .brightMagenta: return (255, 0, 255)
    case .brightCyan: return (0, 255, 255)
    case .brightWhite: return (255, 255, 255)
    }
  }

  /// Returns the colour nearest to components from 0 to 1 (clamped), by distance in RGB; a tie goes to the
  /// colour listed first.
  public static func nearest(red: Double, green: Double, blue: Double) -> NamedColor {
    func scaled(_ value: Double) -> Double { min(max(value.isNaN ? 0 : value, 0), 1) * 255 }
    let (r, g, b) = (scaled(red), scaled(green), scaled(blue))
    var best = NamedColor.black
    var bestDistance = Double.infinity
    for color in allCases {
      let (cr, cg, cb) = color.rgb
      let distance =
        (r - Double(cr)) * (r - Double(cr)) + (g - Double(cg)) * (g - Double(cg)) + (b - Double(cb))
        * (b - Double(cb))
      if distance < bestDistance {
        best = color
        bestDistance = distance
      }
    }
    return best
  }
}
