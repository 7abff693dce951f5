/// How keys and values are spelled on content lines, on UTF-8 bytes.
enum MemberText {
  /// Writes a key bare, or quoted when it is empty, has white space at either end, or
  /// holds `:`, `"` or a character that must be escaped.
  static func writeLabel<Target: ByteOutputStream>(
    _ key: UnsafeRawBufferPointer, to target: inout Target
  ) {
    if isPlain(key) {
      target.write(bytes: key)
    } else {
      JSONString.write(key, to: &target)
    }
  }

  private static func isPlain(_ key: UnsafeRawBufferPointer) -> Bool {
    guard !key.isEmpty else { return false }
    let bytes = key.bindMemory(to: UInt8.self)
    // No white space at either end: the last character starts after its continuation bytes.
    var last = bytes.count - 1
    while last > 0 && bytes[last] & 0xC0 == 0x80 { last -= 1 }
    if whiteSpaceLength(bytes, at: 0) > 0 || whiteSpaceLength(bytes, at: last) > 0 { return false }
    var index = 0
    while index < key.count {
      let byte = key[index]
      if byte == UInt8(ascii: ":") || byte == UInt8(ascii: "\"")
        || ((byte < 0x20 || byte >= 0x7F) && JSONString.escape(key, at: index).0 != nil)
      {
        return false
      }
      index += 1
    }
    return true
  }
}
