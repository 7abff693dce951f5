/// Writes an outline as a terminal tree: one line per visible section, `▾` expanded and
/// `▸` collapsed, two spaces of indent per depth, a collapsed section followed by what it
/// hides, and the content of expanded sections as their source lines.
public struct TextWriter {
  public struct Options: Equatable, Sendable {
    /// `+` and `-` instead of `▸` and `▾`, and `...` for `…`: no byte above 127 of the
    /// writer's own.
    public var ascii = false
    /// Titles only, no content lines.
    public var outline = false
    /// The columns a line may take, its indent included; longer lines are cut with an
    /// ellipsis and their tabs expanded. Nil for no limit. At most `widestWidth`: a wider
    /// one is taken as that.
    public var width: Int? {
      get { fittedWidth }
      set { fittedWidth = newValue.map { min($0, TextWriter.widestWidth) } }
    }
    private var fittedWidth: Int?
    /// Whether to style lines with escape sequences: bold titles, dim markers in a colour
    /// per depth, dim summaries of what is hidden.
    public var colors = false
    /// Whether Markdown content is drawn as it reads (`MarkdownDrawing`) rather than
    /// shown as its source lines: text broken to the width, tables drawn, tags gone.
    public var renders = false
    /// Whether links in drawn Markdown are OSC 8 hyperlinks, rather than text with their
    /// URL after it.
    public var hyperlinks = false

    public init(
      ascii: Bool = false, outline: Bool = false, width: Int? = nil, colors: Bool = false,
      renders: Bool = false, hyperlinks: Bool = false
    ) {
      self.ascii = ascii
      self.outline = outline
      self.width = width
      self.colors = colors
      self.renders = renders
      self.hyperlinks = hyperlinks
    }

    /// How each line is drawn.
    var lineFormat: TerminalLine.Format {
      TerminalLine.Format(
        width: width, colors: colors, ascii: ascii, hyperlinks: renders && hyperlinks)
    }
  }

  /// The lines `content` is drawn as after an indent of `indent` columns, and the folds
  /// among them, when Markdown is drawn (`Options.renders`); nil when its lines are
  /// shown as written.
  func drawn(_ content: Content, indent: Int) -> DrawnRun? {
    guard options.renders, case .markdown(let blocks) = content.body else { return nil }
    return TextWriter.draw(blocks.frozen(), indent: indent, options: options)
  }

  /// The lines `markdown` is drawn as after an indent of `indent` columns with `options`,
  /// and the folds among them; on any thread.
  static func draw(_ markdown: FrozenMarkdown, indent: Int, options: Options) -> DrawnRun {
    var run = MarkdownDrawing.draw(
      markdown, width: options.width.map { max($0 - indent, 1) }, ascii: options.ascii,
      hyperlinks: options.hyperlinks, colors: options.colors)
    // Without colour, the spaces that fill a code block's grey to its edge are nothing.
    if !options.colors {
      for index in run.lines.indices { run.lines[index].trimTrailingSpaces() }
    }
    return run
  }

  /// The widest lines are fitted to, in columns: wider than any screen, and few enough
  /// that a rule or a centred line drawn across it stays small.
  public static let widestWidth = 1000

  public var options: Options
  /// The lines drawn for each content run a view has asked for (`rows`, `line`).
  let drawnRuns = DrawnRuns()

  public init(options: Options = Options()) {
    self.options = options
  }

  /// Writes `outline` with the sections `selection` expanded.
  public func write<Target: ByteOutputStream>(
    _ outline: Outline, selection: Selection, to target: inout Target
  ) throws(Target.Failure) {
    var walk = TextWalk(writer: self, outline: outline, selection: selection, target: target)
    defer { target = walk.target }
    try outline.walk(&walk)
    try walk.target.checkFailure()
  }

