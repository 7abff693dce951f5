/// One line of terminal output made of styled pieces, fitted to a width: cut at a
/// grapheme boundary with an ellipsis when it is too wide, coloured only when asked,
/// and never leaving a style on past its end.
///
/// Writers build one per line; an interactive view can build the same lines and draw
/// them at its own width. Drawn Markdown's lines (`DrawnLine`) become these to be
/// written.
public struct TerminalLine: Sendable {
  /// How lines are drawn.
  public struct Format: Equatable, Sendable {
    /// The columns a line may take; nil for no limit.
    public var width: Int?
    /// Whether styles are written as escape sequences.
    public var colors: Bool
    /// Whether the ellipsis is `...` rather than `…`, so that no byte above 127 is added.
    public var ascii: Bool
    /// Whether the whole line is in inverse video, as the line under a cursor is; this
    /// holds without colours too, since it is no colour.
    public var inverse: Bool
    /// Whether text with a link is written as an OSC 8 hyperlink, which a terminal that
    /// knows them lets the user open; this holds without colours too.
    public var hyperlinks: Bool

    public init(
      width: Int? = nil, colors: Bool = false, ascii: Bool = false, inverse: Bool = false,
      hyperlinks: Bool = false
    ) {
      self.width = width
      self.colors = colors
      self.ascii = ascii
      self.inverse = inverse
      self.hyperlinks = hyperlinks
    }

    /// What ends a cut line.
    var ellipsis: String { ascii ? "..." : "…" }
  }

  /// The pieces of the line in order, each with its style.
  public private(set) var pieces: [(text: String, style: TextStyle)] = []

  public init() {}

  /// Adds `text`, which holds no line end and no control character but tabs. When the
  /// line is fitted to a width, its tabs expand to stops counted from the start of `text`.
  public mutating func append(_ text: String, style: TextStyle = .plain) {
    guard !text.isEmpty else { return }
    pieces.append((text, style))
  }

  /// The columns the line takes when it is fitted to a width, its tabs expanded.
  public var columns: Int {
    pieces.reduce(0) { $0 + DisplayWidth.columns(of: DisplayWidth.expandingTabs($1.text)) }
  }

  /// The line as text to write, without its line end.
  public func rendered(_ format: Format) -> String {
    guard let width = format.width else { return joined(pieces, format) }
    let expanded = pieces.map { (text: DisplayWidth.expandingTabs($0.text), style: $0.style) }
    let columns = expanded.reduce(0) { $0 + DisplayWidth.columns(of: $1.text) }
    if columns <= width { return joined(expanded, format) }

    let ellipsis = format.ellipsis
    var budget = width - ellipsis.count
    guard budget >= 0 else {
      return TerminalLine.styled(String(ellipsis.prefix(width)), .annotation, format)
    }
    var kept: [(text: String, style: TextStyle)] = []
    pieces: for piece in expanded {
      // Printable ASCII is one column a byte, cut without forming graphemes, as
      // `DisplayWidth` counts it (`-DPLAIN_ASCII` forms them; bench/tricks.md says what
      // this gains).
      #if PLAIN_ASCII
        let isPrintableASCII = false
      #else
        let isPrintableASCII = piece.text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
      #endif
      if isPrintableASCII {
        let count = piece.text.utf8.count
        if count > budget {
          let cut = String(decoding: piece.text.utf8.prefix(budget), as: UTF8.self)
          kept.append((cut, piece.style))
          break pieces
        }
        kept.append(piece)
        budget -= count
        continue
      }
      var head = ""
      for character in piece.text {
        let columns = DisplayWidth.columns(of: character)
        if columns > budget {
          kept.append((head, piece.style))
          break pieces
        }
        head.append(character)
        budget -= columns
      }
      kept.append((head, piece.style))
    }
    return joined(kept, format) + TerminalLine.styled(ellipsis, .annotation, format)
  }

  private func joined(_ pieces: [(text: String, style: TextStyle)], _ format: Format) -> String {
    var line = ""
    for piece in pieces { line += TerminalLine.styled(piece.text, piece.style, format) }
    return line
  }

  /// `text` as written in `style` and `format`, with the escape sequences that turn the
  /// style on and off around it; it holds no tab or control character, and is not cut.
  static func styled(_ text: String, _ style: TextStyle, _ format: Format) -> String {
    guard !text.isEmpty else { return text }
    var shown = text
    if format.colors || format.inverse {
      var look = format.colors ? style : .plain
      if format.inverse { look.inverse = true }
      let on = look.escapeSequence
      if !on.isEmpty { shown = on + text + TextStyle.reset }
    }
    if format.hyperlinks, let link = style.link, let target = TerminalText.hyperlinkTarget(link) {
      shown = "\u{1B}]8;;" + target + "\u{1B}\\" + shown + "\u{1B}]8;;\u{1B}\\"
    }
    return shown
  }
}
