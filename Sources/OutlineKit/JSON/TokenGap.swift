/// The bytes between the last token that reached one of yajl's callbacks and the next
/// token: white space, at most one ',' or ':' that yajl takes without a callback, then the
/// start of the token after it. That token is the one yajl stops on when it did not expect
/// it, or the separator itself when that was unexpected.
struct TokenGap {
  /// Where the next byte scanned is.
  var position: SourceMap.Position
  /// The last byte other than white space before the gap.
  let before: UInt8
  /// The ',' or ':' in the gap, if any, and where it is.
  private(set) var separator: (position: SourceMap.Position, byte: UInt8)?
  /// The first byte of the token after the gap, and where it is, once it is seen.
  private(set) var token: (position: SourceMap.Position, byte: UInt8)?
  /// Where that token starts in the chunk the scan found it in.
  private(set) var tokenIndex = 0

  init(position: SourceMap.Position, before: UInt8) {
    self.position = position
    self.before = before
  }

  /// Goes on through `bytes` until the token after the gap starts.
  mutating func scan(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
    for index in bytes.indices {
      if token != nil { return }
      let byte = bytes[index]
      switch byte {
      case 0x20, 0x0A, 0x0D, 0x09:
        break
      case UInt8(ascii: ",") where separator == nil, UInt8(ascii: ":") where separator == nil:
        separator = (position, byte)
      default:
        token = (position, byte)
        tokenIndex = index
      }
      position.advance(over: byte)
    }
  }
}
