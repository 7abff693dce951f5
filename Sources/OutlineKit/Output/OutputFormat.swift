/// The kinds of output collapse writes.
public enum OutputFormat: String, CaseIterable, Sendable {
  /// The outline as indented lines of text, for a terminal.
  case text
  /// An HTML fragment of nested `<details>`, or with `standalone` a whole page.
  case html
  /// GitHub Markdown: the document's own source inside `<details>`.
  case markdown
  /// The outline itself, as `docs/outline.schema.json` describes it.
  case json

  /// The names `--to` takes: every format's own, and `gfm` for `markdown`, as `--from`
  /// takes it.
  public static let names = ["text", "html", "markdown", "gfm", "json"]

  /// The format a name of `names` stands for.
  public init?(name: String) {
    self.init(rawValue: name == "gfm" ? "markdown" : name)
  }

  /// Whether output in this format may be cut to a size (`OutputOptions.maxBytes`) and
  /// open with a table of contents (`DocumentWriterOptions.tableOfContents`): html and
  /// markdown, whose sections are written as blocks that can be left out and linked to.
  public var takesSizeLimit: Bool { self == .html || self == .markdown }

  /// Whether the format makes a whole page (`OutputOptions.standalone`, with its title and
  /// its lazy loading) and can hold images embedded in it: html alone.
  public var makesPages: Bool { self == .html }

  /// A writer of `outline` with the sections `selection` expands, in this format, as
  /// `options` ask: a page is lazy when its `lazy` says so, and html or markdown output
  /// is cut to fit `maxBytes`, which text and JSON are not. Throws, before anything is
  /// written, when the output cannot fit.
  public func makeWriter(
    for outline: Outline, selection: Selection, options: OutputOptions = OutputOptions()
  ) throws(SizeLimitError) -> any DocumentWriter {
    switch self {
    case .text:
      return TextWriter(options: options.text)
    case .html where options.standalone:
      var page = HTMLPage(
        title: options.title, paths: options.paths, writer: HTMLWriter(options: options.document))
      switch options.lazy {
      case .auto:
        page.lazy = outline.sourceBytes >= HTMLPage.lazyFromBytes && options.maxBytes == nil
      case .always: page.lazy = true
      case .never: page.lazy = false
      }
      return try Self.fitting(page, outline, selection: selection, options: options)
    case .html:
      return try Self.fitting(
        HTMLWriter(options: options.document), outline, selection: selection, options: options)
    case .markdown:
      return try Self.fitting(
        MarkdownWriter(options: options.document), outline, selection: selection, options: options)
    case .json:
      return JSONWriter()
    }
  }

  /// `writer`, leaving out what it must to fit `options.maxBytes`.
  private static func fitting<Writer: SizeLimitable>(
    _ writer: Writer, _ outline: Outline, selection: Selection, options: OutputOptions
  ) throws(SizeLimitError) -> ElidingWriter<Writer> {
    let elision = try options.maxBytes.flatMap { (limit) throws(SizeLimitError) in
      try writer.elision(
        for: outline, selection: selection, limit: limit, fullCommand: options.fullCommand)
    }
    // Only the images of what is written are warned of, not those measured and cut.
    options.document.images?.beginWriting()
    return ElidingWriter(writer: writer, elision: elision)
  }
}
