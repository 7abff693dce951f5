// What the writer appends: text and values escaped, comments from the document, and notes
// of what was removed.

extension SanitizedWriter {
  /// Writes a note of what was removed, in a comment; its words are collapse's, and the
  /// names in it are kept to characters a comment can hold.
  mutating func note(_ text: String) {
    append("<!-- collapse ")
    appendCommentText(text)
    append(" -->")
  }

  /// Writes a comment from the document, changed only so far as a comment must be to be
  /// valid and to end where it seems to: no `--` inside, no `>` or `-` at its ends.
  mutating func comment(_ text: String) {
    append("<!--")
    appendCommentText(text)
    append("-->")
  }

  /// Writes a comment's text with a space between any two dashes, before a `>` or `-`
  /// that begins it and after a `-` or `<!` that ends it; the rest is copied a run at a
  /// time, as its bytes.
  mutating func appendCommentText(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      guard let first = bytes.first, let last = bytes.last else { return }
      let dash = UInt8(ascii: "-")
      if first == UInt8(ascii: ">") || first == dash { output.append(UInt8(ascii: " ")) }
      var start = 0
      for index in bytes.indices.dropFirst() where bytes[index] == dash && bytes[index - 1] == dash
      {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        output.append(UInt8(ascii: " "))
        start = index
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
      let opens =
        bytes.count >= 2 && bytes[bytes.count - 2] == UInt8(ascii: "<") && last == UInt8(ascii: "!")
      if last == dash || opens { output.append(UInt8(ascii: " ")) }
    }
  }

  mutating func append(_ text: String) {
    output.append(contentsOf: text.utf8)
  }

  /// Writes text or an attribute's value escaped as cmark-gfm escapes text, quotes too, so
  /// that sanitised text reads the same as the rest and a value stays in its quotes. What
  /// needs no escape is copied a run at a time.
  mutating func appendText(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      var start = 0
      for (index, byte) in bytes.enumerated() {
        let escape: StaticString
        switch byte {
        case UInt8(ascii: "&"): escape = "&amp;"
        case UInt8(ascii: "\""): escape = "&quot;"
        case UInt8(ascii: "<"): escape = "&lt;"
        case UInt8(ascii: ">"): escape = "&gt;"
        default: continue
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        output.append(
          contentsOf: UnsafeBufferPointer(start: escape.utf8Start, count: escape.utf8CodeUnitCount))
        start = index + 1
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    }
  }
}
