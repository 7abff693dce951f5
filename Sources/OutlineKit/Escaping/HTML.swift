#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// HTML escaping for text and attribute values.
enum HTML {
  /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references.
  static func escaped(_ text: String) -> String {
    let special = text.utf8.withContiguousStorageIfAvailable { bytes in
      bytes.contains { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }
    }
    guard special ?? true else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for character in text.unicodeScalars {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

  /// `html` with the code points HTML forbids in a document (control characters other
  /// than white space, and noncharacters) replaced by U+FFFD, which is what a browser
  /// shows for them anyway; a character reference would be just as invalid.
  static func valid(_ html: String) -> String {
    let forbidden = html.utf8.withContiguousStorageIfAvailable {
      containsForbidden(UnsafeRawBufferPointer($0))
    }
    guard forbidden ?? html.unicodeScalars.contains(where: isForbidden) else { return html }
    var result = String.UnicodeScalarView()
    for scalar in html.unicodeScalars {
      result.append(isForbidden(scalar) ? "\u{FFFD}" : scalar)
    }
    return String(result)
  }

  /// Writes UTF-8 `html` from cmark, replacing the code points HTML forbids as
  /// `valid(_:)` does, and giving an image without a source (`![alt]()`, or a
  /// `javascript:` one that cmark left out) one that loads nothing: HTML requires a
  /// source, and the browser then shows the image's alt text.
  ///
  /// The bytes are looked at first and copied as they are when nothing needs mending,
  /// as is nearly always so (`-DPLAIN_VALID` mends every render through Strings;
  /// bench/tricks.md says what this gains).
  static func writeValid<Target: ByteOutputStream>(
    _ html: UnsafeRawBufferPointer, to target: inout Target
  ) {
    #if PLAIN_VALID
      target.write(
        valid(String(decoding: html, as: UTF8.self))
          .replacing(emptyImageSource, with: #"<img src="data:," "#))
    #else
      if needsMending(html) {
        writeMended(html, to: &target)
      } else {
        target.write(bytes: html)
      }
    #endif
  }

  /// Whether `writeValid(_:to:)` would write anything but `html` itself.
  static func needsMending(_ html: UnsafeRawBufferPointer) -> Bool {
    contains(html, emptyImageSource) || containsForbidden(html)
  }

  /// Writes `html` as `writeValid(_:to:)` does when it needs mending.
  static func writeMended<Target: ByteOutputStream>(
    _ html: UnsafeRawBufferPointer, to target: inout Target
  ) {
    guard contains(html, emptyImageSource) else {
      writeReplacingForbidden(html, to: &target)
      return
    }
    var text = valid(String(decoding: html, as: UTF8.self))
    text = text.replacing(emptyImageSource, with: #"<img src="data:," "#)
    target.write(text)
  }

  /// Writes `html` with each code point HTML forbids, and each ill-formed part of its
  /// UTF-8, replaced by U+FFFD, copying the runs between them as they are.
  private static func writeReplacingForbidden<Target: ByteOutputStream>(
    _ html: UnsafeRawBufferPointer, to target: inout Target
  ) {
    var copied = 0
    var index = 0
    while index < html.count {
      // Printable ASCII, the common case, has nothing to replace.
      index = ByteScan.skip(html, from: index, unless: ByteScan.flagNotPrintableASCII)
      guard index < html.count else { break }
      let (length, forbidden) = judged(html, at: index)
      guard forbidden else {
        index += length
        continue
      }
      target.write(bytes: UnsafeRawBufferPointer(rebasing: html[copied..<index]))
      target.write("\u{FFFD}")
      index += length
      copied = index
    }
    target.write(bytes: UnsafeRawBufferPointer(rebasing: html[copied..<html.count]))
  }

  /// How cmark starts an image whose source is empty; in text, `<` would be `&lt;`.
  private static let emptyImageSource = #"<img src="" "#

  /// Whether `html` holds `text`, found by its empty value `""`: quotes are three times
  /// rarer than `<` in cmark's HTML, so memchr stops less often.
  private static func contains(_ html: UnsafeRawBufferPointer, _ text: String) -> Bool {
    guard let base = html.baseAddress else { return false }
    var text = text
    return text.withUTF8 { text in
      guard let needle = text.baseAddress else { return false }
      let quotes = text.count - 3  // where `""` starts in `text`
      var start = base + quotes
      let end = base + html.count
      while end - start >= 3, let found = memchr(start, 0x22, end - start - 2) {
        let quote = UnsafeRawPointer(found)
        if quote.load(fromByteOffset: 1, as: UInt8.self) == 0x22,
          memcmp(quote - quotes, needle, text.count) == 0
        {
          return true
        }
        start = quote + 1
      }
      return false
    }
  }

  /// Whether `html` holds a code point HTML forbids, or is not UTF-8, found on bytes.
  ///
  /// cmark-gfm's HTML is UTF-8 when its input is, but for one bug: it can write an unmatched
  /// footnote reference `[^…]` back cut inside a character (0.29.0.gfm.6, and still
  /// 0.29.0.gfm.13), which then needs mending too.
  static func containsForbidden(_ html: UnsafeRawBufferPointer) -> Bool {
    let count = html.count
    var index = 0
    while index < count {
      // Printable ASCII is never forbidden.
      index = ByteScan.skip(html, from: index, unless: ByteScan.flagNotPrintableASCII)
      guard index < count else { break }
      let (length, forbidden) = judged(html, at: index)
      if forbidden { return true }
      index += length
    }
    return false
  }

  /// The length of the character at `index` in `html`, and whether it is forbidden in
  /// HTML or is no UTF-8 at all, in which case the length is that of the bytes to replace.
  private static func judged(_ html: UnsafeRawBufferPointer, at index: Int) -> (Int, Bool) {
    let byte = html[index]
    if byte < 0x80 {
      let forbidden =
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0C && byte != 0x0D)
        || byte == 0x7F
      return (1, forbidden)
    }
    let length = UTF8Repair.sequenceLength(html.bindMemory(to: UInt8.self), at: index)
    // 0: the input ends inside the sequence; below 0: an ill-formed part to replace.
    guard length > 0 else { return (max(1, -length), true) }
    switch byte {
    case 0xC2:
      // U+0080–U+009F
      return (length, html[index + 1] <= 0x9F)
    case 0xEF:
      // U+FDD0–U+FDEF and U+FFFE, U+FFFF
      let (second, third) = (html[index + 1], html[index + 2])
      return (
        length,
        (second == 0xB7 && (0x90...0xAF).contains(third)) || (second == 0xBF && third >= 0xBE)
      )
    case 0xF0...0xF4:
      // U+nFFFE and U+nFFFF in the other planes
      return (
        length,
        html[index + 1] & 0x0F == 0x0F && html[index + 2] == 0xBF && html[index + 3] >= 0xBE
      )
    default:
      return (length, false)
    }
  }

  /// Whether HTML forbids `scalar` in a document's text.
  static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 { return value != 0x09 && value != 0x0A && value != 0x0C && value != 0x0D }
    if value < 0x7F { return false }
    if value <= 0x9F { return true }
    return (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
  }
}
