/// A content run drawn: its lines, and the `<details>` among them, which a view can fold.
struct DrawnRun {
  var lines: [DrawnLine] = []
  var folds: [DrawnLines.Fold] = []
}

/// A content run's Markdown drawn for a terminal from its frozen tree (`FrozenMarkdown`),
/// as glow and
/// mdcat draw it: emphasis and strong text in italic and bold, code set apart on grey,
/// quotes and GitHub's alerts behind a bar, lists with their markers and task items with
/// ☐ and ☑, tables with box-drawing lines, links with their URL after them (or as
/// hyperlinks), images as their alt text, raw HTML as a browser shows its text, and the
/// footnotes the run refers to at its end. Text is broken to the width; nothing of the
/// text is left out, and none of its control characters reaches the terminal.
struct MarkdownDrawing {
  private var out: DrawnLines
  private let markdown: FrozenMarkdown
  /// The numbers of the footnotes referred to, in the order they are first referred to.
  private var notes: [Int] = []
  private var notesSeen: Set<Int> = []
  /// Whether the inline content `inlineText` drew last held raw HTML.
  private var sawHTML = false
  /// The divisions open around the run's own blocks, which may be aligned: a README's
  /// `<div align="center">` around its logo, badges and links.
  private var divisions = OpenDivisions.none

  /// How the run's own paragraphs are aligned, by the divisions open around them.
  private var alignment: DrawnLines.Alignment {
    switch divisions.alignment {
    case "center": return .center
    case "right": return .right
    default: return .left
    }
  }

  /// The lines of `markdown`, within `width` columns when there is a width, and the folds
  /// among them.
  static func draw(
    _ markdown: FrozenMarkdown, width: Int?, ascii: Bool, hyperlinks: Bool, colors: Bool = true
  ) -> DrawnRun {
    var out = DrawnLines(width: width, ascii: ascii, hyperlinks: hyperlinks)
    out.colors = colors
    var drawing = MarkdownDrawing(out: out, markdown: markdown)
    drawing.divisions = markdown.divisions
    drawing.drawBlocks(of: markdown.blocks)
    drawing.drawNotes()
    drawing.out.fitToText()
    return DrawnRun(lines: drawing.out.lines, folds: drawing.out.folds)
  }

  private init(out: DrawnLines, markdown: FrozenMarkdown) {
    self.out = out
    self.markdown = markdown
  }

  /// What a list entered and not yet left needs to mark its items.
  private struct ListState {
    let tight: Bool
    /// The next item's number; nil for a bulleted list.
    var number: Int?
    let delimiter: String
    /// The columns of the widest number, so that the items' text lines up.
    let numberColumns: Int
    /// How many bulleted lists it is in, which picks its bullet.
    let bulletDepth: Int
  }

