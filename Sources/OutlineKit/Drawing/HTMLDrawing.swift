import CGumbo

/// Raw HTML drawn in a terminal as a browser would show its text: parsed by gumbo as an
/// HTML5 parser does, then its elements drawn as the Markdown that means the same is
/// (paragraphs, headings, lists, quotes, tables, rules), `<br>` as a line break, `<b>`,
/// `<i>`, `<code>` and the like as styles, an image as its alt text, a link as its text
/// and URL, `<details>` as its summary with the rest under it; scripts, styles and
/// comments are not shown, and no tag is.
///
/// The tree is walked without recursion, a table's cells, a caption and a summary each
/// drawn apart on a stack of drawings; elements nested deeper than the HTML output keeps
/// (`HTMLSanitizer.maximumDepth`) are drawn as the text they hold, and HTML that nests
/// deeper than is parsed (`HTMLSanitizer.parsedDepth`) is shown as written, each with a
/// note, so that what is drawn stays linear in the HTML.
struct HTMLDrawing {
  private var out: DrawnLines
  private var text = InlineText()
  private var styles: [TextStyle] = [.plain]
  private var alignments: [DrawnLines.Alignment] = [.left]
  /// The links entered and not yet left: the URL, the text shown for it, and whether any
  /// text but images' has been added to it.
  private var links: [(url: String, shown: String, textual: Bool, linked: Bool)] = []
  /// The next number of each list entered and not yet left; nil for a bulleted one.
  private var lists: [Int?] = []
  private var preformatted = 0
  private var gapPending = false
  private var linesAtStart: Int
  /// Whether the last thing added was an image's alt text, white space aside, after
  /// which another image is set apart (`separateImage`).
  private var afterImage = false

  /// Whether a `<details>` the HTML opens, outside any other element, has no end tag in
  /// it: the blocks after it are its content, up to the block that ends it.
  private var keepsDetailsOpen = 0

  /// Draws `html`, parsed as a `div`'s content, after the lines of `lines`. With
  /// `leavingDetailsOpen`, a `<details>` that is not ended keeps its content's marks on
  /// `lines`, and the number of such is returned; else every element ends with the HTML.
  @discardableResult
  static func add(
    _ html: UnsafeRawBufferPointer, to lines: inout DrawnLines, leavingDetailsOpen: Bool = false,
    alignment: DrawnLines.Alignment = .left
  ) -> Int {
    let tooDeep = HTMLSanitizer.nestsTooDeep(html)
    let fragment = tooDeep ? nil : GumboFragment(html, context: GUMBO_TAG_DIV)
    guard let nodes = fragment?.nodes else {
      // Too deep or too much to parse: its text is shown as written.
      if tooDeep {
        lines.add(
          note(
            "raw HTML nested deeper than \(HTMLSanitizer.parsedDepth) elements, shown as written"))
      }
      var text = InlineText()
      text.append(TerminalText.escaped(String(decoding: html, as: UTF8.self)))
      lines.add(text)
      return 0
    }
    // The lines are moved in and out, not copied: a copy of all the lines drawn so far,
    // made for each HTML block, made a run of many blocks quadratic.
    var drawing = HTMLDrawing(out: DrawnLines(width: nil, ascii: false, hyperlinks: false))
    swap(&drawing.out, &lines)
    drawing.linesAtStart = drawing.out.lines.count
    drawing.leavesDetailsOpen = leavingDetailsOpen
    drawing.alignments = [alignment]
    HTMLDrawing.draw(nodes, into: &drawing)
    swap(&drawing.out, &lines)
    return drawing.keepsDetailsOpen
  }

