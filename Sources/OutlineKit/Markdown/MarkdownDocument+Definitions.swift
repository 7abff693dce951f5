import CCmark

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension MarkdownDocument {
  /// The footnotes whose first line is one of `lines` (0-based), each with its label,
  /// normalized as link labels are (`^` and all), and its source lines, blank ones at the
  /// end left out, each ending with a line end.
  func footnoteDefinitions(in lines: Range<Int>) -> [(label: String, text: String)] {
    guard let notes = root(of: .notes) else { return [] }
    var found: [(label: String, text: String)] = []
    for note in CmarkWalk.children(of: notes) {
      let start = Int(cmark_node_get_start_line(note)) - 1
      guard lines.contains(start), start < source.lineCount else { continue }
      let end = min(source.lineCount, max(start + 1, Int(cmark_node_get_end_line(note))))
      let text = source.trimmingBlankLines(start..<end)
      let opening = source.bytes[source.lineRange(start)].drop { $0 == 0x20 }
      guard opening.first == UInt8(ascii: "["),
        let close = opening.firstIndex(of: UInt8(ascii: "]"))
      else { continue }
      let label = LinkDefinitions.normalizedLabel(opening[(opening.startIndex + 1)..<close])
      found.append((label, text.map { source.line($0) + "\n" }.joined()))
    }
    return found
  }

  /// The runs of link reference definitions among a container's blocks, whose `lines` are
  /// given; definitions inside a block quote or list item, or at the start of a paragraph,
  /// are not found.
  func linkDefinitions(_ container: Container, lines: Range<Int>) -> [LinkDefinitions] {
    definitionRuns(container: container, lines: lines).compactMap {
      LinkDefinitions(source: source, lines: $0, dialect: dialect)
    }
  }

  /// The runs of lines in `lines` that may hold nothing but link reference definitions:
  /// cmark keeps no node for a definition, so these are the runs of non-blank lines that no
  /// top-level block of the container covers and that start with `[`.
  private func definitionRuns(container: Container, lines: Range<Int>) -> [Range<Int>] {
    var covered: [Range<Int>] = []
    let blocks = root(of: .blocks(container)).map(CmarkWalk.children(of:)) ?? CmarkWalk.Children()
    for block in blocks {
      let start = Int(cmark_node_get_start_line(block)) - 1
      guard start >= 0 else { continue }
      var end = Int(cmark_node_get_end_line(block))
      if cmark_node_get_type(block) == CMARK_NODE_HTML_BLOCK,
        let literal = cmark_node_get_literal(block)
      {
        end = SourceMap.lineAfterHTMLBlock(
          startingAt: start, reportedEnd: end,
          literal: UnsafeRawBufferPointer(start: literal, count: strlen(literal)))
      }
      covered.append(start..<max(start, end))
    }
    // cmark-gfm moves footnotes out of the blocks they stood among: their lines are no
    // link definitions either.
    for block in root(of: .notes).map(CmarkWalk.children(of:)) ?? CmarkWalk.Children() {
      let start = Int(cmark_node_get_start_line(block)) - 1
      let end = Int(cmark_node_get_end_line(block))
      if start >= 0, lines.contains(start) { covered.append(start..<max(start + 1, end)) }
    }
    covered.sort { $0.lowerBound < $1.lowerBound }
    var runs: [Range<Int>] = []
    var next = 0
    var line = lines.lowerBound
    while line < lines.upperBound {
      while next < covered.count, covered[next].upperBound <= line { next += 1 }
      if next < covered.count, covered[next].lowerBound <= line {
        line = covered[next].upperBound
        continue
      }
      guard !source.isBlank(line) else {
        line += 1
        continue
      }
      let blockStart = next < covered.count ? covered[next].lowerBound : lines.upperBound
      var end = line + 1
      while end < min(blockStart, lines.upperBound), !source.isBlank(end) { end += 1 }
      let text = source.bytes[source.lineRange(line)]
      let indent = text.prefix { $0 == 0x20 }.count
      if indent <= 3, text.dropFirst(indent).first == UInt8(ascii: "[") { runs.append(line..<end) }
      line = end
    }
    return runs
  }
}
