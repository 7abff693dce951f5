/// The options of the two writers that render the document itself, HTML and GitHub
/// Markdown: each means the same in both.
public struct DocumentWriterOptions: Equatable {
  /// Keeps raw HTML and unsafe links from the document exactly as written, instead of
  /// sanitising them.
  public var unsafe = false
  /// Starts with a nested table of contents that links to every section.
  public var tableOfContents = false
  /// How many levels the table of contents lists, from the top; nil for all.
  public var tableOfContentsDepth: Int?
  /// Writes each section's title and what it holds, without its content (`--outline`).
  public var titlesOnly = false
  /// Shows images from other hosts as a placeholder with their alt text, which links to
  /// the image: the standalone page's policy would block them.
  public var blocksRemoteImages = false
  /// Lets a page show images from other hosts over https, which its policy then allows:
  /// the reader's browser fetches them, and those hosts learn the page was opened.
  public var loadsRemoteImages = false
  /// Colours fenced code by its language: a page's with its script (`HighlightScript`), a
  /// fragment's by marking its tokens with the classes GitHub gives them (`pl-k`, `pl-s`…)
  /// for the style sheet of the page it goes in.
  public var highlightsCode = true
  /// The time highlighting a fragment's code may take, shared by every output written
  /// with these options: a command's own.
  public var highlightBudget = HighlightBudget()
  /// Writes the images that sanitised HTML shows from local files into it, as `data:`
  /// URLs, when set.
  public var images: ImageEmbedder?
  /// Links a test's file and line to the repository's files (`--source-url`), when set.
  public var sourceLinks: SourceLinks?
  /// Leaves the document's ids as written: GitHub, which reads markdown output, gives
  /// them its `user-content-` prefix itself.
  var leavesIDsToGitHub = false
  /// Writes the title of the top-level section as the page's `<h1>`, inside its summary:
  /// the page is titled by it.
  var headsPage = false
  /// Writes the fragment of a page, whose script colours its code.
  var inPage = false

  public init(
    unsafe: Bool = false, tableOfContents: Bool = false, images: ImageEmbedder? = nil
  ) {
    self.unsafe = unsafe
    self.tableOfContents = tableOfContents
    self.images = images
  }
}
