extension TextWriter {
  /// One line of the text output, tied to what it shows, so that a view can draw any
  /// part of the output and know which section each line belongs to.
  public enum Row: Equatable, Sendable {
    /// The line of the section at this index.
    case section(Int)
    /// A content line: line `line` (a source line for Markdown, a member's position for
    /// JSON) of content run `run` of the section at `owner`, or of the document's own
    /// content when `owner` is -1.
    case content(owner: Int, run: Int, line: Int)

    /// The section whose line this is, or whose content it shows; nil for the document's
    /// own content.
    public var section: Int? {
      switch self {
      case .section(let index): return index
      case .content(let owner, _, _): return owner < 0 ? nil : owner
      }
    }

    /// Whether this is a section's own line.
    public var isSection: Bool {
      if case .section = self { return true }
      return false
    }
  }

  /// The lines `write` writes for `outline` with `selection`, in order, one row each.
  public func rows(_ outline: Outline, selection: Selection) -> [Row] {
    var rows: [Row] = []
    // The sections entered and not yet left, each with the number of its content runs
    // passed; the first entry is the document.
    var owners: [(section: Int, runs: Int)] = [(-1, 0)]
    outline.walk(descend: { selection.isExpanded($0) }) { step in
      switch step {
      case .content(let content, let depth):
        let owner = owners[owners.count - 1]
        owners[owners.count - 1].runs += 1
        guard !options.outline else { return }
        if let rendered = renderedRun(content, owner: owner.section, run: owner.runs, depth: depth)
        {
          for line in rendered.indices {
            rows.append(.content(owner: owner.section, run: owner.runs, line: line))
          }
          return
        }
        for line in TextWriter.shownLines(of: content) {
          rows.append(.content(owner: owner.section, run: owner.runs, line: line))
        }
      case .enter(let index):
        rows.append(.section(index))
        owners.append((index, 0))
      case .exit:
        owners.removeLast()
      }
    }
    return rows
  }

  /// The drawn lines of content run `run` of `owner` (-1 for the document), when Markdown
  /// is drawn: drawn once for each width, then kept, as a view asks for its lines one at a
  /// time.
  private func renderedRun(_ content: Content, owner: Int, run: Int, depth: Int) -> [TerminalLine]?
  {
    guard options.renders, case .markdown = content.body else { return nil }
    if renderedRuns.width != options.width {
      renderedRuns.width = options.width
      renderedRuns.lines = [:]
    }
    let key = RenderedRuns.Place(owner: owner, run: run)
    if let lines = renderedRuns.lines[key] { return lines }
    let drawn = renderedLines(of: content, indent: TextWriter.contentPrefix(depth: depth).columns)
    let lines = (drawn ?? []).map { styled in
      var line = TerminalLine()
      for piece in styled.pieces { line.append(piece.text, style: piece.style) }
      return line
    }
    renderedRuns.lines[key] = lines
    return lines
  }

  /// The line `write` writes for `row`, before it is fitted and styled.
  public func line(_ row: Row, in outline: Outline, selection: Selection) -> TerminalLine {
    switch row {
    case .section(let index):
      return sectionLine(outline, index, selection: selection)
    case .content(let owner, let run, let line):
      let depth = owner < 0 ? 0 : outline.sections[owner].depth + 1
      let runs = owner < 0 ? outline.content : outline.sections[owner].content
      let prefix = TextWriter.contentPrefix(depth: depth)
      if let rendered = renderedRun(runs[run], owner: owner, run: run, depth: depth) {
        guard rendered.indices.contains(line), !rendered[line].pieces.isEmpty else {
          return TerminalLine()
        }
        var whole = prefix
        for piece in rendered[line].pieces { whole.append(piece.text, style: piece.style) }
        return whole
      }
      return TextWriter.contentLine(runs[run], line, prefix: prefix)
    }
  }
}

/// The drawn lines of the content runs a view has shown, for one width.
final class RenderedRuns {
  struct Place: Hashable {
    let owner: Int
    let run: Int
  }

  var width: Int?
  var lines: [Place: [TerminalLine]] = [:]
}
