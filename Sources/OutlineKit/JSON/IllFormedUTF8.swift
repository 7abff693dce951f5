/// Finds the ill-formed UTF-8 that has the shape of UTF-8, which yajl's check lets through:
/// overlong forms (C0, C1, E0 80–9F, F0 80–8F), UTF-16 surrogates (ED A0–BF) and code
/// points above U+10FFFF (F4 90–BF, F5–FF).
///
/// Each of them is told by its lead byte and the byte after it. yajl rejects the rest of
/// ill-formed UTF-8 itself, and F8–FF too, which are found here all the same.
enum IllFormedUTF8 {
  /// Whether `lead`, followed by `next` (nil when it is not known yet), starts a sequence
  /// that is not UTF-8 though shaped like it.
  @inline(__always)
  static func starts(_ lead: UInt8, followedBy next: UInt8?) -> Bool {
    switch lead {
    case 0xC0, 0xC1, 0xF5...0xFF: return true
    case 0xE0: return next.map { (0x80...0x9F).contains($0) } ?? false
    case 0xED: return next.map { (0xA0...0xBF).contains($0) } ?? false
    case 0xF0: return next.map { (0x80...0x8F).contains($0) } ?? false
    case 0xF4: return next.map { (0x90...0xBF).contains($0) } ?? false
    default: return false
    }
  }

  /// The offset of the first such sequence in `bytes`, if one starts there; a lead byte
  /// that ends them and needs the byte after it is left to be judged with the next bytes.
  static func firstStart(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    let count = bytes.count
    var index = 0
    while index + 8 <= count {
      let word = UInt64(
        littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self))
      // The bytes of the word with both top bits set, 0xC0 and above, lowest first: only
      // they lead sequences of two bytes or more. ASCII and continuation bytes are skipped.
      var leads = word & (word << 1) & 0x8080_8080_8080_8080
      while leads != 0 {
        let at = index + leads.trailingZeroBitCount / 8
        if starts(bytes[at], followedBy: at + 1 < count ? bytes[at + 1] : nil) { return at }
        leads &= leads - 1
      }
      index += 8
    }
    while index < count {
      if bytes[index] >= 0xC0
        && starts(bytes[index], followedBy: index + 1 < count ? bytes[index + 1] : nil)
      {
        return index
      }
      index += 1
    }
    return nil
  }
}