  /// How many of the `count` `<details>` that blocks before `html` left open its end tags
  /// close: it is parsed after that many start tags, as it would be in the whole.
  static func detailsClosed(by html: UnsafeRawBufferPointer, open count: Int) -> Int {
    // Each one closed takes an end tag: as many as there are of those are parsed before
    // it, not every one open, which would make each block's parse as deep as the document.
    let count = min(count, SectionBalance.detailsEndTags(in: Array(html)).count)
    // HTML nested too deep to parse is shown as written, and closes nothing.
    guard count > 0, !HTMLSanitizer.nestsTooDeep(html) else { return 0 }
    var joined = Array(String(repeating: "<details>", count: count).utf8)
    joined.append(contentsOf: html)
    let fragment = joined.withUnsafeBytes { GumboFragment($0, context: GUMBO_TAG_DIV) }
    var element = fragment.nodes?.first
    var open = 0
    // The carried elements nest, the outermost first; those ended count from the innermost.
    var closed = 0
    while let node = element, node.tagName == "details", open < count {
      open += 1
      if node.element?.original_end_tag.length ?? 0 > 0 {
        closed = max(closed, count - open + 1)
      }
      element = node.children.first
    }
    return min(closed, count)
  }

  /// Whether a `<details>` left open keeps its marks on the lines (see `add`).
  private var leavesDetailsOpen = false
  /// Whether the lines drawn are laid out again, as a cell's text or a summary's: the
  /// spaces of a table's lines are then no-break spaces, which keep it whole.
  private var laidOutAgain = false

  private init(out: DrawnLines) {
    self.out = out
    linesAtStart = out.lines.count
  }

  /// What is not drawn: what a browser does not show as text, and SVG and MathML, which
  /// GitHub's filter removes.
  private static let skipped: Set<String> = [
    "script", "style", "template", "head", "title", "noscript", "iframe", "object", "embed",
    "audio", "video", "svg", "math", "canvas", "select", "textarea", "button", "datalist", "map",
  ]
  /// Blocks with space above and below them, as a browser's default style sheet gives.
  private static let spaced: Set<String> = [
    "p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "dl", "pre", "blockquote", "table",
    "details", "figure", "hr", "menu",
  ]
  private static let blocks: Set<String> = spaced.union([
    "div", "center", "section", "article", "header", "footer", "nav", "aside", "main", "li",
    "summary", "dt", "dd", "address", "figcaption", "form", "fieldset", "legend", "tr", "hgroup",
    "caption", "body", "html",
    // A table's cells, when it is drawn as their lines (`deepestTables`).
    "td", "th",
  ])

  private enum Step {
    /// A node, `depth` elements deep in the HTML.
    case enter(UnsafeMutablePointer<GumboNode>, depth: Int)
    case leave(UnsafeMutablePointer<GumboNode>, String)
    /// The start of a drawing of its own: a summary's, a caption's, a cell's.
    case begin
    /// The end of the drawing begun last, its text put where `Placement` says.
    case end(Placement)
    /// The end of a table's row, a header row when all its cells are `th`.
    case endRow(header: Bool)
    /// The end of a table, which is then drawn.
    case endTable
  }

  /// Where a drawing of its own goes when it ends.
  private enum Placement {
    /// On the line of its `<details>`, after the marker.
    case summary
    /// Centred above its table.
    case caption
    /// In the row of its table.
    case cell
  }

  /// A table whose rows are being drawn, and the cells of the row being drawn.
  private struct OpenTable {
    var table = DrawnTable()
    var row: [InlineText] = []
  }