  /// The line that shows the section at `index`: its marker, its title and, when it is
  /// collapsed, what it hides.
  public func sectionLine(_ outline: Outline, _ index: Int, selection: Selection) -> TerminalLine {
    let section = outline.sections[index]
    let expanded = selection.isExpanded(index)
    var line = TerminalLine()
    TextWriter.appendIndent(depth: section.depth, to: &line)
    let marker = options.ascii ? (expanded ? "-" : "+") : (expanded ? "▾" : "▸")
    line.append(marker, style: .marker(depth: section.depth))
    line.append(" ")
    if TextWriter.isUntitled(section.title) {
      line.append(TextWriter.untitled, style: .annotation)
    } else {
      line.append(TerminalText.escaped(section.shownTitle), style: .title)
    }
    if !expanded,
      let summary = outline.hiddenSummary(of: index, matches: selection.matches(in: index))
    {
      line.append("  ")
      line.append(options.ascii ? TerminalText.ascii(summary) : summary, style: .annotation)
    }
    return line
  }

  /// Writes the line `sectionLine` makes when there is nothing to cut or colour, without
  /// building it first: a pipe of a large outline is mostly these lines.
  fileprivate func writePlainSectionLine<Target: ByteOutputStream>(
    _ outline: Outline, _ index: Int, selection: Selection, to target: inout Target
  ) {
    // Read in place: a copy of the section would retain and release each of its parts.
    let depth = outline.sections[index].depth
    let expanded = selection.isExpanded(index)
    #if PLAIN_SPACES
      target.write(TextWriter.indent(depth: depth))
    #else
      TextWriter.spaces.withUnsafeBytes { spaces in
        target.write(
          bytes: UnsafeRawBufferPointer(rebasing: spaces[..<TextWriter.indentLength(depth)]))
      }
    #endif
    if depth > TextWriter.deepestIndent { target.write("[depth \(depth)] ") }
    target.write(static: options.ascii ? (expanded ? "- " : "+ ") : (expanded ? "▾ " : "▸ "))
    var title =
      outline.sections[index].heading == nil
      ? outline.sections[index].title : outline.sections[index].shownTitle
    if TextWriter.isUntitled(title) {
      target.write(TextWriter.untitled)
    } else {
      title.withUTF8 { TerminalText.write(UnsafeRawBufferPointer($0), to: &target) }
    }
    if !expanded && outline.hidesSomething(index) {
      target.write("  ")
      outline.writeHiddenSummary(
        of: index, ascii: options.ascii, matches: selection.matches(in: index), to: &target)
    }
    target.write(static: "\n")
  }

  /// What stands for a title with nothing to show, such as a heading `#` alone, so that
  /// its line is not a marker with nothing after it.
  static let untitled = "(untitled)"

  static func isUntitled(_ title: String) -> Bool {
    // Most titles start with a printable ASCII character: no need to look further.
    if let first = title.utf8.first, first > 0x20, first < 0x7F { return false }
    return title.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
  }

  /// Indentation stops growing this deep, so that output stays linear in the input.
  static let deepestIndent = 50

  /// Two spaces per level, up to `deepestIndent` levels; deeper lines say their depth.
  static func indent(depth: Int) -> String {
    #if PLAIN_SPACES
      String(repeating: " ", count: indentLength(depth))
    #else
      String(decoding: spaces[..<indentLength(depth)], as: UTF8.self)
    #endif
  }

  /// The spaces of the indent at `depth`.
  static func indentLength(_ depth: Int) -> Int {
    min(depth, deepestIndent) * 2
  }

