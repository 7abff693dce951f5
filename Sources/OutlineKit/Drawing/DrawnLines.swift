/// The lines of drawn blocks, as they are laid out: each line starts with the marks of
/// the blocks it is in (a quote's bar, a list item's marker, then the indent under it),
/// and text is broken to fit what the marks leave of the width.
struct DrawnLines {
  /// The columns a line may take, marks included; nil for no limit.
  let width: Int?
  /// Whether to draw with ASCII only.
  let ascii: Bool
  /// Whether links are written as hyperlinks, rather than with their URL after them.
  let hyperlinks: Bool
  /// Whether styles are shown: without them, struck-through text keeps its `~~`, as its
  /// meaning is in them.
  var colors = true
  private(set) var lines: [DrawnLine] = []

  /// The marks of one block a line is in: the first line's and the others'; and, for a
  /// fold's content, the line of its summary.
  private struct Marks {
    var first: DrawnLine?
    let rest: DrawnLine
    var fold: (summary: Int, marker: Int)? = nil
  }

  /// A `<details>`: the line of its summary, where its marker is on that line (in Unicode
  /// scalars), and the end of the lines it holds, which follow the summary's.
  struct Fold: Equatable, Sendable {
    let summary: Int
    let marker: Int
    let end: Int
  }

  /// The folds drawn, in the order they end.
  private(set) var folds: [Fold] = []
  /// How many Unicode scalars of marks the last line added starts with.
  private var lastMarks = 0
  private var marks: [Marks] = []
  /// Blocks entered beyond `deepestMarks`, which add no marks of their own.
  private var unmarked = 0
  private var markColumns = 0

  /// Nesting deeper than this is drawn at this depth, so that lines stay within the width
  /// and the output linear in the input.
  static let deepestMarks = 24
  /// The fewest columns text is given, however deep it is nested, unless the width is
  /// narrower still; what does not fit is cut where the line is written.
  static let narrowest = 10

  init(width: Int?, ascii: Bool, hyperlinks: Bool) {
    self.width = width
    self.ascii = ascii
    self.hyperlinks = hyperlinks
  }

  /// The columns text may take within the marks; nil for no limit.
  var available: Int? {
    width.map { max($0 - markColumns, min($0, DrawnLines.narrowest)) }
  }

  /// Starts a block whose lines begin with `first` (the first line) and `rest` (the
  /// others), inside the marks already there; with no `first`, all begin with `rest`.
  /// With `fold`, the block is the content of a fold whose summary starts on that line,
  /// its marker after the marks the line starts with (`firstOfLastText`).
  mutating func enter(
    first: DrawnLine?, rest: DrawnLine, fold: (summary: Int, marker: Int)? = nil
  ) {
    // A blank line asked for before the block goes outside it.
    writePendingBlank()
    guard marks.count < DrawnLines.deepestMarks else {
      unmarked += 1
      return
    }
    marks.append(Marks(first: first, rest: rest, fold: fold))
    markColumns += max(first?.columns ?? 0, rest.columns)
  }

  /// Ends the block entered last; its first line's marks are written on a line of their
  /// own when it had no line, as an empty list item has.
  mutating func leave() {
    if unmarked > 0 {
      unmarked -= 1
      return
    }
    if marks.last?.first != nil { add(DrawnLine()) }
    guard let last = marks.popLast() else { return }
    if let fold = last.fold {
      folds.append(Fold(summary: fold.summary, marker: fold.marker, end: lines.count))
    }
    markColumns -= max(last.first?.columns ?? 0, last.rest.columns)
  }

  /// Adds `line` after the marks of the blocks it is in.
  mutating func add(_ line: DrawnLine) {
    var marked = nextMarks()
    marked.append(line)
    lines.append(marked)
  }

  /// The marks the next line starts with: each block's first line's marks, once, else
  /// the marks that go down its side.
  private mutating func nextMarks() -> DrawnLine {
    writePendingBlank()
    var marked = DrawnLine()
    for index in marks.indices {
      if let first = marks[index].first {
        marked.append(first)
        marks[index].first = nil
      } else {
        marked.append(marks[index].rest)
      }
    }
    lastMarks = marked.pieces.reduce(0) { $0 + $1.text.unicodeScalars.count }
    return marked
  }

