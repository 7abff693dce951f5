/// Text a program wrote for a terminal, read as the terminal would show it: its SGR
/// escape sequences (`ESC [ 31 m`) become styles over the text they colour, and every
/// other escape sequence (cursor moves, erasures, titles, hyperlinks) is left out, so that
/// what remains is the text alone and nothing in it can act on a terminal.
///
/// A reader keeps the style from one line to the next, as a terminal does: a program that
/// turns red on before a line end is still red on the next line.
public struct ANSIText: Sendable {
  /// A part of a line's text in one style other than plain: its UTF-8 offsets.
  public struct Run: Equatable, Sendable {
    public let range: Range<Int>
    public let style: TextStyle
  }

  /// The style in force where the last line read ended.
  private(set) var style = TextStyle.plain

  public init() {}

  /// Whether a style is in force, which the next line starts in.
  var isStyled: Bool { style != .plain }

  /// ESC, which starts every escape sequence.
  static let escape: UInt8 = 0x1B

  /// Whether `bytes` hold an escape sequence's start.
  static func hasEscape(_ bytes: some Sequence<UInt8>) -> Bool {
    bytes.contains(escape)
  }

  /// `line` (no line end in it) without its escape sequences, and the runs of it that are
  /// styled.
  public mutating func read<Bytes: RandomAccessCollection<UInt8>>(
    _ line: Bytes
  ) -> (text: String, runs: [Run]) where Bytes.Index == Int {
    var text: [UInt8] = []
    text.reserveCapacity(line.count)
    var runs: [Run] = []
    var runStart = 0
    var index = line.startIndex
    while index < line.endIndex {
      let byte = line[index]
      guard byte == ANSIText.escape else {
        text.append(byte)
        index += 1
        continue
      }
      let (end, parameters) = ANSIText.sequence(in: line, at: index)
      index = end
      guard let parameters else { continue }
      let styled = ANSIText.applying(parameters, to: style)
      guard styled != style else { continue }
      if text.count > runStart, style != .plain {
        runs.append(Run(range: runStart..<text.count, style: style))
      }
      runStart = text.count
      style = styled
    }
    if text.count > runStart, style != .plain {
      runs.append(Run(range: runStart..<text.count, style: style))
    }
    return (String(decoding: text, as: UTF8.self), runs)
  }

  /// `line` without its escape sequences and without styles.
  public static func plain(_ line: String) -> String {
    guard hasEscape(line.utf8) else { return line }
    var reader = ANSIText()
    return reader.read(Array(line.utf8)).text
  }

  /// The escape sequence starting at `start` (an ESC), as ECMA-48 shapes them: where it
  /// ends, and its parameters when it is an SGR sequence (`ESC [ … m`). A sequence cut
  /// short, by the line's end or by a byte no sequence holds, ends where it was cut, and
  /// that byte is text again.
  private static func sequence<Bytes: RandomAccessCollection<UInt8>>(
    in line: Bytes, at start: Int
  ) -> (end: Int, parameters: [Int]?) where Bytes.Index == Int {
    var index = start + 1
    guard index < line.endIndex else { return (index, nil) }
    let kind = line[index]
    index += 1
    switch kind {
    case UInt8(ascii: "["):
      // A control sequence: parameter bytes, intermediate bytes, one final byte.
      let parametersStart = index
      while index < line.endIndex, (0x30...0x3F).contains(line[index]) { index += 1 }
      let parametersEnd = index
      while index < line.endIndex, (0x20...0x2F).contains(line[index]) { index += 1 }
      guard index < line.endIndex, (0x40...0x7E).contains(line[index]) else { return (index, nil) }
      let final = line[index]
      guard final == UInt8(ascii: "m"), parametersEnd == index else { return (index + 1, nil) }
      return (index + 1, sgrParameters(line[parametersStart..<parametersEnd]))
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"),
      UInt8(ascii: "_"):
      // A string (an operating system command, a device control string…): up to BEL or
      // ESC \, or the line's end.
      while index < line.endIndex {
        if line[index] == 0x07 { return (index + 1, nil) }
        if line[index] == escape {
          let after = index + 1
          return (
            after < line.endIndex && line[after] == UInt8(ascii: "\\") ? after + 1 : after, nil
          )
        }
        index += 1
      }
      return (index, nil)
    case 0x20...0x2F:
      // Intermediate bytes, then a final byte.
      while index < line.endIndex, (0x20...0x2F).contains(line[index]) { index += 1 }
      guard index < line.endIndex, (0x30...0x7E).contains(line[index]) else { return (index, nil) }
      return (index + 1, nil)
    case 0x30...0x7E:
      return (index, nil)
    default:
      // Not a sequence: the byte after ESC is text.
      return (index - 1, nil)
    }
  }

  /// The numbers of an SGR sequence's parameters, `;` or `:` between them; an empty one is
  /// 0, as is an empty list.
  private static func sgrParameters(_ bytes: some Collection<UInt8>) -> [Int] {
    var numbers: [Int] = []
    var current = 0
    for byte in bytes {
      if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") {
        numbers.append(current)
        current = 0
      } else if (0x30...0x39).contains(byte) {
        current = min(current * 10 + Int(byte - 0x30), 1_000_000)
      }
    }
    numbers.append(current)
    return numbers
  }

  /// `style` with an SGR sequence's `parameters` applied. Backgrounds are left out, as the
  /// text is shown on the page's or terminal's own; colours beyond the eight and their
  /// bright variants are shown as the nearest of those where they are one of the 16, and
  /// as the default otherwise.
  static func applying(_ parameters: [Int], to style: TextStyle) -> TextStyle {
    var style = style
    var index = 0
    while index < parameters.count {
      let code = parameters[index]
      index += 1
      switch code {
      case 0: style = .plain
      case 1: style.bold = true
      case 2: style.dim = true
      case 3: style.italic = true
      case 4: style.underline = true
      case 7: style.inverse = true
      case 9: style.strikethrough = true
      case 22:
        style.bold = false
        style.dim = false
      case 23: style.italic = false
      case 24: style.underline = false
      case 27: style.inverse = false
      case 29: style.strikethrough = false
      case 30...37:
        style.foreground = TextStyle.Color(rawValue: code - 30)
        style.bright = false
      case 39:
        style.foreground = nil
        style.bright = false
      case 90...97:
        style.foreground = TextStyle.Color(rawValue: code - 90)
        style.bright = true
      case 38, 48:
        // An extended colour: `5;n` of 256, or `2;r;g;b`.
        let kind = index < parameters.count ? parameters[index] : 0
        let length = kind == 5 ? 2 : kind == 2 ? 4 : 1
        if code == 38 {
          if kind == 5, index + 1 < parameters.count, parameters[index + 1] < 16 {
            let colour = parameters[index + 1]
            style.foreground = TextStyle.Color(rawValue: colour % 8)
            style.bright = colour >= 8
          } else {
            style.foreground = nil
            style.bright = false
          }
        }
        index += length
      default: break
      }
    }
    return style
  }
}
