/// Makes text safe to show in a terminal: control characters, which could move the
/// cursor or change the terminal's state, are shown in caret notation (`^[`, `^?`,
/// `M-^[`) as `cat -v` shows them; the characters that reorder text, take no room, break
/// a line or look like blank space (bidirectional controls such as U+202E, zero-width
/// spaces and joiners, U+FEFF, U+2028, Hangul fillers, tag characters), which could make
/// a title read other than it is, are shown by their code point, `<U+202E>`. Tabs are
/// kept, a joiner that joins (inside an emoji, between letters of a script that joins
/// them) too, and the tag characters that spell a subdivision's flag after 🏴.
public enum TerminalText {
  /// `text` with its control characters and invisible characters made visible.
  public static func escaped(_ text: String) -> String {
    // Looked for in the bytes: most text has none, and reading scalars costs more.
    var copy = text
    guard copy.withUTF8({ containsControl(UnsafeRawBufferPointer($0)) }) else { return text }
    var result = ""
    let scalars = Array(text.unicodeScalars)
    // Whether the scalars since the last one that is not a tag character follow 🏴.
    var inFlag = false
    for (index, scalar) in scalars.enumerated() {
      let isTag = (0xE0020...0xE007F).contains(scalar.value)
      if !isTag { inFlag = scalar.value == 0x1F3F4 }
      if isControl(scalar) {
        result += caret(scalar)
      } else if isInvisible(scalar),
        isTag
          ? !inFlag
          : !joins(
            scalar, after: index > 0 ? scalars[index - 1] : nil,
            before: index + 1 < scalars.count ? scalars[index + 1] : nil)
      {
        result += codePoint(scalar)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Writes valid UTF-8 `bytes` with their control characters made visible.
  static func write<Target: ByteOutputStream>(
    _ bytes: UnsafeRawBufferPointer, to target: inout Target
  ) {
    if containsControl(bytes) {
      target.write(escaped(String(decoding: bytes, as: UTF8.self)))
    } else {
      target.write(bytes: bytes)
    }
  }

  /// The longest URL written as a hyperlink: terminals drop longer ones, or the whole
  /// sequence.
  static let longestHyperlink = 2048

  /// The schemes of the URLs written as hyperlinks: a web page or a mail to write. A
  /// terminal hands a hyperlink to whatever opens its scheme, so a document's `file:`,
  /// `javascript:` or `ssh:` link is shown as text, never made one click away.
  static let hyperlinkSchemes: Set<String> = ["http", "https", "mailto"]

  /// Whether `url` may be written as a hyperlink: an absolute URL whose scheme, in any
  /// case, is one of `hyperlinkSchemes`.
  static func opensAsHyperlink(_ url: String) -> Bool {
    guard let colon = url.firstIndex(of: ":") else { return false }
    return hyperlinkSchemes.contains(url[..<colon].lowercased())
  }

  /// `url` as the target of an OSC 8 hyperlink: every byte outside printable ASCII, and
  /// the space, percent-encoded, so that nothing in it can end the sequence or start
  /// another. Nil when it is empty, too long to be written, or of a scheme that is not
  /// opened (`opensAsHyperlink`).
  static func hyperlinkTarget(_ url: String) -> String? {
    guard opensAsHyperlink(url), url.utf8.count <= longestHyperlink else { return nil }
    if url.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return url }
    var encoded = ""
    for byte in url.utf8 {
      if byte > 0x20 && byte < 0x7F {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        encoded += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return encoded.utf8.count <= longestHyperlink ? encoded : nil
  }

  /// `text` with its one non-ASCII mark of this program's own, the ellipsis, spelled `...`.
  static func ascii(_ text: String) -> String {
    text.replacing("…", with: "...")
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return (value < 0x20 && value != 0x09) || (0x7F...0x9F).contains(value)
  }

  /// The characters that change the direction of the text around them (U+061C,
  /// U+200E–U+200F, U+202A–U+202E, U+2066–U+2069), take no room (U+180E, U+200B–U+200D,
  /// U+2060–U+2064, U+FEFF, the interlinear annotation marks U+FFF9–U+FFFB), break a line
  /// where a terminal may not (U+2028, U+2029), or look like blank space (the Hangul
  /// fillers U+115F, U+1160, U+3164, U+FFA0). Tag characters (U+E0020–U+E007F) are
  /// invisible too, but kept in a flag: `escaped` looks at them.
  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x115F, 0x1160, 0x180E, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064,
      0x2066...0x2069, 0x3164, 0xFEFF, 0xFFA0, 0xFFF9...0xFFFB, 0xE0020...0xE007F:
      return true
    default:
      return false
    }
  }

  /// Whether a zero-width joiner or non-joiner does what it is for: U+200D between two
  /// parts of an emoji (👩‍💻), and either of them between two letters or marks of a script
  /// beyond Latin, Greek and Cyrillic (Persian, the scripts of India), where it chooses
  /// how they join.
  private static func joins(
    _ scalar: Unicode.Scalar, after previous: Unicode.Scalar?, before next: Unicode.Scalar?
  ) -> Bool {
    guard scalar.value == 0x200C || scalar.value == 0x200D, let previous, let next else {
      return false
    }
    if scalar.value == 0x200D, previous.properties.isEmoji || previous.value == 0xFE0F,
      next.properties.isEmoji, next.value > 0x7F
    {
      return true
    }
    func joining(_ neighbour: Unicode.Scalar) -> Bool {
      neighbour.value >= 0x0590
        && (neighbour.properties.isAlphabetic
          || [.nonspacingMark, .spacingMark].contains(neighbour.properties.generalCategory))
    }
    return joining(previous) && joining(next)
  }

  /// `<U+202E>`: a character by its code point, four hex digits or more.
  private static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "<U+" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex + ">"
  }

  private static func caret(_ scalar: Unicode.Scalar) -> String {
    let value = scalar.value
    if value >= 0x80 { return "M-" + caret(Unicode.Scalar(UInt8(value - 0x80))) }
    if value == 0x7F { return "^?" }
    return "^" + String(Unicode.Scalar(UInt8(value + 0x40)))
  }

  /// Whether `bytes` hold a control character or an invisible one (`isInvisible`), by
  /// their UTF-8: U+0080–U+009F are C2 80–9F; U+061C is D8 9C; U+115F and U+1160 are E1
  /// 85 9F and A0; U+180E is E1 A0 8E; U+200B–U+200F and U+2028–U+202E are E2 80 8B–8F
  /// and A8–AE; U+2060–U+2069 are E2 81 A0–A9; U+3164 is E3 85 A4; U+FEFF is EF BB BF;
  /// U+FFA0 is EF BE A0; U+FFF9–U+FFFB are EF BF B9–BB; the tag characters start F3 A0
  /// 80 or F3 A0 81.
  private static func containsControl(_ bytes: UnsafeRawBufferPointer) -> Bool {
    // Printable ASCII holds no control character: most of a document's lines are such runs.
    var index = ByteScan.skip(bytes, from: 0, unless: ByteScan.flagNotPrintableASCII)
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte < 0x80 {
        if byte < 0x20 && byte != 0x09 || byte == 0x7F { return true }
        continue
      }
      let second = index < bytes.count ? bytes[index] : 0
      let third = index + 1 < bytes.count ? bytes[index + 1] : 0
      switch byte {
      case 0xC2: if (0x80...0x9F).contains(second) { return true }
      case 0xD8: if second == 0x9C { return true }
      case 0xE1:
        if second == 0xA0 && third == 0x8E || second == 0x85 && (third == 0x9F || third == 0xA0) {
          return true
        }
      case 0xE2:
        if second == 0x80 && ((0x8B...0x8F).contains(third) || (0xA8...0xAE).contains(third)) {
          return true
        }
        if second == 0x81 && (0xA0...0xA9).contains(third) && third != 0xA5 { return true }
      case 0xE3: if second == 0x85 && third == 0xA4 { return true }
      case 0xEF:
        if second == 0xBB && third == 0xBF || second == 0xBE && third == 0xA0
          || second == 0xBF && (0xB9...0xBB).contains(third)
        {
          return true
        }
      case 0xF3: if second == 0xA0 && (third == 0x80 || third == 0x81) { return true }
      default: break
      }
    }
    return false
  }
}
