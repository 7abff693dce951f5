/// What Markdown output changes in a section's raw HTML so that, as GitHub shows it,
/// the HTML opens and closes within the section: GitHub keeps `<details>`, `<table>` and
/// comments, so a stray `</details>` would close collapse's own wrapper early, and an
/// unclosed `<details>`, `<table>` or `<!--` would swallow the sections after it.
struct HTMLBalance: Equatable {
  /// Where a stray `</details>` starts, to be written as text: the 0-based line and the
  /// byte in it of its `<`.
  var strayClosers: Set<SourceByte> = []
  /// The lines that close, innermost first, what is left open: a line that ends a tag,
  /// comment or CDATA section left unfinished (`<!-- -->`, `<!-- -->">`), then end tags
  /// such as `</details>`.
  var closers: [String] = []

  struct SourceByte: Hashable {
    let line: Int
    let offset: Int
  }

  var isEmpty: Bool { strayClosers.isEmpty && closers.isEmpty }

  init(strayClosers: Set<SourceByte> = [], closers: [String] = []) {
    self.strayClosers = strayClosers
    self.closers = closers
  }

  /// How the raw HTML of a section's blocks must change to stay within the section; nil
  /// when it needs no change, as for any blocks without raw HTML. Decided by parsing the
  /// blocks' raw HTML, in order, as a browser would.
  init?(of blocks: MarkdownBlocks) {
    let document = blocks.document
    let part = MarkdownDocument.Part.blocks(blocks.node)
    // Divisions opened again before the blocks (`MarkdownWriter`) are closed after them
    // when the blocks leave them open.
    let startTags = document.openDivisions(before: blocks.node).startTags
    guard !startTags.isEmpty || document.mayHoldRawHTML(blocks.lines) else { return nil }
    let pieces = document.rawHTML(in: part)
    guard !startTags.isEmpty || !pieces.isEmpty else { return nil }
    // The section as GitHub reads it: cmark-gfm's HTML with the raw HTML kept, and the
    // line that closes a block the document ends in.
    var html = startTags
    document.render(part, unsafe: true) { html += $0 }
    if let closing = document.closingLine(blocks.node) { html += Array(closing.utf8) + [0x0A] }
    // A section nested past what a parser reads in good time is left as it is.
    if html.withUnsafeBytes(HTMLSanitizer.nestsTooDeep) { return nil }
    let strays: Set<Int>
    var balance: HTMLBalance
    do throws(GumboFragment.Failure) {
      let repairs = try SectionBalance.repairs(for: html)
      strays = repairs.strays
      balance = HTMLBalance(closers: repairs.closers)
    } catch {
      document.note(
        RawHTMLError(
          error, bytes: html.count, place: document.firstRawHTML(in: part), outcome: .notBalanced))
      return nil
    }
    guard !strays.isEmpty else {
      guard !balance.isEmpty else { return nil }
      self = balance
      return
    }
    // cmark-gfm writes no `</details>` of its own and escapes every `<` of text: each in
    // its HTML is one of the raw HTML's, in the same order.
    var ordinal = 0
    for piece in pieces {
      for offset in SectionBalance.detailsEndTags(in: piece.literal) {
        if strays.contains(ordinal),
          let place = HTMLBalance.sourceByte(of: piece, at: offset, in: document.source)
        {
          balance.strayClosers.insert(place)
        }
        ordinal += 1
      }
    }
    guard !balance.isEmpty else { return nil }
    self = balance
  }

  /// Where byte `offset` of a raw HTML piece, the `<` of an end tag, is in the source: where
  /// the source map says it may be, else the end tag on that line nearest to it.
  private static func sourceByte(
    of piece: MarkdownDocument.RawPiece, at offset: Int, in source: SourceText
  ) -> SourceByte? {
    guard
      let (line, guesses) = source.map.rawHTMLPlace(
        ofByte: offset, in: piece.literal, isBlock: piece.isBlock, startLine: piece.line,
        startColumn: piece.column, text: source.bytes)
    else { return nil }
    let text = source.bytes[source.lineRange(line)]
    let isEndTag = { (index: Int) in
      index >= 0 && index < text.count
        && ParsedTags.spellsTag(
          SectionBalance.detailsEndTag, at: text.startIndex + index, in: source.bytes)
    }
    if let exact = guesses.first(where: isEndTag) {
      return SourceByte(line: line, offset: exact)
    }
    // Positions may be off further where tabs were taken apart: the end tag nearest to
    // where it was thought to be, then.
    let target = guesses.last ?? 0
    if let nearest = (0..<text.count).filter(isEndTag).min(by: {
      abs($0 - target) < abs($1 - target)
    }) {
      return SourceByte(line: line, offset: nearest)
    }
    return nil
  }
}
