/// One collapsible part of a document: a heading and what it holds, or a member or
/// element of structured data (JSON, YAML) whose value is a non-empty object or array, or
/// an XML element that holds elements.
public struct Section {
  /// What the section holds, which decides how a collapsed section describes it. An object
  /// and an array are structured data's two collections in any format: JSON's objects and
  /// arrays, YAML's mappings and sequences.
  public enum Kind: Equatable, Sendable {
    /// A Markdown heading.
    case heading
    /// An object (a JSON object, a YAML mapping) with this many members.
    case object(members: Int)
    /// An array (a JSON array, a YAML sequence) with this many elements.
    case array(elements: Int)
    /// A whole input file, when several are shown together.
    case file
    /// An XML element that holds elements.
    case element
    /// A suite of a test report (or the report itself), with the counts of the tests it
    /// holds: kept apart, as they would make every section 40 bytes larger.
    indirect case suite(TestCounts)
    /// A test of a report, and how it ended.
    case test(TestOutcome)
    /// What a test or suite wrote to its standard output or error, as its lines.
    case output
  }

  /// The starting state a document asks for (`<!-- collapsed -->` after a heading).
  public enum Hint: Equatable, Sendable {
    case collapsed
    case expanded

    /// The state a Markdown heading's comment asks for.
    init(_ hint: HeadingHint) {
      switch hint {
      case .collapsed: self = .collapsed
      case .expanded: self = .expanded
      }
    }
  }

  /// The title as plain text: markup stripped, white space folded.
  public internal(set) var title: String
  /// The member key or array index this section was found under, if any.
  public internal(set) var key: String?
  /// The heading level (1–6) for Markdown; the nesting level for JSON and YAML; 0 for a file.
  public internal(set) var level: Int
  /// How many sections enclose this one (0 for a top-level section).
  public internal(set) var depth: Int
  /// The index of the enclosing section, if any.
  public internal(set) var parent: Int?
  /// One past the index of the last section inside this one.
  public internal(set) var end: Int
  public internal(set) var kind: Kind
  public internal(set) var hint: Hint?
  /// Whether the section is a Kubernetes object titled by its kind and name
  /// (`ConfigMap argocd-cm`), which NAMEs find by its name and as kubectl's `kind/name`.
  public internal(set) var isKubernetesObject = false
  /// The section's own content, in document order among its subsections.
  public internal(set) var content: [Content] = []
  /// The section's scalar members, as runs placed among its subsections as content is,
  /// when its content shows them as written rather than as members (YAML's source lines);
  /// nil when its content runs are its members (JSON).
  var values: [Content]? = nil
  /// The runs of the section's scalar members: `values`, or its content.
  var valueRuns: [Content] { values ?? content }
  /// The non-blank content lines that collapsing this section hides, its subsections'
  /// included (their headings are not counted).
  public internal(set) var hiddenLines: Int = 0
  /// Where the title's rich text lives, for writers that keep inline markup.
  var heading: MarkdownHeading?

  /// The title as a reader sees it: a heading's with GitHub's emoji shortcodes (`:tada:`)
  /// written as their emoji outside its code, which `title` keeps as written for names and
  /// ids.
  public var shownTitle: String {
    guard let heading, title.utf8.contains(UInt8(ascii: ":")) else { return title }
    if heading.isPlainText { return EmojiShortcodes.replacing(in: title) }
    let runs = heading.document.titleRuns(heading.node)
    let shown = runs.map { $0.isCode ? $0.text : EmojiShortcodes.replacing(in: $0.text) }.joined()
    // White space folded as in the title.
    return shown.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
  /// Where the section stands in its source, its subsections included.
  public internal(set) var span = SourceSpan(lines: 0..<0, bytes: 0..<0)

  init(
    title: String, key: String? = nil, level: Int, depth: Int, parent: Int?, kind: Kind,
    hint: Hint? = nil
  ) {
    self.title = title
    self.key = key
    self.level = level
    self.depth = depth
    self.parent = parent
    self.end = 0
    self.kind = kind
    self.hint = hint
  }
}
