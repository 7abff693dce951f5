/// Markdown, read by cmark-gfm in one of its dialects: the format of any text that no
/// other format's sniffer claims.
struct MarkdownFormat: InputFormatDefinition {
  let dialect: MarkdownDialect

  var names: [String] {
    switch dialect {
    case .gfm: return ["markdown", "gfm"]
    case .commonmark: return ["commonmark"]
    }
  }

  var documentName: String { "Markdown" }

  var helpNote: String? {
    switch dialect {
    case .gfm: return "GitHub Flavored Markdown"
    case .commonmark: return "strict, no extension"
    }
  }

  var summary: String? {
    switch dialect {
    case .gfm: return "GitHub Flavored Markdown"
    case .commonmark: return "strict CommonMark, no extension"
    }
  }

  /// Found by extension, Markdown is GitHub's; strict CommonMark only when asked by name.
  var fileExtensions: [String] {
    switch dialect {
    case .gfm: return ["md", "markdown", "mdown", "mkd", "mkdn", "mdwn", "mdtext", "mdx"]
    case .commonmark: return []
    }
  }

  var takesTitleKeys: Bool { false }

  /// 512 MiB: cmark-gfm keeps a document's text and a section's HTML each in one buffer of
  /// at most 1 GiB (and ends the program past that), and HTML can be twice as long as its
  /// source.
  var largestInput: Int { 512 << 20 }

  /// About 21 with GitHub's extensions, as `make bench` measures, with some room.
  var memoryPerByte: Int { 24 }

  /// A growing array is copied into one twice its size, and cmark-gfm reads a paragraph's
  /// inlines only at the end, which on `make bench`'s documents takes 2.6 times what
  /// reading its blocks did.
  var memoryGrowth: Double { 3.5 }

  /// Any text reads as GitHub's Markdown, so it claims whatever it is asked about: it is
  /// asked last. Strict CommonMark is never guessed.
  func sniff(_ content: ArraySlice<UInt8>, final: Bool) -> SniffAnswer {
    dialect == .gfm ? .claimed : .declined
  }

  var claimMayBeWrong: Bool { false }

  func makeReader(_ options: ReadingOptions) -> any DocumentReader {
    MarkdownReader(dialect: dialect)
  }

  var files: FormatFiles {
    FormatFiles(
      samples: ["oceans.md", "vehicles.md", "feeds.md", "release-notes.md"],
      fuzzTarget: "markdown",
      benchInputs: ["release-notes", "guide", "markdown", "markdown-html"],
      libraries: ["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])
  }
}

extension InputFormat {
  /// GitHub Flavored Markdown: CommonMark with tables, task lists, strikethrough, extended
  /// autolinks and footnotes, as GitHub renders it.
  public static let markdown = InputFormat(MarkdownFormat(dialect: .gfm))
  /// Strict CommonMark, with no extension.
  public static let commonmark = InputFormat(MarkdownFormat(dialect: .commonmark))
}
