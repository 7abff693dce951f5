/// What the readers that show a document as its lines as written (YAML, XML) share: a
/// section's content is the runs of its lines that none of its subsections stands on.
enum SourceContent {
  /// The direct subsections of the section at `index` of `sections`, or the top-level
  /// ones: each follows the last one's subtree.
  static func children(of index: Int?, in sections: [Section]) -> [Int] {
    var found: [Int] = []
    var child = index.map { $0 + 1 } ?? 0
    let end = index.map { sections[$0].end } ?? sections.count
    while child < end {
      found.append(child)
      child = sections[child].end
    }
    return found
  }

  /// Gives the finished section at `index` its content, the runs of `shown` (its lines,
  /// less those that only title or close it) that no subsection stands on; the lines
  /// collapsing it hides, its own that are not blank and its subsections'; and the bytes
  /// of the input its lines stand on.
  static func finish(
    _ index: Int, shown: Range<Int>, in sections: inout [Section], text: SourceText,
    document: SourceDocument
  ) {
    let inside = children(of: index, in: sections)
    let content = runs(
      of: shown, around: inside, in: sections, text: text, document: document)
    var hidden = nonBlankCount(content, in: text)
    for child in inside { hidden += sections[child].hiddenLines }
    let span = sections[index].span.lines
    let start = text.map.offset(ofLine: span.lowerBound)
    let end = text.map.offset(ofLine: span.upperBound)
    sections[index].content = content
    sections[index].hiddenLines = hidden
    sections[index].span.bytes = text.map.inputOffset(start)..<text.map.inputOffset(end)
  }

  /// The content of `lines`, less the lines of the sections `inside` of `sections`: a run
  /// before each of them and after the last, without blank lines at either end, where one
  /// is not empty.
  static func runs(
    of lines: Range<Int>, around inside: [Int], in sections: [Section], text: SourceText,
    document: SourceDocument
  ) -> [Content] {
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
  static func nonBlankCount(_ content: [Content], in text: SourceText) -> Int {
    content.reduce(0) {
      guard case .source(let source) = $1.body else { return $0 }
      return $0 + text.nonBlankCount(source.lines)
    }
  }
}
