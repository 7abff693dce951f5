/// Inline text in styled pieces, as a paragraph is before it is broken into lines: the
/// words of the pieces are laid out by `lines(width:)` into `DrawnLine`s, a line end in a
/// piece is a hard break, and runs of spaces are one space.
struct InlineText {
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

  mutating func append(_ other: InlineText) {
    for piece in other.pieces { append(piece.text, piece.style) }
  }

  /// A hard line break.
  mutating func breakLine() {
    append("\n", pieces.last?.style.unlinked ?? .plain)
  }

  /// The text with `change` made to every piece's style.
  func restyled(_ change: (inout TextStyle) -> Void) -> InlineText {
    var changed = InlineText()
    for piece in pieces {
      var style = piece.style
      change(&style)
      changed.append(piece.text, style)
    }
    return changed
  }

  /// Drops the line break that ends it, if one does.
  mutating func dropFinalBreak() {
    guard let last = pieces.indices.last, pieces[last].text.utf8.last == 0x0A else { return }
    pieces[last].text.removeLast()
    if pieces[last].text.isEmpty { pieces.removeLast() }
  }

  /// Drops the spaces that end it.
  mutating func dropFinalSpaces() {
    while let last = pieces.indices.last, pieces[last].text.utf8.last == 0x20 {
      pieces[last].text.removeLast()
      if pieces[last].text.isEmpty { pieces.removeLast() }
    }
  }

  /// Whether its last character is a line break.
  var endsInBreak: Bool { pieces.last?.text.utf8.last == 0x0A }

  /// Whether it holds nothing but white space.
  var isBlank: Bool {
    pieces.allSatisfy { $0.text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 } }
  }

  /// Whether its last character is white space, or it is empty.
  var endsInSpace: Bool {
    guard let last = pieces.last?.text.utf8.last else { return true }
    return last == 0x20 || last == 0x0A || last == 0x09
  }

  /// The text broken into lines of at most `width` columns (any length when nil), at
  /// spaces; a word wider than a whole line is cut between its characters. Runs of spaces
  /// are one, and spaces that end a line are dropped.
  ///
  /// The pieces are read as bytes, a word's parts cut from them as they are: most of a
  /// document's text is ASCII, each byte a column (`-DPLAIN_DRAWASCII` measures every
  /// word as a String, and breaks a line of printable ASCII that fits as any other;
  /// bench/tricks.md says what this gains).
  func lines(width: Int?) -> [DrawnLine] {
    #if !PLAIN_DRAWASCII
      if pieces.count == 1, let line = InlineText.oneLine(pieces[0], width: width) {
        return [line]
      }
    #endif
    var breaker = LineBreaker(width: width)
    for piece in pieces {
      var text = piece.text
      text.withUTF8 { bytes in
        breaker.start(bytes, piece.style)
        var index = 0
        while index < bytes.count {
          let byte = bytes[index]
          if byte == 0x20 || byte == 0x09 {
            breaker.endWord()
            breaker.addSpace(piece.style)
            index += 1
            continue
          }
          if byte == 0x0A {
            breaker.endWord()
            breaker.breakLine()
            index += 1
            continue
          }
          var end = index + 1
          while end < bytes.count, bytes[end] != 0x20, bytes[end] != 0x0A, bytes[end] != 0x09 {
            end += 1
          }
          // A word that reaches the end of the piece may go on in the next one.
          if end == bytes.count || breaker.holdsPart {
            breaker.addPart(UnsafeBufferPointer(rebasing: bytes[index..<end]), piece.style)
            if end < bytes.count { breaker.endWord() }
          } else {
            breaker.addWord(index..<end)
          }
          index = end
        }
        breaker.finishPiece()
      }
    }
    breaker.endWord()
    breaker.breakLine()
    guard breaker.keptTogether else { return breaker.lines }
    // No-break spaces keep words together while lines are broken; they show as spaces.
    return breaker.lines.map { line in
      var spaced = DrawnLine()
      for piece in line.pieces {
        spaced.append(piece.text.replacing("\u{A0}", with: " "), piece.style)
      }
      return spaced
    }
  }
}

extension InlineText {
  /// `piece` as the one line it takes, when it is printable ASCII that fits in `width`,
  /// with no space at either end and no two together: a table cell's or a short item's
  /// text, which needs no breaking.
  fileprivate static func oneLine(_ piece: Piece, width: Int?) -> DrawnLine? {
    let utf8 = piece.text.utf8
    guard let first = utf8.first, let last = utf8.last, first != 0x20, last != 0x20,
      width.map({ utf8.count <= $0 }) ?? true
    else { return nil }
    var previous: UInt8 = 0
    for byte in utf8 {
      guard byte >= 0x20, byte < 0x7F, !(byte == 0x20 && previous == 0x20) else { return nil }
      previous = byte
    }
    var line = DrawnLine()
    line.append(piece.text, piece.style, columns: utf8.count)
    return line
  }
}

