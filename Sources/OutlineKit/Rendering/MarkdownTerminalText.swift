import CCmark

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A content run drawn: its lines, and the `<details>` among them, which a view can fold.
struct DrawnRun {
  var lines: [StyledLine] = []
  var folds: [RenderedLines.Fold] = []
}

/// A content run's Markdown drawn for a terminal from cmark-gfm's tree, as glow and
/// mdcat draw it: emphasis and strong text in italic and bold, code set apart on grey,
/// quotes and GitHub's alerts behind a bar, lists with their markers and task items with
/// ☐ and ☑, tables with box-drawing lines, links with their URL after them (or as
/// hyperlinks), images as their alt text, raw HTML as a browser shows its text, and the
/// footnotes the run refers to at its end. Text is broken to the width; nothing of the
/// text is left out, and none of its control characters reaches the terminal.
struct MarkdownTerminalText {
  private var out: RenderedLines
  private let document: MarkdownDocument
  /// The numbers of the footnotes referred to, in the order they are first referred to.
  private var notes: [Int] = []
  private var notesSeen: Set<Int> = []
  /// Whether the inline content `inlineText` drew last held raw HTML.
  private var sawHTML = false
  /// The divisions open around the run's own blocks, which may be aligned: a README's
  /// `<div align="center">` around its logo, badges and links.
  private var divisions = OpenDivisions.none

  /// How the run's own paragraphs are aligned, by the divisions open around them.
  private var alignment: RenderedLines.Alignment {
    switch divisions.alignment {
    case "center": return .center
    case "right": return .right
    default: return .left
    }
  }

  /// The lines of `blocks`, within `width` columns when there is a width, and the folds
  /// among them.
  static func draw(
    _ blocks: MarkdownBlocks, width: Int?, ascii: Bool, hyperlinks: Bool, colors: Bool = true
  ) -> DrawnRun {
    let document = blocks.document
    document.showEmoji()
    var out = RenderedLines(width: width, ascii: ascii, hyperlinks: hyperlinks)
    out.colors = colors
    var drawing = MarkdownTerminalText(out: out, document: document)
    guard let root = document.root(of: .blocks(blocks.node)) else { return DrawnRun() }
    drawing.divisions = document.openDivisions(before: blocks.node)
    drawing.drawBlocks(under: root)
    drawing.drawNotes()
    drawing.out.fitToText()
    return DrawnRun(lines: drawing.out.lines, folds: drawing.out.folds)
  }