  /// The spaces of the deepest indent, which every indent is cut from: one copy in place
  /// of a String made space by space for each line (`-DPLAIN_SPACES` makes those).
  static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: deepestIndent * 2)

  private static func appendIndent(depth: Int, to line: inout TerminalLine) {
    line.append(indent(depth: depth))
    if depth > deepestIndent { line.append("[depth \(depth)] ", style: .annotation) }
  }

  /// What starts each content line of an owner `depth - 1` levels deep: its indent.
  static func contentPrefix(depth: Int) -> TerminalLine {
    var prefix = TerminalLine()
    appendIndent(depth: depth, to: &prefix)
    return prefix
  }

  /// The lines of `content` that are shown: its source lines without blank ones at either
  /// end for Markdown, the positions of its members for JSON, a report's header line.
  static func shownLines(of content: Content) -> Range<Int> {
    switch content.body {
    case .markdown(let blocks): return blocks.document.source.trimmingBlankLines(blocks.lines)
    case .members(let members): return members.indices
    case .source(let source): return source.lines
    case .preformatted(let block): return 0..<block.lineCount
    case .totals: return 0..<1
    }
  }

  /// Line `line` of `content` (one of its `shownLines`) after `prefix`; a blank line is
  /// empty, without even its indent.
  static func contentLine(_ content: Content, _ line: Int, prefix: TerminalLine) -> TerminalLine {
    var result = prefix
    switch content.body {
    case .markdown(let blocks):
      let source = blocks.document.source
      if source.isBlank(line) { return TerminalLine() }
      result.append(TerminalText.escaped(source.line(line)))
    case .members(let members):
      result.append(TerminalText.escaped(members[line].line))
    case .source(let source):
      if source.text.isBlank(line) { return TerminalLine() }
      result.append(TerminalText.escaped(source.shownLine(line)))
    case .preformatted(let block):
      let pieces = block.pieces(ofLine: line)
      if pieces.allSatisfy({ $0.text.allSatisfy { $0 == " " || $0 == "\t" } }) {
        return TerminalLine()
      }
      // The colours the program wrote, each piece in its style.
      for piece in pieces { result.append(TerminalText.escaped(piece.text), style: piece.style) }
    case .totals(let totals):
      // The members say it again, for conditions and JSON; a person reads the header.
      result.append(TerminalText.escaped(totals.header), style: .title)
    }
    return result
  }

  /// `contentPrefix(depth:)`, and it as written in `format`'s colours.
  static func renderedPrefix(depth: Int, format: TerminalLine.Format) -> ContentPrefix {
    let prefix = contentPrefix(depth: depth)
    return ContentPrefix(
      line: prefix, bytes: Array(prefix.rendered(TerminalLine.Format(colors: format.colors)).utf8))
  }

  /// Writes `content`.
  fileprivate func writeContent<Target: ByteOutputStream>(
    _ content: Content, prefix: ContentPrefix, format: TerminalLine.Format,
    to target: inout Target
  ) {
    if let drawnRun = drawn(content, indent: prefix.line.columns) {
      for line in drawnRun.lines {
        if line.pieces.isEmpty {
          target.write(static: "\n")
        } else if let width = format.width, prefix.line.columns + line.columns > width {
          var whole = prefix.line
          whole.append(line)
          target.write(whole.rendered(format))
          target.write(static: "\n")
        } else {
          // It fits, as drawn lines mostly do: its pieces go out as they are.
          prefix.write(to: &target)
          for piece in line.pieces {
            target.write(TerminalLine.styled(piece.text, piece.style, format))
          }
          target.write(static: "\n")
        }
      }
      return
    }
    let lines = TextWriter.shownLines(of: content)
    switch content.body {
    case .markdown(let blocks):
      writeLines(
        lines, of: blocks.document.source, indent: 0, content, prefix: prefix,
        format: format, to: &target)
    case .source(let source):
      writeLines(
        lines, of: source.text, indent: source.indent, content, prefix: prefix,
        format: format, to: &target)
    case .preformatted, .totals:
      for position in lines {
        target.write(
          TextWriter.contentLine(content, position, prefix: prefix.line).rendered(format) + "\n")
      }
    case .members(let members):
      var line = ByteBuffer()
      for position in lines {
        if format.width == nil {
          // Nothing to cut: the line is made from the store of values, and made safe whole.
          line.bytes.removeAll(keepingCapacity: true)
          members.writeLine(position, to: &line)
          prefix.write(to: &target)
          line.bytes.withUnsafeBytes { TerminalText.write($0, to: &target) }
          target.write(static: "\n")
        } else {
          target.write(
            TextWriter.contentLine(content, position, prefix: prefix.line).rendered(format)
              + "\n")
        }
      }
    }
  }

  /// Writes source lines as they are, cut to the width when there is one.
  private func writeLines<Target: ByteOutputStream>(
    _ lines: Range<Int>, of source: SourceText, indent: Int, _ content: Content,
    prefix: ContentPrefix, format: TerminalLine.Format, to target: inout Target
  ) {
    source.bytes.withUnsafeBytes { bytes in
      for line in lines {
        let range = source.lineRange(line)
        var start = range.lowerBound
        while start < range.upperBound, bytes[start] == 0x20 || bytes[start] == 0x09 {
          start += 1
        }
        // A blank line is empty, without even its indent.
        if start < range.upperBound {
          let shown =
            SourceLines.shownStart(of: range, indent: indent, in: bytes)..<range.upperBound
          let text = UnsafeRawBufferPointer(rebasing: bytes[shown])
          if let width = format.width, !TextWriter.fits(text, in: width - prefix.line.columns) {
            target.write(
              TextWriter.contentLine(content, line, prefix: prefix.line).rendered(format))
          } else {
            prefix.write(to: &target)
            TerminalText.write(text, to: &target)
          }
        }
        target.write(static: "\n")
      }
    }
  }

  /// Whether `bytes` are printable ASCII without tabs that fit in `columns`: the common
  /// line that needs no measuring.
  private static func fits(_ bytes: UnsafeRawBufferPointer, in columns: Int) -> Bool {
    bytes.count <= columns && bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
  }
}

