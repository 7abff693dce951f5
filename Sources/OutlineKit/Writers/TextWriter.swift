/// Writes an outline as a terminal tree: one line per visible section, `▾` expanded and
/// `▸` collapsed, two spaces of indent per depth, a collapsed section followed by what it
/// hides, and the content of expanded sections as their source lines.
public struct TextWriter {
  public struct Options: Equatable {
    /// `+` and `-` instead of `▸` and `▾`.
    public var ascii = false
    /// Titles only, no content lines.
    public var outline = false

    public init(ascii: Bool = false, outline: Bool = false) {
      self.ascii = ascii
      self.outline = outline
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
    let expandedMarker = options.ascii ? "- " : "▾ "
    let collapsedMarker = options.ascii ? "+ " : "▸ "
    outline.walk(descend: { selection.isExpanded($0) }) { step in
      switch step {
      case .content(let content, let depth):
        guard !options.outline else { return }
        writeContent(content, prefix: TextWriter.indent(depth: depth), to: &target)
      case .enter(let index):
        let section = outline.sections[index]
        let expanded = selection.isExpanded(index)
        var line = TextWriter.indent(depth: section.depth)
        line += expanded ? expandedMarker : collapsedMarker
        line += Printable.escaped(section.title)
        if !expanded, let summary = outline.hiddenSummary(of: index) {
          line += "  " + (options.ascii ? Printable.ascii(summary) : summary)
        }
        line += "\n"
        target.write(line)
      case .exit:
        break
      }
    }
  }

  /// Indentation stops growing this deep, so that output stays linear in the input.
  static let deepestIndent = 50

  /// Two spaces per level, up to `deepestIndent` levels; deeper lines say their depth.
  static func indent(depth: Int) -> String {
    let spaces = String(repeating: " ", count: min(depth, deepestIndent) * 2)
    return depth > deepestIndent ? spaces + "[depth \(depth)] " : spaces
  }

  private func writeContent<Target: ByteOutputStream>(
    _ content: Content, prefix: String, to target: inout Target
  ) {
    switch content.body {
    case .markdown(let blocks):
      let source = blocks.document.source
      for line in source.trimmingBlankLines(blocks.lines) {
        if source.isBlank(line) {
          target.write("\n")
          continue
        }
        target.write(prefix)
        source.bytes.withUnsafeBytes { bytes in
          Printable.write(
            UnsafeRawBufferPointer(rebasing: bytes[source.lineRange(line)]), to: &target)
        }
        target.write("\n")
      }
    case .members(let members):
      for position in members.indices {
        target.write(prefix)
        members.writeLine(position, to: &target)
        target.write("\n")
      }
    }
  }
}
