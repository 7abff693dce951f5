/// Groups the top level of a parsed document into sections: each heading opens one, which
/// holds the blocks up to the next heading of its level or less.
struct MarkdownOutlineBuilder {
  let document: MarkdownDocument
  var sections: [Section] = []
  var documentContent: [Content] = []
  /// Where each title is gathered, kept from one heading to the next.
  let titleText = FoldedText(capacity: 256)

  init(source: SourceText, dialect: MarkdownDialect) {
    self.document = MarkdownDocument(
      source: source, dialect: dialect, frontMatter: source.map.frontMatterLines)
  }

  /// The most memory building takes for each heading: its section, and the document node
  /// that holds its content, with room for its title.
  static let memoryPerSection = MemoryLayout<Section>.stride + 256

  /// The outline of `tree`, whose blocks the document takes.
  mutating func build(from tree: CmarkTree) -> Outline {
    var open: [Int] = []
    var owner: Int? = nil
    var contentStart = 0
    document.takeTopLevel(of: tree, titleText: titleText) { piece in
      switch piece {
      case .blocks(let run, let nextHeading):
        attach(run, lines: contentStart..<(nextHeading ?? document.source.lineCount), to: owner)
      case .heading(let heading):
        while let top = open.last, sections[top].level >= heading.level {
          sections[top].end = sections.count
          open.removeLast()
        }
        let endLine = document.source.map.lineAfterHeading(
          startingAt: heading.line, in: document.source.bytes)
        open.append(sections.count)
        owner = sections.count
        sections.append(
          Section(
            title: heading.title, level: heading.level, depth: open.count - 1,
            parent: open.dropLast().last, kind: .heading, hint: heading.hint.map(Section.Hint.init))
        )
        sections[sections.count - 1].span.lines = heading.line..<heading.line
        sections[sections.count - 1].heading = MarkdownHeading(
          document: document, node: heading.node, isPlainText: heading.isPlainText,
          definitions: leadingDefinitions(heading.line..<endLine))
        contentStart = endLine
      }
    }
    for index in open { sections[index].end = sections.count }
    countHiddenLines()
    placeSections()
    // Hand the sections over rather than share them, so that assigning ids copies nothing.
    var outline = Outline(sections: takeAll(&sections), content: documentContent)
    outline.documents = [document]
    outline.sourceLines = document.source.lineCount
    outline.hiddenLines = outline.topLevel.reduce(contentLineCount(documentContent)) {
      $0 + outline.sections[$1].hiddenLines
    }
    return outline
  }

  /// Gives every section its span: from its heading's first line, which it holds so far,
  /// to where the next section outside it starts, or the end of the document.
  private mutating func placeSections() {
    let source = document.source
    let bytes = { (line: Int) in source.map.inputOffset(ofLine: line) }
    for index in sections.indices {
      let start = sections[index].span.lines.lowerBound
      let next = sections[index].end
      let end = next < sections.count ? sections[next].span.lines.lowerBound : source.lineCount
      sections[index].span = SourceSpan(lines: start..<end, bytes: bytes(start)..<bytes(end))
    }
  }

  /// The lines that open a setext heading of `lines` (its underline the last) with link
  /// reference definitions, which cmark takes out of the heading's text: `[a]: /url`,
  /// then `Title`, then `===`.
  private func leadingDefinitions(_ lines: Range<Int>) -> Range<Int>? {
    let source = document.source
    guard lines.count > 2, lines.lowerBound < source.lineCount else { return nil }
    let first = source.bytes[source.lineRange(lines.lowerBound)].drop { $0 == 0x20 }
    guard first.first == UInt8(ascii: "[") else { return nil }
    // The longest run of whole lines before the title's last line that reads as nothing
    // but definitions; a setext heading's text is rarely more than a few lines.
    let last = min(lines.upperBound - 2, lines.lowerBound + 50)
    for end in stride(from: last, to: lines.lowerBound, by: -1)
    where LinkDefinitions(source: source, lines: lines.lowerBound..<end, dialect: document.dialect)
      != nil
    {
      return lines.lowerBound..<end
    }
    return nil
  }

  /// Gives a content run to its section, or to the document for the preamble; a run with
  /// neither blocks nor text is dropped.
  private mutating func attach(_ run: MarkdownDocument.Run, lines: Range<Int>, to owner: Int?) {
    let lines = lines.clamped(to: 0..<document.source.lineCount)
    if run.isEmpty && document.source.nonBlankCount(lines) == 0 {
      document.discard(run)
      return
    }
    let blocks = MarkdownBlocks(lines: lines, document: document, node: document.adopt(run))
    let content = Content(position: 0, body: .markdown(blocks))
    if let owner {
      sections[owner].content = [content]
    } else {
      documentContent = [content]
    }
  }

  /// The non-blank source lines of content runs.
  private func contentLineCount(_ content: [Content]) -> Int {
    content.reduce(0) { total, run in
      guard case .markdown(let blocks) = run.body else { return total }
      return total + document.source.nonBlankCount(blocks.lines)
    }
  }

  /// Counts, for every section, the non-blank content lines that collapsing it hides;
  /// the headings of its subsections are counted as sections, not lines.
  private mutating func countHiddenLines() {
    for index in sections.indices.reversed() {
      sections[index].hiddenLines += contentLineCount(sections[index].content)
      if let parent = sections[index].parent {
        sections[parent].hiddenLines += sections[index].hiddenLines
      }
    }
  }
}
