#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A JSON token that the input so far ends inside, and where it ends in what comes next.
///
/// yajl keeps such a token and lexes it again from its start each time it is handed more,
/// so a string that spans many chunks would take time that grows with the square of its
/// length. The JSON reader holds the chunks back instead, until the token ends in them,
/// and then hands yajl everything at once; finding that end looks at each byte once.
struct OpenToken {
  private enum Kind {
    /// A string; `escaping` says whether a `\` that escapes the next byte ends the input.
    case string(escaping: Bool)
    /// A number, which ends at the first byte that cannot be part of one.
    case number
    /// `true`, `false` or `null`, which end at the first byte that is not a letter.
    case literal
  }

  private var kind: Kind

  /// The token that starts with `first` and goes on to the end of the input, which ends
  /// with `tail`: for a string, its source from the opening quote on.
  init?(startingWith first: UInt8, tail: some BidirectionalCollection<UInt8>) {
    switch first {
    case UInt8(ascii: "\""):
      // The quote itself is no `\`; an odd run of them before the end escapes what follows.
      let backslashes = tail.dropFirst().reversed().prefix { $0 == UInt8(ascii: "\\") }.count
      kind = .string(escaping: backslashes % 2 == 1)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      kind = .number
    case UInt8(ascii: "a")...UInt8(ascii: "z"):
      kind = .literal
    default:
      return nil
    }
  }

  /// Whether the token ends in `bytes[start...]`, given that it went on through
  /// `bytes[..<start]`; when it does not, what the new bytes leave open is kept.
  mutating func ends(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
    switch kind {
    case .string(let escaping):
      return stringEnds(in: bytes, from: start, escaping: escaping)
    case .number:
      return bytes[start...].contains { !OpenToken.isNumberByte($0) }
    case .literal:
      return bytes[start...].contains { !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
    }
  }

  /// Whether a quote that no `\` escapes is in `bytes[start...]`; a quote escapes when an
  /// odd run of `\` stands before it, counted back into earlier bytes, and before those,
  /// `escaping` says whether one was open.
  private mutating func stringEnds(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, escaping: Bool
  ) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    var index = start
    while index < bytes.count, let found = memchr(base + index, 0x22, bytes.count - index) {
      let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      var run = 0
      while quote - run > 0 && bytes[quote - run - 1] == UInt8(ascii: "\\") { run += 1 }
      if quote - run == 0 && escaping { run += 1 }
      if run % 2 == 0 { return true }
      index = quote + 1
    }
    var run = 0
    while bytes.count - run > 0 && bytes[bytes.count - run - 1] == UInt8(ascii: "\\") { run += 1 }
    if bytes.count - run == 0 && escaping { run += 1 }
    kind = .string(escaping: run % 2 == 1)
    return false
  }

  private static func isNumberByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
      UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
      return true
    default:
      return false
    }
  }
}
