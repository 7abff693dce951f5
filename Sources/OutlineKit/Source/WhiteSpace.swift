/// `text` with each run of white space turned into one space and none at either end.
///
/// White space is Unicode's White_Space property, as Swift's `Character.isWhitespace`
/// has it, matched on UTF-8 bytes so that titles fold without decoding them.
func foldWhiteSpace(_ text: String) -> String {
  var text = text
  return text.withUTF8 { foldWhiteSpace(utf8: $0) }
}

/// The folded text of UTF-8 `bytes`; see `foldWhiteSpace(_:)`.
func foldWhiteSpace(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String {
  let folded = FoldedText(capacity: bytes.count)
  folded.append(bytes)
  return folded.string
}

/// Whether UTF-8 `bytes` are empty or nothing but white space.
func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
  var index = 0
  while index < bytes.count {
    let length = whiteSpaceLength(bytes, at: index)
    if length == 0 { return false }
    index += length
  }
  return true
}

/// The length in bytes of the white space character at `index`, or 0.
func whiteSpaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
  let lead = bytes[index]
  if lead < 0x80 { return lead == 0x20 || (0x09...0x0D).contains(lead) ? 1 : 0 }
  func byte(_ offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }
  switch lead {
  case 0xC2:
    // U+0085, U+00A0
    return byte(1) == 0x85 || byte(1) == 0xA0 ? 2 : 0
  case 0xE1:
    // U+1680
    return byte(1) == 0x9A && byte(2) == 0x80 ? 3 : 0
  case 0xE2:
    // U+2000–U+200A, U+2028, U+2029, U+202F, U+205F
    if byte(1) == 0x80 {
      let last = byte(2)
      return (0x80...0x8A).contains(last) || last == 0xA8 || last == 0xA9 || last == 0xAF ? 3 : 0
    }
    return byte(1) == 0x81 && byte(2) == 0x9F ? 3 : 0
  case 0xE3:
    // U+3000
    return byte(1) == 0x80 && byte(2) == 0x80 ? 3 : 0
  default:
    return 0
  }
}

extension StringProtocol {
  /// Without the characters of `set` at either end, as a new String.
  func trimmingCharacters(in set: String) -> String {
    var scalars = Substring(self).unicodeScalars
    while let first = scalars.first, set.unicodeScalars.contains(first) { scalars.removeFirst() }
    while let last = scalars.last, set.unicodeScalars.contains(last) { scalars.removeLast() }
    return String(scalars)
  }
}

/// Whether `byte` is a space, a tab, a line feed or a carriage return: the white space
/// between JSON's tokens (RFC 8259) and between YAML's, and nothing else.
func isSpaceOrLineEnd(_ byte: UInt8) -> Bool {
  byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
}
