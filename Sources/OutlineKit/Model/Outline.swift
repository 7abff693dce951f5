/// A document as a tree of collapsible sections, stored flat in document order.
///
/// `sections` lists every section before its subsections (pre-order), so a section's
/// subtree is the contiguous range `index + 1 ..< sections[index].end`. Storing the tree
/// flat keeps every walk iterative: a document nested a million levels deep is as easy
/// to build, render and free as a long flat one.
public struct Outline {
  /// Every section, each before its subsections.
  public internal(set) var sections: [Section]
  /// The document's own content: what comes before, between or after its top-level
  /// sections. It is always shown and never collapsible (Markdown's preamble).
  public internal(set) var content: [Content]
  /// The document's own scalar members, when its content shows them as written rather
  /// than as members (YAML); nil when its content runs are its members (JSON).
  var values: [Content]? = nil
  /// The runs of the document's own scalar members: `values`, or its content.
  var valueRuns: [Content] { values ?? content }
  /// What the whole document is, for describing it when it is collapsed as one file.
  public internal(set) var kind: Section.Kind = .file
  /// The non-blank content lines of the whole document, headings not counted.
  public internal(set) var hiddenLines = 0
  /// The memory writing the outline will take beyond what reading it took, as the reader
  /// reckoned it: what a program reading more documents before writing this one keeps for
  /// it (`DocumentLoader.memoryKeptForOthers`).
  public internal(set) var memoryToWrite = 0
  /// The size of the documents the outline was read from, in bytes.
  public internal(set) var sourceBytes = 0
  /// The number of lines of the document the outline was read from; a final line end
  /// does not start another line.
  public internal(set) var sourceLines = 0
  /// What stopped the document from being read to its end, when the outline holds what
  /// was read before it: the documents of a stream (YAML's `---`) before the one it is in,
  /// or the suites and tests of a test report that ends before it is complete (a runner
  /// killed while it wrote).
  public internal(set) var stoppedBy: ReadError? = nil
  /// The Markdown documents the outline was read from, in order.
  var documents: [MarkdownDocument] = []
  /// The link reference and footnote definitions its Markdown uses from the parts of the
  /// document an extract (`extracting`) left out, each run its source lines, to write
  /// after it so that its links still work.
  var definitionsLeftOut: [[String]] = []
  /// Whether this is an extract of some sections of a document (`extracting`), whose
  /// footnotes may be cited only by the parts left out.
  var isExtract = false
  /// Whether each top-level section is a whole file (`combining`), the root of its own
  /// document.
  var combinesFiles = false

  /// Where the Markdown blocks start that were left out of the HTML written so far because
  /// their HTML alone would be larger than cmark-gfm renders at once.
  public var blocksLeftOutForSize: [SourcePlace] { documents.flatMap(\.blocksLeftOutForSize) }

  /// The raw HTML of its Markdown that could not be parsed in the output written so far.
  public var rawHTMLErrors: [RawHTMLError] { documents.flatMap(\.rawHTMLErrors) }

  /// What tells each of the documents it was read from apart, in order, for those who
  /// keep something for each, as the images embedded do.
  var documentKeys: [ObjectIdentifier] { documents.map(ObjectIdentifier.init) }

  /// The ids, made when first asked for.
  private let idStore = SectionIDs()

  /// Makes an outline from sections in document order.
  init(sections: [Section], content: [Content]) {
    self.sections = sections
    self.content = content
  }

  /// Every section's unique, stable, GitHub-style id, by index: a slug of its title,
  /// repeats numbered `-1`, `-2`, … in document order.
  public var ids: [String] { idStore.ids(of: sections) }

  /// The indexes of the top-level sections.
  public var topLevel: ChildIndexes { ChildIndexes(outline: self, range: 0..<sections.count) }

  /// The indexes of the direct subsections of the section at `index`.
  public func children(of index: Int) -> ChildIndexes {
    ChildIndexes(outline: self, range: (index + 1)..<sections[index].end)
  }

  /// The indexes of the section's ancestors, nearest first.
  public func ancestors(of index: Int) -> [Int] {
    var result: [Int] = []
    var cursor = sections[index].parent
    while let parent = cursor {
      result.append(parent)
      cursor = sections[parent].parent
    }
    return result
  }

}

/// The array `array` held, leaving it empty, so that the caller owns the only reference.
func takeAll<Element>(_ array: inout [Element]) -> [Element] {
  var taken: [Element] = []
  swap(&taken, &array)
  return taken
}
