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
    /// The summary line of a `<details>` in drawn Markdown, which a view can fold: line
    /// `line` of the drawn content run `run` of `owner`.
    case fold(owner: Int, run: Int, line: Int)
    /// The line a view puts above the document's own content to fold it, which `write`
    /// never writes: `hidden` is how many lines it hides when closed, nil when open.
    case preamble(hidden: Int?)

    /// The section whose line this is, or whose content it shows; nil for the document's
    /// own content.
    public var section: Int? {
      switch self {
      case .section(let index): return index
      case .content(let owner, _, _), .fold(let owner, _, _): return owner < 0 ? nil : owner
      case .preamble: return nil
      }
    }

    /// Whether this is a section's own line.
    public var isSection: Bool {
      if case .section = self { return true }
      return false
    }

    /// Whether a view's cursor stops on it: a section's line, or a fold's summary.
    public var isStop: Bool {
      switch self {
      case .section, .fold, .preamble: return true
      case .content: return false
      }
    }

    /// The fold whose summary this is.
    public var fold: FoldPlace? {
      guard case .fold(let owner, let run, let line) = self else { return nil }
      return FoldPlace(owner: owner, run: run, line: line)
    }
  }

  /// Where a fold's summary is: line `line` of drawn content run `run` of `owner`.
  public struct FoldPlace: Hashable, Sendable {
    public let owner: Int
    public let run: Int
    public let line: Int
  }

  /// What the line that folds the document's own content in a view says.
  public static let preambleTitle = "Before the first section"

  /// The lines `write` writes for `outline` with `selection`, in order, one row each;
  /// the content of the folds in `closed` is left out.
  public func rows(
    _ outline: Outline, selection: Selection, closed: Set<FoldPlace> = []
  ) -> [Row] {
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
        if let drawn = drawnRun(content, owner: owner.section, run: owner.runs, depth: depth) {
          let folds = Dictionary(drawn.folds.map { ($0.summary, $0) }) { first, _ in first }
          var line = 0
          while line < drawn.lines.count {
            guard let fold = folds[line] else {
              rows.append(.content(owner: owner.section, run: owner.runs, line: line))
              line += 1
              continue
            }
            rows.append(.fold(owner: owner.section, run: owner.runs, line: line))
            let place = FoldPlace(owner: owner.section, run: owner.runs, line: line)
            line = closed.contains(place) ? max(fold.end, line + 1) : line + 1
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

  /// Content run `run` of `owner` (-1 for the document) drawn, when Markdown is drawn:
  /// once for each width, then kept, as a view asks for its lines one at a time.
  private func drawnRun(_ content: Content, owner: Int, run: Int, depth: Int) -> DrawnRuns
    .Run?
  {
    guard options.renders, case .markdown = content.body else { return nil }
    if drawnRuns.width != options.width {
      drawnRuns.width = options.width
      drawnRuns.runs = [:]
    }
    let key = DrawnRuns.Place(owner: owner, run: run)
    if let kept = drawnRuns.runs[key] { return kept }
    let drawn = drawn(content, indent: TextWriter.contentPrefix(depth: depth).columns)
    let lines = (drawn?.lines ?? []).map { styled in
      var line = TerminalLine()
      line.append(styled)
      return line
    }
    let kept = DrawnRuns.Run(lines: lines, folds: drawn?.folds ?? [])
    drawnRuns.runs[key] = kept
    return kept
  }

  /// The line `write` writes for `row`, before it is fitted and styled; the summary of
  /// a fold in `closed` with its marker closed and what it hides after it.
  public func line(
    _ row: Row, in outline: Outline, selection: Selection, closed: Set<FoldPlace> = []
  ) -> TerminalLine {
    switch row {
    case .section(let index):
      return sectionLine(outline, index, selection: selection)
    case .preamble(let hidden):
      var line = TerminalLine()
      let marker = options.ascii ? (hidden == nil ? "-" : "+") : (hidden == nil ? "▾" : "▸")
      line.append(marker, style: .marker(depth: 0))
      line.append(" ")
      line.append(TextWriter.preambleTitle, style: .annotation)
      if let hidden {
        line.append("  (\(hidden) line\(hidden == 1 ? "" : "s"))", style: .annotation)
      }
      return line
    case .content(let owner, let run, let line), .fold(let owner, let run, let line):
      let depth = owner < 0 ? 0 : outline.sections[owner].depth + 1
      let runs = owner < 0 ? outline.content : outline.sections[owner].content
      let prefix = TextWriter.contentPrefix(depth: depth)
      guard let drawn = drawnRun(runs[run], owner: owner, run: run, depth: depth) else {
        return TextWriter.contentLine(runs[run], line, prefix: prefix)
      }
      guard drawn.lines.indices.contains(line), !drawn.lines[line].pieces.isEmpty else {
        return TerminalLine()
      }
      var whole = prefix
      let fold = row.fold.flatMap { closed.contains($0) ? $0 : nil }.flatMap { _ in
        drawn.folds.first { $0.summary == line }
      }
      // The marker is the first of its kind at or after the marks.
      var scalars = 0
      var marked = false
      for piece in drawn.lines[line].pieces {
        var text = piece.text
        if let fold, !marked, scalars + text.unicodeScalars.count > fold.marker {
          let open: Character = options.ascii ? "-" : "▾"
          if let index = text.unicodeScalars.indices.dropFirst(max(fold.marker - scalars, 0))
            .first(where: { text.unicodeScalars[$0] == open.unicodeScalars.first })
          {
            text.unicodeScalars.replaceSubrange(
              index...index, with: (options.ascii ? "+" : "▸").unicodeScalars)
            marked = true
          }
        }
        scalars += piece.text.unicodeScalars.count
        whole.append(text, style: piece.style)
      }
      if let fold {
        let hidden = fold.end - fold.summary - 1
        whole.append("  (\(hidden) line\(hidden == 1 ? "" : "s"))", style: .annotation)
      }
      return whole
    }
  }
}

/// The content runs a view has shown, drawn at one width.
final class DrawnRuns {
  struct Place: Hashable {
    let owner: Int
    let run: Int
  }

  /// A run's drawn lines and the folds among them.
  struct Run {
    let lines: [TerminalLine]
    let folds: [DrawnLines.Fold]
  }

  var width: Int?
  var runs: [Place: Run] = [:]
}
