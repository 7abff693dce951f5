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

  /// The columns of its widest word: the least a column holding it is without cutting one.
  var widestWord: Int {
    var widest = 0
    for token in tokens() {
      if case .word(_, let columns) = token { widest = max(widest, columns) }
    }
    return widest
  }

  /// The text broken into lines of at most `width` columns (any length when nil), at
  /// spaces; a word wider than a whole line is cut between its characters. Spaces that
  /// end a line are dropped, and so is one that starts a piece of text after a break.
  func lines(width: Int?) -> [StyledLine] {
    var lines: [StyledLine] = []
    var line = StyledLine()
    var space: TextStyle? = nil
    for token in tokens() {
      switch token {
      case .lineBreak:
        lines.append(line)
        line = StyledLine()
        space = nil
      case .space(let style):
        if line.columns > 0 { space = space ?? style }
      case .word(let parts, let columns):
        let gap = space == nil ? 0 : 1
        if let width, line.columns > 0, line.columns + gap + columns > width {
          lines.append(line)
          line = StyledLine()
          space = nil
        }
        if let style = space, line.columns > 0 { line.append(" ", style, columns: 1) }
        space = nil
        if let width, line.columns + columns > width {
          // Wider than the line: cut it between characters.
          for part in parts {
            for character in part.text {
              let wide = DisplayWidth.columns(of: character)
              if line.columns > 0, line.columns + wide > width {
                lines.append(line)
                line = StyledLine()
              }
              line.append(String(character), part.style, columns: wide)
            }
          }
        } else {
          for part in parts { line.append(part.text, part.style, columns: part.columns) }
        }
      }
    }
    lines.append(line)
    return lines
  }

  private enum Token {
    case word([(text: String, style: TextStyle, columns: Int)], columns: Int)
    case space(TextStyle)
    case lineBreak
  }

  /// The words, spaces and breaks of the pieces, in order; a word may span pieces.
  private func tokens() -> [Token] {
    var tokens: [Token] = []
    var word: [(text: String, style: TextStyle, columns: Int)] = []
    var wordColumns = 0
    func endWord() {
      guard !word.isEmpty else { return }
      tokens.append(.word(word, columns: wordColumns))
      word = []
      wordColumns = 0
    }
    for piece in pieces {
      var start = piece.text.utf8.startIndex
      let utf8 = piece.text.utf8
      var index = start
      while index < utf8.endIndex {
        let byte = utf8[index]
        if byte == 0x20 || byte == 0x0A || byte == 0x09 {
          if start < index {
            let text = String(piece.text[start..<index])
            let columns = DisplayWidth.columns(of: text)
            word.append((text, piece.style, columns))
            wordColumns += columns
          }
          endWord()
          tokens.append(byte == 0x0A ? .lineBreak : .space(piece.style))
          start = utf8.index(after: index)
        }
        index = utf8.index(after: index)
      }
      if start < utf8.endIndex {
        let text = String(piece.text[start...])
        let columns = DisplayWidth.columns(of: text)
        word.append((text, piece.style, columns))
        wordColumns += columns
      }
    }
    endWord()
    return tokens
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

  /// `count` spaces in `style`.
  mutating func pad(_ count: Int, _ style: TextStyle = .plain) {
    if count > 0 { append(String(repeating: " ", count: count), style, columns: count) }
  }
}
