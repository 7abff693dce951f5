/// Writes the parts of a Markdown document as HTML, as the writers' options ask: cmark-gfm's
/// HTML, made valid, its raw HTML sanitised unless `options.unsafe`, its images shown as
/// the options say.
///
/// The document owns and renders its tree; this decides what is done with the HTML, and
/// notes on the document the raw HTML that could not be parsed.
struct MarkdownRenderer {
  let options: DocumentWriterOptions

  /// Writes a section's blocks.
  func writeHTML<Target: ByteOutputStream>(_ blocks: MarkdownBlocks, to target: inout Target) {
    renderSafely(.blocks(blocks.node), of: blocks.document, place: .blocks) {
      HTML.writeValid($0, to: &target)
    }
  }

  /// Writes a heading's inline content, without the `<hN>` element around it.
  func writeHTML<Target: ByteOutputStream>(_ heading: MarkdownHeading, to target: inout Target) {
    renderSafely(.title(heading.node), of: heading.document, place: .title) {
      HTML.writeValid($0, to: &target)
    }
  }

  /// Writes a document's footnotes, as cmark-gfm renders them after a document: a
  /// `<section class="footnotes">` with a list of the notes, each with links back to its
  /// references; when `written` is given, only the links back to the references it holds.
  func writeNotes<Target: ByteOutputStream>(
    of document: MarkdownDocument, keeping written: Set<String>? = nil, to target: inout Target
  ) {
    guard document.hasNotes else { return }
    renderSafely(.notes, of: document, place: .notes) { rendered in
      var html = rendered[...]
      // A section has a heading, for the outline of the page: GitHub's, read by screen
      // readers and hidden from view.
      let opening = Array("<section class=\"footnotes\" data-footnotes>\n".utf8)
      if html.starts(with: opening) {
        target.write(bytes: UnsafeRawBufferPointer(rebasing: html.prefix(opening.count)))
        target.write("<h2 class=\"sr-only\">Footnotes</h2>\n")
        html = html.dropFirst(opening.count)
      }
      guard let written else {
        HTML.writeValid(UnsafeRawBufferPointer(rebasing: html), to: &target)
        return
      }
      var kept = ""
      FootnoteMarkup.removingLinksBack(
        from: UnsafeRawBufferPointer(rebasing: html), notIn: written, to: &kept)
      kept.withUTF8 { HTML.writeValid(UnsafeRawBufferPointer($0), to: &target) }
    }
  }

  /// Hands `body` the HTML of `part` that the options allow: cmark's, when `part` holds no
  /// raw HTML, or images the options change, or `options.unsafe` keeps everything; else
  /// cmark's with raw HTML kept, sanitised for `place`.
  private func renderSafely(
    _ part: MarkdownDocument.Part, of document: MarkdownDocument,
    place: HTMLSanitizer.Place, _ body: (UnsafeRawBufferPointer) -> Void
  ) {
    // A heading is rendered in `<hN>…</hN>\n`: its content is what it holds.
    func content(_ html: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
      guard place == .title else { return html }
      return UnsafeRawBufferPointer(
        rebasing: html.count >= 10 ? html[4..<(html.count - 6)] : html[0..<0])
    }
    document.showEmoji()
    // A page colours its code with its script; a fragment marks it for its host's style.
    let highlighter =
      options.highlightsCode && !options.inPage
      ? SourceHighlight(budget: options.highlightBudget) : nil
    let images = options.blocksRemoteImages || options.images != nil
    // Blocks in divisions that earlier parts left open are parsed with them opened again.
    var divisions = OpenDivisions.none
    if !options.unsafe, case .blocks(let container) = part {
      divisions = document.openDivisions(before: container)
    }
    #if NO_RAW_HTML_CHECK
      // For the bench: what rendering cost before raw HTML was looked for.
      let checked = !divisions.isEmpty
    #else
      let checked = !divisions.isEmpty || document.needsSanitizer(part, orImages: images)
    #endif
    guard !options.unsafe, checked else {
      document.render(part, unsafe: options.unsafe, highlighter: highlighter) { body(content($0)) }
      return
    }
    var sanitizer = HTMLSanitizer(place: place)
    sanitizer.blocksRemoteImages = options.blocksRemoteImages
    sanitizer.loadsSecureRemoteImages = options.loadsRemoteImages
    sanitizer.prefixesIDs = !options.leavesIDsToGitHub
    #if !PLAIN_WHOLESANITIZE
      // A section's blocks block by block, parsing only those with raw HTML, where each
      // stands alone (bench/tricks.md says what this gains). Embedded images are counted
      // as they are read, so those sections are read whole, once.
      if place == .blocks, options.images == nil {
        var sanitized: [UInt8]?
        let startTags = divisions.startTags
        let rendered = document.renderBlocks(part, orImages: images, highlighter: highlighter) {
          blocks in
          startTags.withUnsafeBytes { startTags in
            let opening = [HTMLSanitizer.Block(html: startTags, needsSanitizer: true)]
            sanitized = sanitizer.sanitized(
              blocks: (divisions.isEmpty ? [] : opening)
                + blocks.map {
                  HTMLSanitizer.Block(html: $0.html, needsSanitizer: $0.needsSanitizer)
                }
            )
          }
        }
        if rendered, let sanitized {
          sanitized.withUnsafeBytes { body($0) }
          return
        }
      }
    #endif
    if let embedder = options.images {
      // Each image of the render is known by its node and its place among them.
      var ordinal = 0
      let node = document.identity(of: part)
      let key = ObjectIdentifier(document)
      sanitizer.embed = {
        ordinal += 1
        return embedder.dataURL(
          for: $0, in: key,
          at: ImageEmbedder.Reference(node: node, place: place, ordinal: ordinal))
      }
    }
    var note: String?
    // Tags whose content a browser reads as raw text (`<textarea>`, `<script>`) are
    // written as text first, as GitHub does, so that what follows them is not lost.
    document.render(part, unsafe: true, filtersTags: true, highlighter: highlighter) {
      rendered in
      var opened: [UInt8] = []
      if !divisions.isEmpty { opened = divisions.startTags + UnsafeRawBufferPointer(rendered) }
      opened.withUnsafeBytes { opened in
        let html = divisions.isEmpty ? content(rendered) : opened
        if HTMLSanitizer.nestsTooDeep(html) {
          note = "its elements nest deeper than \(HTMLSanitizer.parsedDepth)"
          return
        }
        do throws(GumboFragment.Failure) {
          try sanitizer.sanitized(html).withUnsafeBytes { body($0) }
        } catch {
          document.note(
            RawHTMLError(
              error, bytes: html.count, place: document.firstRawHTML(in: part), outcome: .leftOut))
          note = "it would take too much memory to parse"
        }
      }
    }
    guard let note else { return }
    // Too deep or too large to parse in good time: the section without its raw HTML, and
    // why.
    document.render(part, unsafe: false, highlighter: highlighter) { html in
      (Array("<!-- collapse left out the raw HTML here: \(note) -->".utf8) + content(html))
        .withUnsafeBytes { body($0) }
    }
  }
}
