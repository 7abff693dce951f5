/// What the command line asks to expand, before it is resolved against an outline.
public struct SelectionRequest: Equatable, Sendable {
  /// Where resolution starts, before the named sections are expanded and collapsed.
  public enum Base: Equatable, Sendable {
    /// Everything expanded, adjusted by the document's own hints; nothing at all when
    /// sections are named to expand, so that they are exactly the ones open.
    case automatic
    /// Every section expanded.
    case everything
    /// Every section collapsed.
    case nothing
    /// The sections less than this many levels deep expanded.
    case depth(Int)
  }

  public var base: Base
  /// Lists of NAMEs, as given to `--expand`, whose sections and their ancestors are
  /// expanded. Each list is read whole first, then cut at its commas (`NameMatcher`).
  public var expand: [String]
  /// Lists of NAMEs whose sections are collapsed.
  public var collapse: [String]
  /// TEXTs and `/REGEX/`s whose sections, those whose own content they match
  /// (`ContentMatcher`), are expanded with their ancestors, after the NAMEs to expand.
  public var expandMatching: [String] = []
  /// TEXTs and `/REGEX/`s whose sections are collapsed, after the NAMEs to collapse.
  public var collapseMatching: [String] = []
  /// Conditions (`Condition`) whose objects and arrays of structured data are expanded
  /// with their ancestors, with those content matches.
  public var expandWhere: [String] = []
  /// Conditions whose objects and arrays of structured data are collapsed, last.
  public var collapseWhere: [String] = []

  public init(
    base: Base = .automatic, expand: [String] = [], collapse: [String] = [],
    expandMatching: [String] = [], collapseMatching: [String] = []
  ) {
    self.base = base
    self.expand = expand
    self.collapse = collapse
    self.expandMatching = expandMatching
    self.collapseMatching = collapseMatching
  }

  /// Whether conditions are asked, which read the values of structured data: a document
  /// read for no condition need not keep them (`DocumentLoader.keepsValues`).
  public var readsValues: Bool {
    !expandWhere.isEmpty || !collapseWhere.isEmpty
  }

  /// Whether sections are named or matched to expand: then, with the automatic base,
  /// only they are open.
  public var expandsSome: Bool {
    !expand.isEmpty || !expandMatching.isEmpty || !expandWhere.isEmpty
  }

  /// The NAMEs of a list as written, cut at each comma that is not escaped (`\,`) or inside
  /// a quoted step (`"/health, live"`); empty NAMEs, as after a trailing comma, are left
  /// out. A list that is a title as a whole is read whole before it is cut.
  public static func names(in list: String) -> [String] {
    NameSyntax.names(in: list).map(\.written).filter { !$0.trimmingWhiteSpace().isEmpty }
  }

  /// The steps of a path NAME, quotes and escapes taken away: `paths/"/pets"/get` is
  /// `/pets` under `paths`, then `get`.
  public static func steps(of name: String) -> [String] {
    NameSyntax.steps(of: name).map(\.literal)
  }

  /// The path NAME of `steps`, each quoted when it holds `/`, `,`, `"` or `\\`.
  public static func name(path steps: [String]) -> String {
    NameSyntax.written(path: steps)
  }
}

extension String {
  /// The string without white space at either end.
  func trimmingWhiteSpace() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