/// Lays words out on lines, as `InlineText.lines(width:)` reads them. The words of one
/// piece that go on one line, one space between each, are kept as a run of the piece's
/// bytes, and become one part of the line when the run ends.
private struct LineBreaker {
  let width: Int?
  var lines: [DrawnLine] = []
  private var line = DrawnLine()
  private var space: TextStyle? = nil
  /// The parts of a word that may span pieces, and its columns.
  private var word: [(text: String, style: TextStyle, columns: Int)] = []
  private var wordColumns = 0
  /// The piece being read, and the bytes of it placed on the line and not yet added.
  private var piece = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
  private var style = TextStyle.plain
  private var run: (range: Range<Int>, columns: Int)? = nil

  init(width: Int?) {
    self.width = width
  }

  /// The columns of the line so far, the run included.
  private var columns: Int { line.columns + (run?.columns ?? 0) }

  /// Whether a word is being read in parts.
  var holdsPart: Bool { !word.isEmpty }

  mutating func start(_ bytes: UnsafeBufferPointer<UInt8>, _ style: TextStyle) {
    piece = bytes
    self.style = style
  }

  /// Adds the run to the line: the piece's bytes are read only while it is being read.
  mutating func finishPiece() {
    addRun()
    piece = UnsafeBufferPointer(start: nil, count: 0)
  }

  private mutating func addRun() {
    guard let placed = run else { return }
    run = nil
    let text = String(decoding: UnsafeBufferPointer(rebasing: piece[placed.range]), as: UTF8.self)
    line.append(text, style, columns: placed.columns)
  }

  /// Whether a no-break space was read.
  private(set) var keptTogether = false

  private mutating func columns(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
    #if !PLAIN_DRAWASCII
      if bytes.allSatisfy({ $0 < 0x80 }) { return bytes.count }
    #endif
    if !keptTogether {
      keptTogether = zip(bytes, bytes.dropFirst()).contains { $0 == 0xC2 && $1 == 0xA0 }
    }
    return DisplayWidth.columns(of: String(decoding: bytes, as: UTF8.self))
  }

  /// A whole word of the piece being read, at `range` of its bytes.
  mutating func addWord(_ range: Range<Int>) {
    let bytes = UnsafeBufferPointer(rebasing: piece[range])
    let wide = columns(of: bytes)
    var gap = space != nil && columns > 0
    if let width, columns > 0, columns + (gap ? 1 : 0) + wide > width {
      addRun()
      lines.append(line)
      line = DrawnLine()
      gap = false
    }
    if let width, wide > width {
      // Wider than a whole line: cut as a word of parts is.
      addRun()
      word.append((String(decoding: bytes, as: UTF8.self), style, wide))
      wordColumns = wide
      if !gap { space = nil }
      endWord()
      return
    }
    if gap, let placed = run, placed.range.upperBound + 1 == range.lowerBound,
      piece[placed.range.upperBound] == 0x20, space == style
    {
      run = (placed.range.lowerBound..<range.upperBound, placed.columns + 1 + wide)
    } else {
      addRun()
      if gap, let spaceStyle = space { line.append(" ", spaceStyle, columns: 1) }
      run = (range, wide)
    }
    space = nil
  }

  mutating func addPart(_ bytes: UnsafeBufferPointer<UInt8>, _ style: TextStyle) {
    let wide = columns(of: bytes)
    word.append((String(decoding: bytes, as: UTF8.self), style, wide))
    wordColumns += wide
  }

  mutating func addSpace(_ style: TextStyle) {
    if columns > 0 { space = space ?? style }
  }

  mutating func breakLine() {
    addRun()
    lines.append(line)
    line = DrawnLine()
    space = nil
  }

  /// Puts the word read in parts on the line, or on the next when it does not fit.
  mutating func endWord() {
    guard !word.isEmpty else { return }
    addRun()
    defer {
      word.removeAll(keepingCapacity: true)
      wordColumns = 0
    }
    let gap = space == nil ? 0 : 1
    if let width, line.columns > 0, line.columns + gap + wordColumns > width {
      lines.append(line)
      line = DrawnLine()
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
          line = DrawnLine()
        }
        line.append(String(character), part.style, columns: wide)
      }
    }
  }
}
