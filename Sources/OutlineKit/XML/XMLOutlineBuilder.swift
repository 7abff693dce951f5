/// Turns the nodes libxml2's reader hands out into an outline, without recursion.
///
/// An element that holds elements and stands on more than one line is a section, titled
/// by its tag and the value of the first title key among its attributes (`testcase
/// login`); everything else (text, leaf elements, comments, CDATA, processing
/// instructions, and a start tag's lines when it has attributes) is content, shown as the
/// lines it is written on. A start tag alone on its line without attributes is the title
/// only, and an end tag alone on its line is not shown.
///
/// Where each node stands is followed line by line: a node starts where the one before
/// it ended, and ends the line feeds it holds later, or on the line libxml2 says it made
/// it on, whichever is later; a start tag ends on the line libxml2 gives its element.
final class XMLOutlineBuilder {
  /// One open element.
  private struct Frame {
    let title: String
    /// The lines its start tag starts and ends on.
    let startLine: Int
    let tagEndLine: Int
    let hasAttributes: Bool
    /// Whether only white space stands before its start tag on its line.
    let startsLine: Bool
    /// Whether only white space follows its start tag on its line; nil until the next
    /// node says.
    var endsLine: Bool? = nil
    /// Its section, once an element inside it has started.
    var section: Int? = nil
  }

  private let text: SourceText
  private let document: SourceDocument
  private var stack: [Frame] = []
  private var sections: [Section] = []
  /// Whether each section's first line is its title alone, and its last its end tag alone.
  private var titleLines: [Bool] = []
  private var endTagLines: [Bool] = []
  /// The line the last node ended on; -1 before anything.
  private var lastEnd: Int
  /// Whether the last node was text that ended its line.
  private var afterLineBreak = false
  /// Whether the top frame waits for the node after its start tag.
  private var pendingOpen = false
  /// Whether the document type declaration was read, whose end libxml2 does not say.
  private var sawDocumentType = false

  /// The most levels elements nest: libxml2's own limit, without `XML_PARSE_HUGE`.
  static let deepestNesting = 256
  private let mostLevels: Int

  /// A builder of `text`, whose XML declaration, if it has one, ends on `declarationEnd`.
  init(
    text: SourceText, titleKeys: [String], declarationEnd: Int?,
    mostLevels: Int = deepestNesting
  ) {
    self.text = text
    self.mostLevels = mostLevels
    document = SourceDocument(text: text, language: "xml", documentName: "XML")
    lastEnd = declarationEnd ?? -1
    titleNames = titleKeys.map { Array($0.utf8) }
  }

  /// The attributes whose values title an element, the first found winning, as bytes.
  let titleNames: [[UInt8]]

  /// The innermost element open, by its name as written, and the line (1-based) it starts
  /// on.
  var openElement: (name: String, line: Int)? {
    stack.last.map { (String($0.title.prefix { $0 != " " }), $0.startLine + 1) }
  }

  /// The lines read so far.
  var linesRead: Int { max(0, lastEnd) }

  /// The top frame's start tag is followed by a node that is not text.
  private func settleOpen(endsLine: Bool = false) {
    guard pendingOpen else { return }
    pendingOpen = false
    stack[stack.count - 1].endsLine = endsLine
  }

  /// An element starts: `tag` is its name as written, `titleValue` the value that titles
  /// it, if any; its start tag ends on `tagEnd` (0-based) when libxml2 says.
  func elementStarted(
    tag: String, titleValue: String?, hasAttributes: Bool, isEmpty: Bool, tagEnd: Int?
  ) throws(ReadError) {
    settleOpen()
    let start: Int
    let startsLine: Bool
    if stack.isEmpty {
      // Only white space stands between what comes before the root and its start tag,
      // and libxml2 reports none of it.
      if sawDocumentType, let tagEnd {
        start = tagEnd
      } else if let tagEnd, tagEnd <= lastEnd {
        start = max(0, lastEnd)
      } else {
        var line = lastEnd + 1
        let last = tagEnd ?? line
        while line < last, text.isBlank(line) { line += 1 }
        start = line
      }
      startsLine = start > lastEnd
    } else {
      start = max(0, lastEnd)
      startsLine = afterLineBreak
    }
    guard stack.count < mostLevels else {
      throw ReadError(
        line: start + 1, column: 1,
        message: ReadError.tooDeepMessage("elements", levels: mostLevels))
    }
    if !stack.isEmpty, stack[stack.count - 1].section == nil { materialize(stack.count - 1) }
    let end = min(max(start, tagEnd ?? start), max(0, text.lineCount - 1))
    lastEnd = end
    afterLineBreak = false
    guard !isEmpty else { return }
    var title = tag
    if let value = titleValue.map(foldWhiteSpace), !value.isEmpty { title += " " + value }
    stack.append(
      Frame(
        title: title, startLine: start, tagEndLine: end, hasAttributes: hasAttributes,
        startsLine: startsLine))
    pendingOpen = true
  }

