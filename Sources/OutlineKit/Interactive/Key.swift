/// A key pressed in a terminal, decoded from the bytes the terminal sends.
public enum Key: Equatable, Sendable {
  /// A printable character, space included.
  case character(Character)
  /// A letter pressed with Ctrl, given in lower case: Ctrl-C is `.control("c")`.
  case control(Character)
  case enter, tab, backspace, delete, escape
  case up, down, left, right, home, end, pageUp, pageDown

  /// The keys in `bytes`, and the bytes at the end that may be the start of a longer
  /// key (an escape sequence or a UTF-8 character cut short) to decode with what comes
  /// next. When `final`, nothing more is coming: a lone escape byte is the Escape key.
  public static func decode(_ bytes: [UInt8], final: Bool) -> (keys: [Key], rest: [UInt8]) {
    var keys: [Key] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      let decoded: (key: Key?, length: Int)?
      switch byte {
      case 0x1B: decoded = escapeSequence(bytes[index...], final: final)
      case 0x0D, 0x0A: decoded = (.enter, 1)
      case 0x09: decoded = (.tab, 1)
      case 0x08, 0x7F: decoded = (.backspace, 1)
      case 0x01...0x1A: decoded = (.control(Character(UnicodeScalar(byte + 0x60))), 1)
      case 0x00..<0x20: decoded = (nil, 1)
      default: decoded = character(bytes[index...], final: final)
      }
      guard let (key, length) = decoded else {
        return (keys, Array(bytes[index...]))
      }
      if let key { keys.append(key) }
      index += length
    }
    return (keys, [])
  }

  /// The key an escape sequence at the start of `bytes` stands for, and its length; nil
  /// when the sequence may be cut short and `final` is false.
  private static func escapeSequence(_ bytes: ArraySlice<UInt8>, final: Bool) -> (
    key: Key?, length: Int
  )? {
    let start = bytes.startIndex
    guard bytes.count > 1 else { return final ? (.escape, 1) : nil }
    let introducer = bytes[start + 1]
    switch introducer {
    case UInt8(ascii: "["):
      // CSI: parameters and intermediates, then a final byte from @ to ~.
      var end = start + 2
      while end < bytes.endIndex, (0x20...0x3F).contains(bytes[end]) { end += 1 }
      guard end < bytes.endIndex else { return final ? (nil, bytes.count) : nil }
      let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
      let first = parameters.split(separator: ";").first.map(String.init) ?? ""
      let length = end - start + 1
      switch bytes[end] {
      case UInt8(ascii: "A"): return (.up, length)
      case UInt8(ascii: "B"): return (.down, length)
      case UInt8(ascii: "C"): return (.right, length)
      case UInt8(ascii: "D"): return (.left, length)
      case UInt8(ascii: "H"): return (.home, length)
      case UInt8(ascii: "F"): return (.end, length)
      case UInt8(ascii: "~"):
        let keys: [String: Key] = [
          "1": .home, "7": .home, "4": .end, "8": .end, "3": .delete, "5": .pageUp,
          "6": .pageDown,
        ]
        return (keys[first], length)
      default: return (nil, length)
      }
    case UInt8(ascii: "O"):
      // SS3, which terminals send for arrows in application mode.
      guard bytes.count > 2 else { return final ? (nil, bytes.count) : nil }
      let keys: [UInt8: Key] = [
        UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right,
        UInt8(ascii: "D"): .left, UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
      ]
      return (keys[bytes[start + 2]], 3)
    default:
      // Escape on its own, then whatever follows (Alt held with a key).
      return (.escape, 1)
    }
  }

  /// The character a UTF-8 sequence at the start of `bytes` encodes, and its length; nil
  /// when it may be cut short and `final` is false. Invalid bytes are skipped.
  private static func character(_ bytes: ArraySlice<UInt8>, final: Bool) -> (
    key: Key?, length: Int
  )? {
    let lead = bytes[bytes.startIndex]
    if lead < 0x20 { return (nil, 1) }
    if lead < 0x80 { return (.character(Character(Unicode.Scalar(lead))), 1) }
    return bytes.withUnsafeBufferPointer { bytes in
      let length = UTF8Repair.sequenceLength(bytes, at: 0)
      if length == 0 { return final ? (nil, bytes.count) : nil }
      guard length > 0, let scalar = Unicode.Scalar(UTF8Repair.scalar(bytes, at: 0).value) else {
        return (nil, 1)
      }
      return (.character(Character(scalar)), length)
    }
  }
}
