/// Finds YAML front matter at the top of a Markdown document, as input arrives.
///
/// Front matter opens with a line `---` followed by a non-blank line and closes at the
/// next line that is `---` or `...` (trailing spaces allowed), as Jekyll and pandoc
/// read it. Without a closing line there is no front matter.
struct FrontMatterScanner {
  enum Verdict: Equatable {
    /// More input is needed to decide.
    case undecided
    case absent
    /// The front matter takes up `lines` lines and `bytes` bytes, closing line included.
    case present(lines: Int, bytes: Int)
  }

  private(set) var verdict = Verdict.undecided
  /// Where the next line to look at starts, and its 0-based number.
  private var lineStart = 0
  private var lineNumber = 0

  /// Looks at what has arrived so far; `final` says no more will.
  mutating func scan(_ bytes: [UInt8], final: Bool) {
    while verdict == .undecided {
      guard let (line, next) = FrontMatterScanner.line(in: bytes, from: lineStart) else {
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
      lineNumber += 1
    }
  }

  private static func isClosing(_ text: ArraySlice<UInt8>) -> Bool {
    isFence(text, "-") || isFence(text, ".")
  }

  /// Whether `text` is three `character`s followed by nothing but spaces and tabs.
  private static func isFence(_ text: ArraySlice<UInt8>, _ character: Unicode.Scalar) -> Bool {
    let mark = UInt8(ascii: character)
    guard text.count >= 3, text.prefix(3).allSatisfy({ $0 == mark }) else { return false }
    return text.dropFirst(3).allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  /// The line starting at `start`, without its line end, and where the next one starts;
  /// nil when the line has not ended yet.
  private static func line(in bytes: [UInt8], from start: Int) -> (Range<Int>, Int)? {
    var index = start
    while index < bytes.count {
      switch bytes[index] {
      case 0x0A:
        return (start..<index, index + 1)
      case 0x0D:
        guard index + 1 < bytes.count else { return nil }
        return (start..<index, bytes[index + 1] == 0x0A ? index + 2 : index + 1)
      default:
        index += 1
      }
    }
    return nil
  }
}
