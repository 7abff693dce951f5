/// Finds a document's format from its first bytes as they arrive, as
/// `InputFormat.guess(content:final:)` does, looking at a bounded part of them each time:
/// white space before the first other byte is passed over once, and no more than
/// `window` bytes after it are ever judged. So even gigabytes of white space, or a `[`
/// followed by them, are sniffed in linear time.
public struct FormatSniffer: Sendable {
  /// How many bytes from the first one other than white space are enough to tell.
  public static let window = InputFormat.sniffWindow

  public init() {}

  /// Where the bytes after a byte order mark start: 0 or 3, nil until known.
  private var textStart: Int?
  /// How far the bytes are known to be white space.
  private var blankUpTo = 0

  /// The format of `bytes`, everything that has arrived from the start; nil while it cannot
  /// be told yet. `final` says nothing more will arrive.
  public mutating func format(of bytes: [UInt8], final: Bool) -> InputFormat? {
    if textStart == nil {
      guard !bytes.isEmpty || final else { return nil }
      guard let length = SourceMap.byteOrderMarkLength(bytes, final: final) else { return nil }
      textStart = length
    }
    blankUpTo = max(blankUpTo, textStart ?? 0)
    while blankUpTo < bytes.count, isSpaceOrLineEnd(bytes[blankUpTo]) {
      blankUpTo += 1
    }
    guard blankUpTo < bytes.count else { return final ? InputFormat.fallback : nil }
    let end = min(bytes.count, blankUpTo + FormatSniffer.window)
    // What the window holds is judged as all there is once it is full.
    return InputFormat.guess(
      content: bytes[blankUpTo..<end], final: final || end - blankUpTo == FormatSniffer.window)
  }

}
