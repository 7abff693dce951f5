#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds YAML front matter at the top of a Markdown document, as input arrives.
///
/// Front matter opens with a line `---` followed by a non-blank line and closes at the
/// next line that is `---` or `...` (trailing spaces allowed), as Jekyll and pandoc
/// read it. Without a closing line there is no front matter.
///
/// Each byte is looked at once, however the input is cut: a first line that is not `---`
/// is told as soon as its first bytes arrive, and the end of a line is looked for only in
/// what arrived since the last look.
struct FrontMatterScanner {
  enum Verdict: Equatable {
    /// More input is needed to decide.
    case undecided
    case absent
    /// The front matter takes up `lines` lines and `bytes` bytes, closing line included.
    case present(lines: Int, bytes: Int)
  }

  private(set) var verdict = Verdict.undecided
  /// Where the line being read starts, and its 0-based number.
  private var lineStart = 0
  private var lineNumber = 0
  /// How much of the text has been looked at: no line ends after `lineStart` before it.
  private var scanned = 0
  /// How much of the opening line has been found to fit `---` and spaces.
  private var openingChecked = 0

  /// Looks at what has arrived so far, all of `bytes` from the start; `final` says no
  /// more will.
  mutating func scan(_ bytes: [UInt8], final: Bool) {
    bytes.withUnsafeBufferPointer { scan($0, final: final) }
  }

  private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, final: Bool) {
    while verdict == .undecided {
      if lineNumber == 0 && !openingCouldGoOn(bytes) {
        verdict = .absent
        return
      }
      guard let (line, next) = nextLine(in: bytes) else {
        if final {
          // The last line has no line end; it can still close the front matter.
          if lineStart < bytes.count, lineNumber > 1,
            FrontMatterScanner.isClosing(bytes[lineStart...])
          {
            verdict = .present(lines: lineNumber + 1, bytes: bytes.count)
          } else {
            verdict = .absent
          }
        }
        return
      }
      let text = bytes[line]
      switch lineNumber {
      case 0:
        if !FrontMatterScanner.isFence(text, "-") { verdict = .absent }
      case 1:
        if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { verdict = .absent }
      default:
        if FrontMatterScanner.isClosing(text) {
          verdict = .present(lines: lineNumber + 1, bytes: next)
        }
      }
      lineStart = next
      scanned = next
      lineNumber += 1
    }
  }

  /// Whether the opening line, as far as it has arrived, can still be `---` followed by
  /// spaces and tabs: a first line that is not is told from its first bytes. Each byte is
  /// looked at once, from where the last look stopped.
  private mutating func openingCouldGoOn(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    while openingChecked < bytes.count {
      let byte = bytes[openingChecked]
      if byte == 0x0A || byte == 0x0D { return true }
      let fits = openingChecked < 3 ? byte == UInt8(ascii: "-") : byte == 0x20 || byte == 0x09
      if !fits { return false }
      openingChecked += 1
    }
    return true
  }

  /// The line that starts at `lineStart`, without its line end, and where the next one
  /// starts; nil when it has not ended yet. Only bytes not looked at before are searched.
  private mutating func nextLine(in bytes: UnsafeBufferPointer<UInt8>) -> (Range<Int>, Int)? {
    guard let base = bytes.baseAddress, scanned < bytes.count else { return nil }
    // A line ends at `\n`, `\r\n` or a lone `\r`: the first `\n`, then any `\r` before it.
    let rest = bytes.count - scanned
    let newline = memchr(base + scanned, 0x0A, rest).map {
      base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
    }
    let searched = (newline ?? bytes.count) - scanned
    let cr = memchr(base + scanned, 0x0D, searched).map {
      base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
    }
    if let cr {
      // A `\r` at the end of what has arrived may be the start of `\r\n`.
      guard cr + 1 < bytes.count else {
        scanned = cr
        return nil
      }
      return (lineStart..<cr, bytes[cr + 1] == 0x0A ? cr + 2 : cr + 1)
    }
    guard let newline else {
      scanned = bytes.count
      return nil
    }
    return (lineStart..<newline, newline + 1)
  }

  private static func isClosing(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    isFence(text, "-") || isFence(text, ".")
  }

  /// Whether `text` is three `character`s followed by nothing but spaces and tabs.
  private static func isFence(
    _ text: Slice<UnsafeBufferPointer<UInt8>>, _ character: Unicode.Scalar
  ) -> Bool {
    text.count >= 3 && couldBeFence(text, character)
  }

  /// Whether `text` is the start of a fence of `character`: up to three of them, then
  /// nothing but spaces and tabs.
  private static func couldBeFence(
    _ text: Slice<UnsafeBufferPointer<UInt8>>, _ character: Unicode.Scalar
  ) -> Bool {
    let mark = UInt8(ascii: character)
    for (offset, byte) in text.enumerated()
    where offset < 3 ? byte != mark : byte != 0x20 && byte != 0x09 {
      return false
    }
    return true
  }
}
