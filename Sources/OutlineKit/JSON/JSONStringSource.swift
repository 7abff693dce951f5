#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The source of a JSON string between its quotes, as yajl's lexer accepted it: every
/// `\` starts one of the escapes JSON allows, and `\u` has four hex digits.
///
/// yajl decodes a `\u` escape of a surrogate wrongly unless a low one follows a high
/// one: a high one without a `\u` after it becomes `?`, and a high one is combined with
/// whatever `\u` follows it. Such strings are decoded again from their source here,
/// each unpaired surrogate becoming U+FFFD.
enum JSONStringSource {
  /// Whether `source` holds a `\u` escape of a surrogate (D800–DFFF).
  static func hasSurrogateEscape(_ source: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = source.baseAddress else { return false }
    var index = 0
    // Escapes are found with memchr: a string with a few escapes is mostly plain text.
    while index < source.count,
      let found = memchr(base + index, 0x5C, source.count - index)
    {
      index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      guard index + 1 < source.count else { return false }
      if source[index + 1] == UInt8(ascii: "u"), let value = hexValue(source, at: index + 2),
        (0xD800...0xDFFF).contains(value)
      {
        return true
      }
      // Past the escape's second byte, so that the `\` of `\\` is not taken for another.
      index += 2
    }
    return false
  }

  /// The decoded UTF-8 of `source`, pairing surrogates only where a low one follows a high
  /// one; nil if `source` is not as yajl's lexer leaves it.
  static func decoded(_ source: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    var text: [UInt8] = []
    text.reserveCapacity(source.count)
    var index = 0
    while index < source.count {
      let byte = source[index]
      guard byte == 0x5C else {
        text.append(byte)
        index += 1
        continue
      }
      guard index + 1 < source.count else { return nil }
      let escaped = source[index + 1]
      index += 2
      switch escaped {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
      case UInt8(ascii: "b"): text.append(0x08)
      case UInt8(ascii: "f"): text.append(0x0C)
      case UInt8(ascii: "n"): text.append(0x0A)
      case UInt8(ascii: "r"): text.append(0x0D)
      case UInt8(ascii: "t"): text.append(0x09)
      case UInt8(ascii: "u"):
        guard var value = hexValue(source, at: index) else { return nil }
        index += 4
        if (0xD800...0xDBFF).contains(value), index + 1 < source.count,
          source[index] == 0x5C, source[index + 1] == UInt8(ascii: "u"),
          let low = hexValue(source, at: index + 2), (0xDC00...0xDFFF).contains(low)
        {
          value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
          index += 6
        }
        // An unpaired surrogate is no scalar: it becomes U+FFFD.
        text.append(contentsOf: (Unicode.Scalar(value) ?? "\u{FFFD}").utf8)
      default:
        return nil
      }
    }
    return text
  }

  /// The value of the four hex digits at `index`, if there are four.
  private static func hexValue(_ source: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32? {
    guard index + 4 <= source.count else { return nil }
    var value: UInt32 = 0
    for byte in source[index..<index + 4] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }
}
