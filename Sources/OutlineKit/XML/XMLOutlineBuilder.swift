/// Turns the nodes libxml2's reader hands out into an outline, without recursion.
///
/// An element that holds elements and stands on more than one line is a section, titled
/// by its tag and the value of the first title key among its attributes (`testcase
/// login`); everything else (text, leaf elements, comments, CDATA, processing
/// instructions, and a start tag's lines when it has attributes) is content, shown as the
/// lines it is written on. A start tag alone on its line without attributes is the title
/// only, and an end tag alone on its line is not shown.
///
/// Where each node stands is found in the text from where the one before it ended, by
/// what XML keeps out of the rest: every tag starts with the first `<` after that (text and
/// attribute values hold none), and a comment, CDATA or a processing instruction ends at
/// the first `-->`, `]]>` or `?>` after it starts. libxml2's own lines are asked only past
/// the document type declaration, whose end it does not say.
final class XMLOutlineBuilder {
  /// One open element.
  private struct Frame {
    let title: String
    /// The line its start tag starts on.
    let startLine: Int
    /// Whether its start tag is its title alone: no attributes, and nothing else on its line.
    let titleOnly: Bool
    /// Its section, once an element inside it has started.
    var section: Int? = nil
  }

  /// The attributes whose values title an element, the first found winning, as bytes.
  let titleNames: [[UInt8]]
  private let text: SourceText
  private let document: SourceDocument
  private var stack: [Frame] = []
  private var sections: [Section] = []
  /// Whether each section's first line is its title alone, and its last its end tag alone.
  private var titleLines: [Bool] = []
  private var endTagLines: [Bool] = []
  /// Where the next node is looked for: where the last one ended, or within it, before
  /// any `<` that follows it.
  private var cursor: Int
  /// Whether the document type declaration was read last, whose end libxml2 does not say.
  private var afterDocumentType = false

  /// The most levels elements nest: libxml2's own limit, without `XML_PARSE_HUGE`.
  static let deepestNesting = 256
  private let mostLevels: Int

  /// A builder of `text`, whose XML declaration, if it has one, ends at `declarationEnd`.
  init(
    text: SourceText, titleKeys: [String], declarationEnd: Int?,
    mostLevels: Int = deepestNesting
  ) {
    self.text = text
    self.mostLevels = mostLevels
    document = SourceDocument(text: text, language: "xml", documentName: "XML")
    cursor = declarationEnd ?? 0
    titleNames = titleKeys.map { Array($0.utf8) }
  }

  /// The innermost element open, by its name as written, and the line (1-based) it starts
  /// on.
  var openElement: (name: String, line: Int)? {
    stack.last.map { (String($0.title.prefix { $0 != " " }), $0.startLine + 1) }
  }

  /// How many bytes of the text have been read.
  var bytesRead: Int { cursor }

  /// Where the next `<` is from `offset`, or the text's end.
  private func nextOpen(_ offset: Int) -> Int {
    text.bytes.withUnsafeBufferPointer { bytes in
      var index = min(offset, bytes.count)
      while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
      return index
    }
  }

  /// Where `terminator` ends, first found from `offset`, or the text's end.
  private func end(of terminator: StaticString, from offset: Int) -> Int {
    text.bytes.withUnsafeBufferPointer { bytes in
      let pattern = UnsafeBufferPointer(
        start: terminator.utf8Start, count: terminator.utf8CodeUnitCount)
      var index = min(offset, bytes.count)
      while index + pattern.count <= bytes.count {
        if bytes[index] == pattern[0], bytes[index..<index + pattern.count].elementsEqual(pattern) {
          return index + pattern.count
        }
        index += 1
      }
      return bytes.count
    }
  }

  /// Where the last `opener` that ends before the end of line `line` starts, if there is
  /// one at or after `from`.
  private func lastOpen(_ opener: [UInt8], onOrBefore line: Int, from: Int) -> Int? {
    let last = min(max(0, line), max(0, text.lineCount - 1))
    let end = text.lineCount == 0 ? 0 : text.lineRange(last).upperBound
    var index = end - opener.count
    while index >= from {
      if text.bytes[index..<index + opener.count].elementsEqual(opener) { return index }
      index -= 1
    }
    return nil
  }

  /// Whether only spaces and tabs stand before `offset` on its line.
  private func startsLine(_ offset: Int) -> Bool {
    var index = offset - 1
    while index >= 0, text.bytes[index] == 0x20 || text.bytes[index] == 0x09 { index -= 1 }
    return index < 0 || text.bytes[index] == 0x0A || text.bytes[index] == 0x0D
  }

  /// Whether only spaces and tabs stand from `offset` to its line's end.
  private func endsLine(_ offset: Int) -> Bool {
    var index = offset
    let bytes = text.bytes
    while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    return index >= bytes.count || bytes[index] == 0x0A || bytes[index] == 0x0D
  }