  /// Draws `nodes` after what `drawing` holds.
  private static func draw(
    _ nodes: [UnsafeMutablePointer<GumboNode>], into drawing: inout HTMLDrawing
  ) {
    // No recursion: nesting a browser accepts may be deeper than a thread's stack. The
    // drawings begun and not ended are a stack, the one drawn into last; the first is
    // `drawing`, moved in and back out.
    var drawings = [
      HTMLDrawing(out: DrawnLines(width: nil, ascii: false, hyperlinks: false))
    ]
    swap(&drawings[0], &drawing)
    defer { swap(&drawings[0], &drawing) }
    var tables: [OpenTable] = []
    var flattened = false
    var pending: [Step] = nodes.reversed().map { .enter($0, depth: 0) }
    func enterAll(_ children: [UnsafeMutablePointer<GumboNode>], depth: Int) {
      pending.append(contentsOf: children.reversed().map { .enter($0, depth: depth) })
    }
    while let step = pending.popLast() {
      let top = drawings.count - 1
      switch step {
      case .leave(let node, let name):
        drawings[top].leave(node, name)
      case .begin:
        var inner = HTMLDrawing(
          out: DrawnLines(width: nil, ascii: drawings[top].out.ascii, hyperlinks: false))
        inner.laidOutAgain = true
        drawings.append(inner)
      case .end(let placement):
        var inner = drawings.removeLast()
        inner.flush()
        let text = inner.out.joined(breaking: placement == .cell)
        switch placement {
        case .summary: drawings[top - 1].openDetails(summary: text)
        case .caption: drawings[top - 1].out.add(text, alignment: .center)
        case .cell: tables[tables.count - 1].row.append(text)
        }
      case .endRow(let header):
        var open = tables[tables.count - 1]
        if header && open.table.headerRows == open.table.rows.count { open.table.headerRows += 1 }
        open.table.rows.append(open.row)
        open.row = []
        tables[tables.count - 1] = open
      case .endTable:
        let table = tables.removeLast().table
        drawings[top].endTable(table)
      case .enter(let node, let depth):
        switch node.pointee.type {
        case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
          drawings[top].addText(node.text)
        case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
          let name = HTMLDrawing.name(of: node)
          if skipped.contains(name) { continue }
          if depth >= HTMLSanitizer.maximumDepth {
            // As the HTML output keeps them: what they hold, without them.
            flattened = true
            enterAll(node.children, depth: depth + 1)
            continue
          }
          guard drawings[top].enter(node, name) else { continue }
          switch name {
          case "table" where tables.count < deepestTables:
            tables.append(OpenTable())
            pending.append(.leave(node, name))
            pending.append(.endTable)
            pending.append(contentsOf: tableSteps(node, depth: depth).reversed())
            continue
          case "details":
            pending.append(.leave(node, name))
            var children = node.children
            // Its summary goes on its line, drawn first; the rest goes under it.
            if let index = children.firstIndex(where: { $0.tagName == "summary" }) {
              let summary = children.remove(at: index)
              enterAll(children, depth: depth + 1)
              pending.append(.end(.summary))
              enterAll(summary.children, depth: depth + 2)
              pending.append(.begin)
            } else {
              drawings[top].openDetails(summary: nil)
              enterAll(children, depth: depth + 1)
            }
          default:
            pending.append(.leave(node, name))
            enterAll(node.children, depth: depth + 1)
          }
        default:
          continue
        }
      }
    }
    drawings[0].flush()
    if flattened {
      drawings[0].out.add(
        note(
          "elements nested deeper than \(HTMLSanitizer.maximumDepth) drawn as the text they hold"))
    }
  }

  /// A note of collapse's own among the lines, in brackets, dim.
  private static func note(_ words: String) -> InlineText {
    var text = InlineText()
    text.append("[" + words + "]", .annotation)
    return text
  }

  /// How many tables may be drawn inside one another's cells as tables; one nested deeper
  /// is drawn as the lines of its cells, without borders, since each table draws the
  /// text of its cells again and takes four columns more.
  static let deepestTables = 4

