import CCmark

/// The flavour of Markdown a document is read in.
public enum MarkdownDialect: String, CaseIterable, Sendable {
  /// GitHub Flavored Markdown, as GitHub renders it: CommonMark with tables, task lists,
  /// strikethrough, extended autolinks and footnotes.
  case gfm
  /// Strict CommonMark, with no extension.
  case commonmark

  /// The names of the cmark-gfm extensions the dialect turns on. `tagfilter` is not one
  /// of them: it would rewrite raw HTML, which `--unsafe` keeps exactly as written.
  var extensionNames: [String] {
    switch self {
    case .gfm: return ["table", "strikethrough", "autolink", "tasklist"]
    case .commonmark: return []
    }
  }

  /// The options the dialect parses with.
  var parseOptions: Int32 {
    switch self {
    case .gfm: return CMARK_OPT_FOOTNOTES
    case .commonmark: return CMARK_OPT_DEFAULT
    }
  }
}