/// What starts each content line of an owner at some depth: its indent, as a line to cut
/// and colour, and as written.
struct ContentPrefix {
  let line: TerminalLine
  let bytes: [UInt8]

  func write<Target: ByteOutputStream>(to target: inout Target) {
    bytes.withUnsafeBytes { target.write(bytes: $0) }
  }
}

/// The walk that writes the text tree: a line for each section it enters, and the source
/// lines of the content of expanded ones.
private struct TextWalk<Target: ByteOutputStream>: OutlineWalker {
  typealias Failure = Target.Failure

  let writer: TextWriter
  let outline: Outline
  let selection: Selection
  var target: Target
  let format: TerminalLine.Format
  /// The content prefix of each depth up to `TextWriter.deepestIndent`, made when first
  /// needed: an outline may have a content run for every few lines.
  var prefixes: [ContentPrefix?] = Array(
    repeating: nil, count: TextWriter.deepestIndent + 1)

  init(writer: TextWriter, outline: Outline, selection: Selection, target: Target) {
    self.writer = writer
    self.outline = outline
    self.selection = selection
    self.target = target
    format = writer.options.lineFormat
  }

  func descends(into index: Int) -> Bool { selection.isExpanded(index) }

  mutating func enter(_ index: Int) throws(Target.Failure) {
    try target.checkFailure()
    if format.width == nil && !format.colors {
      writer.writePlainSectionLine(outline, index, selection: selection, to: &target)
    } else {
      target.write(
        writer.sectionLine(outline, index, selection: selection).rendered(format) + "\n")
    }
  }

  mutating func visit(_ content: Content, depth: Int) {
    guard !writer.options.outline else { return }
    writer.writeContent(content, prefix: prefix(depth: depth), format: format, to: &target)
  }

  private mutating func prefix(depth: Int) -> ContentPrefix {
    guard depth <= TextWriter.deepestIndent else {
      return TextWriter.renderedPrefix(depth: depth, format: format)
    }
    if let made = prefixes[depth] { return made }
    let made = TextWriter.renderedPrefix(depth: depth, format: format)
    prefixes[depth] = made
    return made
  }

  func leave(_ index: Int) {}
}
