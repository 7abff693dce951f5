/// Inline text in styled pieces, as a paragraph is before it is broken into lines: the
/// words of the pieces are laid out by `lines(width:)`, a line end in a piece is a hard
/// break, and runs of spaces are one space.
struct StyledText {
  typealias Piece = (text: String, style: TextStyle)

  private(set) var pieces: [Piece] = []

  /// Adds `text`, joined to the last piece when it has the same style.
  mutating func append(_ text: String, _ style: TextStyle = .plain) {
    guard !text.isEmpty else { return }
    if let last = pieces.indices.last, pieces[last].style == style {
      pieces[last].text += text
    } else {
      pieces.append((text, style))
    }
  }

  mutating func append(_ other: StyledText) {
    for piece in other.pieces { append(piece.text, piece.style) }
  }

  /// A hard line break.
  mutating func breakLine() {
    append("\n", pieces.last?.style.unlinked ?? .plain)
  }

  /// Whether it holds nothing but white space.
  var isBlank: Bool {
    pieces.allSatisfy { $0.text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 } }
  }

  /// Its text without styles.
  var plain: String { pieces.map(\.text).joined() }

  /// Whether its last character is white space, or it is empty.
  var endsInSpace: Bool {
    guard let last = pieces.last?.text.utf8.last else { return true }
    return last == 0x20 || last == 0x0A || last == 0x09
  }

  /// The columns it takes on one line, spaces collapsed and breaks ignored.
  var columns: Int { lines(width: nil).map(\.columns).max() ?? 0 }

  /// The text broken into lines of at most `width` columns (any length when nil), at
  /// spaces; a word wider than a whole line is cut between its characters. Runs of spaces
  /// are one, and spaces that end a line are dropped.
  ///
  /// The pieces are read as bytes, a word's parts cut from them as they are: most of a
  /// document's text is ASCII, each byte a column.
  func lines(width: Int?) -> [StyledLine] {
    var breaker = LineBreaker(width: width)
    for piece in pieces {
      var text = piece.text
      text.withUTF8 { bytes in
        var start = 0
        for index in 0..<bytes.count {
          let byte = bytes[index]
          guard byte == 0x20 || byte == 0x0A || byte == 0x09 else { continue }
          if start < index {
            breaker.addPart(UnsafeBufferPointer(rebasing: bytes[start..<index]), piece.style)
          }
          breaker.endWord()
          if byte == 0x0A { breaker.breakLine() } else { breaker.addSpace(piece.style) }
          start = index + 1
        }
        if start < bytes.count {
          breaker.addPart(UnsafeBufferPointer(rebasing: bytes[start...]), piece.style)
        }
      }
    }
    breaker.endWord()
    breaker.breakLine()
    return breaker.lines
  }
}

/// Lays words out on lines, as `StyledText.lines(width:)` reads them.
private struct LineBreaker {
  let width: Int?
  var lines: [StyledLine] = []
  private var line = StyledLine()
  private var space: TextStyle? = nil
  /// The parts of the word being read, which may span pieces, and its columns.
  private var word: [(text: String, style: TextStyle, columns: Int)] = []
  private var wordColumns = 0

  init(width: Int?) {
    self.width = width
  }

  mutating func addPart(_ bytes: UnsafeBufferPointer<UInt8>, _ style: TextStyle) {
    let text = String(decoding: bytes, as: UTF8.self)
    let columns =
      bytes.allSatisfy({ $0 < 0x80 }) ? bytes.count : DisplayWidth.columns(of: text)
    word.append((text, style, columns))
    wordColumns += columns
  }

  mutating func addSpace(_ style: TextStyle) {
    if line.columns > 0 || !word.isEmpty { space = space ?? style }
  }

  mutating func breakLine() {
    lines.append(line)
    line = StyledLine()
    space = nil
  }

  /// Puts the word read on the line, or on the next when it does not fit.
  mutating func endWord() {
    guard !word.isEmpty else { return }
    defer {
      word.removeAll(keepingCapacity: true)
      wordColumns = 0
    }
    let gap = space == nil ? 0 : 1
    if let width, line.columns > 0, line.columns + gap + wordColumns > width {
      lines.append(line)
      line = StyledLine()
      space = nil
    }
    if let style = space, line.columns > 0 { line.append(" ", style, columns: 1) }
    space = nil
    guard let width, line.columns + wordColumns > width else {
      for part in word { line.append(part.text, part.style, columns: part.columns) }
      return
    }
    // Wider than a whole line: cut between its characters.
    for part in word {
      for character in part.text {
        let wide = DisplayWidth.columns(of: character)
        if line.columns > 0, line.columns + wide > width {
          lines.append(line)
          line = StyledLine()
        }
        line.append(String(character), part.style, columns: wide)
      }
    }
  }
}

/// One line of laid-out text: styled pieces and the columns they take.
struct StyledLine {
  private(set) var pieces: [StyledText.Piece] = []
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

  mutating func append(_ other: StyledLine) {
    for piece in other.pieces { append(piece.text, piece.style) }
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