  /// Adds `text` broken to the width, each line moved right as `alignment` asks, within
  /// the text's widest line (`fitToText`).
  mutating func add(_ text: InlineText, alignment: Alignment = .left) {
    firstOfLastText = nil
    for line in text.lines(width: available) {
      if alignment != .left, let available, line.columns > 0 {
        let marked = nextMarks()
        spanning.append(
          Spanning(
            line: lines.count, marks: marked, content: line, alignment: alignment, room: available))
        var placed = marked
        placed.append(line)
        lines.append(placed)
      } else {
        add(line)
      }
      if firstOfLastText == nil { firstOfLastText = (lines.count - 1, lastMarks) }
    }
  }

  /// Adds a thematic break: a line across the text's widest line (`fitToText`), or
  /// `ruleColumns` long when there is no width.
  mutating func addRule() {
    guard let available else {
      add(
        DrawnLine(
          String(repeating: ascii ? "-" : "─", count: DrawnLines.ruleColumns), .annotation))
      return
    }
    let marked = nextMarks()
    spanning.append(
      Spanning(line: lines.count, marks: marked, content: nil, alignment: .left, room: available))
    lines.append(marked)
  }

  /// A line whose length depends on the text around it: a rule (no `content`), or a
  /// line moved right.
  private struct Spanning {
    let line: Int
    let marks: DrawnLine
    let content: DrawnLine?
    let alignment: Alignment
    /// The columns the line could take within its marks.
    let room: Int
  }

  private var spanning: [Spanning] = []

  /// Lays out the rules and the lines moved right within the widest line of the text, or
  /// `screenColumns` if it is narrower, rather than across the whole width: a large
  /// `--width` adds no spaces or rule beyond what the text takes.
  mutating func fitToText() {
    guard !spanning.isEmpty else { return }
    var widest = 0
    var next = 0
    for index in lines.indices {
      if next < spanning.count, spanning[next].line == index {
        let span = spanning[next]
        widest = max(widest, span.marks.columns + (span.content?.columns ?? 0))
        next += 1
      } else {
        widest = max(widest, lines[index].columns)
      }
    }
    // A narrow text still takes a terminal's usual width: a README's centred logo, alone
    // in its run, stands in the middle of the screen.
    let across = max(widest, DrawnLines.screenColumns)
    for span in spanning {
      var line = span.marks
      let room = min(span.room, max(across - span.marks.columns, 0))
      if let content = span.content {
        let spaces = max(room - content.columns, 0)
        line.pad(span.alignment == .center ? spaces / 2 : spaces)
        line.append(content)
      } else {
        line.append(String(repeating: ascii ? "-" : "─", count: room), .annotation)
      }
      lines[span.line] = line
    }
    spanning = []
  }

  /// The first line of the text added last, and how many Unicode scalars of marks it
  /// starts with.
  private(set) var firstOfLastText: (line: Int, marks: Int)?

  /// Puts an empty line before the next line added, if any is: it shows only the marks
  /// that go down the side, such as a quote's bar.
  mutating func addBlank() {
    if !lines.isEmpty { blankPending = true }
  }

  private var blankPending = false

  private mutating func writePendingBlank() {
    guard blankPending else { return }
    blankPending = false
    var marked = DrawnLine()
    for mark in marks { marked.append(mark.rest) }
    // Spaces at the end of a line are not drawn.
    var trimmed = DrawnLine()
    let pieces = marked.pieces
    if let last = pieces.lastIndex(where: { !$0.text.allSatisfy { $0 == " " } }) {
      for (index, piece) in pieces[...last].enumerated() {
        var text = piece.text
        if index == last { while text.last == " " { text.removeLast() } }
        trimmed.append(text, piece.style)
      }
    }
    lines.append(trimmed)
  }

  /// The lines as one text, with a line break between them, or a space when not
  /// `breaking`; empty lines are left out.
  func joined(breaking: Bool) -> InlineText {
    var text = InlineText()
    for line in lines where line.columns > 0 {
      if !text.pieces.isEmpty {
        if breaking { text.breakLine() } else { text.append(" ") }
      }
      for piece in line.pieces { text.append(piece.text, piece.style) }
    }
    return text
  }

  /// The URL a link to `url` is written as a hyperlink to, when it is one: only an
  /// absolute URL of a scheme a terminal may open (`TerminalText.opensAsHyperlink`); a
  /// relative path or a `file:` URL is shown after its text instead, and an `#anchor` not
  /// at all.
  func hyperlink(to url: String) -> String? {
    hyperlinks && TerminalText.opensAsHyperlink(url) ? url : nil
  }

  /// The length of a rule when lines have no width.
  static let ruleColumns = 40
  /// The columns rules and centred lines are laid across when the text is narrower and
  /// the width allows: a terminal's usual width.
  static let screenColumns = 80

  /// How a line of text sits between the marks and the width.
  enum Alignment {
    case left, center, right
  }
}