  /// The line the last offset asked for stands on: the offsets asked for grow as the
  /// nodes are read, so the next is found by stepping on from it.
  private var lastLine = 0

  /// The line of the byte at `offset`.
  private func line(_ offset: Int) -> Int {
    guard text.lineCount > 0 else { return 0 }
    if offset < text.map.offset(ofLine: lastLine) {
      lastLine = text.map.line(ofOffset: offset)
      return lastLine
    }
    // Most nodes are on the line of the one before them, or a few after it.
    var steps = 0
    while lastLine + 1 < text.lineCount, text.map.offset(ofLine: lastLine + 1) <= offset {
      lastLine += 1
      steps += 1
      if steps == 64 {
        lastLine = text.map.line(ofOffset: offset)
        break
      }
    }
    return lastLine
  }

  /// Where the node that starts with `opener` starts: at the next `<`, or, after the
  /// document type declaration, at the last `opener` by the end of `libraryLine` (1-based),
  /// the line libxml2 made the node on.
  private func start(_ opener: @autoclosure () -> [UInt8], libraryLine: Int?) -> Int {
    if afterDocumentType {
      afterDocumentType = false
      if let libraryLine, let found = lastOpen(opener(), onOrBefore: libraryLine - 1, from: cursor)
      {
        return found
      }
    }
    return nextOpen(cursor)
  }

  /// An element starts: `tag` is its name as written, `titleValue` the value that titles
  /// it, if any; libxml2 made it on `libraryLine` (1-based), if it says.
  func elementStarted(
    tag: String, titleValue: String?, hasAttributes: Bool, isEmpty: Bool, libraryLine: Int?
  ) throws(ReadError) {
    let open = start(Array("<\(tag)".utf8), libraryLine: libraryLine)
    cursor = open + 1
    let startLine = line(open)
    guard stack.count < mostLevels else {
      throw ReadError(
        line: startLine + 1, column: 1,
        message: ReadError.tooDeepMessage("elements", levels: mostLevels))
    }
    if !stack.isEmpty, stack[stack.count - 1].section == nil { materialize(stack.count - 1) }
    guard !isEmpty else { return }
    // Without attributes, a start tag holds no quote, and so no '>' before its end.
    var titleOnly = false
    if !hasAttributes && startsLine(open) {
      let close = text.bytes[open...].firstIndex(of: UInt8(ascii: ">")) ?? text.bytes.count
      titleOnly = line(close) == startLine && endsLine(close + 1)
    }
    var title = tag
    if let value = titleValue.map(foldWhiteSpace), !value.isEmpty { title += " " + value }
    stack.append(Frame(title: title, startLine: startLine, titleOnly: titleOnly))
  }

  /// Text, white space or an entity reference: it holds no `<`.
  func characters() {
    cursor = nextOpen(cursor)
  }

  /// A comment.
  func comment(libraryLine: Int?) {
    let open = start(Array("<!--".utf8), libraryLine: libraryLine)
    cursor = end(of: "-->", from: open + 4)
  }

  /// A processing instruction.
  func processingInstruction(libraryLine: Int?) {
    let open = start(Array("<?".utf8), libraryLine: libraryLine)
    cursor = end(of: "?>", from: open + 2)
  }

  /// A CDATA section.
  func cdata() {
    let open = nextOpen(cursor)
    cursor = end(of: "]]>", from: open + 9)
  }

  /// The document type declaration.
  func documentType() {
    afterDocumentType = true
  }

  /// The element on top ends.
  func elementEnded() {
    guard let frame = stack.popLast() else { return }
    let open = nextOpen(cursor)
    cursor = open + 1
    let endLine = max(frame.startLine, min(line(open), max(0, text.lineCount - 1)))
    guard let index = frame.section else { return }
    if endLine == frame.startLine {
      // On one line: its lines are content, as those of the elements inside it.
      sections.removeSubrange(index...)
      titleLines.removeSubrange(index...)
      endTagLines.removeSubrange(index...)
      return
    }
    titleLines[index] = frame.titleOnly
    endTagLines[index] = startsLine(open)
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
    SourceContent.finish(
      index, shown: lines, in: &sections, text: text, document: document)
  }

  /// The outline of the document: the lines outside its root element's section are its
  /// own content.
  func finish() -> Outline {
    let topLevel = SourceContent.children(of: nil, in: sections)
    let content = SourceContent.runs(
      of: 0..<text.lineCount, around: topLevel, in: sections, text: text, document: document)
    let hidden = topLevel.reduce(SourceContent.nonBlankCount(content, in: text)) {
      $0 + sections[$1].hiddenLines
    }
    var outline = Outline(sections: takeAll(&sections), content: content)
    outline.hiddenLines = hidden
    outline.sourceLines = text.map.inputLineCount
    outline.kind = .element
    return outline
  }
}