  private init(out: RenderedLines, document: MarkdownDocument) {
    self.out = out
    self.document = document
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

  private mutating func drawBlocks(under root: OpaquePointer) {
    var lists: [ListState] = []
    // The `<details>` that HTML blocks among root's own left open, whose marks the blocks
    // after them are drawn within.
    var openDetails = 0
    defer { for _ in 0..<openDetails { out.leave() } }
    var walk = CmarkWalk(root)
    while let step = walk.next() {
      let node = step.node
      let type = cmark_node_get_type(node)
      if !step.isEntering {
        switch type {
        case CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_CUSTOM_BLOCK, CMARK_NODE_ITEM: out.leave()
        case CMARK_NODE_LIST: lists.removeLast()
        default: break
        }
        continue
      }
      if cmark_node_previous(node) != nil && !MarkdownTerminalText.isTight(node) {
        out.addBlank()
      }
      switch type {
      case CMARK_NODE_PARAGRAPH:
        drawParagraph(node, alignment: cmark_node_parent(node) == root ? alignment : .left)
        walk.skipChildren()
      case CMARK_NODE_HEADING:
        var text = inlineText(node, style: .title)
        if cmark_node_get_heading_level(node) <= 2 {
          text = text.restyled { $0.underline = true }
        }
        out.add(text)
        walk.skipChildren()
      case CMARK_NODE_CODE_BLOCK:
        drawCode(node)
      case CMARK_NODE_THEMATIC_BREAK:
        out.addRule()
      case CMARK_NODE_HTML_BLOCK:
        var html = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
        let own = cmark_node_parent(node) == root
        html.withUTF8 { bytes in
          let html = UnsafeRawBufferPointer(bytes)
          if own && openDetails > 0 {
            let closed = HTMLTerminalText.detailsClosed(by: html, open: openDetails)
            for _ in 0..<closed { out.leave() }
            openDetails -= closed
          }
          openDetails += HTMLTerminalText.add(
            html, to: &out, leavingDetailsOpen: own, alignment: own ? alignment : .left)
          if own && document.mentionsAlignment {
            divisions = OpenDivisions.leftOpen(by: html, after: divisions)
          }
        }
      case CMARK_NODE_BLOCK_QUOTE:
        enter(node, first: nil, rest: StyledLine(out.ascii ? "| " : "│ ", .annotation))
      case CMARK_NODE_CUSTOM_BLOCK:
        drawAlert(node)
      case CMARK_NODE_LIST:
        lists.append(MarkdownTerminalText.listState(node, in: lists))
      case CMARK_NODE_ITEM:
        var marker: String
        if cmark_node_get_syntax_extension(node) == MarkdownTerminalText.tasklist {
          let checked = cmark_gfm_extensions_get_tasklist_item_checked(node)
          marker = out.ascii ? (checked ? "[x] " : "[ ] ") : (checked ? "☑ " : "☐ ")
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
        enter(node, first: StyledLine(marker, .annotation), rest: StyledLine(rest))
      case MarkdownTerminalText.tableType:
        drawTable(node)
        walk.skipChildren()
      default:
        // Blocks of an extension not drawn here: their text, as paragraphs.
        if type.rawValue & 0xC000 == 0x4000 {
          out.add(inlineText(node, style: .plain))
          walk.skipChildren()
        }
      }
    }
  }

  /// Starts a block whose lines begin with marks; one with no blocks in it is its marks
  /// alone.
  private mutating func enter(_ node: OpaquePointer, first: StyledLine?, rest: StyledLine) {
    out.enter(first: first, rest: rest)
    if cmark_node_first_child(node) == nil { out.leave() }
  }

  /// The node types of the table and strikethrough extensions, set when they register.
  private static let tableType: cmark_node_type = {
    _ = CmarkExtensions.registered
    return collapse_node_type_table()
  }()
  private static let strikethroughType: cmark_node_type = {
    _ = CmarkExtensions.registered
    return collapse_node_type_strikethrough()
  }()

  /// The tasklist extension, whose items are list items with a box.
  nonisolated(unsafe) private static let tasklist: OpaquePointer? = CmarkExtensions.named(
    "tasklist")

  private static func listState(_ node: OpaquePointer, in lists: [ListState]) -> ListState {
    let tight = cmark_node_get_list_tight(node) != 0
    let bulletDepth = lists.filter { $0.number == nil }.count
    guard cmark_node_get_list_type(node) == CMARK_ORDERED_LIST else {
      return ListState(
        tight: tight, number: nil, delimiter: "", numberColumns: 0, bulletDepth: bulletDepth)
    }
    let start = Int(cmark_node_get_list_start(node))
    let items = CmarkWalk.children(of: node).count { _ in true }
    let delimiter = cmark_node_get_list_delim(node) == CMARK_PAREN_DELIM ? ")" : "."
    let widest = "\(start + max(items - 1, 0))\(delimiter)".count
    return ListState(
      tight: tight, number: start, delimiter: delimiter, numberColumns: widest,
      bulletDepth: bulletDepth)
  }

  /// Whether no blank line goes before `node`: a block of a tight list's item, or the
  /// item itself.
  private static func isTight(_ node: OpaquePointer) -> Bool {
    guard let parent = cmark_node_parent(node) else { return false }
    let list: OpaquePointer?
    switch cmark_node_get_type(parent) {
    case CMARK_NODE_LIST: list = parent
    case CMARK_NODE_ITEM: list = cmark_node_parent(parent)
    default: list = nil
    }
    return list.map { cmark_node_get_list_tight($0) != 0 } ?? false
  }

  private mutating func drawParagraph(_ node: OpaquePointer, alignment: RenderedLines.Alignment) {
    let text = inlineText(node, style: .plain)
    // Tags among the text: the paragraph is drawn as a browser shows its HTML.
    let drawn = MarkdownTerminalText.withHTML(of: node, if: sawHTML) { html in
      HTMLTerminalText.add(html, to: &out, alignment: alignment)
    }
    if drawn == nil { out.add(text, alignment: alignment) }
  }

  /// Calls `body` with `node`'s HTML as cmark-gfm renders it, raw HTML kept, when its
  /// inlines hold raw HTML (`holdsHTML`, as `inlineText` found); nil when they do not, or
  /// when it could not be rendered.
  private static func withHTML<Result>(
    of node: OpaquePointer, if holdsHTML: Bool, _ body: (UnsafeRawBufferPointer) -> Result
  ) -> Result? {
    guard holdsHTML, let html = CmarkRenderer.htmlAlone(node, unsafe: true, filtersTags: false)
    else { return nil }
    defer { free(html.baseAddress) }
    return body(UnsafeRawBufferPointer(html))
  }

  private mutating func noteReferred(_ node: OpaquePointer) {
    guard let literal = cmark_node_get_literal(node), let number = Int(String(cString: literal))
    else { return }
    if notesSeen.insert(number).inserted { notes.append(number) }
  }

  /// The inline content of `node` as styled text, in `style` unless it says otherwise.
  private mutating func inlineText(_ node: OpaquePointer, style base: TextStyle) -> StyledText {
    sawHTML = false
    var text = StyledText()
    var styles: [TextStyle] = [base]
    // The links entered and not left: the URL, the text shown for it, and whether any of
    // that is text rather than an image's.
    var links: [(url: String, shown: String, textual: Bool, linked: Bool)] = []
    var afterImage = false
    var walk = CmarkWalk(node)
    while let step = walk.next() {
      let current = step.node
      let type = cmark_node_get_type(current)
      let style = styles[styles.count - 1]
      guard step.isEntering else {
        styles.removeLast()
        if type == MarkdownTerminalText.strikethroughType && !out.colors {
          text.append("~~", style)
        }
        if type == CMARK_NODE_LINK, let link = links.popLast(), !link.linked {
          if HTMLTerminalText.showsURL(link.url, after: link.shown, imageOnly: !link.textual) {
            text.append(" (" + TerminalText.escaped(link.url) + ")", .annotation)
            afterImage = false
          }
        }
        continue
      }
      var inner = style
      switch type {
      case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE:
        var literal = cmark_node_get_literal(current).map { String(cString: $0) } ?? ""
        if type == CMARK_NODE_CODE { inner.shaded = true }
        if type == CMARK_NODE_HTML_INLINE {
          literal = ""
          sawHTML = true
        }
        if literal.contains(where: { !$0.isWhitespace }) {
          afterImage = false
          for index in links.indices {
            links[index].textual = true
            links[index].shown += literal
          }
        }
        text.append(TerminalText.escaped(literal), inner)
        continue
      case CMARK_NODE_SOFTBREAK:
        text.append(" ", style.unlinked)
        continue
      case CMARK_NODE_LINEBREAK:
        text.breakLine()
        continue
      case CMARK_NODE_FOOTNOTE_REFERENCE:
        noteReferred(current)
        let number = cmark_node_get_literal(current).map { String(cString: $0) } ?? "?"
        text.append("[\(number)]", .annotation)
        continue
      case CMARK_NODE_IMAGE:
        var alt = ""
        for inside in CmarkWalk(current) where inside.isEntering {
          if let literal = cmark_node_get_literal(inside.node) { alt += String(cString: literal) }
        }
        walk.skipChildren()
        let source = cmark_node_get_url(current).map { String(cString: $0) } ?? ""
        let shown = HTMLTerminalText.imageText(alt: alt, source: source)
        if afterImage { HTMLTerminalText.separateImage(in: &text, ascii: out.ascii) }
        text.append(TerminalText.escaped(shown.text), shown.isAlt ? style : .annotation)
        for index in links.indices { links[index].shown += shown.text }
        afterImage = true
        continue
      case CMARK_NODE_EMPH: inner.italic = true
      case CMARK_NODE_STRONG: inner.bold = true
      case MarkdownTerminalText.strikethroughType:
        inner.strikethrough = true
        // Without styles, the marks say what the style would.
        if !out.colors && cmark_node_first_child(current) != nil { text.append("~~", style) }
      case CMARK_NODE_LINK:
        let url = cmark_node_get_url(current).map { String(cString: $0) } ?? ""
        inner.underline = true
        inner.link = out.hyperlink(to: url)
        links.append((url, "", false, inner.link != nil))
      default: break
      }
      // A node with no children is not left: only those with some take a style.
      if cmark_node_first_child(current) != nil {
        styles.append(inner)
      } else if type == CMARK_NODE_LINK, let link = links.popLast(), !link.linked,
        HTMLTerminalText.showsURL(link.url, after: "", imageOnly: false)
      {
        text.append("(" + TerminalText.escaped(link.url) + ")", .annotation)
      }
    }
    return text
  }

  /// A code block: its lines as written, indented and on grey, each as wide as the
  /// widest so that the block reads as one; a line wider than the room there is goes on
  /// to the next, cut between characters.
  private mutating func drawCode(_ node: OpaquePointer) {
    guard let literal = cmark_node_get_literal(node) else { return }
    let bytes = UnsafeRawBufferPointer(start: literal, count: strlen(literal))
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
      var line = piece.continues ? StyledLine(continuation, .annotation) : StyledLine(indent)
      line.append(" " + piece.text, code, columns: piece.columns + 1)
      line.pad(widest - piece.columns + 1, code)
      out.add(line)
    }
  }

  /// A GitHub alert: a bar in the alert's colour down its side, and its title first.
  private mutating func drawAlert(_ node: OpaquePointer) {
    guard let title = GitHubAlert.title(of: node) else {
      enter(node, first: nil, rest: StyledLine())
      return
    }
    let colors: [String: TextStyle.Color] = [
      "Note": .blue, "Tip": .green, "Important": .magenta, "Warning": .yellow, "Caution": .red,
    ]
    let bar = StyledLine(out.ascii ? "| " : "│ ", TextStyle(foreground: colors[title]))
    out.enter(first: nil, rest: bar)
    out.add(StyledLine(title, TextStyle(bold: true, foreground: colors[title])))
    if cmark_node_first_child(node) == nil { out.leave() }
  }

  private mutating func drawTable(_ node: OpaquePointer) {
    var table = TerminalTable()
    let columns = Int(cmark_gfm_extensions_get_table_columns(node))
    if let alignments = cmark_gfm_extensions_get_table_alignments(node) {
      table.alignments = (0..<columns).map { column in
        switch alignments[column] {
        case UInt8(ascii: "c"): return .center
        case UInt8(ascii: "r"): return .right
        default: return .left
        }
      }
    }
    for row in CmarkWalk.children(of: node) {
      if cmark_gfm_extensions_get_table_row_is_header(row) != 0 { table.headerRows += 1 }
      var cells: [StyledText] = []
      for cell in CmarkWalk.children(of: row) {
        cells.append(cellText(cell))
      }
      table.rows.append(cells)
    }
    for line in table.lines(width: out.available, ascii: out.ascii) { out.add(line) }
  }

  /// A table cell's text; one with tags in it as a browser shows it, a `<br>` breaking
  /// its line.
  private mutating func cellText(_ cell: OpaquePointer) -> StyledText {
    let text = inlineText(cell, style: .plain)
    return MarkdownTerminalText.withHTML(of: cell, if: sawHTML) { html in
      HTMLTerminalText.text(html, ascii: out.ascii, hyperlinks: out.hyperlinks)
    } ?? text
  }

  /// The footnotes referred to, each under its number, after the run's blocks; a note
  /// may refer to others, which follow it.
  private mutating func drawNotes() {
    guard !notes.isEmpty else { return }
    let definitions = document.noteDefinitions
    var index = 0
    while index < notes.count {
      let number = notes[index]
      index += 1
      guard definitions.indices.contains(number - 1) else { continue }
      out.addBlank()
      let mark = "[\(number)] "
      out.enter(
        first: StyledLine(mark, .annotation),
        rest: StyledLine(String(repeating: " ", count: mark.count)))
      drawBlocks(under: definitions[number - 1])
      out.leave()
    }
  }
}