  /// The steps that draw `table`'s caption and rows, `depth` elements deep: each cell
  /// and the caption drawn apart. Rows are the table's own: those of tables within its
  /// cells are their cells' text.
  private static func tableSteps(_ table: UnsafeMutablePointer<GumboNode>, depth: Int) -> [Step] {
    var steps: [Step] = []
    var pending = table.children.reversed().map { (node: $0, depth: depth + 1) }
    while let (child, depth) = pending.popLast() {
      switch child.tagName {
      case "thead", "tbody", "tfoot":
        pending.append(contentsOf: child.children.reversed().map { ($0, depth + 1) })
      case "tr":
        let cells = child.children.filter { $0.tagName == "td" || $0.tagName == "th" }
        for cell in cells {
          steps.append(.begin)
          steps += cell.children.map { .enter($0, depth: depth + 2) }
          steps.append(.end(.cell))
        }
        steps.append(.endRow(header: !cells.isEmpty && cells.allSatisfy { $0.tagName == "th" }))
      case "caption":
        steps.append(.begin)
        steps += child.children.map { .enter($0, depth: depth + 1) }
        steps.append(.end(.caption))
      default:
        continue
      }
    }
    return steps
  }

  /// Starts what `node` is; false when its content is not drawn, or already is. A
  /// table's rows and a `<details>`' summary are drawn by `draw`.
  private mutating func enter(_ node: UnsafeMutablePointer<GumboNode>, _ name: String) -> Bool {
    func attribute(_ wanted: String) -> String? {
      HTMLDrawing.attribute(wanted, of: node)
    }
    var style = styles[styles.count - 1]
    if HTMLDrawing.blocks.contains(name) {
      startBlock(spaced: HTMLDrawing.spaced.contains(name))
      switch attribute("align")?.lowercased() {
      case "center": alignments.append(.center)
      case "right": alignments.append(.right)
      case "left", "justify": alignments.append(.left)
      default: alignments.append(name == "center" ? .center : alignments[alignments.count - 1])
      }
    }
    switch name {
    case "br":
      text.breakLine()
      afterImage = false
      return false
    case "wbr":
      return false
    case "img":
      addImage(attribute("alt") ?? "", source: attribute("src") ?? "")
      return false
    case "input":
      if attribute("type")?.lowercased() == "checkbox" {
        let checked = attribute("checked") != nil
        addText((out.ascii ? (checked ? "[x]" : "[ ]") : (checked ? "☑" : "☐")) + " ")
      }
      return false
    case "hr":
      out.addRule()
      alignments.removeLast()
      gapPending = true
      return false
    case "a":
      if let href = attribute("href") {
        style.underline = true
        style.link = out.hyperlink(to: href)
        links.append((href, "", false, style.link != nil))
      }
    case "b", "strong": style.bold = true
    case "i", "em", "cite", "var", "dfn": style.italic = true
    case "u", "ins": style.underline = true
    case "s", "strike", "del":
      style.strikethrough = true
      if !out.colors { addText("~~") }
    case "code", "kbd", "samp", "tt": style.shaded = true
    case "mark": style.inverse = true
    case "h1", "h2", "h3", "h4", "h5", "h6", "th", "dt": style.bold = true
    case "pre":
      preformatted += 1
      style.shaded = true
    case "ul", "menu": lists.append(nil)
    case "ol": lists.append(Int(attribute("start") ?? "") ?? 1)
    case "li":
      var marker = out.ascii ? "* " : "• "
      if let next = lists.last, let number = next {
        marker = "\(number). "
        lists[lists.count - 1] = number + 1
      }
      out.enter(
        first: DrawnLine(marker, .annotation),
        rest: DrawnLine(String(repeating: " ", count: DisplayWidth.columns(of: marker))))
    case "blockquote", "dd":
      let bar = name == "dd" ? "  " : (out.ascii ? "| " : "│ ")
      out.enter(first: nil, rest: DrawnLine(bar, .annotation))
    default:
      break
    }
    styles.append(style)
    return true
  }

