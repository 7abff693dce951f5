/// Writes an outline as Markdown for GitHub (pull-request comments, job summaries):
/// each section a `<details>` block, `open` when expanded, its title in `<summary>`,
/// its Markdown exactly as written.
///
/// GitHub reads the result as CommonMark with raw HTML, so the blocks are laid out to
/// survive that: `<details>` and `<summary>` on lines of their own with no blank line
/// between them, a blank line after `</summary>` so that the content is Markdown again,
/// and a blank line before `</details>` so that no paragraph or list swallows it.
public struct MarkdownWriter {
  public struct Options: Equatable, Sendable {
    /// Keeps raw HTML in titles instead of dropping it.
    public var unsafe = false

    public init(unsafe: Bool = false) {
      self.unsafe = unsafe
    }
  }

  public var options: Options

  public init(options: Options = Options()) {
    self.options = options
  }

  /// Writes `outline` with the sections `selection` expanded.
  public func write<Target: ByteOutputStream>(
    _ outline: Outline, selection: Selection, to target: inout Target
  ) {
    var blocks = BlockSeparator()
    outline.walk(descend: { _ in true }) { step in
      switch step {
      case .content(let content, _):
        writeContent(content, blocks: &blocks, to: &target)
      case .enter(let index):
        let section = outline.sections[index]
        let expanded = selection.isExpanded(index)
        var summary = section.heading?.html(unsafe: options.unsafe) ?? HTML.escaped(section.title)
        if !expanded, let hidden = outline.hiddenSummary(of: index) {
          summary += " " + HTML.escaped(hidden)
        }
        blocks.start(&target)
        target.write("<details\(expanded ? " open" : "")>\n<summary>\(summary)</summary>\n")
      case .exit:
        blocks.start(&target)
        target.write("</details>\n")
      }
    }
  }

  private func writeContent<Target: ByteOutputStream>(
    _ content: Content, blocks: inout BlockSeparator, to target: inout Target
  ) {
    switch content.body {
    case .markdown(let markdown):
      let source = markdown.document.source
      var lines = source.trimmingBlankLines(markdown.lines)
      if let frontMatter = markdown.document.frontMatter, lines.overlaps(frontMatter) {
        // Front matter would read as a rule and a heading; show it as the YAML it is.
        blocks.start(&target)
        target.write("```yaml\n")
        for line in frontMatter.dropFirst().dropLast() { writeLine(source, line, to: &target) }
        target.write("```\n")
        lines = source.trimmingBlankLines(frontMatter.upperBound..<lines.upperBound)
      }
      guard !lines.isEmpty else { return }
      blocks.start(&target)
      for line in lines { writeLine(source, line, to: &target) }
      if let closing = markdown.document.closingLine(container: markdown.container) {
        target.write(closing + "\n")
      }
    case .members(let members):
      blocks.start(&target)
      for member in members {
        var item = "- "
        if let label = member.displayLabel { item += MarkdownWriter.escaped(label) + ": " }
        target.write(item + MarkdownWriter.codeSpan(member.displayValue) + "\n")
      }
    }
  }

  private func writeLine<Target: ByteOutputStream>(
    _ source: SourceText, _ line: Int, to target: inout Target
  ) {
    source.bytes.withUnsafeBytes { bytes in
      target.write(bytes: UnsafeRawBufferPointer(rebasing: bytes[source.lineRange(line)]))
    }
    target.write("\n")
  }

  /// `text` with every ASCII punctuation character backslash-escaped, as CommonMark
  /// allows, so that it reads as itself in Markdown.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if asciiPunctuation.contains(scalar) { result.append("\\") }
      result.unicodeScalars.append(scalar)
    }
    return result
  }

  private static let asciiPunctuation = Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars)

  /// `text` as a code span, fenced by more backticks than it holds in a row.
  static func codeSpan(_ text: String) -> String {
    var longest = 0
    var run = 0
    for character in text {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let padding = text.first == "`" || text.last == "`" || text.hasPrefix(" ") ? " " : ""
    return fence + padding + text + padding + fence
  }
}

/// Puts one blank line between blocks, and none before the first or after the last.
private struct BlockSeparator {
  private var started = false

  mutating func start<Target: ByteOutputStream>(_ target: inout Target) {
    if started { target.write("\n") }
    started = true
  }
}
