/// One line as drawing lays it out: styled pieces, joined when their styles are the same,
/// and the columns they take, counted as they are added; drawing makes it within the
/// width, breaking `InlineText` or adding pieces it measured. It is written as a
/// `TerminalLine`, which fits it to the terminal's width.
struct DrawnLine {
  private(set) var pieces: [InlineText.Piece] = []
  private(set) var columns = 0

  init() {}

  init(_ text: String, _ style: TextStyle = .plain) {
    append(text, style)
  }

  mutating func append(_ text: String, _ style: TextStyle = .plain, columns: Int? = nil) {
    guard !text.isEmpty else { return }
    self.columns += columns ?? DisplayWidth.columns(of: text)
    if let last = pieces.indices.last, pieces[last].style == style {
      pieces[last].text += text
    } else {
      pieces.append((text, style))
    }
  }

  mutating func append(_ other: DrawnLine) {
    guard !other.pieces.isEmpty else { return }
    if pieces.isEmpty {
      self = other
      return
    }
    columns += other.columns
    var rest = other.pieces[...]
    if let last = pieces.indices.last, let first = rest.first, pieces[last].style == first.style {
      pieces[last].text += first.text
      rest = rest.dropFirst()
    }
    pieces.append(contentsOf: rest)
  }

  /// Drops the spaces that end the line.
  mutating func trimTrailingSpaces() {
    while var last = pieces.last, last.text.utf8.last == 0x20 {
      pieces.removeLast()
      var dropped = 0
      while last.text.utf8.last == 0x20 {
        last.text.removeLast()
        dropped += 1
      }
      columns -= dropped
      if !last.text.isEmpty {
        pieces.append(last)
        return
      }
    }
  }

  /// `count` spaces in `style`.
  mutating func pad(_ count: Int, _ style: TextStyle = .plain) {
    if count > 0 { append(String(repeating: " ", count: count), style, columns: count) }
  }
}

extension TerminalLine {
  /// Adds the pieces of a drawn line, each in its style.
  mutating func append(_ line: DrawnLine) {
    for piece in line.pieces { append(piece.text, style: piece.style) }
  }
}
