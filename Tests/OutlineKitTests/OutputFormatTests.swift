import TestSupport
import Testing

@testable import OutlineKit

/// What the writer `OutputFormat.makeWriter` makes writes.
private func written(
  _ format: OutputFormat, _ outline: Outline, selection: Selection, options: OutputOptions
) throws -> String {
  var output = ""
  try format.makeWriter(for: outline, selection: selection, options: options)
    .write(outline, selection: selection, to: &output)
  return output
}

/// What `writer` writes, leaving out what `elision` says.
private func written(
  _ writer: some SizeLimitable, _ outline: Outline, selection: Selection,
  elision: Elision? = nil
) -> String {
  var output = ""
  writer.write(outline, selection: selection, elision: elision, to: &output)
  return output
}

@Suite("output formats through the library")
struct OutputFormatTests {
  static var outline: Outline { markdown(GeneratedOutline(seed: 29, size: 60_000).markdown) }

  /// Options that every format reads some of, none of them the defaults.
  static var options: OutputOptions {
    var options = OutputOptions()
    options.text = TextWriter.Options(ascii: true, width: 60)
    options.document = DocumentWriterOptions(tableOfContents: true)
    options.title = "Notes"
    options.paths = ["docs/notes.md"]
    return options
  }

  @Test("each format writes the bytes of the writer it names, given the same options")
  func sameBytesAsTheWriter() throws {
    let outline = OutputFormatTests.outline
    let selection = try Selection(outline: outline, request: SelectionRequest(base: .depth(2)))
    let options = OutputFormatTests.options
    var text = ""
    TextWriter(options: options.text).write(outline, selection: selection, to: &text)
    var json = ""
    JSONWriter().write(outline, selection: selection, to: &json)
    let expected: [OutputFormat: String] = [
      .text: text,
      .html: written(HTMLWriter(options: options.document), outline, selection: selection),
      .markdown: written(MarkdownWriter(options: options.document), outline, selection: selection),
      .json: json,
    ]
    for format in OutputFormat.allCases {
      let output = try written(format, outline, selection: selection, options: options)
      #expect(output == expected[format], "\(format)")
      #expect(!output.isEmpty, "\(format)")
    }
    var standalone = options
    standalone.standalone = true
    let page = HTMLPage(
      title: options.title, paths: options.paths, writer: HTMLWriter(options: options.document))
    #expect(
      try written(.html, outline, selection: selection, options: standalone)
        == written(page, outline, selection: selection))
  }

  @Test("a size limit cuts html, a page and markdown as each writer's own search decides")
  func sizeLimitChosenByTheLibrary() throws {
    let outline = OutputFormatTests.outline
    let selection = try Selection(outline: outline, request: SelectionRequest())
    var options = OutputFormatTests.options
    options.fullCommand = "collapse notes.md"
    let writers: [(OutputFormat, standalone: Bool, any SizeLimitable)] = [
      (.html, false, HTMLWriter(options: options.document)),
      (
        .html, true,
        HTMLPage(
          title: options.title, paths: options.paths, writer: HTMLWriter(options: options.document))
      ),
      (.markdown, false, MarkdownWriter(options: options.document)),
    ]
    for (format, standalone, writer) in writers {
      let whole = written(writer, outline, selection: selection)
      let limit = whole.utf8.count / 2
      let elision = try writer.elision(
        for: outline, selection: selection, limit: limit, fullCommand: options.fullCommand)
      options.standalone = standalone
      options.maxBytes = limit
      let cut = try written(format, outline, selection: selection, options: options)
      #expect(cut == written(writer, outline, selection: selection, elision: elision), "\(format)")
      #expect(cut.utf8.count <= limit, "\(format)")
      #expect(cut.contains("collapse notes.md"), "\(format)")
      // A limit the output fits leaves it whole.
      options.maxBytes = whole.utf8.count
      #expect(try written(format, outline, selection: selection, options: options) == whole)
    }
  }

  @Test("an output that cannot fit its limit is refused before a writer is made")
  func cannotFit() throws {
    let outline = OutputFormatTests.outline
    let selection = try Selection(outline: outline, request: SelectionRequest())
    var options = OutputOptions()
    options.maxBytes = 10
    for format in [OutputFormat.html, .markdown] {
      #expect(throws: SizeLimitError.self, "\(format)") {
        try format.makeWriter(for: outline, selection: selection, options: options)
      }
    }
  }

  @Test("text and json are written whole, whatever the limit")
  func textAndJSONAreNotCut() throws {
    let outline = OutputFormatTests.outline
    let selection = try Selection(outline: outline, request: SelectionRequest())
    var options = OutputOptions()
    let whole = try OutputFormat.allCases.map {
      try written($0, outline, selection: selection, options: options)
    }
    options.maxBytes = 10
    for (format, whole) in zip(OutputFormat.allCases, whole) where [.text, .json].contains(format) {
      #expect(try written(format, outline, selection: selection, options: options) == whole)
    }
  }

  @Test(
    "a page is lazy from HTMLPage.lazyFromBytes of source, unless it has a size limit or --lazy says otherwise"
  )
  func lazyPages() throws {
    // The loader says how large the source was; a document read from a string is as
    // large as it is said to be.
    var small = OutputFormatTests.outline
    small.sourceBytes = HTMLPage.lazyFromBytes - 1
    var large = small
    large.sourceBytes = HTMLPage.lazyFromBytes
    let cases: [(Outline, OutputOptions.Lazy, limited: Bool, lazy: Bool)] = [
      (small, .auto, false, false), (large, .auto, false, true), (large, .auto, true, false),
      (small, .always, false, true), (large, .never, false, false),
    ]
    for (outline, choice, limited, lazy) in cases {
      let selection = try Selection(outline: outline, request: SelectionRequest())
      var options = OutputOptions()
      options.standalone = true
      options.paths = ["notes.md"]
      options.lazy = choice
      // A limit the page fits in, so that it is cut not at all.
      if limited { options.maxBytes = .max }
      var page = HTMLPage(paths: options.paths)
      page.lazy = lazy
      #expect(
        try written(.html, outline, selection: selection, options: options)
          == written(page, outline, selection: selection),
        "\(choice), \(outline.sourceBytes) bytes, limited: \(limited)")
    }
  }
}
