/// Tells a document that is text from one that is not, by its first block, as grep and
/// bat do: a program, an image or an archive has NUL bytes there, or bytes that are not
/// UTF-8 far beyond the few a Latin-1 file has: over a quarter of them, where French in
/// Latin-1 has one in twenty and random bytes nearly one in two.
enum TextCheck {
  /// The bytes judged: the first 32 KiB, grep's first read.
  static let block = 32 << 10
  /// The fewest bytes judged by how many are not UTF-8: in fewer, a word or two of Latin-1
  /// can be most of them.
  static let shortest = 256

  /// Why `bytes`, the start of a document (all of it when `complete`), is not text to
  /// read, or nil when it is.
  static func problem(_ bytes: ArraySlice<UInt8>, complete: Bool) -> LoadError? {
    let head = bytes.prefix(block)
    // UTF-32's little-endian mark starts as UTF-16's does, so it is looked for first.
    if head.starts(with: [0xFF, 0xFE, 0x00, 0x00]) || head.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
      return .utf32
    }
    if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) { return .utf16 }
    if head.contains(0) { return .binary }
    guard head.count >= shortest else { return nil }
    return invalidShare(head, complete: complete && bytes.count <= block) > 0.25 ? .binary : nil
  }

  /// The share of `bytes` that is not UTF-8. A sequence cut short where the bytes end
  /// counts only when nothing follows (`complete`).
  static func invalidShare(_ bytes: ArraySlice<UInt8>, complete: Bool) -> Double {
    guard !bytes.isEmpty else { return 0 }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var invalid = 0
    var read = 0
    loop: while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): read += scalar.count
      case .error(let length):
        read += length
        // The last bytes may be the start of a character the next block ends.
        if complete || read < bytes.count - 3 { invalid += length }
      case .emptyInput: break loop
      }
    }
    return Double(invalid) / Double(bytes.count)
  }
}
