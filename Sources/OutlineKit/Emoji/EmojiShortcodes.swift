#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// GitHub's emoji shortcodes, `:tada:` and `:+1:`, and the emoji they stand for: GitHub
/// writes each `:name:` of its list in text as the emoji, wherever the name's colons are,
/// and leaves any other `:name:` as written (`EmojiShortcodes+Table.swift` holds the list).
enum EmojiShortcodes {
  /// Each name, without its colons, and its emoji.
  static let emoji: [String: String] = {
    var emoji: [String: String] = [:]
    for line in table.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count == 2 else { continue }
      var character = ""
      for point in fields[1].split(separator: "-") {
        if let value = UInt32(point, radix: 16), let scalar = Unicode.Scalar(value) {
          character.unicodeScalars.append(scalar)
        }
      }
      emoji[String(fields[0])] = character
    }
    return emoji
  }()

  /// The longest name of the list.
  static let longestName = 40

  /// Whether `byte` may be in a name: `a`–`z`, `0`–`9`, `_`, `+` and `-`.
  private static func isNameByte(_ byte: UInt8) -> Bool {
    (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x5F || byte == 0x2B
      || byte == 0x2D
  }

  /// The first shortcode of the list in `text` from `start`, read as GitHub reads them:
  /// from the left, a code's closing colon free to open the next. Its bytes, colons
  /// included, and its emoji.
  static func next(in text: UnsafeRawBufferPointer, from start: Int) -> (
    range: Range<Int>, emoji: String
  )? {
    guard let base = text.baseAddress else { return nil }
    let count = text.count
    var index = start
    while index < count {
      // The colons found with memchr: most text has few.
      guard let found = memchr(base + index, 0x3A, count - index) else { return nil }
      index = base.distance(to: UnsafeRawPointer(found))
      var end = index + 1
      while end < count, end - index <= longestName + 1, isNameByte(text[end]) { end += 1 }
      guard end < count, text[end] == UInt8(ascii: ":") else {
        index += 1
        continue
      }
      if end > index + 1,
        let emoji = emoji[
          String(decoding: UnsafeRawBufferPointer(rebasing: text[(index + 1)..<end]), as: UTF8.self)
        ]
      {
        return (index..<(end + 1), emoji)
      }
      index = end
    }
    return nil
  }

  /// `text` with each shortcode of the list written as its emoji; nil when it holds none.
  static func replacing(in text: UnsafeRawBufferPointer) -> [UInt8]? {
    guard var found = next(in: text, from: 0) else { return nil }
    var output: [UInt8] = []
    var copied = 0
    while true {
      output.append(
        contentsOf: UnsafeRawBufferPointer(rebasing: text[copied..<found.range.lowerBound]))
      output.append(contentsOf: found.emoji.utf8)
      copied = found.range.upperBound
      guard let following = next(in: text, from: copied) else { break }
      found = following
    }
    output.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[copied...]))
    return output
  }

  /// `text` with each shortcode of the list written as its emoji.
  static func replacing(in text: String) -> String {
    var text = text
    guard text.utf8.contains(UInt8(ascii: ":")) else { return text }
    let replaced = text.withUTF8 { replacing(in: UnsafeRawBufferPointer($0)) }
    return replaced.map { String(decoding: $0, as: UTF8.self) } ?? text
  }
}
