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

  /// The fewest bytes that tell a byte order mark of UTF-16 from one of UTF-32.
  static let byteOrderMarkBlock = 4

  /// Why `bytes`, the start of a document (all of it when `complete`), is not text to
  /// read, or nil when it is; `isInflated` says they are what gzip data inflated to.
  static func problem(_ bytes: ArraySlice<UInt8>, complete: Bool, isInflated: Bool)
    -> LoadError?
  {
    let head = bytes.prefix(block)
    if let problem = encodingProblem(head, isInflated: isInflated) { return problem }
    if head.contains(0) { return .binary }
    guard head.count >= shortest else { return nil }
    return invalidShare(head, complete: complete && bytes.count <= block) > 0.25 ? .binary : nil
  }

  /// Why `bytes`, the start of a document, is text collapse does not read, as its byte
  /// order mark says: UTF-16 or UTF-32, whatever format the document is read as.
  static func encodingProblem(_ bytes: ArraySlice<UInt8>, isInflated: Bool) -> LoadError? {
    // UTF-32's little-endian mark starts as UTF-16's does, so it is looked for first.
    if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF])
    {
      return .utf32(isInflated: isInflated)
    }
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      return .utf16(isInflated: isInflated)
    }
    return nil
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
