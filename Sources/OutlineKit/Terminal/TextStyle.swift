/// How a piece of terminal text looks: bold, dim, a colour; written as an SGR escape
/// sequence (`ESC [ … m`) that `TerminalLine` resets at the end of the piece.
public struct TextStyle: Equatable, Sendable {
  /// One of the eight colours every terminal has, which follow its light or dark theme.
  public enum Color: Int, Sendable {
    case black, red, green, yellow, blue, magenta, cyan, white
  }

  public var bold = false
  public var dim = false
  public var foreground: Color?
  /// The foreground in the bright variant of its colour (SGR 90–97), as programs write
  /// grey, bright black, for what matters less.
  public var bright = false
  /// Foreground and background swapped, as a cursor or a status bar shows.
  public var inverse = false
  public var italic = false
  public var underline = false
  public var strikethrough = false
  /// On a grey background, as code is set apart; grey, the bright black of the eight
  /// colours, reads under a light theme's text and a dark one's.
  public var shaded = false
  /// The URL the text links to, written as an OSC 8 hyperlink where lines are written
  /// with them (`TerminalLine.Format.hyperlinks`).
  public var link: String?

  public init(
    bold: Bool = false, dim: Bool = false, foreground: Color? = nil, inverse: Bool = false,
    italic: Bool = false, underline: Bool = false, strikethrough: Bool = false,
    shaded: Bool = false, link: String? = nil
  ) {
    self.bold = bold
    self.dim = dim
    self.foreground = foreground
    self.inverse = inverse
    self.italic = italic
    self.underline = underline
    self.strikethrough = strikethrough
    self.shaded = shaded
    self.link = link
  }

  /// Text as it is.
  public static let plain = TextStyle()
  /// A section's title.
  public static let title = TextStyle(bold: true)
  /// What is not the document's own text: what a collapsed section hides, the ellipsis of
  /// a cut line, a depth tag.
  public static let annotation = TextStyle(dim: true)

  /// The colours that mark successive depths, chosen to read on dark and light themes
  /// alike (no blue, which is faint on black, and no white or black).
  public static let depthColors: [Color] = [.cyan, .magenta, .green, .yellow]

  /// The style of the `▾`/`▸` marker of a section `depth` levels deep: dim, in a colour
  /// that cycles with the depth so that the eye can follow a level down the page.
  public static func marker(depth: Int) -> TextStyle {
    TextStyle(dim: true, foreground: depthColors[depth % depthColors.count])
  }

  /// The style without its link.
  var unlinked: TextStyle {
    var style = self
    style.link = nil
    return style
  }

  /// The escape sequence that turns the style on; empty for plain text.
  public var escapeSequence: String {
    var codes: [String] = []
    if bold { codes.append("1") }
    if dim { codes.append("2") }
    if italic { codes.append("3") }
    if underline { codes.append("4") }
    if inverse { codes.append("7") }
    if strikethrough { codes.append("9") }
    if let foreground { codes.append(String((bright ? 90 : 30) + foreground.rawValue)) }
    if shaded { codes.append("100") }
    return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  /// The escape sequence that turns every style off.
  public static let reset = "\u{1B}[0m"
}