  /// Draws a `<details>`' line, its marker and its `summary` (`Details` when it has
  /// none), and starts its content, indented under it as a fold. It is drawn open,
  /// whatever its `open` says, so that nothing it holds is hidden.
  private mutating func openDetails(summary text: InlineText?) {
    var summary = InlineText()
    summary.append(out.ascii ? "- " : "▾ ", .annotation)
    if let text { summary.append(text) } else { summary.append("Details", .title) }
    out.add(summary)
    out.enter(
      first: nil, rest: DrawnLine("  "),
      fold: out.firstOfLastText.map { (summary: $0.line, marker: $0.marks) })
  }

  /// Draws `table`, whose rows are drawn, where the table element was entered.
  private mutating func endTable(_ table: DrawnTable) {
    for line in table.lines(width: out.available, ascii: out.ascii) {
      guard laidOutAgain else {
        out.add(line)
        continue
      }
      var whole = DrawnLine()
      for piece in line.pieces {
        whole.append(piece.text.replacing(" ", with: "\u{A0}"), piece.style)
      }
      out.add(whole)
    }
  }

  private mutating func leave(_ node: UnsafeMutablePointer<GumboNode>, _ name: String) {
    if name == "a", HTMLDrawing.attribute("href", of: node) != nil, let link = links.popLast() {
      if !link.linked,
        HTMLDrawing.showsURL(link.url, after: link.shown, imageOnly: !link.textual)
      {
        text.append(" (" + TerminalText.escaped(link.url) + ")", .annotation)
        afterImage = false
      }
    }
    styles.removeLast()
    switch name {
    case "s", "strike",
      "del" where !out.colors:
      addText("~~")
    case "pre": preformatted -= 1
    case "ul", "ol", "menu": lists.removeLast()
    case "details"
    where leavesDetailsOpen && node.element?.original_end_tag.length == 0
      && node.pointee.parent.map({ $0.pointee.type == GUMBO_NODE_DOCUMENT || $0.tagName == "html" })
        ?? true:
      flush()
      keepsDetailsOpen += 1
    case "li", "blockquote", "dd", "details":
      flush()
      out.leave()
    default: break
    }
    if HTMLDrawing.blocks.contains(name) {
      flush()
      alignments.removeLast()
      if HTMLDrawing.spaced.contains(name) { gapPending = true }
    }
  }

  /// The value of `element`'s attribute `name`, as the browser reads it.
  private static func attribute(_ name: String, of element: UnsafeMutablePointer<GumboNode>)
    -> String?
  {
    guard var attributes = element.element?.attributes else { return nil }
    return gumbo_get_attribute(&attributes, name).flatMap { $0.pointee.value }.map {
      String(cString: $0)
    }
  }

  /// The names of the tags gumbo knows, by their number, made once: most elements are
  /// of these, and their names are read for each.
  private static let knownNames: [String] = (0..<GUMBO_TAG_LAST.rawValue).map {
    gumbo_normalized_tagname(GumboTag(rawValue: $0)).map { String(cString: $0) } ?? ""
  }

  /// An element's tag name, lower case; empty for any other node.
  private static func name(of element: UnsafeMutablePointer<GumboNode>) -> String {
    if let tag = element.tag, tag != GUMBO_TAG_UNKNOWN, tag.rawValue < GUMBO_TAG_LAST.rawValue {
      return knownNames[Int(tag.rawValue)]
    }
    return element.tagName
  }

  /// Whether a link's URL is written after its text when links are not hyperlinks: not
  /// when the text is the URL, nor when the link is an image alone, as a badge is, nor
  /// when it is an `#anchor` of the page.
  static func showsURL(_ url: String, after text: String, imageOnly: Bool) -> Bool {
    let trimmed = text.trimmingCharacters(in: " ")
    // A link within the page goes nowhere a reader could type.
    if imageOnly || url.isEmpty || url.hasPrefix("#") { return false }
    // The text of a bare `www.` link or e-mail address is its URL without the scheme.
    let bare = ["mailto:", "http://", "https://"].first { url.hasPrefix($0) }.map {
      String(url.dropFirst($0.count))
    }
    return trimmed != url && trimmed != bare
  }

