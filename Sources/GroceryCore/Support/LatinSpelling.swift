/// How letters without a decomposition are spelled in plain Latin letters (Ł as L, Æ as AE, Þ as TH, full-width
/// `Ｆ` as F), and a few marks, signs and numbers as their ASCII forms (½ as 1/2, `1½` as 1 1/2, № as No, € as EUR,
/// ² as 2, Ⅻ as XII, ① as (1)): the one table the print layout spells with and name matching folds by, so what
/// paper shows can be typed back.
public enum LatinSpelling {
  /// The ASCII spelling of the letters and marks that lose nothing worth keeping; accented letters are not here
  /// because their accents are dropped after decomposition.
  static let table: [Unicode.Scalar: String] = [
    "\u{2018}": "'", "\u{2019}": "'", "\u{201A}": "'", "\u{201C}": "\"", "\u{201D}": "\"", "\u{201E}": "\"",
    "\u{00AB}": "\"", "\u{00BB}": "\"", "\u{2013}": "-", "\u{2014}": "-", "\u{2026}": "...", "\u{00A0}": " ",
    "\u{00D7}": "x",
    "\u{00C6}": "AE", "\u{00E6}": "ae", "\u{0152}": "OE", "\u{0153}": "oe", "\u{00D8}": "O", "\u{00F8}": "o",
    "\u{00DF}": "ss", "\u{1E9E}": "SS", "\u{00DE}": "TH", "\u{00FE}": "th", "\u{00D0}": "D", "\u{00F0}": "d",
    "\u{0110}": "D", "\u{0111}": "d", "\u{0126}": "H", "\u{0127}": "h", "\u{0131}": "i", "\u{0141}": "L",
    "\u{0142}": "l", "\u{013F}": "L", "\u{0140}": "l", "\u{014A}": "NG", "\u{014B}": "ng", "\u{0132}": "IJ",
    "\u{0133}": "ij", "\u{0166}": "T", "\u{0167}": "t", "\u{017F}": "s", "\u{0149}": "'n", "\u{0138}": "q",
    "\u{0191}": "F", "\u{0192}": "f", "\u{0197}": "I", "\u{0268}": "i", "\u{0180}": "b", "\u{0243}": "B",
    "\u{01B5}": "Z", "\u{01B6}": "z", "\u{FB01}": "fi", "\u{FB02}": "fl", "\u{FB00}": "ff",
    "\u{01C4}": "DZ", "\u{01C5}": "Dz", "\u{01C6}": "dz", "\u{01F1}": "DZ", "\u{01F2}": "Dz",
    "\u{01F3}": "dz",
    "\u{01C7}": "LJ", "\u{01C8}": "Lj", "\u{01C9}": "lj", "\u{01CA}": "NJ", "\u{01CB}": "Nj",
    "\u{01CC}": "nj",
    "\u{2116}": "No", "\u{2122}": "TM", "\u{00A9}": "(c)", "\u{00AE}": "(R)", "\u{00BD}": "1/2",
    "\u{00BC}": "1/4", "\u{00BE}": "3/4", "\u{2153}": "1/3", "\u{2154}": "2/3",
    "\u{2150}": "1/7", "\u{2151}": "1/9", "\u{2152}": "1/10", "\u{2155}": "1/5", "\u{2156}": "2/5",
    "\u{2157}": "3/5", "\u{2158}": "4/5", "\u{2159}": "1/6", "\u{215A}": "5/6", "\u{215B}": "1/8",
    "\u{215C}": "3/8", "\u{215D}": "5/8", "\u{215E}": "7/8",
    "\u{215F}": "1/", "\u{2189}": "0/3",
    "\u{20AC}": "EUR", "\u{00A3}": "GBP", "\u{00A5}": "JPY", "\u{20B9}": "INR", "\u{20A9}": "KRW",
    "\u{20BD}": "RUB", "\u{20BA}": "TRY", "\u{20AA}": "ILS", "\u{20AB}": "VND", "\u{20B1}": "PHP",
    "\u{20B4}": "UAH", "\u{0E3F}": "THB", "\u{20A6}": "NGN", "\u{00A2}": "c",
    "\u{00B0}": "deg", "\u{2103}": "degC", "\u{2109}": "degF", "\u{00B5}": "u", "\u{00AA}": "a",
    "\u{00BA}": "o",
    "\u{207A}": "+", "\u{207B}": "-", "\u{208A}": "+", "\u{208B}": "-",
  ]

  /// The Roman numerals Unicode writes as one character (`Ⅻ`, U+2160 on; the small ones from U+2170).
  static let roman = [
    "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "L", "C", "D", "M",
  ]

  /// A digit written small (`m²`, `H₂O`) as the digit, and a Roman numeral of one character in Latin letters;
  /// nil for any other scalar.
  static func number(_ scalar: Unicode.Scalar) -> String? {
    switch scalar.value {
    case 0xB9: return "1"
    case 0xB2, 0xB3: return String(scalar.value - 0xB0)
    case 0x2070, 0x2074...0x2079: return String(scalar.value - 0x2070)
    case 0x2080...0x2089: return String(scalar.value - 0x2080)
    case 0x2160...0x216F: return roman[Int(scalar.value - 0x2160)]
    case 0x2170...0x217F: return roman[Int(scalar.value - 0x2170)].lowercased()
    // Circled and bracketed numbers (`①`, `⑴`) in brackets, those with a full stop (`⒈`) as written.
    case 0x2460...0x2473: return "(\(scalar.value - 0x2460 + 1))"
    case 0x2474...0x2487: return "(\(scalar.value - 0x2474 + 1))"
    case 0x2488...0x249B: return "\(scalar.value - 0x2488 + 1)."
    default: return nil
    }
  }

  /// The full-width forms of ASCII (`Ｆｕｌｌ`, `１２`), as East Asian input methods type them: each is its ASCII
  /// character, 0xFEE0 below it.
  static let fullWidth: ClosedRange<UInt32> = 0xFF01...0xFF5E

  /// Returns the text with accents dropped and the table's letters spelled out; `other` says what becomes of a
  /// scalar that is neither printable ASCII nor in the table (nil keeps it).
  public static func spell(_ text: String, other: ((Unicode.Scalar) -> String)? = nil) -> String {
    var out = ""
    // As in `Names.key`, only a letter of a script that writes accents with marks loses them; where the text is
    // spelled for paper (`other`), every mark goes, as the letter it sits on does.
    var accentedBase = true
    for scalar in UnicodeText.nfd(text) {
      if scalar.properties.generalCategory == .nonspacingMark {
        if accentedBase || other != nil { continue }
        out.unicodeScalars.append(scalar)
        continue
      }
      accentedBase = Names.accented(scalar)
      if scalar.isASCII && scalar.value >= 0x20 && scalar.value < 0x7F {
        out.unicodeScalars.append(scalar)
      } else if fullWidth.contains(scalar.value), let narrow = Unicode.Scalar(scalar.value - 0xFEE0) {
        out.unicodeScalars.append(narrow)
      } else if let spelled = table[scalar] ?? number(scalar) {
        // A fraction (½, ⅛: a spelling with a slash) after a digit is set apart by a space, so that `1½` is
        // `1 1/2`, not eleven halves.
        if spelled.utf8.contains(0x2F), let last = out.utf8.last, last >= 0x30 && last <= 0x39 { out += " " }
        out += spelled
      } else if let other {
        out += other(scalar)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
