import CUtf8proc

/// How many columns text takes in a terminal: a grapheme cluster (a Swift `Character`)
/// takes two when it is East Asian wide or an emoji, none when it is only combining
/// marks or other zero-width characters, and one otherwise.
public enum DisplayWidth {
  /// utf8proc's version as it reports itself: `2.8.0`.
  static var libraryVersion: String { String(cString: utf8proc_version()) }

  /// The columns between tab stops, as in CommonMark.
  public static let tabStop = 4

  /// The columns `character` takes: 0, 1 or 2. Control characters take none; writers
  /// make them visible before they measure.
  public static func columns(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    if let only = scalars.first, scalars.count == 1 { return columns(of: only) }
    var widest = 0
    var regionalIndicators = 0
    for scalar in scalars {
      // An emoji presentation selector makes a text-default symbol (☺, ♥) an emoji.
      if scalar.value == 0xFE0F { return 2 }
      if (0x1F1E6...0x1F1FF).contains(scalar.value) { regionalIndicators += 1 }
      widest = max(widest, columns(of: scalar))
    }
    // Two regional indicators make a flag, which terminals show as one wide glyph.
    return regionalIndicators >= 2 ? 2 : widest
  }

  /// The columns `text` takes, tabs counted as none (see `expandingTabs`).
  ///
  /// Printable ASCII, most of any document, is counted by its bytes, without forming
  /// graphemes, here and in `expandingTabs` (`-DPLAIN_ASCII` forms them; bench/tricks.md
  /// says what this gains).
  public static func columns(of text: some StringProtocol) -> Int {
    #if !PLAIN_ASCII
      if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
    #endif
    return text.reduce(0) { $0 + columns(of: $1) }
  }

  /// `text` with each tab replaced by the spaces up to the next tab stop, counting
  /// columns from the start of `text`.
  public static func expandingTabs(_ text: String) -> String {
    guard text.utf8.contains(0x09) else { return text }
    #if PLAIN_ASCII
      let isASCII = false
    #else
      let isASCII = text.utf8.allSatisfy({ $0 < 0x80 })
    #endif
    if isASCII {
      // Every byte is a column: expand without forming graphemes.
      var bytes: [UInt8] = []
      bytes.reserveCapacity(text.utf8.count + tabStop * 2)
      for byte in text.utf8 {
        if byte == 0x09 {
          bytes.append(contentsOf: repeatElement(0x20, count: tabStop - bytes.count % tabStop))
        } else {
          bytes.append(byte)
        }
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    var result = ""
    result.reserveCapacity(text.utf8.count + tabStop * 2)
    var column = 0
    for character in text {
      if character == "\t" {
        let spaces = tabStop - column % tabStop
        result += String(repeating: " ", count: spaces)
        column += spaces
      } else {
        result.append(character)
        column += columns(of: character)
      }
    }
    return result
  }

  private static func columns(of scalar: Unicode.Scalar) -> Int {
    if scalar.value >= 0x20 && scalar.value < 0x7F { return 1 }
    return Int(max(0, utf8proc_charwidth(utf8proc_int32_t(bitPattern: scalar.value))))
  }
}