  private mutating func addText(_ raw: String) {
    guard !raw.isEmpty else { return }
    let style = styles[styles.count - 1]
    if preformatted > 0 {
      for (index, line) in raw.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      {
        if index > 0 { text.breakLine() }
        text.append(TerminalText.escaped(String(line)), style)
      }
      for index in links.indices { links[index].textual = true }
      afterImage = false
      return
    }
    // White space in HTML is one space, and none at the start of a line.
    var collapsed = ""
    var inSpace = text.endsInSpace
    for scalar in raw.unicodeScalars {
      if scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" || scalar == "\u{0C}" {
        if !inSpace { collapsed += " " }
        inSpace = true
      } else {
        collapsed.unicodeScalars.append(scalar)
        inSpace = false
      }
    }
    if collapsed.isEmpty { return }
    if collapsed != " " {
      afterImage = false
      for index in links.indices {
        links[index].textual = true
        links[index].shown += collapsed
      }
    }
    text.append(TerminalText.escaped(collapsed), style)
  }

  private mutating func addImage(_ alt: String, source: String) {
    let shown = HTMLDrawing.imageText(alt: alt, source: source)
    let style = styles[styles.count - 1]
    if afterImage { HTMLDrawing.separateImage(in: &text, ascii: out.ascii) }
    text.append(TerminalText.escaped(shown.text), shown.isAlt ? style : .annotation)
    for index in links.indices { links[index].shown += shown.text }
    afterImage = true
  }

  /// Sets the image about to be added to `text` apart from the one before it, as a row
  /// of badges shows them: the white space between them is a dim `·` (`|` in ASCII) and a
  /// space, in no link's style, so that neither their words nor their links run together.
  /// Images on lines of their own are left as they are.
  static func separateImage(in text: inout InlineText, ascii: Bool) {
    guard !text.endsInBreak else { return }
    text.dropFinalSpaces()
    // The mark keeps to the image before it when the line breaks there.
    text.append("\u{A0}" + (ascii ? "|" : "·"), .annotation)
    text.append(" ", .plain)
  }

  /// What shows for an image: its alt text, its spaces no-break spaces when it is short,
  /// so that a row of badges breaks between badges (they show as spaces); without alt text, the name of
  /// its file in brackets (`isAlt` false), or `[image]`.
  static func imageText(alt: String, source: String) -> (text: String, isAlt: Bool) {
    let trimmed = alt.trimmingCharacters(in: " \t\n")
    if !trimmed.isEmpty {
      let short = DisplayWidth.columns(of: trimmed) <= 30
      return (short ? trimmed.replacing(" ", with: "\u{A0}") : trimmed, true)
    }
    let path = source.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
    let name = path.hasPrefix("data:") ? "" : path.split(separator: "/").last.map(String.init) ?? ""
    return ("[" + (name.isEmpty ? "image" : name) + "]", false)
  }

  /// The text of `html`, parsed as a table cell's content, each line it would take (a
  /// `<br>`, a block) ending in a line break.
  static func text(_ html: UnsafeRawBufferPointer, ascii: Bool, hyperlinks: Bool) -> InlineText {
    var lines = DrawnLines(width: nil, ascii: ascii, hyperlinks: hyperlinks)
    add(html, to: &lines)
    return lines.joined(breaking: true)
  }

  private mutating func startBlock(spaced: Bool) {
    flush()
    if (gapPending || spaced) && out.lines.count > linesAtStart { out.addBlank() }
    gapPending = false
  }

  private mutating func flush() {
    // A browser shows no line for a `<br>` that ends a block.
    text.dropFinalBreak()
    if !text.isBlank {
      if gapPending && out.lines.count > linesAtStart { out.addBlank() }
      gapPending = false
      out.add(text, alignment: alignments[alignments.count - 1])
    }
    text = InlineText()
    afterImage = false
  }
}