  private mutating func drawBlocks(of tree: MarkdownTree) {
    var lists: [ListState] = []
    // The `<details>` that HTML blocks among the top-level ones left open, whose marks the
    // blocks after them are drawn within.
    var openDetails = 0
    defer { for _ in 0..<openDetails { out.leave() } }
    var walk = MarkdownTree.Walk(tree)
    while let step = walk.next() {
      let index = step.index
      let node = tree.entries[index]
      if !step.isEntering {
        switch node.kind {
        case .blockQuote, .alert, .item: out.leave()
        case .list: lists.removeLast()
        default: break
        }
        continue
      }
      if !node.isFirst && !MarkdownDrawing.isTight(index, in: tree) {
        out.addBlank()
      }
      let own = node.parent < 0
      switch node.kind {
      case .paragraph(let html):
        drawParagraph(index, of: tree, html: html, alignment: own ? alignment : .left)
        walk.skipChildren()
      case .heading(let level):
        var text = inlineText(index, of: tree, style: .title)
        if level <= 2 {
          text = text.restyled { $0.underline = true }
        }
        out.add(text)
        walk.skipChildren()
      case .codeBlock(let code, _):
        tree.withBytes(of: code) { drawCode($0) }
      case .thematicBreak:
        out.addRule()
      case .htmlBlock(let html):
        tree.withBytes(of: html) { html in
          if own && openDetails > 0 {
            let closed = HTMLDrawing.detailsClosed(by: html, open: openDetails)
            for _ in 0..<closed { out.leave() }
            openDetails -= closed
          }
          openDetails += HTMLDrawing.add(
            html, to: &out, leavingDetailsOpen: own, alignment: own ? alignment : .left)
          if own && markdown.mentionsAlignment {
            divisions = OpenDivisions.leftOpen(by: html, after: divisions)
          }
        }
      case .blockQuote:
        enter(index, of: tree, first: nil, rest: DrawnLine(out.ascii ? "| " : "│ ", .annotation))
      case .alert(let kind):
        drawAlert(kind, index, of: tree)
      case .list(let list):
        lists.append(MarkdownDrawing.listState(list, index, of: tree, in: lists))
      case .item(let task):
        var marker: String
        if let task {
          let done = task == .done
          marker = out.ascii ? (done ? "[x] " : "[ ] ") : (done ? "☑ " : "☐ ")
        } else if let list = lists.last, let number = list.number {
          let text = "\(number)\(list.delimiter)"
          marker =
            String(repeating: " ", count: max(list.numberColumns - text.count, 0)) + text + " "
          lists[lists.count - 1].number = number + 1
        } else {
          let bullets = out.ascii ? ["*", "-", "+"] : ["•", "◦", "▪"]
          marker = bullets[(lists.last?.bulletDepth ?? 0) % bullets.count] + " "
        }
        let rest = String(repeating: " ", count: DisplayWidth.columns(of: marker))
        enter(index, of: tree, first: DrawnLine(marker, .annotation), rest: DrawnLine(rest))
      case .table(let alignments):
        drawTable(index, of: tree, alignments: tree.alignments(alignments))
        walk.skipChildren()
      case .otherBlock, .tableRow, .tableCell:
        break
      case .text, .code, .html, .softBreak, .lineBreak, .footnoteReference, .emphasis, .strong,
        .strikethrough, .link, .image, .otherInline:
        break
      }
    }
  }

  /// Starts a block whose lines begin with marks; one with no blocks in it is its marks
  /// alone.
  private mutating func enter(
    _ index: Int, of tree: MarkdownTree, first: DrawnLine?, rest: DrawnLine
  ) {
    out.enter(first: first, rest: rest)
    if !tree.hasChildren(index) { out.leave() }
  }

  private static func listState(
    _ list: MarkdownList, _ index: Int, of tree: MarkdownTree, in lists: [ListState]
  ) -> ListState {
    let bulletDepth = lists.filter { $0.number == nil }.count
    guard let start = list.start else {
      return ListState(
        tight: list.isTight, number: nil, delimiter: "", numberColumns: 0,
        bulletDepth: bulletDepth)
    }
    let items = tree.children(of: index).count { _ in true }
    let delimiter = list.parenthesis ? ")" : "."
    let widest = "\(start + max(items - 1, 0))\(delimiter)".count
    return ListState(
      tight: list.isTight, number: start, delimiter: delimiter, numberColumns: widest,
      bulletDepth: bulletDepth)
  }

  /// Whether no blank line goes before the node at `index`: a block of a tight list's
  /// item, or the item itself.
  private static func isTight(_ index: Int, in tree: MarkdownTree) -> Bool {
    var parent = Int(tree.entries[index].parent)
    guard parent >= 0 else { return false }
    if case .item = tree.entries[parent].kind { parent = Int(tree.entries[parent].parent) }
    guard parent >= 0, case .list(let list) = tree.entries[parent].kind else {
      return false
    }
    return list.isTight
  }

  private mutating func drawParagraph(
    _ index: Int, of tree: MarkdownTree, html: MarkdownTree.Span?,
    alignment: DrawnLines.Alignment
  ) {
    let text = inlineText(index, of: tree, style: .plain)
    // Tags among the text: the paragraph is drawn as a browser shows its HTML.
    if sawHTML, let html {
      _ = tree.withBytes(of: html) { HTMLDrawing.add($0, to: &out, alignment: alignment) }
    } else {
      out.add(text, alignment: alignment)
    }
  }

