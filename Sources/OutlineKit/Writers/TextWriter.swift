/// Writes an outline as a terminal tree: one line per visible section, `▾` expanded and
/// `▸` collapsed, two spaces of indent per depth, a collapsed section followed by what it
/// hides, and the content of expanded sections as their source lines.
public struct TextWriter {
  public struct Options: Equatable {
    /// `+` and `-` instead of `▸` and `▾`, and `...` for `…`: no byte above 127 of the
    /// writer's own.
    public var ascii = false
    /// Titles only, no content lines.
    public var outline = false
    /// The columns a line may take, its indent included; longer lines are cut with an
    /// ellipsis and their tabs expanded. Nil for no limit.
    public var width: Int?
    /// Whether to style lines with escape sequences: bold titles, dim markers in a colour
    /// per depth, dim summaries of what is hidden.
    public var colors = false

    public init(ascii: Bool = false, outline: Bool = false, width: Int? = nil, colors: Bool = false)
    {
      self.ascii = ascii
      self.outline = outline
      self.width = width
      self.colors = colors
    }

    /// How each line is drawn.
    var lineFormat: TerminalLine.Format {
      TerminalLine.Format(width: width, colors: colors, ascii: ascii)
    }
  }

  public var options: Options

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
    let section = outline.sections[index]
    let expanded = selection.isExpanded(index)
    target.write(TextWriter.indent(depth: section.depth))
    if section.depth > TextWriter.deepestIndent { target.write("[depth \(section.depth)] ") }
    target.write(options.ascii ? (expanded ? "- " : "+ ") : (expanded ? "▾ " : "▸ "))
    var title = section.shownTitle
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
    target.write("\n")
  }

  /// What stands for a title with nothing to show, such as a heading `#` alone, so that
  /// its line is not a marker with nothing after it.
  static let untitled = "(untitled)"

  static func isUntitled(_ title: String) -> Bool {
    title.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
  }

  /// Indentation stops growing this deep, so that output stays linear in the input.
  static let deepestIndent = 50

  /// Two spaces per level, up to `deepestIndent` levels; deeper lines say their depth.
  static func indent(depth: Int) -> String {
    String(repeating: " ", count: min(depth, deepestIndent) * 2)
  }

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
  /// end for Markdown, the positions of its members for JSON.
  static func shownLines(of content: Content) -> Range<Int> {
    switch content.body {
    case .markdown(let blocks): return blocks.document.source.trimmingBlankLines(blocks.lines)
    case .members(let members): return members.indices
    case .source(let source): return source.lines
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
      result.append(members[line].line)
    case .source(let source):
      if source.text.isBlank(line) { return TerminalLine() }
      result.append(TerminalText.escaped(source.shownLine(line)))
    }
    return result
  }

  fileprivate func writeContent<Target: ByteOutputStream>(
    _ content: Content, depth: Int, format: TerminalLine.Format, to target: inout Target
  ) {
    let prefix = TextWriter.contentPrefix(depth: depth)
    let prefixText = prefix.rendered(TerminalLine.Format(colors: format.colors))
    let lines = TextWriter.shownLines(of: content)
    switch content.body {
    case .markdown(let blocks):
      writeLines(
        lines, of: blocks.document.source, indent: 0, content, prefix: (prefix, prefixText),
        format: format, to: &target)
    case .source(let source):
      writeLines(
        lines, of: source.text, indent: source.indent, content, prefix: (prefix, prefixText),
        format: format, to: &target)
    case .members(let members):
      for position in lines {
        if format.width == nil {
          // Nothing to cut: the line goes straight from the store of values.
          target.write(prefixText)
          members.writeLine(position, to: &target)
          target.write("\n")
        } else {
          target.write(
            TextWriter.contentLine(content, position, prefix: prefix).rendered(format) + "\n")
        }
      }
    }
  }

  /// Writes source lines as they are, cut to the width when there is one.
  private func writeLines<Target: ByteOutputStream>(
    _ lines: Range<Int>, of source: SourceText, indent: Int, _ content: Content,
    prefix: (line: TerminalLine, text: String), format: TerminalLine.Format,
    to target: inout Target
  ) {
    for line in lines {
      if source.isBlank(line) {
        target.write("\n")
        continue
      }
      source.bytes.withUnsafeBytes { bytes in
        let range = source.lineRange(line)
        let shown = min(range.lowerBound + indent, range.upperBound)..<range.upperBound
        let text = UnsafeRawBufferPointer(rebasing: bytes[shown])
        if let width = format.width, !TextWriter.fits(text, in: width - prefix.line.columns) {
          target.write(TextWriter.contentLine(content, line, prefix: prefix.line).rendered(format))
        } else {
          target.write(prefix.text)
          TerminalText.write(text, to: &target)
        }
      }
      target.write("\n")
    }
  }

  /// Whether `bytes` are printable ASCII without tabs that fit in `columns`: the common
  /// line that needs no measuring.
  private static func fits(_ bytes: UnsafeRawBufferPointer, in columns: Int) -> Bool {
    bytes.count <= columns && bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
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
    writer.writeContent(content, depth: depth, format: format, to: &target)
  }

  func leave(_ index: Int) {}
}