  /// Text or white space that holds `lineFeeds` line feeds, made on `line` (0-based) when
  /// libxml2 says; `endsLine` when a line feed and only white space end it, `opensLine` when
  /// only white space stands before its first line feed.
  func text(lineFeeds: Int, line: Int?, endsLine: Bool, opensLine: Bool) {
    settleOpen(endsLine: opensLine)
    lastEnd = max(lastEnd + lineFeeds, line ?? 0)
    afterLineBreak = endsLine
  }

  /// CDATA, a comment or a processing instruction, holding `lineFeeds` line feeds.
  func markup(lineFeeds: Int, line: Int?) {
    settleOpen()
    lastEnd = max(lastEnd + lineFeeds, line ?? 0)
    afterLineBreak = false
  }

  /// A reference to an entity, which is shown as written.
  func entityReference() {
    settleOpen()
    afterLineBreak = false
  }

  /// The document type declaration.
  func documentType() {
    sawDocumentType = true
  }

  /// The element on top ends.
  func elementEnded() {
    settleOpen()
    guard let frame = stack.popLast() else { return }
    let endLine = min(max(lastEnd, frame.tagEndLine), max(0, text.lineCount - 1))
    let endTagAlone = afterLineBreak
    afterLineBreak = false
    guard let index = frame.section else { return }
    if endLine == frame.startLine {
      // On one line: its lines are content, as those of the elements inside it.
      sections.removeSubrange(index...)
      titleLines.removeSubrange(index...)
      endTagLines.removeSubrange(index...)
      return
    }
    titleLines[index] =
      frame.startsLine && frame.endsLine == true && !frame.hasAttributes
      && frame.tagEndLine == frame.startLine
    endTagLines[index] = endTagAlone && endLine > frame.tagEndLine
    sections[index].end = sections.count
    sections[index].span.lines = frame.startLine..<endLine + 1
    finishSection(index)
  }

  /// Makes the element at `level` of the stack a section.
  private func materialize(_ level: Int) {
    stack[level].section = sections.count
    titleLines.append(false)
    endTagLines.append(false)
    sections.append(
      Section(
        title: stack[level].title, level: level + 1, depth: level,
        parent: level > 0 ? stack[level - 1].section : nil, kind: .element))
  }

  /// Gives the finished section at `index` its content, the runs of its lines that no
  /// subsection stands on, and counts the lines collapsing it hides.
  private func finishSection(_ index: Int) {
    let span = sections[index].span.lines
    var lines = span
    if titleLines[index] { lines = lines.lowerBound + 1..<lines.upperBound }
    if endTagLines[index] { lines = lines.lowerBound..<max(lines.lowerBound, lines.upperBound - 1) }
    let inside = children(of: index)
    let content = runs(of: lines, around: inside)
    var hidden = nonBlankCount(content)
    for child in inside { hidden += sections[child].hiddenLines }
    let start = text.map.offset(ofLine: span.lowerBound)
    let end =
      span.upperBound < text.lineCount ? text.map.offset(ofLine: span.upperBound) : text.bytes.count
    sections[index].content = content
    sections[index].hiddenLines = hidden
    sections[index].span.bytes = text.map.inputOffset(start)..<text.map.inputOffset(end)
  }

  /// The direct subsections of the section at `index`, or the top-level ones.
  private func children(of index: Int?) -> [Int] {
    var found: [Int] = []
    var child = index.map { $0 + 1 } ?? 0
    let end = index.map { sections[$0].end } ?? sections.count
    while child < end {
      found.append(child)
      child = sections[child].end
    }
    return found
  }

  /// The content of `lines`, less the lines of the sections `inside`: a run before each of
  /// them and after the last, without blank lines at either end, where one is not empty.
  private func runs(of lines: Range<Int>, around inside: [Int]) -> [Content] {
    var content: [Content] = []
    var next = lines.lowerBound
    func add(upTo: Int, position: Int) {
      guard next < upTo else { return }
      let shown = text.trimmingBlankLines(next..<upTo)
      if !shown.isEmpty {
        content.append(
          Content(position: position, body: .source(SourceLines(document: document, lines: shown))))
      }
    }
    for (position, child) in inside.enumerated() {
      let span = sections[child].span.lines
      add(upTo: min(span.lowerBound, lines.upperBound), position: position)
      next = max(next, span.upperBound)
    }
    add(upTo: lines.upperBound, position: inside.count)
    return content
  }

  /// The lines of `content` that are not blank.
  private func nonBlankCount(_ content: [Content]) -> Int {
    content.reduce(0) {
      guard case .source(let source) = $1.body else { return $0 }
      return $0 + text.nonBlankCount(source.lines)
    }
  }

  /// The outline of the document: the lines outside its root element's section are its
  /// own content.
  func finish() -> Outline {
    let topLevel = children(of: nil)
    let content = runs(of: 0..<text.lineCount, around: topLevel)
    let hidden = topLevel.reduce(nonBlankCount(content)) { $0 + sections[$1].hiddenLines }
    var outline = Outline(sections: takeAll(&sections), content: content)
    outline.hiddenLines = hidden
    outline.sourceLines = text.map.inputLineCount
    outline.kind = .element
    return outline
  }
}