  private mutating func noteReferred(_ literal: String) {
    guard let number = Int(literal) else { return }
    if notesSeen.insert(number).inserted { notes.append(number) }
  }

  /// The inline content of the node at `index` as styled text, in `style` unless it says
  /// otherwise.
  private mutating func inlineText(
    _ index: Int, of tree: MarkdownTree, style base: TextStyle
  ) -> InlineText {
    sawHTML = false
    var text = InlineText()
    var styles: [TextStyle] = [base]
    // The links entered and not left: the URL, the text shown for it, and whether any of
    // that is text rather than an image's.
    var links: [(url: String, shown: String, textual: Bool, linked: Bool)] = []
    var afterImage = false
    var walk = MarkdownTree.Walk(tree, under: index)
    while let step = walk.next() {
      let current = step.index
      let kind = tree.entries[current].kind
      let style = styles[styles.count - 1]
      guard step.isEntering else {
        styles.removeLast()
        if case .strikethrough = kind, !out.colors {
          text.append("~~", style)
        }
        if case .link = kind, let link = links.popLast(), !link.linked {
          if HTMLDrawing.showsURL(link.url, after: link.shown, imageOnly: !link.textual) {
            text.append(" (" + TerminalText.escaped(link.url) + ")", .annotation)
            afterImage = false
          }
        }
        continue
      }
      var inner = style
      switch kind {
      case .text(let span), .code(let span), .html(let span):
        var literal = ""
        if case .html = kind {
          sawHTML = true
        } else {
          literal = tree.string(span)
        }
        if case .code = kind { inner.shaded = true }
        if literal.contains(where: { !$0.isWhitespace }) {
          afterImage = false
          for index in links.indices {
            links[index].textual = true
            links[index].shown += literal
          }
        }
        text.append(TerminalText.escaped(literal), inner)
        continue
      case .softBreak:
        text.append(" ", style.unlinked)
        continue
      case .lineBreak:
        text.breakLine()
        continue
      case .footnoteReference(let span):
        let number = tree.string(span)
        noteReferred(number)
        text.append("[\(number)]", .annotation)
        continue
      case .image(let source):
        let alt = tree.literalText(under: current)
        walk.skipChildren()
        let shown = HTMLDrawing.imageText(alt: alt, source: tree.string(source))
        if afterImage { HTMLDrawing.separateImage(in: &text, ascii: out.ascii) }
        text.append(TerminalText.escaped(shown.text), shown.isAlt ? style : .annotation)
        for index in links.indices { links[index].shown += shown.text }
        afterImage = true
        continue
      case .emphasis: inner.italic = true
      case .strong: inner.bold = true
      case .strikethrough:
        inner.strikethrough = true
        // Without styles, the marks say what the style would.
        if !out.colors && tree.hasChildren(current) { text.append("~~", style) }
      case .link(let span):
        let url = tree.string(span)
        inner.underline = true
        inner.link = out.hyperlink(to: url)
        links.append((url, "", false, inner.link != nil))
      case .otherInline, .paragraph, .heading, .codeBlock, .thematicBreak, .htmlBlock,
        .blockQuote, .alert, .list, .item, .table, .tableRow, .tableCell, .otherBlock:
        break
      }
      // A node with no children is not left: only those with some take a style.
      if tree.hasChildren(current) {
        styles.append(inner)
      } else if case .link = kind, let link = links.popLast(), !link.linked,
        HTMLDrawing.showsURL(link.url, after: "", imageOnly: false)
      {
        text.append("(" + TerminalText.escaped(link.url) + ")", .annotation)
      }
    }
    return text
  }

