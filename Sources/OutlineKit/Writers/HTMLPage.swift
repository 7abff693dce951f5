/// Writes a whole HTML page around an outline's fragment: a title, a style sheet that
/// reads well in light and dark mode and on a phone, and a small script for deep links,
/// expand and collapse all, and printing every section. It loads nothing from anywhere.
public struct HTMLPage {
  /// The title asked for; when it is nil or blank the page takes its title from the
  /// outline.
  public var title: String?
  /// The name of the document, the title of last resort.
  public var fileName: String
  /// The writer of the fragment the page holds.
  public var writer: HTMLWriter
  /// Whether the page is lazy: whether it holds only the first `lazyMainBytes` of what is
  /// open, and keeps the rest, and every closed section's body, deflated, for its script
  /// to lay out when a section is opened or comes into sight. A page of a document of
  /// `lazyFromBytes` or more is best lazy; a page cut to a size never is.
  public var lazy = false

  /// The size of the documents from which a page is best lazy: 1 MiB.
  public static let lazyFromBytes = 1 << 20
  /// How much of what is open a lazy page holds as it is, and about how much it adds each
  /// time it goes on.
  static let lazyMainBytes = 256 * 1024
  static let lazyPieceBytes = 64 * 1024

  public init(title: String? = nil, fileName: String, writer: HTMLWriter = HTMLWriter()) {
    self.title = title
    self.fileName = fileName
    self.writer = writer
  }

  /// The page of the documents read from `paths`, in order (at least one). Its file name
  /// is the first one's, without its folders; several documents name the page for
  /// themselves, unless `title` is given: `a.md, b.md, c.md and 2 more`.
  public init(title: String? = nil, paths: [String], writer: HTMLWriter = HTMLWriter()) {
    let names = paths.map { $0.split(separator: "/").last.map(String.init) ?? "" }
    var title = title
    if title == nil && names.count > 1 {
      title =
        names.prefix(3).joined(separator: ", ")
        + (names.count > 3 ? " and \(names.count - 3) more" : "")
    }
    self.init(title: title, fileName: names.first ?? "", writer: writer)
  }

  /// The page's title: the one asked for; else, for a Markdown document with exactly one
  /// top-level section, that section's title; else the file name; white space folded.
  /// A JSON document's first key or element says little of it: its name says more.
  public func title(for outline: Outline) -> String {
    if let title, case let folded = foldWhiteSpace(title), !folded.isEmpty { return folded }
    if let top = soleHeading(of: outline) { return top.title }
    return foldWhiteSpace(fileName)
  }

  /// The one top-level section of `outline`, with its folded title, when it is a heading
  /// with a title and has no sibling.
  func soleHeading(of outline: Outline) -> (index: Int, title: String)? {
    var top = outline.topLevel.makeIterator()
    guard let first = top.next(), top.next() == nil, outline.sections[first].kind == .heading
    else { return nil }
    let folded = foldWhiteSpace(outline.sections[first].shownTitle)
    return folded.isEmpty ? nil : (first, folded)
  }
}

extension HTMLPage {
  /// What the page may load and run. Scripts: only the page's own, named by the SHA-256
  /// of its text, so that no script from the document runs, even one `--unsafe` keeps:
  /// neither an inline one nor an event handler nor a `javascript:` link. Images: those
  /// from the page's own origin (`'self'`: its host, or for a page opened from the disk,
  /// local files) and those written into it as `data:`, and with `remoteImages` any over
  /// https. Nothing else is fetched: no frame, font, style sheet, object or connection,
  /// from anywhere; no form is sent and no `<base>` changes where links lead.
  ///
  /// `highlighting`, the script that colours the page's code, is allowed by its hash too,
  /// and to run as a worker made from its own text (`blob:`), which only a script the
  /// page allows can make.
  static func policy(remoteImages: Bool = false, highlighting: String? = nil) -> String {
    let highlight = highlighting.map { " '\(HTMLPage.hash(ofScript: $0))'" } ?? ""
    let worker = highlighting == nil ? "" : "worker-src blob:; "
    let images = "img-src 'self' data:" + (remoteImages ? " https:" : "")
    return "default-src 'none'; style-src 'unsafe-inline'; script-src '\(scriptHash)'\(highlight); "
      + worker + images + "; base-uri 'none'; form-action 'none'"
  }
}

