import CCmark

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension MarkdownDocument {
  /// How the raw HTML of a container, whose source is `lines`, must change to stay
  /// within its section; nil when it needs no change, as for any container without raw
  /// HTML. Decided by parsing the container's raw HTML, in order, as a browser would.
  func htmlBalance(container: Int, lines: Range<Int>) -> HTMLBalance? {
    guard mayHoldRawHTML(lines) else { return nil }
    let pieces = rawHTML(in: containers[container])
    guard !pieces.isEmpty else { return nil }
    // The section as GitHub reads it: cmark-gfm's HTML with the raw HTML kept, and the
    // line that closes a block the document ends in.
    var html: [UInt8] = []
    render(containers[container], unsafe: true) { html = [UInt8]($0) }
    if let closing = closingLine(container: container) { html += Array(closing.utf8) + [0x0A] }
    // A section nested past what a parser reads in good time is left as it is.
    if html.withUnsafeBytes(HTMLSanitizer.nestsTooDeep) { return nil }
    let strays: Set<Int>
    var balance: HTMLBalance
    do throws(GumboFragment.Failure) {
      let repairs = try SectionBalance.repairs(for: html)
      strays = repairs.strays
      balance = HTMLBalance(closers: repairs.closers)
    } catch {
      let problem = RawHTMLError(
        error, bytes: html.count, place: firstRawHTML(in: containers[container]),
        outcome: .notBalanced)
      rawHTMLProblems.withLock { _ = $0.insert(problem) }
      return nil
    }
    guard !strays.isEmpty else { return balance.isEmpty ? nil : balance }
    // cmark-gfm writes no `</details>` of its own and escapes every `<` of text: each in
    // its HTML is one of the raw HTML's, in the same order.
    var ordinal = 0
    for piece in pieces {
      for offset in SectionBalance.detailsEndTags(in: piece.literal) {
        if strays.contains(ordinal), let place = sourcePlace(of: piece, at: offset) {
          balance.strayClosers.insert(place)
        }
        ordinal += 1
      }
    }
    return balance.isEmpty ? nil : balance
  }

  /// A raw HTML node's text and where it starts.
  private struct RawPiece {
    let literal: [UInt8]
    let isBlock: Bool
    let line: Int
    let column: Int
  }

  /// The raw HTML nodes under `node`, in order.
  private func rawHTML(in node: OpaquePointer) -> [RawPiece] {
    var pieces: [RawPiece] = []
    for step in CmarkWalk(node, includingRoot: true) where step.isEntering {
      let current = step.node
      let type = cmark_node_get_type(current)
      guard type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE,
        let literal = cmark_node_get_literal(current)
      else { continue }
      pieces.append(
        RawPiece(
          literal: Array(UnsafeRawBufferPointer(start: literal, count: strlen(literal))),
          isBlock: type == CMARK_NODE_HTML_BLOCK,
          line: Int(cmark_node_get_start_line(current)) - 1,
          column: Int(cmark_node_get_start_column(current)) - 1))
    }
    return pieces
  }

  /// Where byte `offset` of a raw HTML piece, the `<` of an end tag, is in the source. An
  /// HTML block's text is its lines, each without what its container takes from its start
  /// (`> ` in a block quote), so a line's text ends where the source line ends.
  private func sourcePlace(of piece: RawPiece, at offset: Int) -> HTMLBalance.SourceByte? {
    let before = piece.literal[..<offset]
    let line = piece.line + (piece.isBlock ? before.count(where: { $0 == 0x0A }) : 0)
    guard line >= 0, line < source.lineCount else { return nil }
    let range = source.lineRange(line)
    let text = source.bytes[range]
    // An HTML block's line ends where the source line does. An inline tag's column is
    // cmark-gfm's, which leaves out the indent a paragraph's later lines lose.
    let indent = text.prefix { $0 == 0x20 || $0 == 0x09 }.count
    let guesses: [Int]
    if piece.isBlock {
      let lineEnd = piece.literal[offset...].firstIndex(of: 0x0A) ?? piece.literal.count
      guesses = [text.count - (lineEnd - offset)]
    } else {
      guesses = [piece.column, piece.column + indent]
    }
    let isEndTag = { (index: Int) in
      index >= 0 && index < text.count
        && ParsedTags.spellsTag(
          SectionBalance.detailsEndTag, at: text.startIndex + index, in: self.source.bytes)
    }
    if let exact = guesses.first(where: isEndTag) {
      return HTMLBalance.SourceByte(line: line, offset: exact)
    }
    // Positions may be off further where tabs were taken apart: the end tag nearest to
    // where it was thought to be, then.
    let target = guesses.last ?? 0
    if let nearest = (0..<text.count).filter(isEndTag).min(by: {
      abs($0 - target) < abs($1 - target)
    }) {
      return HTMLBalance.SourceByte(line: line, offset: nearest)
    }
    return nil
  }
}