  /// A code block: its lines as written, indented and on grey, each as wide as the
  /// widest so that the block reads as one; a line wider than the room there is goes on
  /// to the next, cut between characters.
  private mutating func drawCode(_ bytes: UnsafeRawBufferPointer) {
    let indent = "  "
    let room = out.available.map { max($0 - indent.count * 2, 1) }
    // Each piece of a line, and whether it goes on from the one before.
    var pieces: [(text: String, columns: Int, continues: Bool)] = []
    var start = 0
    while start < bytes.count {
      var end = start
      while end < bytes.count, bytes[end] != 0x0A { end += 1 }
      let line = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
      start = end + 1
      // Printable ASCII: a column a byte, cut where the room ends (`-DPLAIN_DRAWASCII`
      // cuts it between graphemes as any other line).
      #if !PLAIN_DRAWASCII
        if line.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
          var from = 0
          repeat {
            let to = room.map { min(from + $0, line.count) } ?? line.count
            pieces.append(
              (String(decoding: line[from..<to], as: UTF8.self), to - from, from > 0))
            from = to
          } while from < line.count
          continue
        }
      #endif
      let text = DisplayWidth.expandingTabs(
        TerminalText.escaped(String(decoding: line, as: UTF8.self)))
      var piece = ""
      var columns = 0
      var continues = false
      for character in text {
        let wide = DisplayWidth.columns(of: character)
        if let room, columns + wide > room, columns > 0 {
          pieces.append((piece, columns, continues))
          piece = ""
          columns = 0
          continues = true
        }
        piece.append(character)
        columns += wide
      }
      pieces.append((piece, columns, continues))
    }
    let widest = pieces.map(\.columns).max() ?? 0
    var code = TextStyle.plain
    code.shaded = true
    // A line too long for the room goes on on the next, marked in the indent, so that
    // it is not read as a line of its own.
    let continuation = out.ascii ? "> " : "↪ "
    for piece in pieces {
      var line = piece.continues ? DrawnLine(continuation, .annotation) : DrawnLine(indent)
      line.append(" " + piece.text, code, columns: piece.columns + 1)
      line.pad(widest - piece.columns + 1, code)
      out.add(line)
    }
  }

  /// A GitHub alert: a bar in the alert's colour down its side, and its title first.
  private mutating func drawAlert(_ kind: AlertKind, _ index: Int, of tree: MarkdownTree) {
    let bar = DrawnLine(out.ascii ? "| " : "│ ", TextStyle(foreground: kind.color))
    out.enter(first: nil, rest: bar)
    out.add(DrawnLine(kind.title, TextStyle(bold: true, foreground: kind.color)))
    if !tree.hasChildren(index) { out.leave() }
  }

  private mutating func drawTable(
    _ index: Int, of tree: MarkdownTree, alignments: [MarkdownBlock.TableAlignment]
  ) {
    var table = DrawnTable()
    table.alignments = alignments.map { alignment in
      switch alignment {
      case .center: .center
      case .right: .right
      case .left, .none: .left
      }
    }
    for row in tree.children(of: index) {
      if case .tableRow(isHeader: true) = tree.entries[row].kind { table.headerRows += 1 }
      var cells: [InlineText] = []
      for cell in tree.children(of: row) {
        cells.append(cellText(cell, of: tree))
      }
      table.rows.append(cells)
    }
    for line in table.lines(width: out.available, ascii: out.ascii) { out.add(line) }
  }

  /// A table cell's text; one with tags in it as a browser shows it, a `<br>` breaking
  /// its line.
  private mutating func cellText(_ cell: Int, of tree: MarkdownTree) -> InlineText {
    let text = inlineText(cell, of: tree, style: .plain)
    guard sawHTML, case .tableCell(let html?) = tree.entries[cell].kind else { return text }
    return tree.withBytes(of: html) { html in
      HTMLDrawing.text(html, ascii: out.ascii, hyperlinks: out.hyperlinks)
    }
  }

  /// The footnotes referred to, each under its number, after the run's blocks; a note
  /// may refer to others, which follow it.
  private mutating func drawNotes() {
    guard !notes.isEmpty else { return }
    let definitions = markdown.notes
    var index = 0
    while index < notes.count {
      let number = notes[index]
      index += 1
      guard definitions.indices.contains(number - 1) else { continue }
      out.addBlank()
      let mark = "[\(number)] "
      out.enter(
        first: DrawnLine(mark, .annotation),
        rest: DrawnLine(String(repeating: " ", count: mark.count)))
      drawBlocks(of: definitions[number - 1])
      out.leave()
    }
  }
}