extension HTMLPage: SizeLimitable {
  public func write<Target: ByteOutputStream>(
    _ outline: Outline, selection: Selection, elision: Elision?, to target: inout Target,
    boundaries: (SectionBoundary) -> Void
  ) throws(Target.Failure) {
    let plainTitle = title(for: outline)
    let title = HTML.valid(HTML.escaped(plainTitle))
    // A page titled by its one top-level section heads the page with that section's own
    // summary, rather than say the title twice.
    let headedBySection = soleHeading(of: outline).map { $0.title == plainTitle } ?? false
    let heading = headedBySection ? "" : "<h1>\(title)</h1>\n"
    // The code's colours, for the languages it is written in, when highlight.js is installed.
    var highlighting: String? = nil
    if writer.options.highlightsCode, !writer.options.titlesOnly,
      let highlighter = HighlightScript.installed
    {
      highlighting = highlighter.script(for: outline.documents.flatMap { $0.codeLanguages() })
    }
    let policy = HTMLPage.policy(
      remoteImages: writer.options.loadsRemoteImages, highlighting: highlighting)
    target.write(
      """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="color-scheme" content="light dark">
      <meta http-equiv="Content-Security-Policy" content="\(policy)">
      <title>\(title)</title>
      <link rel="icon" href="data:,">
      <style>
      \(HTMLPage.styleSheet)</style>
      </head>
      <body>
      <header class="page-header">
      \(heading)<div class="controls" hidden>
      <input type="search" class="search" placeholder="Search" aria-label="Search titles and content" aria-controls="search-results" aria-keyshortcuts="/" autocomplete="off" spellcheck="false">
      <button type="button" data-open="true">Expand all</button>
      <button type="button" data-open="false">Collapse all</button>
      </div>
      <div id="search-results" class="search-results" hidden></div>
      </header>

      """)
    let lazy = lazy && elision == nil
    if lazy {
      target.write(
        """
        <noscript><p class="left-out">This page is large: its script lays out closed \
        sections when they are opened, and the rest of the page as it comes into sight. \
        With scripts off, write it with <code>--lazy=never</code>.</p></noscript>

        """)
    }
    writer.writeNotice(elision, to: &target)
    if writer.options.tableOfContents {
      writer.writeTableOfContents(outline, elision: elision, to: &target)
    }
    target.write("<main>\n")
    // The page's policy blocks images from other hosts (those over https too, unless it
    // loads them): they are shown as placeholders instead.
    var writer = writer
    writer.options.blocksRemoteImages = true
    writer.options.headsPage = headedBySection
    writer.options.inPage = true
    if lazy {
      try writeLazy(outline, selection: selection, title: plainTitle, writer: writer, to: &target)
    } else {
      try writer.writeSections(
        outline, selection: selection, elision: elision, to: &target, boundaries: boundaries)
      target.write("</main>\n")
    }
    if let highlighting { target.write("<script>\n\(highlighting)</script>\n") }
    target.write(
      """
      <script>
      \(HTMLPage.script)</script>
      </body>
      </html>

      """)
    try target.checkFailure()
  }
}

extension HTMLPage {
  /// Writes a lazy page's sections, its notes, the end of its `<main>`, and then what its
  /// script lays out later: the chunks of its pieces (`LazyStore`), the table of where
  /// each piece is, and the records its search looks through (`SearchRecords`).
  private func writeLazy<Target: ByteOutputStream>(
    _ outline: Outline, selection: Selection, title: String, writer: HTMLWriter,
    to target: inout Target
  ) throws(Target.Failure) {
    var walk = LazyWalk(
      writer: writer, outline: outline, selection: selection, title: title, target: target,
      mainBudget: HTMLPage.lazyMainBytes, pieceBudget: HTMLPage.lazyPieceBytes)
    do {
      defer { target = walk.target }
      try outline.walk(&walk)
      walk.finish()
    }
    try target.checkFailure()
    writer.writeNotes(writer.notedDocuments(of: outline), to: &target)
    target.write("</main>\n")
    for chunk in walk.store.chunks {
      HTMLPage.writeDataBlock(
        "class=\"collapse-chunk\"", chunk.bytes, deflated: chunk.deflated, to: &target)
    }
    target.write("<script type=\"application/json\" id=\"collapse-pieces\">[")
    target.write(walk.store.table.map(String.init).joined(separator: ","))
    target.write("]</script>\n")
    var search = walk.search
    for (id, records) in [
      ("collapse-sections", search.sections(ids: walk.plan.ids)),
      ("collapse-texts", search.takeTexts()),
    ] {
      let deflated = LazyStore.deflated(records)
      HTMLPage.writeDataBlock(
        "id=\"\(id)\"", deflated ?? records, deflated: deflated != nil, to: &target)
    }
    try target.checkFailure()
  }

  /// Writes `bytes`, deflated or as they are, as Base64 in a script element that holds
  /// data and runs nothing; `attribute` names it for the script.
  private static func writeDataBlock<Target: ByteOutputStream>(
    _ attribute: String, _ bytes: [UInt8], deflated: Bool, to target: inout Target
  ) {
    let type = deflated ? "application/x-collapse-zlib" : "application/octet-stream"
    target.write("<script type=\"\(type)\" \(attribute)>")
    target.write(Base64.encoded(bytes))
    target.write("</script>\n")
  }
}
