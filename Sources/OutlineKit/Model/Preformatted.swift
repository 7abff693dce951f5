/// Text whose line ends and spacing are its meaning, as a failed test's message and stack
/// trace are: shown as lines in a terminal, `<pre>` in a page, a fenced block in Markdown
/// and one string in JSON.
///
/// Colours the program wrote for a terminal are styles over the text (`ANSIText`): drawn
/// in a terminal, classes in a page; its lines hold the text alone, which Markdown, JSON
/// and matching read.
public struct Preformatted: Sendable {
  /// The store its lines are in, and their indexes there.
  let store: PreformattedStore
  let range: Range<Int>

  /// `text` split into its lines; a line end at its very end ends its last line.
  init(_ text: String) {
    let store = PreformattedStore()
    self.init(store: store, lines: store.add(text) ?? 0..<0)
  }

  /// The lines at `lines` of `store`.
  init(store: PreformattedStore, lines: Range<Int>) {
    self.store = store
    range = lines
  }

  /// How many lines it has.
  public var lineCount: Int { range.count }

  /// Line `index` (from 0), without its line end.
  public func line(_ index: Int) -> String { store.line(range.lowerBound + index) }

  /// The text's lines, without their line ends (`\n`, `\r\n` or `\r`) and without
  /// escape sequences.
  public var lines: [String] { range.map(store.line) }

  /// The styled runs of line `index` (from 0), if it has any.
  public func styles(ofLine index: Int) -> [ANSIText.Run]? {
    store.styles[range.lowerBound + index]
  }

  /// Line `index` (from 0) in pieces, each in its style: the colours the program wrote,
  /// and the text between them plain; one plain piece for a line without colours.
  public func pieces(ofLine index: Int) -> [(text: String, style: TextStyle)] {
    let text = line(index)
    guard let runs = styles(ofLine: index) else { return [(text, .plain)] }
    let bytes = Array(text.utf8)
    var pieces: [(text: String, style: TextStyle)] = []
    var at = 0
    for run in runs + [ANSIText.Run(range: bytes.count..<bytes.count, style: .plain)] {
      if run.range.lowerBound > at {
        pieces.append((String(decoding: bytes[at..<run.range.lowerBound], as: UTF8.self), .plain))
      }
      if !run.range.isEmpty {
        pieces.append((String(decoding: bytes[run.range], as: UTF8.self), run.style))
      }
      at = run.range.upperBound
    }
    return pieces
  }

  /// Whether any of its lines is styled.
  var isStyled: Bool { !store.styles.isEmpty && range.contains { store.styles[$0] != nil } }

  /// The lines joined by `\n`.
  public var text: String { lines.joined(separator: "\n") }
}
